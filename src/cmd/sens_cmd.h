/* sens_cmd.h: the frame the sensitivity commands (breakeven, sweep,
 * tornado, map) share: the pricing inputs and output options, loading and
 * pricing the job once, then the command's own analysis. */
#ifndef FP_SENS_CMD_H
#define FP_SENS_CMD_H

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>

#include "cmd/cli.h"
#include "cmd/job.h"
#include "plot/plot.h"
#include "sens/sensitivity.h"

struct sens_cmd {
	const char *name;
	const char *usage;
	const struct option *options; /* the command's own, ending in {0} */
	const char *shortopts;        /* its own short options, e.g. "" */
	/* Takes one of the command's own options: FP_OK, or FP_ERR with d. */
	int (*option)(void *own, int opt, const char *arg, struct diag *d);
	/* Runs the analysis and writes it to out in o->format. */
	int (*run)(void *own, struct sens *s, const struct output_opts *o,
	           FILE *out, struct diag *d);
	/* Draws the plot, if o->plot_dir; notes go to stderr. */
	int (*plot)(void *own, struct sens *s, const struct output_opts *o,
	            struct diag *d);
};

/* Parses argv, loads the job, runs the command; returns the exit status. */
int sens_cmd_main(const struct sens_cmd *c, void *own, int argc, char **argv);

/* Turns a plot result into the one line a user needs, if any, on stderr
 * (and the ASCII rendering on stdout when asked), then frees it. */
void sens_cmd_plot_done(struct plot_result *r, const struct output_opts *o);

/* Writes user text (a parameter or case name) in the form's escaping:
 * terminal-safe for text, Markdown-safe for md, a quoted, formula-safe cell
 * for csv. */
void sens_put_name(FILE *out, const char *s, enum report_format f);
/* The same, as a new string (caller frees; NULL when out of memory), not
 * quoted for csv. */
char *sens_name(const char *s, enum report_format f);

/* A number: exact for csv and json, 6 significant digits for people.
 * sens_num returns buf (NUMFMT_MAX bytes). */
char *sens_num(char *buf, double x, enum report_format f);
void sens_put_num(FILE *out, double x, enum report_format f);

/* Dumps a JSON value with a final newline and frees it. */
int sens_put_json(FILE *out, json_t *root, struct diag *d);

#endif
