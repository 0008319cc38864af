/* runs_scale.h: how much the interval of a hierarchical bootstrap is
 * widened for the few runs it resamples (doc/noise.md, "Several runs per
 * side", the calibration).
 *
 * Resampling R runs with replacement sees too little of the spread
 * between runs when R is small: for the mean of the runs the resampled
 * variance is (R - 1) / R of the observed one, itself an estimate with
 * R - 1 degrees of freedom, and for the median of 3 runs a resample takes
 * only the three runs' own values.  The factor here is the one that makes
 * the percentile interval of (after's estimate - before's) over resamples
 * of runs, scaled about the resamples' mean, cover the true difference at
 * conf, when each run's offset is normal with one variance on both sides
 * (the assumption: R values cannot tell a shape) and the estimator over
 * runs is the sides' own or the mean, whichever needs more (the median
 * of three runs needs 1.35 at 95 % when runs differ by far more than
 * their samples, the mean 1.93; a case's median over runs whose own
 * estimates are noisy moves with every run, as the mean does).  It is
 * found by seeded simulation of that model: in each trial the least
 * factor whose interval holds the truth; the factor is the conf-quantile
 * of those (Loh's calibration of a bootstrap interval, "Calibrating
 * confidence coefficients", JASA 1987, at the run level). */
#ifndef FP_NOISE_RUNS_SCALE_H
#define FP_NOISE_RUNS_SCALE_H

#include <stdbool.h>
#include <stddef.h>

#include "run/estimate.h"

/* The factor for runs[0] runs before and runs[1] after (a side of one run
 * has an offset of its own that no resample sees), with estimator est[s]
 * over each side's runs, at confidence conf in (0, 1).  1 when neither
 * side has two runs.  paired: the runs are rounds resampled as pairs
 * (resample.h: paired; runs[0] == runs[1]), calibrated on rounds whose
 * offset is shared by both sides plus one of each side's own, of equal
 * variance, drawn the same on both sides: the difference of the mean
 * over R rounds then has R - 1 degrees of freedom, not up to 2 (R - 1),
 * so the factor is larger for the same R (its spread is smaller).  A
 * pure function of its arguments. */
double noise_runs_scale(const size_t runs[2], const enum run_estimator est[2],
                        bool paired, double conf);

#endif
