/* test_noise.c: the bootstrap, checked by hand (two cases, two samples
 * each), across thread counts, for coverage by simulation; pass policies
 * and flaky cases; verdicts that more samples decide. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise/bootstrap.h"
#include "noise/resample.h"
#include "noise/rng.h"
#include "test_noise_util.h"
#include "test_normal.h"
#include "noise/verdict.h"
#include "price/price.h"
#include "price/session.h"

/* Bootstraps j under o into b; fails the test on an error. */
static void boot(const struct metric *m, const struct joined *j,
                 const struct boot_opts *o, struct boot *b)
{
	struct noise_side side[2];
	struct diag d;

	if (noise_sides(j, o->policy, side, &d) != FP_OK ||
	    noise_bootstrap(m, j, side, o, b, &d) != FP_OK)
		fail_msg("%s", d.msg);
}

/* Before: c0 2, c1 4 (one sample each).  After: c0 {1, 3}, c1 {2, 6}.
 * A resample draws two samples per case; the median of two is their mean,
 * so c0 is 1, 2 or 3 (odds 1/4, 1/2, 1/4) and c1 2, 4 or 6, and
 *   net = -(a0 - 2) - (a1 - 4) = 6 - a0 - a1:
 *   a0\a1   2   4   6
 *     1     3   1  -1
 *     2     2   0  -2
 *     3     1  -1  -3
 * Each resample must be one of these nets, with gain 0 and cost -net,
 * and over 16000 resamples each net must come up with its odds: 3 (both
 * cases draw their low sample twice) 1/16 of the time, 2 1/8, 1 3/16,
 * 0 (one low and one high sample in each case) 1/4, and so on down to -3
 * (within four standard deviations). */
static void test_by_hand(void **state)
{
	const double b[2] = {2, 4}, a[4] = {1, 3, 2, 6};
	const double odds[7] = {1.0 / 16, 1.0 / 8, 3.0 / 16, 1.0 / 4,
	                        3.0 / 16, 1.0 / 8, 1.0 / 16};
	const size_t B = 16000;
	struct metric *m = linear();
	struct joined j = {sampled(2, 1, b, NULL, RUN_MEDIAN),
	                   sampled(2, 2, a, NULL, RUN_MEDIAN), 0};
	struct boot_opts o = opts(B, 7, 1);
	struct boot bt;
	size_t seen[7] = {0}, positive = 0;

	boot(m, &j, &o, &bt);
	for (size_t r = 0; r < B; r++) {
		double net = bt.net[r];

		assert_true(net == floor(net) && net >= -3 && net <= 3);
		assert_true(bt.gain[r] == 0 && bt.cost[r] == -net);
		assert_int_equal(bt.decide[r], net > 0);
		seen[(int)(3 - net)]++;
		positive += net > 0;
	}
	for (int v = 0; v < 7; v++)
		assert_true(fabs((double)seen[v] / B - odds[v]) <
		            4 * sqrt(odds[v] * (1 - odds[v]) / B));
	assert_true(bt.p_decide == (double)positive / B);
	/* Two samples on the after side, one before: n = 2; the estimator is
	 * the median, whose interval is not widened (the n - 1 of the sample
	 * variance is the mean's correction). */
	assert_true(bt.samples == 2 && bt.fit.correction == 1);
	assert_true(bt.median_net == 0);
	/* 1/16 of the resamples are -3 and 1/16 are 3: the 2.5 and 97.5 per
	 * cent points are -3 and 3, the smallest and largest resamples. */
	assert_true(bt.net_ci.lo == -3 && bt.net_ci.hi == 3);
	boot_free(&bt);
	joined_free(&j);
	metric_free(m);
}

/* The same bytes from 1, 2 and 4 threads, and from a second run. */
static void test_threads(void **state)
{
	struct normal g = {42};
	struct metric *m = linear();
	struct joined j = {noisy(50, 5, 0, 1, &g, RUN_MEDIAN),
	                   noisy(50, 5, -0.1, 1, &g, RUN_MEDIAN), 0};
	struct boot bt[4];
	const size_t threads[4] = {1, 2, 4, 4};

	for (int k = 0; k < 4; k++) {
		struct boot_opts o = opts(301, 5, threads[k]);

		boot(m, &j, &o, &bt[k]);
		assert_int_equal(bt[k].threads, threads[k]);
	}
	for (int k = 1; k < 4; k++) {
		assert_memory_equal(bt[0].net, bt[k].net, 301 * sizeof(double));
		assert_memory_equal(bt[0].gain, bt[k].gain,
		                    301 * sizeof(double));
		assert_memory_equal(bt[0].cost, bt[k].cost,
		                    301 * sizeof(double));
		assert_memory_equal(bt[0].decide, bt[k].decide, 301);
		assert_memory_equal(&bt[0].net_ci, &bt[k].net_ci,
		                    sizeof bt[0].net_ci);
	}
	for (int k = 0; k < 4; k++)
		boot_free(&bt[k]);
	joined_free(&j);
	metric_free(m);
}

/* Coverage: 400 trials of a fix whose true net is known.  Each trial
 * draws 5 samples per case and side from normal distributions, the after
 * side 0.05 slower per case (20 cases: true net -1 with the mean as
 * estimator), bootstraps 1000 resamples and checks whether the 95 %
 * interval holds -1.  It must in 93 to 97 % of the trials.  (Over 2000
 * trials the same set-up covers 95.3 %; 400 trials count 380 +- 4.4, so
 * the window is about +-1.8 standard deviations: the trials' seeds are
 * fixed, 2026000 + t, and some other fixed seeds would fall outside.) */
static void test_coverage(void **state)
{
	const size_t trials = 400, n = 20;
	struct metric *m = linear();
	size_t covered = 0;

	for (size_t t = 0; t < trials; t++) {
		struct normal g = {2026 * 1000 + t};
		struct joined j = {noisy(n, 5, 0, 0.3, &g, RUN_MEAN),
		                   noisy(n, 5, 0.05, 0.3, &g, RUN_MEAN), 0};
		struct boot_opts o = opts(1000, 1 + t, 2);
		struct boot bt;

		boot(m, &j, &o, &bt);
		covered += bt.net_ci.lo <= -1 && -1 <= bt.net_ci.hi;
		boot_free(&bt);
		joined_free(&j);
	}
	printf("coverage: %zu of %zu trials (%.1f %%)\n", covered, trials,
	       100.0 * (double)covered / (double)trials);
	assert_true(covered >= 372 && covered <= 388);
	metric_free(m);
}

/* A repetition that failed without a time is a sample of the pass state
 * (runtime NaN): c0 fails before; after, its three samples are 1 and 1
 * (passed) and NaN (failed).  The point price fails c0 (policy all), and
 * each resample fails it exactly when a draw hits the failed repetition,
 * the runtime being the median of the timed draws. */
static void test_failed_repetition(void **state)
{
	const double b[3] = {1, 1, 1}, a[3] = {1, NAN, 1};
	const unsigned char pb[3] = {0, 0, 0}, pa[3] = {1, 0, 1};
	const size_t B = 4000;
	struct metric *m = linear();
	struct joined j = {sampled(1, 3, b, pb, RUN_MEDIAN),
	                   sampled(1, 3, a, pa, RUN_MEDIAN), 0};
	struct boot_opts o = opts(B, 13, 2);
	struct boot bt;
	size_t passing = 0;
	struct diag d;
	const struct column *rt = run_numeric(j.after, "runtime", &d);

	assert_non_null(rt);
	assert_true(rt->v[0] == 1);
	boot(m, &j, &o, &bt);
	for (size_t r = 0; r < B; r++) {
		struct noise_stream s = noise_stream(noise_key(13, r, 0, 1), 3);
		bool drawn = false;

		for (int t = 0; t < 3; t++)
			drawn |= noise_next(&s) == 2; /* sorted: NaN last */
		/* gain 1 exactly when c0 passes after; cost 0 throughout. */
		assert_true(bt.gain[r] == (drawn ? 0 : 1));
		assert_true(bt.cost[r] == 0);
		passing += !drawn;
	}
	printf("failed repetition: c0 passes in %zu of %zu resamples "
	       "(8/27 = %.4f)\n",
	       passing, B, 8.0 / 27);
	assert_true(fabs((double)passing / B - 8.0 / 27) < 0.02);
	boot_free(&bt);
	joined_free(&j);
	metric_free(m);
}

/* The policies on one case's pass states. */
static void test_policies(void **state)
{
	const unsigned char p101[3] = {1, 0, 1}, p10[2] = {1, 0},
	                    p000[3] = {0, 0, 0}, p111[3] = {1, 1, 1};
	enum pass_policy pp;

	assert_true(run_pass(p101, 3, PASS_ALL) == 0);
	assert_true(run_pass(p101, 3, PASS_MAJORITY) == 1);
	assert_true(run_pass(p101, 3, PASS_ANY) == 1);
	assert_true(run_pass(p10, 2, PASS_MAJORITY) == 0);
	assert_true(run_pass(p000, 3, PASS_ANY) == 0);
	assert_true(run_pass(p111, 3, PASS_ALL) == 1);
	assert_true(run_policy_parse("majority", &pp) && pp == PASS_MAJORITY);
	assert_false(run_policy_parse("most", &pp));
}

/* A flaky case resampled with its pass states: c0 fails before (both
 * samples), and after passes in two samples of three.  A resample draws
 * three; the case passes after with odds (2/3)^3 = 8/27 under all,
 * 20/27 under majority (two or three passing draws), 26/27 under any;
 * gain is 1 exactly when it passes, and cost 0, so P(decide) is those
 * odds. */
static void test_flaky(void **state)
{
	const double b[3] = {1, 1, 1}, a[3] = {1, 1, 1};
	const unsigned char pb[3] = {0, 0, 0}, pa[3] = {1, 1, 0};
	const enum pass_policy pol[3] = {PASS_ALL, PASS_MAJORITY, PASS_ANY};
	const double want[3] = {8.0 / 27, 20.0 / 27, 26.0 / 27};
	struct metric *m = linear();
	struct joined j = {sampled(1, 3, b, pb, RUN_MEDIAN),
	                   sampled(1, 3, a, pa, RUN_MEDIAN), 0};

	for (int k = 0; k < 3; k++) {
		struct boot_opts o = opts(20000, 3, 2);
		struct boot bt;

		o.policy = pol[k];
		boot(m, &j, &o, &bt);
		assert_true(fabs(bt.p_decide - want[k]) < 0.01);
		boot_free(&bt);
	}
	joined_free(&j);
	metric_free(m);
}

/* Four cases measured r times each as 8, 10, 12 before and 7.5, 9.5,
 * 11.5 after: the medians say net = 4 * 0.5 = 2, but a median of three
 * draws from 8, 10, 12 is 8 or 12 with odds 7/27 each, so three samples
 * cannot tell; 99 samples can. */
static struct joined steps(size_t r)
{
	double *b = malloc(4 * 3 * r * sizeof *b),
	       *a = malloc(4 * 3 * r * sizeof *a);
	struct joined j;

	for (size_t i = 0; i < 4 * 3 * r; i++) {
		b[i] = 8 + 2 * (double)(i % 3);
		a[i] = b[i] - 0.5;
	}
	j = (struct joined){sampled(4, 3 * r, b, NULL, RUN_MEDIAN),
	                    sampled(4, 3 * r, a, NULL, RUN_MEDIAN), 0};
	free(a);
	free(b);
	return j;
}

static void verdict_of(const struct metric *m, const struct joined *j,
                       struct boot *bt, struct verdict *v)
{
	struct boot_opts o = opts(2000, 11, 2);
	struct session *s = NULL;
	struct price *p = NULL;
	struct diag d;

	boot(m, j, &o, bt);
	memset(v, 0, sizeof *v);
	v->guards = (struct verdict_opts){
	    .guard_on = {[GUARD_NEWLY_FAILING] = true, [GUARD_CONTROL] = true}};
	if (session_open(m, j, NULL, &s, &d) != FP_OK ||
	    price_compute(s, &p, &d) != FP_OK ||
	    verdict_make(v, p, bt, &d) != FP_OK)
		fail_msg("%s", d.msg);
	assert_true(p->net == 2);
	price_free(p);
	session_close(s);
}

static void test_more_samples_decide(void **state)
{
	struct metric *m = linear();
	struct joined few = steps(1), many = steps(33);
	struct boot bt;
	struct verdict v;

	verdict_of(m, &few, &bt, &v);
	assert_int_equal(v.kind, VERDICT_INCONCLUSIVE);
	assert_true(v.need_known && !v.any_count);
	/* The interval's lower half is wider than 2: more than 3 samples. */
	assert_true(v.samples_needed > 3 && v.samples_needed < 1000);
	assert_true(2 - bt.net_ci.lo > 2);
	assert_true(v.samples_needed ==
	            ceil(3 * pow((2 - bt.net_ci.lo) / 2, 2)));
	printf("3 samples: net in [%g, %g], P %g, about %g samples needed\n",
	       bt.net_ci.lo, bt.net_ci.hi, bt.p_decide, v.samples_needed);
	verdict_free(&v);
	boot_free(&bt);
	verdict_of(m, &many, &bt, &v);
	printf("99 samples: net in [%g, %g], P %g\n", bt.net_ci.lo,
	       bt.net_ci.hi, bt.p_decide);
	assert_int_equal(v.kind, VERDICT_ACCEPT);
	assert_true(bt.net_ci.lo > 0);
	verdict_free(&v);
	boot_free(&bt);
	joined_free(&few);
	joined_free(&many);
	metric_free(m);
}

/* The case whose samples spread most widens the interval most. */
static void test_wide_cases(void **state)
{
	struct normal g = {9};
	struct metric *m = linear();
	double b[4 * 5], a[4 * 5];
	struct joined j;
	struct noise_side side[2];
	struct boot_opts o = opts(100, 2, 1);
	size_t idx[3], n;
	struct diag d;

	for (size_t i = 0; i < 20; i++) {
		double sd = i / 5 == 2 ? 3 : i / 5 == 0 ? 1 : 0.1;

		b[i] = 20 + sd * gauss(&g);
		a[i] = 20 + sd * gauss(&g);
	}
	j = (struct joined){sampled(4, 5, b, NULL, RUN_MEAN),
	                    sampled(4, 5, a, NULL, RUN_MEAN), 0};
	assert_int_equal(noise_sides(&j, PASS_ALL, side, &d), FP_OK);
	assert_int_equal(noise_wide_cases(m, &j, side, &o, 3, idx, &n, &d),
	                 FP_OK);
	assert_int_equal(n, 3);
	assert_int_equal(idx[0], 2);
	assert_int_equal(idx[1], 0);
	joined_free(&j);
	metric_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_by_hand),
	    cmocka_unit_test(test_threads),
	    cmocka_unit_test(test_coverage),
	    cmocka_unit_test(test_policies),
	    cmocka_unit_test(test_flaky),
	    cmocka_unit_test(test_failed_repetition),
	    cmocka_unit_test(test_more_samples_decide),
	    cmocka_unit_test(test_wide_cases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
