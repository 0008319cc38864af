/* bootstrap.h: how far the price moves when the runs are measured again.
 *
 * A resample draws, for every case and side on its own (stratified by
 * case), as many samples as the case has, with replacement, re-applies the
 * run's estimator to them, and prices the result on a pricing session
 * (price/session.h) of its own: resamples are split over threads in
 * contiguous blocks, one session per thread, all over the one const metric
 * and the joined runs.  Every draw is a function of (seed, resample, case,
 * draw) (rng.h), and every result is stored at its resample's index, so
 * the bytes are the same for any number of threads.
 *
 * The interval is the percentile interval of net (of gain, of cost) over
 * the resamples; for the mean as estimator widened about the resamples'
 * median by sqrt(n / (n - 1)) for n samples per case (a bootstrap of n
 * samples sees a variance (n - 1) / n times the true one), and never
 * beyond the smallest and largest resample; doc/noise.md. */
#ifndef FP_NOISE_BOOTSTRAP_H
#define FP_NOISE_BOOTSTRAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "noise/resample.h"
#include "price/join.h"
#include "price/metric.h"
#include "util/diag.h"

#define NOISE_DEFAULT_B 2000
#define NOISE_DEFAULT_SEED 20260901
#define NOISE_DEFAULT_CONFIDENCE 0.95

#define NOISE_MAX_B 10000000

struct boot_opts {
	size_t B;          /* resamples, > 0 */
	double confidence; /* in (0, 1) */
	uint64_t seed;
	size_t threads; /* 0: one per CPU */
	enum pass_policy policy;
};

struct interval {
	double lo, hi;
};

struct boot {
	size_t B, threads; /* threads used */
	double confidence;
	uint64_t seed;
	/* Per resample, at its index. */
	double *gain, *cost, *net;
	unsigned char *decide;
	struct interval gain_ci, cost_ci, net_ci;
	double median_net;
	double p_decide;   /* share of resamples where decide holds */
	double samples;    /* mean samples per case that has two or more */
	double correction; /* the widening factor */
};

/* Resamples and prices.  Caller frees *out with boot_free (also after a
 * failure).  Errors name the resample and what the pricing said. */
int noise_bootstrap(const struct metric *m, const struct joined *runs,
                    const struct noise_side side[2], const struct boot_opts *o,
                    struct boot *out, struct diag *d);
void boot_free(struct boot *b);

/* The k cases whose share of net (gain share - cost share) varies most
 * over the first min(B, 100) resamples, widest first, into idx; *nidx is
 * how many (0 when the metric's shares are undefined). */
int noise_wide_cases(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     size_t k, size_t *idx, size_t *nidx, struct diag *d);

/* What noise_visit calls for resample r: p is the resample's price on
 * session ses, one thread's own; results go to slot r of what ctx holds
 * (so any number of threads gives the same).  FP_OK, or FP_ERR with d
 * filled. */
struct session;
struct price;
typedef int (*noise_visit_fn)(void *ctx, size_t r, struct session *ses,
                              struct price *p, struct diag *d);

/* Resamples as noise_bootstrap does and calls visit for each, on the
 * threads (the sensitivity commands' noise, src/noise/sens_noise.c). */
int noise_visit(const struct metric *m, const struct joined *runs,
                const struct noise_side side[2], const struct boot_opts *o,
                noise_visit_fn visit, void *ctx, struct diag *d);

/* The percentile interval of x[0..B) at confidence conf, widened about
 * its median by widen (*median, if not NULL).  FP_ERR when out of
 * memory. */
int noise_interval(const double *x, size_t B, double conf, double widen,
                   struct interval *ci, double *median);

/* The widening factor of the interval for these sides of n cases:
 * sqrt(k / (k - 1)) for k samples per case with the mean as estimator, 1
 * otherwise (bootstrap.h, top). */
double noise_correction(const struct noise_side side[2], size_t n);

/* How many of the n cases have two or more samples on a side: the cases
 * whose noise is measured. */
size_t noise_spread_cases(const struct noise_side side[2], size_t n);

/* Number of CPUs online, at least 1. */
size_t noise_cpus(void);

/* The q-quantile (0..1) of sorted x[0..n), linear between order
 * statistics. */
double noise_quantile(const double *sorted, size_t n, double q);

#endif
