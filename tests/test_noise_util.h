/* test_noise_util.h: what the bootstrap's tests (test_noise, test_arm)
 * share: the linear metric, runs of given samples or of noise, and
 * options.  Include after cmocka.h. */
#ifndef FP_TEST_NOISE_UTIL_H
#define FP_TEST_NOISE_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "noise/bootstrap.h"
#include "price/metric.h"
#include "run/run.h"
#include "test_normal.h"

/* tests/data/noise/linear.yaml; fails the test if it does not load. */
struct metric *linear(void);

/* A run of n cases with k samples each (samples[i * k + t]) and, when
 * pass is not NULL, their pass states; its runtime is the estimator's. */
struct run *sampled(size_t n, size_t k, const double *samples,
                    const unsigned char *pass, enum run_estimator e);

/* n cases, k samples each: case i's are 10 + i / 10 + shift + sd * noise. */
struct run *noisy(size_t n, size_t k, double shift, double sd,
                  struct normal *g, enum run_estimator e);

/* B resamples at 95 %, seed, threads, policy all. */
struct boot_opts opts(size_t B, uint64_t seed, size_t threads);

#endif
