/* test_sim_runs.c: what the simulations of several runs share
 * (test_sim_runs.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise/resample.h"
#include "price/price.h"
#include "price/session.h"
#include "run/estimate.h"
#include "run/merge.h"
#include "test_mem_run.h"
#include "test_sim_runs.h"

struct run *sim_run(size_t k, const double *x, const unsigned char *pass)
{
	struct run *r = mem_run(SIM_N);
	double *passed = malloc(SIM_N * sizeof *passed);

	r->samples = malloc(SIM_N * k * sizeof *r->samples);
	r->sample_off = malloc((SIM_N + 1) * sizeof *r->sample_off);
	memcpy(r->samples, x, SIM_N * k * sizeof *r->samples);
	for (size_t i = 0; i <= SIM_N; i++)
		r->sample_off[i] = i * k;
	for (size_t i = 0; i < SIM_N; i++)
		passed[i] = pass[i];
	mem_run_finish(r, passed, RUN_MEDIAN);
	if (k == 1)
		mem_run_drop_samples(r);
	return r;
}

struct run *sim_merged(size_t R, const double *x, const unsigned char *pass,
                       bool rounds)
{
	struct run *r[SIM_RMAX];
	struct diag d;
	double lo, hi;

	for (size_t j = 0; j < R; j++)
		r[j] = sim_run(SIM_K, x + j * SIM_N * SIM_K, pass);
	assert_int_equal(run_merge(r, R, RUN_MEDIAN, PASS_ALL, &lo, &hi, &d),
	                 FP_OK);
	r[0]->run_off = malloc((SIM_N * R + 1) * sizeof *r[0]->run_off);
	for (size_t q = 0; q <= SIM_N * R; q++)
		r[0]->run_off[q] = q * SIM_K;
	r[0]->rounds = rounds;
	return r[0];
}

struct run *sim_pooled(size_t R, const double *x, const unsigned char *pass)
{
	static double y[SIM_N * SIM_RMAX * SIM_K];

	for (size_t i = 0; i < SIM_N; i++)
		for (size_t j = 0; j < R; j++)
			memcpy(y + (i * R + j) * SIM_K,
			       x + (j * SIM_N + i) * SIM_K, SIM_K * sizeof *y);
	return sim_run(R * SIM_K, y, pass);
}

double sim_net(const struct metric *m, const struct joined *j)
{
	struct session *s = NULL;
	struct price *p = NULL;
	struct diag d;
	double net;

	if (session_open(m, j, NULL, &s, &d) != FP_OK ||
	    price_compute(s, &p, &d) != FP_OK)
		fail_msg("%s", d.msg);
	net = p->net;
	price_free(p);
	session_close(s);
	return net;
}

struct interval sim_interval(const struct metric *m, struct joined *j, size_t t)
{
	struct boot_opts o = {
	    .B = 1000, .confidence = 0.95, .seed = 1 + t, .threads = 1};
	struct noise_side side[2];
	struct interval ci;
	struct boot b;
	struct diag d;

	if (noise_sides(j, PASS_ALL, side, &d) != FP_OK ||
	    noise_bootstrap(m, j, side, &o, &b, &d) != FP_OK)
		fail_msg("%s", d.msg);
	ci = b.net_ci;
	boot_free(&b);
	joined_free(j);
	return ci;
}

void sim_wilson(size_t x, size_t n, double z, double *lo, double *hi)
{
	double p = (double)x / (double)n, nn = (double)n;
	double mid = (p + z * z / (2 * nn)) / (1 + z * z / nn);
	double half = z / (1 + z * z / nn) *
	              sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));

	*lo = mid - half;
	*hi = mid + half;
}

bool sim_full(void)
{
	const char *e = getenv("FIXPRICE_SIM_FULL");

	return e && strcmp(e, "1") == 0;
}

size_t sim_trial_count(void)
{
	const char *s = getenv("FIXPRICE_SIM_TRIALS");

	if (s && atoi(s) > 0)
		return (size_t)atoi(s);
	if (sim_full())
		return 400;
#if defined(__SANITIZE_ADDRESS__)
	return 6;
#else
	return 20;
#endif
}

bool sim_nominal(size_t covered, size_t trials)
{
	double lo, hi, rate = (double)covered / (double)trials;

	if (sim_full())
		return rate >= 0.93 - 1e-12;
	sim_wilson(covered, trials, 3.290527, &lo, &hi);
	return lo <= 0.95 && 0.95 <= hi;
}
