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
 * The interval of net (of gain, of cost) is the resamples' percentile
 * interval about their mean, its spread scaled (bias.h: the spread a
 * resampled estimate has against the one it has over fresh runs),
 * moved to the measured price less its bias at a clip (bias.h) and
 * widened by that bias's own uncertainty (interval.c), kept
 * within the range the quantity can take (0 and the prices the metric
 * gave, the resamples' corners among them: a gain or a cost that never
 * changed sign does not change it); doc/noise.md. */
#ifndef FP_NOISE_BOOTSTRAP_H
#define FP_NOISE_BOOTSTRAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "noise/boot.h"
#include "noise/resample.h"
#include "price/join.h"
#include "price/metric.h"
#include "util/diag.h"

/* Resamples and prices.  Caller frees *out with boot_free (also after a
 * failure).  Errors name the resample and what the pricing said. */
int noise_bootstrap(const struct metric *m, const struct joined *runs,
                    const struct noise_side side[2], const struct boot_opts *o,
                    struct boot *out, struct diag *d);
void boot_free(struct boot *b);

/* noise_bootstrap of the fix into *b, and of the noise arm (arm_runs: the
 * before run against itself, its sides arm_side) into *arm as drawn
 * (boot_opts.as_drawn), priced in the same sweeps as the fix's resamples:
 * the arm's before side is the fix's draw, its after side the before
 * run's samples drawn with the after side's keys.  The same prices as
 * two noise_bootstrap calls, to the bit.  Caller frees both. */
int noise_bootstrap_arm(const struct metric *m, const struct joined *runs,
                        const struct noise_side side[2],
                        const struct joined *arm_runs,
                        const struct noise_side arm_side[2],
                        const struct boot_opts *o, struct boot *b,
                        struct boot *arm, struct diag *d);

/* The k cases whose share of net (gain share - cost share) varies most
 * over the first min(B, 100) resamples, widest first, into idx; *nidx is
 * how many (0 when the metric's shares are undefined). */
int noise_wide_cases(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     size_t k, size_t *idx, size_t *nidx, struct diag *d);

/* How many threads noise_bootstrap and noise_visit run on: o's, or a
 * thread per processor, never more than resamples. */
size_t noise_threads(const struct boot_opts *o);

/* Resamples as noise_bootstrap does and calls visit for each, on the
 * threads (the sensitivity commands' noise, src/noise/sens_noise.c; the
 * samples within runs, need_runs.h).  reads: what visit reads of the
 * price, as price_resample_fused's `what` says it: 0 anything,
 * PRICE_LEAN gain, cost, net and the decision alone (the less, the less
 * is made). */
int noise_visit(const struct metric *m, const struct joined *runs,
                const struct noise_side side[2], const struct boot_opts *o,
                noise_visit_fn visit, unsigned reads, void *ctx,
                struct diag *d);

/* noise_visit, visiting too what the interval's rule (noise_fit_*) needs
 * of each resample beside its price, so that a caller can make price's
 * interval of any quantity it reads off them: rows [0, B) the resamples;
 * rows [B, 2 B) the same priced on runtimes alone, with the measured pass
 * states, when noise_pass_varies (else not visited: they would be rows
 * [0, B) again); row 2 B the measured price, row 2 B + 1 the price at
 * every case's expected resampled estimate (bias.h), rows 2 B + 2 and
 * 2 B + 3 the corners, row 2 B + 4 the price at every case's mean
 * estimate over the resamples (boot.h: drawn): NOISE_REFS rows from
 * 2 B.  Visits read anything of the price. */
#define NOISE_REFS 5
int noise_visit_fit(const struct metric *m, const struct joined *runs,
                    const struct noise_side side[2], const struct boot_opts *o,
                    noise_visit_fn visit, void *ctx, struct diag *d);

/* Whether some case's samples disagree on passing, or one failed without
 * a time: then a resample's pass states may differ from the measured. */
bool noise_pass_varies(const struct noise_side side[2], size_t n);

/* How a bootstrap of these sides of n cases at confidence conf is
 * fitted: the spread's scale (noise_correction), and the kink factor
 * (bias.h: noise_kink) and the bias's doubt by the after side's
 * estimator's rule (bias.h: noise_bias_rule). */
struct noise_fitting noise_fit_scales(const struct noise_side side[2], size_t n,
                                      double conf);

/* The percentile interval of x[0..B) at confidence conf, widened about
 * its median by widen (*median, if not NULL).  FP_ERR when out of
 * memory. */
int noise_interval(const double *x, size_t B, double conf, double widen,
                   struct interval *ci, double *median);

/* The scale of the spread for these sides of n cases (bias.h:
 * noise_scale): sqrt(k / (k - 1)) for k samples per case with the mean
 * as estimator, measured on the runs' noise for the median and the
 * min; with several runs on a side, the widening for few runs at
 * confidence conf (runs_scale.h). */
double noise_correction(const struct noise_side side[2], size_t n, double conf);

/* The interval of b's gain (0), cost (1) or net (2) at confidence conf,
 * by the rule at the top (src/noise/interval.c).  FP_ERR when out of
 * memory. */
int noise_fit_interval(const struct boot *b, int which, double conf,
                       struct interval *ci);

/* b's resamples of gain (0), cost (1) or net (2) about *centre, the
 * measured price less its bias at a clip, the spread scaled, into
 * z[0..b->B); returns the bias removed. */
double noise_fit_centred(const struct boot *b, int which, double *z,
                         double *centre);

/* The spread of resamples z[0..B) (copied into sorted, scratch of B,
 * and sorted there): their 80 % width over 2.563, a normal's. */
double noise_fit_spread(const double *z, double *sorted, size_t B);

/* How uncertain a bias removed at a clip is, as a spread below the
 * centre (lo) and above it (hi), for resamples of spread s
 * (noise_fit_spread): a multiple of the bias on each side, f's
 * doubt_measured on the measured price's side, doubt_other on the other
 * side and there never more than widens s by f's ceiling. */
struct interval noise_fit_doubt(const struct noise_fitting *f, double bias,
                                double s);

/* z[0..B), resamples of spread s about c (noise_fit_centred), each
 * side's spread widened by doubt (noise_fit_doubt), in quadrature
 * (src/noise/interval.c). */
void noise_fit_widen(double *z, size_t B, double c, struct interval doubt,
                     double s);

/* The interval of resamples z[0..B) (sorted in place) at confidence
 * conf: their percentile interval, within range. */
void noise_fit_bounds(double *z, size_t B, double conf, struct interval range,
                      struct interval *ci);

/* The range gain (0), cost (1) or net (2) can take as far as b's prices
 * show: 0, the measured price, the corners and every resample (net:
 * gain's less cost's). */
struct interval noise_fit_range(const struct boot *b, int which);

/* Whether b's decide is net > 0, or net >= 0, in every resample: then
 * it is judged as net > 0 (the bound has no width), on the interval of
 * net; else on P(decide) as drawn, and there is nothing to fold. */
bool noise_about_net(const struct boot *b);

/* b's bias and P(decide), from its resamples, point, ref and fit.
 * FP_ERR when out of memory. */
int noise_fit(struct boot *b);

/* How many of the n cases have on a side two or more samples that differ
 * (in runtime or in passing): the cases whose noise is measured.  Samples
 * all alike (a timer coarser than the noise, a count) measure none. */
size_t noise_spread_cases(const struct noise_side side[2], size_t n);

/* How many of the n cases have two or more samples on a side, alike or
 * not. */
size_t noise_sampled_cases(const struct noise_side side[2], size_t n);

/* The fewest resamples that place an interval at confidence conf: five
 * beyond each of its ends (200 at 0.95). */
size_t noise_least_resamples(double conf);

/* Number of CPUs online, at least 1. */
size_t noise_cpus(void);

/* The q-quantile (0..1) of sorted x[0..n), linear between order
 * statistics. */
double noise_quantile(const double *sorted, size_t n, double q);

#endif
