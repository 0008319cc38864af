/* need_runs.h: what would decide an inconclusive verdict of several runs
 * per side: more runs, or more samples in each (doc/noise.md, "Several
 * runs per side").
 *
 * Net's spread comes from two levels: the samples within each run and
 * the runs themselves.  More samples per run shrink only the first; more
 * runs shrink both, and also the widening for few runs.  The split is
 * measured by resampling the samples within runs with every run kept
 * (noise_side.runs_kept): its variance against the hierarchical
 * bootstrap's is the within-runs share f, which the record gives for
 * every verdict of several runs (judge.c). */
#ifndef FP_NOISE_NEED_RUNS_H
#define FP_NOISE_NEED_RUNS_H

#include <stdbool.h>
#include <stddef.h>

#include "noise/bootstrap.h"
#include "price/join.h"
#include "price/metric.h"
#include "util/diag.h"

struct need_runs {
	bool known;
	double within_share;   /* f, in [0, 1] */
	size_t runs;           /* runs per side now */
	double samples;        /* samples per run now (a mean) */
	size_t runs_needed;    /* 0: more than the most a side may have */
	double samples_needed; /* 0: no count: the runs' own spread is too
	                        * wide for any */
};

/* The widening for few runs at R runs per side (runs_scale.h). */
typedef double need_widen_fn(size_t R, void *ctx);

/* Fills out from the share f, the ratio r by which the part of the
 * interval beyond the margin's edge is too wide (verdict.h: need_ratio),
 * R runs of k samples per side now and the widening at each run count,
 * looked up only as far as needed.  The interval's width goes as the
 * widening times the square root of its variance V = (1 - f) V + f V:
 * at k' samples per run, (1 - f) V + f V k / k' must come to V / r^2;
 * at R' runs, V R / R', times the widening at R' against that at R,
 * must come to 1 / r of the width now.  At most max_runs runs. */
void need_runs_solve(double f, double r, size_t R, double k, size_t max_runs,
                     need_widen_fn *widen, void *ctx, struct need_runs *out);

/* Net over min(o->B, 1000) resamples of the runs priced as o says, with
 * every run kept (noise_side.runs_kept): only the samples within runs
 * drawn.  *net is a new array of *nB values (caller frees).  FP_ERR with
 * d filled when a resample cannot be priced. */
int need_runs_within(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     double **net, size_t *nB, struct diag *d);

/* The within-runs share f: the variance of within[0..nw) against that of
 * the hierarchical resamples all[0..na), at most 1 (1 when all's is 0). */
double need_runs_share(const double *within, size_t nw, const double *all,
                       size_t na);

/* need_runs_solve for sides of as many runs each, with the widening for
 * that many calibrated as the bootstrap's (runs_scale.h), k samples per
 * run now. */
void need_runs_for(double f, double r, const struct noise_side side[2],
                   double confidence, double k, struct need_runs *out);

#endif
