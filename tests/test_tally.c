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

/* Two cases on each side: case 0 with samples 1, 2, 4 (the largest, 4,
 * is taken to 2^37: a scale of 2^35), case 1 with three samples of 3 (all
 * equal: not tallied).  Side 0 is fixed. */
static const double xs[6] = {1, 2, 4, 3, 3, 3}, rts[2] = {2, 3};
static const size_t offs[3] = {0, 3, 6};

static void sides(struct noise_side side[2])
{
	side[0] = (struct noise_side){.runtime = rts};
	side[1] = (struct noise_side){.v = xs, .off = offs, .runtime = rts};
}

/* A tally of n resamples of these sides. */
static struct noise_tally tally(const float *scale, uint64_t n)
{
	struct noise_tally t;

	assert_int_equal(noise_tally_open(&t, 2, scale), FP_OK);
	t.resamples = n;
	return t;
}

/* The estimates 1, 2 and 4 of case 0 are 2^35, 2^36 and 2^37 steps,
 * 7 * 2^35 in all: their mean, 7 * 2^35 / 3 steps, read back as the
 * quotient and the remainder's third, is 7/3 to the last bit. */
static void test_by_hand(void **state)
{
	struct noise_side side[2];
	struct noise_tally t;
	float *scale;
	double mean, est[3] = {1, 2, 4}, three = 3;

	(void)state;
	sides(side);
	assert_int_equal(noise_tally_scales(side, 2, &scale), FP_OK);
	assert_true(scale[0] == 0 && scale[1] == 0); /* a fixed side */
	assert_true(scale[2] == 0x1p35f && scale[3] == 0);
	t = tally(scale, 3);
	for (int q = 0; q < 3; q++) {
		noise_tally_add(&t, 1, 0, 1, &est[q]);
		noise_tally_add(&t, 1, 1, 1, &three);
	}
	assert_true(t.sum[2] == 7 * (INT64_C(1) << 35));
	assert_true(noise_tally_mean(&t, 1, 0, &mean) && mean == 7.0 / 3);
	/* Not tallied: a fixed side, and a case whose samples are all
	 * equal (its expected estimate is exact, bias.h). */
	assert_false(noise_tally_mean(&t, 0, 0, &mean));
	assert_false(noise_tally_mean(&t, 1, 1, &mean));
	noise_tally_close(&t);
	free(scale);
}

/* A NaN (a resample of no timed draw) is not summed, and counted as
 * missing; all missing, there is no mean. */
static void test_nan(void **state)
{
	struct noise_side side[2];
	struct noise_tally t;
	float *scale;
	double mean, x[1] = {NAN}, four = 4;

	(void)state;
	sides(side);
	assert_int_equal(noise_tally_scales(side, 2, &scale), FP_OK);
	t = tally(scale, 1);
	noise_tally_add(&t, 1, 0, 1, x);
	assert_false(noise_tally_mean(&t, 1, 0, &mean));
	t.resamples = 2;
	noise_tally_add(&t, 1, 0, 1, &four);
	assert_true(noise_tally_mean(&t, 1, 0, &mean) && mean == 4);
	assert_true(t.missing[2] == 1);
	noise_tally_close(&t);
	free(scale);
}

/* 10,000 random estimates of case 0, tallied whole and split into 1 to
 * 7 parts that are then merged: the same sum to the bit, and a mean
 * within 2^-37 of the largest sample of the mean of the doubles. */
static void test_split(void **state)
{
	enum { N = 10000 };
	struct noise_side side[2];
	struct noise_tally whole, part[7];
	float *scale;
	double *x = malloc(N * sizeof *x), exact = 0, a, b;
	uint64_t s = 88172645463325252u;

	(void)state;
	assert_non_null(x);
	sides(side);
	assert_int_equal(noise_tally_scales(side, 2, &scale), FP_OK);
	for (int q = 0; q < N; q++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		x[q] = 1 + 3 * (double)(s >> 11) / 0x1p53;
		exact += x[q];
	}
	whole = tally(scale, N);
	for (int q = 0; q < N; q++)
		noise_tally_add(&whole, 1, 0, 1, &x[q]);
	assert_true(noise_tally_mean(&whole, 1, 0, &a));
	assert_true(fabs(a - exact / N) <= 4 * 0x1p-37);
	for (int k = 1; k <= 7; k++) {
		for (int p = 0; p < k; p++) {
			part[p] = tally(scale, N);
			for (int q = N * p / k; q < N * (p + 1) / k; q++)
				noise_tally_add(&part[p], 1, 0, 1, &x[q]);
		}
		for (int p = k - 1; p > 0; p--)
			noise_tally_merge(&part[0], &part[p]);
		assert_true(noise_tally_mean(&part[0], 1, 0, &b) && a == b);
		assert_true(part[0].sum[2] == whole.sum[2]);
		for (int p = 0; p < k; p++)
			noise_tally_close(&part[p]);
	}
	noise_tally_close(&whole);
	free(scale);
	free(x);
}

/* Blocks of many cases (the vector loop, four at a time, a quad with a
 * NaN one by one, and its tail) sum as case by case does. */
static void test_blocks(void **state)
{
	enum { N = 11 };
	double v[3 * N], rt[N], x[N];
	size_t off[N + 1];
	struct noise_side side[2];
	struct noise_tally blk, one;
	float *scale;

	(void)state;
	for (size_t i = 0; i < N; i++) {
		for (size_t j = 0; j < 3; j++)
			v[3 * i + j] = (double)(i + 1) * (1 + 0.01 * (double)j);
		off[i] = 3 * i;
		rt[i] = v[3 * i + 1];
		x[i] = i == 6 ? NAN : v[3 * i] + 0.001 * (double)i;
	}
	off[N] = 3 * N;
	side[0] = (struct noise_side){.runtime = rt};
	side[1] = (struct noise_side){.v = v, .off = off, .runtime = rt};
	assert_int_equal(noise_tally_scales(side, N, &scale), FP_OK);
	assert_int_equal(noise_tally_open(&blk, N, scale), FP_OK);
	assert_int_equal(noise_tally_open(&one, N, scale), FP_OK);
	noise_tally_add(&blk, 1, 0, N, x);
	for (size_t i = 0; i < N; i++)
		noise_tally_add(&one, 1, i, 1, &x[i]);
	for (size_t i = 0; i < 2 * N; i++)
		assert_true(blk.sum[i] == one.sum[i] &&
		            blk.missing[i] == one.missing[i]);
	assert_true(blk.missing[N + 6] == 1);
	noise_tally_close(&blk);
	noise_tally_close(&one);
	free(scale);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_by_hand),
	    cmocka_unit_test(test_nan),
	    cmocka_unit_test(test_split),
	    cmocka_unit_test(test_blocks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
