/* sens.h: the sensitivity tables (break-even, sweep, tornado, map) in the
 * four forms.  Numbers follow report.h: exact in JSON and CSV, rounded for
 * people in text and Markdown, except what was solved to the bit (break-even
 * values, a sweep's crossings), which is exact everywhere.  Each writer ends
 * like report_finish: FP_ERR with d filled on a write error. */
#ifndef FP_REPORT_SENS_H
#define FP_REPORT_SENS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "noise/sens_noise.h"
#include "report/report.h"
#include "sens/sensitivity.h"
#include "util/diag.h"

/* Where net is zero for b->param in [b->lo, b->hi]; net is the net at
 * b->value. */
int report_breakeven(const struct param_breakeven *b, double net,
                     enum report_format f, FILE *out, struct diag *d);

/* A sweep's points and its break-evens in order of x: a row is a point or,
 * where is_cross, a break-even evaluated at the crossing.  every_crossing:
 * the break-evens are all there are (sens_breakeven); when not, text and
 * Markdown say that one narrower than the search's step may be missed. */
struct sweep_row {
	struct sens_point pt;
	bool is_cross;
	bool is_jump; /* a crossing by a jump across 0 (a step or a pole) */
};
int report_sweep(const char *param, const struct sweep_row *rows, size_t n,
                 const double *cross, size_t ncross, bool every_crossing,
                 enum report_format f, FILE *out, struct diag *d);

/* Tornado rows rows[0..n) for a relative change delta; net is the base
 * point's net. */
int report_tornado(const struct tornado_row *rows, size_t n, double delta,
                   double net, enum report_format f, FILE *out, struct diag *d);

/* Net over a grid; x and y name its two parameters. */
int report_map(const struct netmap *g, const char *x, const char *y,
               enum report_format f, FILE *out, struct diag *d);

/* The noise of a sensitivity command (noise/sens_noise.h) and what its
 * writer needs beside it: a sweep's points (x), a tornado's parameters
 * whose swing is within the noise (within, non-NULL for a tornado), the
 * measured break-evens (cross). */
struct sens_noise_view {
	const struct sens_noise *sn; /* NULL: no noise to show */
	const double *x;
	const char *const *within;
	size_t nwithin;
	const double *cross;
};

/* Writes a table with base(ctx, f, out, d), then the noise: lines after it
 * in text and Markdown, the key "noise" in JSON (doc/record-schema.md);
 * CSV is the table alone.  v NULL or v->sn NULL: the table alone. */
typedef int (*report_base_fn)(void *ctx, enum report_format f, FILE *out,
                              struct diag *d);
int report_sens_noise(report_base_fn base, void *ctx,
                      const struct sens_noise_view *v, enum report_format f,
                      FILE *out, struct diag *d);

#endif
