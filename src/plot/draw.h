/* draw.h: what every chart shares: checking the options, writing the
 * script and the data file, running gnuplot, filling the plot_result.
 * Internal to the plot layer; callers use plot.h. */
#ifndef FP_PLOT_DRAW_H
#define FP_PLOT_DRAW_H

#include <stddef.h>
#include <stdio.h>

#include "plot/plot.h"
#include "util/diag.h"

/* One kind of chart.  Its script is assembled as
 *   about, the common head (arguments, file names, colours),
 *   setup (reads block 0 of the data; sets w, h: pixels, and tw, th: dumb
 *   terminal characters), the common terminal choice, body (the plot).
 * All three are fixed text. */
struct chart {
	const char *kind;   /* "shares": the default file name, and in messages */
	const char *about;  /* comment lines: what the chart shows, the blocks */
	const char *setup;
	const char *body;
};

/* Writes the chart's script and the given data into o->dir, draws them if
 * gnuplot is found, fills *out.  See plot.h for the contract. */
int plot_draw(const struct plot_opts *o, const struct chart *c,
              const char *data, size_t datalen, struct plot_result *out,
              struct diag *d);

/* The whole script of a chart, as plot_draw writes it.  Caller frees with
 * free(); NULL when out of memory. */
char *plot_script_text(const struct chart *c);

/* Data-file writers.  A number is written exactly (numfmt_exact), or as NaN
 * when not finite; a string through gp_string_write.  gpd_unit writes
 * "what (unit)", or "what" without a unit, as one string. */
void gpd_num(FILE *f, double x);
void gpd_str(FILE *f, const char *s);
void gpd_unit(FILE *f, const char *what, const char *unit);
/* Rows of a bar chart in order of a key, largest first; equal keys keep
 * the input order, so the chart is the same everywhere (qsort). */
struct plot_rank {
	double key;
	size_t idx;
};
int plot_rank_desc(const void *a, const void *b);

/* One bar of a bar chart: "Y LABEL A B" and a newline. */
void gpd_bar(FILE *f, size_t y, const char *label, double a, double b);

/* A number rounded for people: 4 significant digits. */
char *gpd_human(char buf[32], double x);

/* Starts a data file in memory: *f writes into *buf (open_memstream).
 * plot_draw_mem closes it and draws; it frees the buffer in every case. */
int gpd_open(FILE **f, char **buf, size_t *len, struct diag *d);
int plot_draw_mem(const struct plot_opts *o, const struct chart *c, FILE *f,
                  char **buf, size_t *len, struct plot_result *out,
                  struct diag *d);

#endif
