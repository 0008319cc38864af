/* test_noise_util.c: runs and options for the bootstrap's tests
 * (test_noise_util.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_mem_run.h"
#include "test_noise_util.h"

#define LINEAR TEST_SRCDIR "/tests/data/noise/linear.yaml"

struct metric *linear(void)
{
	struct metric *m = NULL;
	struct diag d;

	if (metric_load(LINEAR, &m, &d) != FP_OK)
		fail_msg("%s", d.msg);
	return m;
}

/* A run of n cases with k samples each (samples[i * k + t]) and, when
 * pass is not NULL, their pass states; its runtime is the estimator's. */
struct run *sampled(size_t n, size_t k, const double *samples,
                    const unsigned char *pass, enum run_estimator e)
{
	struct run *r = mem_run(n);
	double *passed = malloc(n * sizeof *passed);

	r->samples = malloc(n * k * sizeof *r->samples);
	r->sample_off = malloc((n + 1) * sizeof *r->sample_off);
	memcpy(r->samples, samples, n * k * sizeof *r->samples);
	if (pass) {
		r->sample_pass = malloc(n * k);
		memcpy(r->sample_pass, pass, n * k);
	}
	for (size_t i = 0; i <= n; i++)
		r->sample_off[i] = i * k;
	for (size_t i = 0; i < n; i++)
		passed[i] = pass ? run_pass(pass + i * k, k, PASS_ALL) : 1;
	mem_run_finish(r, passed, e);
	return r;
}

struct boot_opts opts(size_t B, uint64_t seed, size_t threads)
{
	return (struct boot_opts){.B = B,
	                          .confidence = 0.95,
	                          .seed = seed,
	                          .threads = threads,
	                          .policy = PASS_ALL};
}

/* n cases, k samples each: case i's are mu + i / 10 + shift + sd * noise. */
struct run *noisy(size_t n, size_t k, double shift, double sd,
                  struct normal *g, enum run_estimator e)
{
	double *x = malloc(n * k * sizeof *x);
	struct run *r;

	for (size_t i = 0; i < n; i++)
		for (size_t t = 0; t < k; t++)
			x[i * k + t] =
			    10 + (double)i / 10 + shift + sd * gauss(g);
	r = sampled(n, k, x, NULL, e);
	free(x);
	return r;
}
