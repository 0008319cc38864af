/* test_mem_run.h: the frame of a run made in memory by a test, shared by
 * the tests' run makers (test_noise_util.c, test_sim_runs.c,
 * test_fused.c, test_price.c), which fill in its columns and samples
 * (test_mem_run.c). */
#ifndef FP_TEST_MEM_RUN_H
#define FP_TEST_MEM_RUN_H

#include <stddef.h>

#include "run/estimate.h"
#include "run/run.h"

/* A run of n cases named c0, c1, ..., at no position of a file, as a CSV
 * file in memory would be read: no columns, no samples yet. */
struct run *mem_run(size_t n);

/* Ends r: passed (n numbers, taken) as its `passed` column, and its
 * runtime by estimator e over its samples. */
void mem_run_finish(struct run *r, double *passed, enum run_estimator e);

/* Drops r's samples and their pass states: a run of one observation per
 * case. */
void mem_run_drop_samples(struct run *r);

#endif
