/* estimate.h: one table of the estimators that make a case's runtime from
 * its samples, used alike by the point price (run_estimate) and by the
 * bootstrap's resamples (noise/resample.c), so that the two never differ
 * in what "median" or "mean" means. */
#ifndef FP_RUN_ESTIMATE_H
#define FP_RUN_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

/* How the bootstrap's interval takes a score's clip for an estimator
 * (noise/bias.h, doc/noise.md step 4): the share of the kink's factor
 * removed, how many Monte Carlo errors of the resamples' mean the excess
 * is taken less, the bias's doubt per unit of bias on the measured
 * price's side and on the other, and the most the other's widens the
 * resamples' spread, as a factor (INFINITY, none).  Constants the
 * coverage battery chose. */
struct run_bias_rule {
	double kink_share, guard, doubt_measured, doubt_other, ceiling;
};

/* One estimator: everything the point price, the bootstrap and the
 * interval need of it.  Adding a row is the whole change. */
struct run_estimator_def {
	const char *name;
	/* The estimate over x[0..n), n > 0; x may be reordered. */
	double (*point)(double *x, size_t n);
	/* The same over a multiset: sorted distinct x[0..m) where x[q] is
	 * taken c[q] times, k = sum of c (a resample drawn by counts). */
	double (*counted)(const double *x, const unsigned char *c, size_t m,
	                  size_t k);
	/* When the estimate over k samples is the mean of one or two of
	 * their order statistics: their ranks (1 = the smallest; a second
	 * rank is the next one up) into rank[], and how many (1 or 2).  NULL
	 * when it is not (the mean): the bootstrap then draws the samples
	 * themselves (noise/resample.c, doc/noise.md). */
	size_t (*ranks)(size_t k, size_t rank[2]);
	/* The mean of its samples: its resampled variance is (k - 1) / k
	 * of the true one whatever the noise, so the interval's scale is
	 * never below sqrt(k / (k - 1)) and one case's trials measure it;
	 * with several runs, their offsets alone set its runs factor. */
	bool linear;
	/* An extreme of its samples (the min): they bias it at every count
	 * of runs, so the runs factor always models them. */
	bool extreme;
	struct run_bias_rule bias;
};

/* Indexed by enum run_estimator. */
extern const struct run_estimator_def run_estimators[];
extern const size_t run_nestimators;

/* The estimator a run was made with (its `estimator`), or the default. */
enum run_estimator run_estimator_of(const struct run *r);
/* The first linear row: what pseudo-samples that must average exactly to
 * a value are read with (noise/judge.c). */
enum run_estimator run_estimator_linear(void);

/* "median, mean, min" from the table, into buf. */
const char *run_estimator_list(char *buf, size_t size);

/* ---- pass states from samples ---- */

bool run_policy_parse(const char *s, enum pass_policy *out);
const char *run_policy_name(enum pass_policy p);
/* The pass state of n samples of which `passed` passed. */
double run_pass_of_count(size_t passed, size_t n, enum pass_policy p);
/* The pass state of n sample pass states (1/0) under a policy. */
double run_pass(const unsigned char *pass, size_t n, enum pass_policy p);
/* Remakes the `passed` column of a run with per-sample pass states under
 * policy (the readers give "all", PASS_ALL, which is left as it is). */
int run_apply_policy(struct run *r, enum pass_policy policy);

/* ---- runtimes from samples ---- */

/* Sorts x[0..n) ascending: insertion for the few samples a case usually
 * has, qsort beyond 32. */
void run_sort_small(double *x, size_t n);

/* Parses "median", "mean" or "min"; false for anything else. */
bool run_estimator_parse(const char *s, enum run_estimator *out);
const char *run_estimator_name(enum run_estimator e);

/* Makes the runtime columns of a run with samples (nothing to do, FP_OK,
 * for a run without: its `runtime` stays as the file gave it).  Any
 * columns of these names are replaced.  For a case with n samples:
 *   runtime      the estimator over its samples: median (the middle
 *                sample, or the mean of the two middle ones for even n),
 *                mean, or min
 *   runtime_n    n
 *   runtime_min  smallest sample
 *   runtime_max  largest sample
 *   runtime_sd   sample standard deviation, with n - 1 (0 for n = 1)
 *   has_runtime  1 if n > 0, else 0 (a pass-state column)
 * A case with no samples (n = 0) has no runtime: runtime, runtime_min,
 * runtime_max and runtime_sd are NaN, the documented "missing" value, and
 * has_runtime is 0 -- never 0 seconds, never text.  Formulas must test
 * has_runtime before using runtime.  Sets run->estimator.  Fails only when
 * out of memory. */
int run_estimate(struct run *run, enum run_estimator e, struct diag *d);

#endif
