/* test_tally.c: resampled estimates summed in fixed point (noise/tally.c):
 * by hand, and the same to the bit however the resamples are split. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "noise/tally.h"
#include "util/diag.h"

/* Two cases on each side: case 0 with samples 1, 2, 4 (anchor 2, its
 * observed runtime; reach 2, so a step of 2 / 2^36), case 1 with three
 * samples of 3 (reach 0: not tallied).  Side 0 is fixed. */
static const double xs[6] = {1, 2, 4, 3, 3, 3}, rts[2] = {2, 3};
static const size_t offs[3] = {0, 3, 6};

static void sides(struct noise_side side[2])
{
	side[0] = (struct noise_side){.runtime = rts};
	side[1] = (struct noise_side){.v = xs, .off = offs, .runtime = rts};
}

/* The estimates 1, 2 and 4 of case 0 average 7/3: the step is 2^-35,
 * and -1, 0 and 2 from the anchor are whole steps, so the mean is 2 plus
 * 1/3 of 2^35 steps, exact to the last bit of 7/3 (2^35 / 3 steps is
 * 11453246122 and 2/3 of one, read in two parts). */
static void test_by_hand(void **state)
{
	struct noise_side side[2];
	struct noise_tally t;
	double *at, mean, est[3] = {1, 2, 4}, three = 3;

	(void)state;
	sides(side);
	assert_int_equal(noise_tally_steps(side, 2, &at), FP_OK);
	assert_true(isnan(at[0]) && at[1] == 0); /* a fixed side */
	assert_true(at[4] == 2 && at[5] == ldexp(2, -36));
	assert_true(at[6] == 3 && at[7] == 0);
	assert_int_equal(noise_tally_open(&t, 2, at), FP_OK);
	for (int q = 0; q < 3; q++) {
		noise_tally_add(&t, 1, 0, 1, &est[q]);
		noise_tally_add(&t, 1, 1, 1, &three);
	}
	assert_true(noise_tally_mean(&t, 1, 0, &mean));
	assert_true(fabs(mean - 7.0 / 3) <= 0x1p-51);
	/* Not tallied: a fixed side, and a case whose samples are all its
	 * anchor (its mean is the anchor, exactly, bias.h). */
	assert_false(noise_tally_mean(&t, 0, 0, &mean));
	assert_false(noise_tally_mean(&t, 1, 1, &mean));
	noise_tally_close(&t);
	free(at);
}

/* A NaN (a resample of no timed draw) is not summed; an estimate past
 * twice the reach (none is) is held there. */
static void test_nan_and_far(void **state)
{
	struct noise_side side[2];
	struct noise_tally t;
	double *at, mean, x[3] = {NAN, 4, 1e300};

	(void)state;
	sides(side);
	assert_int_equal(noise_tally_steps(side, 2, &at), FP_OK);
	assert_int_equal(noise_tally_open(&t, 2, at), FP_OK);
	noise_tally_add(&t, 1, 0, 1, &x[0]);
	assert_false(noise_tally_mean(&t, 1, 0, &mean));
	noise_tally_add(&t, 1, 0, 1, &x[1]);
	assert_true(noise_tally_mean(&t, 1, 0, &mean) && mean == 4);
	noise_tally_add(&t, 1, 0, 1, &x[2]);
	assert_true(noise_tally_mean(&t, 1, 0, &mean) &&
	            mean == 2 + (2 + 4) / 2.0);
	noise_tally_close(&t);
	free(at);
}

/* 10,000 random estimates of case 0, tallied whole and split into 1 to
 * 7 parts that are then merged: the same sum to the bit, and a mean
 * within 2^-36 of the reach of the mean of the doubles. */
static void test_split(void **state)
{
	enum { N = 10000 };
	struct noise_side side[2];
	struct noise_tally whole, part[7];
	double *at, *x = malloc(N * sizeof *x), exact = 0, a, b;
	uint64_t s = 88172645463325252u;

	(void)state;
	assert_non_null(x);
	sides(side);
	assert_int_equal(noise_tally_steps(side, 2, &at), FP_OK);
	for (int q = 0; q < N; q++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		x[q] = 1 + 3 * (double)(s >> 11) / 0x1p53;
		exact += x[q];
	}
	assert_int_equal(noise_tally_open(&whole, 2, at), FP_OK);
	for (int q = 0; q < N; q++)
		noise_tally_add(&whole, 1, 0, 1, &x[q]);
	assert_true(noise_tally_mean(&whole, 1, 0, &a));
	assert_true(fabs(a - exact / N) <= 2 * 0x1p-36);
	for (int k = 1; k <= 7; k++) {
		for (int p = 0; p < k; p++) {
			assert_int_equal(noise_tally_open(&part[p], 2, at),
			                 FP_OK);
			for (int q = N * p / k; q < N * (p + 1) / k; q++)
				noise_tally_add(&part[p], 1, 0, 1, &x[q]);
		}
		for (int p = k - 1; p > 0; p--)
			noise_tally_merge(&part[0], &part[p]);
		assert_true(noise_tally_mean(&part[0], 1, 0, &b));
		assert_true(a == b);
		assert_true(part[0].sum[2] == whole.sum[2] &&
		            part[0].count[2] == whole.count[2]);
		for (int p = 0; p < k; p++)
			noise_tally_close(&part[p]);
	}
	noise_tally_close(&whole);
	free(at);
	free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_by_hand),
	    cmocka_unit_test(test_nan_and_far),
	    cmocka_unit_test(test_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
