/* expect_runs.h: the expected resampled estimate of a case of several
 * runs, worked out exactly where its runs are small (doc/noise.md, "Several
 * runs per side"); the bias step (bias.h) prices at it. */
#ifndef FP_NOISE_EXPECT_RUNS_H
#define FP_NOISE_EXPECT_RUNS_H

#include <stdbool.h>
#include <stddef.h>

#include "noise/resample.h"

/* The most samples a run of a case may have for the exact expectation:
 * an estimator at two ranks takes up to m (m + 1) / 2 atoms per run. */
#define NOISE_EXACT_MAX 32

/* Case i of s (nruns > 1): the expectation of its resampled estimate over
 * the runs drawn with replacement and each drawn run's samples drawn
 * again, into *out; false (nothing written) where it is not worked out:
 * a run of the case without samples, or with more than NOISE_EXACT_MAX,
 * a repetition without a time, pseudo-samples, or out of memory. */
bool noise_runs_exact(const struct noise_side *s, size_t i, double *out);

#endif
