/* merge.h: several runs of one side (--before B1 B2 B3) merged into one
 * run whose samples remember their run (run.h: nruns, sample_run). */
#ifndef FP_RUN_MERGE_H
#define FP_RUN_MERGE_H

#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

/* The most runs of one side. */
#define RUN_MAX_MERGED 16

/* Merges runs[0..k) (k >= 2, the same cases in each, in any order) into
 * runs[0], in its case order, and frees and clears runs[1..k).  A case's
 * samples are those of each run in turn (a run without samples gives its
 * runtime as one sample); `runtime` is estimator e over the runs'
 * runtimes, `passed` the policy over the runs' pass states, the other
 * columns are runs[0]'s (runtime_n and the like count every run's
 * samples).  *lo and *hi: the fewest and the most samples of a case in
 * one run.  A case one run lacks is an error naming the file and the
 * case; runs are then left as they were (the caller frees them). */
int run_merge(struct run **runs, size_t k, enum run_estimator e,
              enum pass_policy policy, double *lo, double *hi, struct diag *d);

#endif
