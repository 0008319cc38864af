/* bias.h: the two things a percentile interval of a resampled price gets
 * wrong, measured so that bootstrap.c can set them right (doc/noise.md,
 * "The interval").
 *
 * The spread.  Resampling k samples sees a spread of the estimate that is
 * not the spread the estimate has over fresh runs: for the mean the ratio
 * of the two variances is exactly k / (k - 1), whatever the noise; for
 * the median and the min it depends on the noise's shape (about 1.3 for
 * the median of 5 normal samples, more with heavy tails).  The scale is
 * the square root of that ratio, for the median and the min measured on
 * the noise of the runs themselves: every case's log-residuals pooled
 * (the noise is taken to have one shape across cases), k drawn from
 * them for each of up to 8 cases (the mean: one, bias.c's cases_summed),
 * estimated, summed, and resampled, in seeded trials: the spread of a sum
 * of cases, as net is, which goes from one case's (the quantiles of a
 * heavy tail) towards the variances' as cases add up.
 *
 * The clip.  Where a score clips (min(1, ref_runtime / runtime)) the price
 * of noisy runtimes is biased: an unchanged case is charged every
 * fluctuation above its reference and credited none below.  The
 * resamples are biased the same way again, from where the measured runs
 * stand; for a kink and normal noise, resampling at spread s / scale
 * about the measured value adds (sqrt(1 + 1/scale^2) - 1) times the bias
 * the measured value has, so the bias is that many times smaller than
 * what the resamples add (the factor noise_kink gives), and is exactly
 * removed for a case at the kink and for a case far from it (the median
 * takes a share of it: noise_bias_rule).  Only the
 * part that nonlinearity adds is counted: the resamples' mean price
 * against the price at each case's mean estimate over the same resamples
 * (Efron's centring, tally.h), so an estimator's own resampling bias (a
 * median's skew within a case) is not multiplied up, and what is linear
 * in runtime cancels draw by draw instead of adding Monte Carlo error. */
#ifndef FP_NOISE_BIAS_H
#define FP_NOISE_BIAS_H

#include <stddef.h>
#include <stdint.h>

#include "noise/resample.h"

/* Case i's resampled estimate in expectation over the resamples, for a
 * side sorted by noise_sort_side: the mean of its timed samples for the
 * mean, the expected order statistics for the median and the min (exact
 * up to RESAMPLE_COUNTED samples, the estimate itself beyond, where the
 * difference is of order 1/k of the spread).  A fixed side, or a case
 * without a timed sample, gives its observed runtime. */
double noise_expected(const struct noise_side *s, size_t i);

/* The scale of the spread (above) for the sides of n cases: 1 when no
 * case has two samples, or when a side draws a fixed number (the control
 * run's pseudo-samples). */
double noise_scale(const struct noise_side side[2], size_t n);

/* How many times the resamples' added bias the measured price's own bias
 * is, at a kink: 1 / (sqrt(1 + 1 / scale^2) - 1). */
double noise_kink(double scale);

/* How an estimator's resamples take the clip's bias: its row's rule
 * (run/estimate.h: struct run_bias_rule). */
const struct run_bias_rule *noise_bias_rule(enum run_estimator e);

/* The estimator whose spread and bias the sides' fitting measures: the
 * after side's, or the before side's when the after side has no samples
 * (noise_scale, noise_bias_rule). */
enum run_estimator noise_sides_estimator(const struct noise_side side[2]);

#endif
