/* test_rounds_sim.c: interleaved rounds resampled as pairs (issue 21):
 * a `round` column marks samples of before and after taken together, and
 * a resample draws the same rounds on both sides (noise/resample.c:
 * noise_side.paired), so drift shared by both sides of a round cancels.
 *
 * The simulation, on the default metric (pypto-gym), against the true net
 * (the price of the true runtimes): 20 cases of which 2 newly pass, every
 * case 12 % slower, R rounds of 5 samples per case and side; each round
 * has a drift of 3 % shared by both sides (lognormal: the machine's
 * state while the round ran), each side's run in it an offset of 1 % of
 * its own (the process), each sample 2 % noise.  The same samples are
 * resampled as paired rounds and as unpaired runs (the hierarchical
 * bootstrap of test_runs_sim.c, which sees the drift as between-run noise
 * on each side).  The paired interval must be narrower on average and
 * still cover the true net at the nominal rate (test_sim_runs.h:
 * sim_nominal: at least 93 % of 400 trials with FIXPRICE_SIM_FULL=1,
 * else 95 % within the Wilson 99.9 % bounds of 20); each coverage is
 * printed with its Wilson 95 % bounds.  FIXPRICE_SIM_ONLY=R runs only R
 * rounds. */
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
#include "noise/runs_scale.h"
#include "sim_heap.h"
#include "test_normal.h"
#include "test_sim_runs.h"

enum { N = SIM_N, K = SIM_K };

/* One trial: the paired (ci[0]) and unpaired (ci[1]) intervals and the
 * true net. */
static double trial(const struct metric *m, size_t R, size_t t,
                    struct interval ci[2])
{
	static double xb[SIM_RMAX * N * K], xa[SIM_RMAX * N * K], tb[N], ta[N];
	static unsigned char qb[N], qa[N];
	struct normal g = {9000 + t * 7919};
	double truth;

	for (size_t i = 0; i < N; i++) {
		tb[i] = 1 + 0.1 * (double)(i % 10);
		ta[i] = tb[i] * 1.12;
		qb[i] = i >= 2;
		qa[i] = 1;
	}
	for (size_t j = 0; j < R; j++) {
		double drift = exp(0.03 * gauss(&g));
		double ob = drift * exp(0.01 * gauss(&g));
		double oa = drift * exp(0.01 * gauss(&g));

		for (size_t i = 0; i < N; i++)
			for (size_t q = 0; q < K; q++) {
				size_t at = (j * N + i) * K + q;
				xb[at] = tb[i] * ob * exp(0.02 * gauss(&g));
				xa[at] = ta[i] * oa * exp(0.02 * gauss(&g));
			}
	}
	struct joined tj = {sim_run(1, tb, qb), sim_run(1, ta, qa), 0};
	truth = sim_net(m, &tj);
	joined_free(&tj);
	for (int k = 0; k < 2; k++) {
		struct joined j = {sim_merged(R, xb, qb, k == 0),
		                   sim_merged(R, xa, qa, k == 0), 0};
		ci[k] = sim_interval(m, &j, t);
	}
	return truth;
}

static void rounds(size_t R)
{
	static const char *const name[2] = {"paired", "unpaired"};
	const char *only = getenv("FIXPRICE_SIM_ONLY");
	struct metric *m = NULL;
	size_t trials = sim_trial_count(), covered[2] = {0, 0};
	double width[2] = {0, 0};
	struct diag d;

	if (only && *only && (size_t)atoi(only) != R)
		skip();
	if (metric_load(SIM_PYPTO, &m, &d) != FP_OK)
		fail_msg("%s", d.msg);
	for (size_t t = 0; t < trials; t++) {
		struct interval ci[2];
		double truth = trial(m, R, t, ci);

		for (int k = 0; k < 2; k++) {
			covered[k] += ci[k].lo <= truth && truth <= ci[k].hi;
			width[k] += ci[k].hi - ci[k].lo;
		}
	}
	for (int k = 0; k < 2; k++) {
		double lo, hi;

		sim_wilson(covered[k], trials, 1.959964, &lo, &hi);
		printf("%-8s 95 %% interval covers %5.1f %% [%.1f, %.1f] of "
		       "%zu trials, mean width %.4f (%zu rounds x 5 samples, "
		       "3 %% shared drift, 1 %% per run, 2 %% per sample)\n",
		       name[k], 100.0 * (double)covered[k] / (double)trials,
		       100 * lo, 100 * hi, trials, width[k] / (double)trials,
		       R);
	}
	fflush(stdout);
	metric_free(m);
	assert_true(sim_nominal(covered[0], trials));
	assert_true(width[0] < width[1]);
}

/* A resample draws the same rounds on both sides: with every sample of a
 * round equal (round j's are all 10 + j on both sides), a case's
 * resampled median over rounds is the same on both sides in every
 * resample when paired, and differs in some when not. */
static void test_same_rounds(void **state)
{
	static double x[5 * N * K];
	static unsigned char q[N];
	struct resample_buf buf = {0};
	struct noise_side side[2];
	struct diag d;
	bool differ[2] = {false, false};

	(void)state;
	for (size_t i = 0; i < 5 * N * K; i++)
		x[i] = 10 + (double)(i / (N * K));
	for (size_t i = 0; i < N; i++)
		q[i] = 1;
	for (int paired = 1; paired >= 0; paired--) {
		struct joined j = {sim_merged(5, x, q, paired),
		                   sim_merged(5, x, q, paired), 0};
		double rt[2][N], ps[2][N];

		assert_int_equal(noise_sides(&j, PASS_ALL, side, &d), FP_OK);
		assert_int_equal(side[0].paired, paired);
		for (size_t r = 0; r < 50; r++) {
			for (unsigned s = 0; s < 2; s++)
				assert_int_equal(
				    noise_side_resample(&side[s], N, 7, r, s,
				                        PASS_ALL, &buf, rt[s],
				                        ps[s]),
				    FP_OK);
			differ[paired] |= rt[0][0] != rt[1][0];
		}
		joined_free(&j);
	}
	free(buf.x);
	free(buf.p);
	assert_false(differ[1]);
	assert_true(differ[0]);
}

/* The widening for paired rounds (runs_scale.h) against the t interval's
 * factor worked out by hand: for the mean of R paired differences, R - 1
 * degrees of freedom, sqrt(R / (R - 1)) t / z; z = 1.959964, t(0.975) =
 * 4.302653 (2), 2.776445 (4): 3 rounds 1.2247 x 4.302653 / z = 2.689, 5
 * rounds 1.1180 x 2.776445 / z = 1.584.  At 5 rounds the calibration
 * (2,000 trials) lands within 10 % of it (1.628 measured); at 3 the
 * resamples of three values are only 10 multisets, whose percentiles
 * reach less far than t's: the factor is above t's (3.027 measured), and
 * below 1.25 times it.  Either is above the unpaired factor (fewer
 * degrees of freedom). */
static void test_widening(void **state)
{
	const enum run_estimator mean[2] = {RUN_MEAN, RUN_MEAN};
	const size_t three[2] = {3, 3}, five[2] = {5, 5};
	double f3 = noise_runs_scale(three, mean, true, 0.95);
	double f5 = noise_runs_scale(five, mean, true, 0.95);

	(void)state;
	printf("paired widening: 3 rounds %.3f, 5 rounds %.3f\n", f3, f5);
	assert_true(f3 >= 2.689 && f3 <= 1.25 * 2.689);
	assert_true(fabs(f5 / 1.584 - 1) < 0.10);
	assert_true(f3 > noise_runs_scale(three, mean, false, 0.95));
	assert_true(f5 > noise_runs_scale(five, mean, false, 0.95));
}

static void test_five_rounds(void **state)
{
	(void)state;
	rounds(5);
}

static void test_eight_rounds(void **state)
{
	(void)state;
	rounds(8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_same_rounds),
	    cmocka_unit_test(test_widening),
	    cmocka_unit_test(test_five_rounds),
	    cmocka_unit_test(test_eight_rounds),
	};

	sim_heap_keep();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
