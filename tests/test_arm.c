/* test_arm.c: the noise arm priced beside the fix, to the bit as apart,
 * and its faults named; regular sides drawn as case by case. */
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
#include "price/price.h"
#include "test_noise_util.h"

/* The noise arm priced beside the fix (noise_bootstrap_arm) against the
 * fix and the arm bootstrapped apart, to the bit, on the default metric
 * (a clip) and the linear one, with 1 and 2 threads: before 5 samples per
 * case; after 5 (the arm's after side drawn with the fix's), 3 (drawn
 * apart), with a flaky case (priced column by column), with a repetition
 * that failed without a time; the mean. */
static void same_boot(const struct boot *x, const struct boot *y)
{
	size_t B = x->B;

	assert_int_equal(x->B, y->B);
	assert_memory_equal(x->gain, y->gain, B * sizeof(double));
	assert_memory_equal(x->cost, y->cost, B * sizeof(double));
	assert_memory_equal(x->net, y->net, B * sizeof(double));
	assert_memory_equal(x->decide, y->decide, B);
	assert_memory_equal(&x->net_ci, &y->net_ci, sizeof x->net_ci);
}

static void arm_case(const struct metric *m, size_t ka, int shape,
                     enum run_estimator e, size_t threads)
{
	const size_t n = 40, kb = 5;
	struct normal g = {7 + ka + (size_t)shape};
	struct joined j = {noisy(n, kb, 0, 0.5, &g, e),
	                   noisy(n, ka, -0.05, 0.5, &g, e), 0};
	struct joined aa = {j.before, j.before, 0};
	struct boot_opts o = opts(203, 11, threads), as_drawn = o;
	struct noise_side side[2], arm[2];
	struct boot fix, alone, b, a;
	struct diag d;

	as_drawn.as_drawn = true;
	if (shape == 1) {
		/* case 3 flaky after, case 4 with a failed repetition */
		j.after->sample_pass = malloc(n * ka);
		memset(j.after->sample_pass, 1, n * ka);
		j.after->sample_pass[3 * ka] = 0;
		j.after->samples[4 * ka + 1] = NAN;
		j.after->sample_pass[4 * ka + 1] = 0;
	}
	if (noise_sides(&j, o.policy, side, &d) != FP_OK ||
	    noise_sides(&aa, o.policy, arm, &d) != FP_OK ||
	    noise_bootstrap_arm(m, &j, side, &aa, arm, &o, &fix, &a, &d) !=
	        FP_OK ||
	    noise_bootstrap(m, &j, side, &o, &alone, &d) != FP_OK ||
	    noise_bootstrap(m, &aa, arm, &as_drawn, &b, &d) != FP_OK)
		fail_msg("%s", d.msg);
	same_boot(&fix, &alone);
	same_boot(&a, &b);
	assert_true(fix.bias.net == alone.bias.net);
	boot_free(&fix);
	boot_free(&alone);
	boot_free(&a);
	boot_free(&b);
	joined_free(&j);
}

static void test_arm_beside(void **state)
{
	struct metric *lin = linear(), *clip = NULL;
	struct diag d;

	if (metric_load(TEST_SRCDIR "/metrics/pypto-gym.yaml", &clip, &d) !=
	    FP_OK)
		fail_msg("%s", d.msg);
	for (size_t t = 1; t <= 2; t++) {
		const struct metric *ms[2] = {clip, lin};

		for (int k = 0; k < 2; k++) {
			arm_case(ms[k], 5, 0, RUN_MEDIAN, t);
			arm_case(ms[k], 3, 0, RUN_MEDIAN, t);
			arm_case(ms[k], 5, 1, RUN_MEDIAN, t);
			arm_case(ms[k], 4, 0, RUN_MEAN, t);
			arm_case(ms[k], 6, 0, RUN_MIN, t);
		}
	}
	metric_free(lin);
	metric_free(clip);
}

/* A fault of the arm's price alone (tests/data/noise/arm_fault.yaml)
 * says it was the arm's, fused or not (a flaky case prices column by
 * column): before c0 {1, 2.5, 5}, whose mean is 2 where a resample draws
 * 1, 2.5 and 2.5 (1 in 9), and which the arm's after side is; the fix's
 * after run {7, 8, 9} never is. */
static void test_arm_fault(void **state)
{
	const double b[6] = {1, 2.5, 5, 4, 6, 8}, a[6] = {7, 8, 9, 7, 8, 9};
	const unsigned char pass[6] = {1, 1, 1, 1, 0, 1};
	struct metric *m = NULL;
	struct diag d;

	if (metric_load(TEST_SRCDIR "/tests/data/noise/arm_fault.yaml", &m,
	                &d) != FP_OK)
		fail_msg("%s", d.msg);
	for (int flaky = 0; flaky < 2; flaky++) {
		struct joined j = {sampled(2, 3, b, NULL, RUN_MEAN),
		                   sampled(2, 3, a, flaky ? pass : NULL,
		                           RUN_MEAN),
		                   0};
		struct joined aa = {j.before, j.before, 0};
		struct boot_opts o = opts(200, 3, 1);
		struct noise_side side[2], arm[2];
		struct boot fix, alone, ab;

		assert_int_equal(noise_sides(&j, o.policy, side, &d), FP_OK);
		assert_int_equal(noise_sides(&aa, o.policy, arm, &d), FP_OK);
		/* The fix alone prices. */
		assert_int_equal(noise_bootstrap(m, &j, side, &o, &alone, &d),
		                 FP_OK);
		assert_int_equal(noise_bootstrap_arm(m, &j, side, &aa, arm, &o,
		                                     &fix, &ab, &d),
		                 FP_ERR);
		printf("arm fault (%s): %s\n",
		       flaky ? "column by column" : "fused", d.msg);
		assert_non_null(strstr(d.msg, "noise arm: cost: division by "
		                              "zero in case 'c0'"));
		boot_free(&alone);
		boot_free(&fix);
		boot_free(&ab);
		joined_free(&j);
	}
	metric_free(m);
}

/* A regular side (noise_side.regular: every case quick, m samples each
 * at i m) is drawn by a loop that looks nothing else up: the values of the
 * case-by-case path (regular cleared), alone and as a twin, for the
 * median of 5 and of 4 (two ranks), the min, with pass states (one case
 * failing throughout), over a split of the cases. */
static void test_regular(void **state)
{
	const size_t n = 300, ks[3] = {5, 4, 6};
	const enum run_estimator es[3] = {RUN_MEDIAN, RUN_MEDIAN, RUN_MIN};

	for (int c = 0; c < 3; c++) {
		struct normal g = {99 + (size_t)c};
		size_t k = ks[c];
		struct run *rb = noisy(n, k, 0, 1, &g, es[c]),
		           *ra = noisy(n, k, 0.2, 1, &g, es[c]);
		struct noise_side in[2], sorted[2], plain[2];
		void *storage[2];
		double rt[4][300], ps[4][300];
		struct resample_buf buf = {0};
		struct diag d;

		rb->sample_pass = calloc(n * k, 1);
		for (size_t q = k; q < n * k; q++)
			rb->sample_pass[q] = 1; /* case 0 fails */
		struct joined j = {rb, ra, 0};
		assert_int_equal(noise_sides(&j, PASS_ALL, in, &d), FP_OK);
		for (int s = 0; s < 2; s++) {
			assert_int_equal(noise_sort_side(&in[s], n, &sorted[s],
			                                 &storage[s]),
			                 FP_OK);
			assert_int_equal(sorted[s].regular, k);
			plain[s] = sorted[s];
			plain[s].regular = 0;
		}
		for (size_t r = 0; r < 3; r++) {
			double *a[2] = {rt[0], rt[1]}, *ap[2] = {ps[0], ps[1]};
			double *b[2] = {rt[2], rt[3]}, *bp[2] = {ps[2], ps[3]};

			assert_int_equal(noise_side_resample_twin(
			                     &sorted[1], &sorted[0], 0, 120, 5,
			                     r, 1, PASS_ALL, &buf, a, ap),
			                 FP_OK);
			assert_int_equal(noise_side_resample_twin(
			                     &sorted[1], &sorted[0], 120, n, 5,
			                     r, 1, PASS_ALL, &buf,
			                     (double *[2]){a[0] + 120, a[1] + 120},
			                     (double *[2]){ap[0] + 120,
			                                   ap[1] + 120}),
			                 FP_OK);
			for (int s = 0; s < 2; s++)
				assert_int_equal(noise_side_resample_range(
				                     &plain[1 - s], 0, n, 5, r, 1,
				                     PASS_ALL, &buf, b[s], bp[s]),
				                 FP_OK);
			for (int s = 0; s < 4; s++) {
				assert_memory_equal(rt[s % 2], rt[2 + s % 2],
				                    sizeof rt[0]);
				assert_memory_equal(ps[s % 2], ps[2 + s % 2],
				                    sizeof ps[0]);
			}
			assert_true(ps[1][0] == 0 && ps[1][1] == 1);
		}
		free(buf.x);
		free(buf.p);
		free(storage[0]);
		free(storage[1]);
		joined_free(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_arm_beside),
	    cmocka_unit_test(test_arm_fault),
	    cmocka_unit_test(test_regular),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
