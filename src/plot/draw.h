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
	const char *kind; /* "shares": the default file name, and in messages */
	const char *about; /* comment lines: what the chart shows, the blocks */
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
/* gpd_str of s cut to max characters (UTF-8 sequences count as one): its
 * start and end with "..." between. */
void gpd_str_cut(FILE *f, const char *s, size_t max);
/* Rows of a bar chart in order of a key, largest first; equal keys keep
 * the input order, so the chart is the same everywhere (qsort). */
struct plot_rank {
	double key;
	size_t idx;
};
int plot_rank_desc(const void *a, const void *b);

/* The current values (o->has_base) as five fields of block 0: has_base,
 * base_x, base_y (NaN on a sweep: yname NULL), the label "now: XNAME =
 * X[, YNAME = Y]" and where it goes: 1 left of the line (base_x past the
 * middle of the x range r[0..1]), plus 2 below the point (base_y past the
 * middle of the y range r[2..3]).  Without them, or when they lie outside
 * the ranges (r[2..3]: y's, on a map): 0 0 NaN "" 0. */
void gpd_base(FILE *f, const struct plot_opts *o, const char *xname,
              const char *yname, const double r[4]);

/* Script lines that mark what gpd_base wrote (read into has_base, base_x,
 * base_y, base_label, base_right): a dotted line at x = base_x, and on a
 * map one at y = base_y and a point where they cross, labelled. */
#define GP_BASE_MARK \
	"if (has_base) {\n" \
	"\tset arrow 101 from base_x, graph 0 to base_x, graph 1 nohead dt 3 lw 2 lc rgb ink front\n" \
	"\tif (base_y == base_y) {\n" \
	"\t\tset arrow 102 from graph 0, first base_y to graph 1, first base_y nohead dt 3 lw 2 lc rgb ink front\n" \
	"\t\tset label 102 '' at base_x, base_y point pt 7 ps 1.5 lc rgb ink front\n" \
	"\t\tbase_dy = base_right >= 2 ? -1 : 1\n" \
	"\t\tif (base_right % 2) {\n" \
	"\t\t\tset label 101 base_label at base_x, base_y right offset -1, base_dy boxed front tc rgb ink noenhanced\n" \
	"\t\t} else {\n" \
	"\t\t\tset label 101 base_label at base_x, base_y left offset 1, base_dy boxed front tc rgb ink noenhanced\n" \
	"\t\t}\n" \
	"\t} else { if (base_right % 2) {\n" \
	"\t\tset label 101 base_label at base_x, graph 1 right offset -0.5, -1 front tc rgb ink noenhanced\n" \
	"\t} else {\n" \
	"\t\tset label 101 base_label at base_x, graph 1 left offset 0.5, -1 front tc rgb ink noenhanced\n" \
	"\t}}\n" \
	"}\n"

/* The title, centred on the picture rather than on the plot area (which
 * long tick labels push to the right), so that PLOT_TITLE_MAX characters
 * fit; the empty title keeps its room at the top.  As text (tw columns), a
 * title too wide goes on two lines, broken at its first " -- ", each cut
 * with "..." if still too wide. */
#define GP_TITLE \
	"tfit(s) = !textmode || strlen(s) <= tw - 2 ? s : s[1:tw - 5] . '...'\n" \
	"tbreak = textmode && strlen(title) > tw - 2 ? strstrt(title, ' -- ') : 0\n" \
	"if (tbreak > 1) {\n" \
	"\tset title \"\\n\"\n" \
	"\tset label 100 tfit(title[1:tbreak - 1]) at screen 0.5, screen 1 center offset 0, -1 noenhanced front\n" \
	"\tset label 103 tfit(title[tbreak + 4:]) at screen 0.5, screen 1 center offset 0, -2 noenhanced front\n" \
	"} else {\n" \
	"\tset title ' ' font ',14'\n" \
	"\tset label 100 tfit(title) at screen 0.5, screen 1 center offset 0, -1.3 font ',14' noenhanced front\n" \
	"}\n"

/* A row per item along net, the rows' names as y tics: right of net = 0
 * (shaded blue) the fix would be accepted, left of it (shaded orange)
 * rejected, with the title above (the compare and tornado charts). */
#define GP_NET_ROWS \
	GP_TITLE \
	"set tmargin 5\n" \
	"set xlabel xlabel noenhanced\n" \
	"set xrange [xmin:xmax]\n" \
	"set yrange [0.3:rows + 0.7]\n" \
	"set ytics scale 0 noenhanced\n" \
	"set xtics nomirror\n" \
	"set border 1\n" \
	"if (!textmode) set grid xtics lc rgb grid_color\n" \
	"set key outside below center horizontal height 1.5\n" \
	"# Right of net = 0 the fix would be accepted, left of it rejected.\n" \
	"if (!textmode) {\n" \
	"\tset object 1 rectangle from first 0, graph 0 to graph 1, graph 1 behind fc rgb '#eef5fb' fs solid 1 noborder\n" \
	"\tset object 2 rectangle from graph 0, graph 0 to first 0, graph 1 behind fc rgb '#fdf0e8' fs solid 1 noborder\n" \
	"}\n" \
	"set arrow 1 from first 0, graph 0 to first 0, graph 1 nohead lc rgb reject_color lw 1.5 dt 2 front\n" \
	"set label 2 'accept' at graph 0.99, graph 0.97 right tc rgb accept_color front\n" \
	"set label 3 'reject' at graph 0.01, graph 0.97 left tc rgb reject_color front\n"

/* One bar of a bar chart: "Y LABEL A B" and a newline, LABEL cut to
 * PLOT_NAME_MAX characters. */
void gpd_bar(FILE *f, size_t y, const char *label, double a, double b);

/* One line of numbers: v[0..n) separated by spaces, and a newline. */
void gpd_row(FILE *f, const double *v, size_t n);

/* A number rounded for people: 4 significant digits. */
char *gpd_human(char buf[32], double x);

/* Starts a data file in memory: *f writes into *buf (open_memstream).
 * plot_draw_mem closes it and draws; it frees the buffer in every case. */
int gpd_open(FILE **f, char **buf, size_t *len, struct diag *d);
int plot_draw_mem(const struct plot_opts *o, const struct chart *c, FILE *f,
                  char **buf, size_t *len, struct plot_result *out,
                  struct diag *d);

#endif
