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
 * conf under a model of two levels: each run's offset normal with one
 * variance on both sides (R values cannot tell a shape) and shared by
 * its cases; each of 8 cases' estimate in a run moved by its samples,
 * normal with w times the offsets' spread, and moved again by a
 * resample's draw of them; net the sum over the cases.  A case's samples
 * make its median over runs move with every run (1.43 at 3 runs, where
 * the runs' values alone give 1.35); w cannot be read from few runs (a
 * chance closeness of the runs looks like a large w, whose factor is
 * small), so the factor is the largest over w in a grid.  It is found
 * by seeded simulation of that model: in each trial the least factor
 * whose interval holds the truth; the factor is the conf-quantile of
 * those (Loh's calibration of a bootstrap interval, "Calibrating
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

/* The factor as noise_runs_scale's model gives it from `trials` seeded
 * trials, computed each time: noise_runs_scale takes it from the table
 * that tools/runs_table made with RUNS_TABLE_TRIALS of them
 * (runs_table.inc) where it holds one, else computes it with fewer. */
double noise_runs_calibrate(const size_t runs[2],
                            const enum run_estimator est[2], bool paired,
                            double conf, size_t trials);

/* The table's extent: as many runs on both sides, from 2 to this many,
 * one estimator on both, at confidence 0.95, from this many trials. */
#define RUNS_TABLE_MAX 10
#define RUNS_TABLE_CONF 0.95
#define RUNS_TABLE_TRIALS 16000

/* An entry of the table. */
struct runs_tabled {
	size_t runs;
	enum run_estimator est;
	bool paired;
	double factor;
};

#endif
