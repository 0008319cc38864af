/* test_bias.c: the two measurements of noise/bias.c against values worked
 * out by hand and against brute force: a case's expected resampled
 * estimate, the kink factor, and the spread's scale on noise whose answer
 * is known; and the doubt of a bias removed, with the widening it gives
 * (noise/interval.c), by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/bias.h"
#include "noise/bootstrap.h"
#include "run/estimate.h"
#include "test_normal.h"

/* A sorted side of one case holding x[0..m). */
static struct noise_side one(const double *x, const size_t off[2],
                             enum run_estimator e, const double *runtime)
{
	return (struct noise_side){
	    .v = x, .off = off, .est = e, .sorted = true, .runtime = runtime};
}

/* Three samples 1 < 2 < 4: the median of three draws is 1 when two or
 * three of them are 1 (odds 7/27), 4 likewise (7/27), else 2 (13/27), so
 * its expectation is (7 * 1 + 13 * 2 + 7 * 4) / 27 = 61 / 27.  The mean's
 * is the samples' mean, 7 / 3; the min's is 1 with odds 1 - (2/3)^3 =
 * 19/27, 2 with odds (2/3)^3 - (1/3)^3 = 7/27 and 4 with 1/27: 37 / 27. */
static void test_expected_by_hand(void **state)
{
	const double x[3] = {1, 2, 4}, rt = 2;
	const size_t off[2] = {0, 3};
	struct noise_side s = one(x, off, RUN_MEDIAN, &rt);

	assert_true(fabs(noise_expected(&s, 0) - 61.0 / 27) < 1e-14);
	s.est = RUN_MEAN;
	assert_true(fabs(noise_expected(&s, 0) - 7.0 / 3) < 1e-14);
	s.est = RUN_MIN;
	assert_true(fabs(noise_expected(&s, 0) - 37.0 / 27) < 1e-14);
}

/* Two samples 1 < 3, median (the mean of two draws' order statistics):
 * (1+1)/2, (1+3)/2 twice, (3+3)/2 over four: 2, the samples' mean.  A
 * repetition that failed without a time (NaN, sorted last) is not a
 * timed sample: 1, 3, NaN gives the same.  A fixed side, and a case with
 * no timed sample, give the observed runtime. */
static void test_expected_edges(void **state)
{
	const double x[3] = {1, 3, NAN}, rt = 7;
	const size_t two[2] = {0, 2}, three[2] = {0, 3}, none[2] = {2, 3};
	struct noise_side s = one(x, two, RUN_MEDIAN, &rt);

	assert_true(noise_expected(&s, 0) == 2);
	s.off = three;
	assert_true(noise_expected(&s, 0) == 2);
	s.off = none;
	assert_true(noise_expected(&s, 0) == 7);
	s.off = NULL;
	assert_true(noise_expected(&s, 0) == 7);
}

/* Against brute force: every one of the m^m draws of m = 5 samples, for
 * the median and the min. */
static void test_expected_enumerated(void **state)
{
	const double x[5] = {0.5, 1.25, 2, 3.5, 9}, rt = 0;
	const size_t off[2] = {0, 5};
	const enum run_estimator est[2] = {RUN_MEDIAN, RUN_MIN};

	for (int e = 0; e < 2; e++) {
		struct noise_side s = one(x, off, est[e], &rt);
		double sum = 0;

		for (size_t code = 0; code < 3125; code++) {
			double d[5];
			size_t c = code;

			for (int j = 0; j < 5; j++, c /= 5)
				d[j] = x[c % 5];
			sum += run_estimators[est[e]].point(d, 5);
		}
		assert_true(fabs(noise_expected(&s, 0) - sum / 3125) < 1e-12);
	}
}

/* 1 / (sqrt(1 + 1/scale^2) - 1): sqrt(2) + 1 at scale 1; at scale
 * sqrt(3), 1 / (sqrt(4/3) - 1) = 6.4641. */
static void test_kink(void **state)
{
	assert_true(fabs(noise_kink(1) - (sqrt(2) + 1)) < 1e-12);
	assert_true(fabs(noise_kink(sqrt(3)) - 1 / (sqrt(4.0 / 3) - 1)) <
	            1e-12);
}

/* n cases of k lognormal samples on each side (sd 0.05; heavy: 10 % of
 * them with 5 times the spread). */
static double scale_with(size_t n, size_t k, enum run_estimator e, bool heavy,
                         double *x, size_t *off, double *rt)
{
	struct normal g = {77};
	struct noise_side side[2];

	for (size_t i = 0; i < 2 * n; i++) {
		for (size_t t = 0; t < k; t++) {
			double z = gauss(&g);

			if (heavy && uniform01(&g) < 0.1)
				z *= 5;
			x[i * k + t] = (1 + (double)(i % 7)) * exp(0.05 * z);
		}
		rt[i] = 1;
	}
	for (size_t i = 0; i <= n; i++)
		off[i] = i * k;
	for (int s = 0; s < 2; s++)
		side[s] = (struct noise_side){
		    .v = x + s * n * k, .off = off, .est = e, .runtime = rt};
	return noise_scale(side, n);
}

/* The scale on normal noise: for the mean at least the square root of
 * k / (k - 1) (the bootstrap's variance is (k - 1) / k of the true one,
 * and between its quartiles a resampled mean of 5 is narrower still than
 * a normal spread of that variance); for the median of 5 below 1 (a
 * resampled median of 5 reaches the extreme samples); 1 for too few
 * distinct residuals, and for pseudo-samples. */
static void test_scale(void **state)
{
	enum { N = 40, K = 5 };
	static double x[2 * N * K], rt[2 * N];
	static size_t off[N + 1];
	double mean = scale_with(N, K, RUN_MEAN, false, x, off, rt);
	double median = scale_with(N, K, RUN_MEDIAN, false, x, off, rt);
	struct noise_side side[2] = {
	    {.v = x, .off = off, .est = RUN_MEDIAN, .runtime = rt},
	    {.v = x, .off = off, .est = RUN_MEDIAN, .runtime = rt, .draws = 1}};

	print_message("scale: mean %g (sqrt(5/4) = %g), median %g\n", mean,
	              sqrt(1.25), median);
	assert_true(mean > sqrt(1.25) - 0.01 && mean < 1.25);
	assert_true(median > 0.8 && median < 1);
	/* Heavy tails: one case's quartiles alone would take the mean's
	 * below sqrt(k / (k - 1)) (1.05 for 5 samples), which its variance
	 * ratio is whatever the noise; the median's is measured on a sum. */
	assert_true(scale_with(N, K, RUN_MEAN, true, x, off, rt) ==
	            sqrt(5.0 / 4));
	assert_true(scale_with(N, 3, RUN_MEAN, true, x, off, rt) >=
	            sqrt(3.0 / 2));
	/* One case: 10 residuals, fewer than 4 * 5. */
	assert_true(scale_with(1, K, RUN_MEDIAN, false, x, off, rt) == 1);
	assert_true(noise_scale(side, N) == 1);
}

/* For the mean a bias of -0.5 (the measured price below the centre) is
 * doubted by 3 times itself below and 1.4 times above; one of +0.5 the
 * other way round; none, not at all.  The doubt away from the measured
 * price widens resamples of spread s by at most 1.65: for s = 0.3 it is
 * 0.3 sqrt(1.65^2 - 1) = 0.3 sqrt(1.7225), not 0.7; for s = 1 the
 * bias's 0.7 is below the ceiling's 1.312.  The mean removes 0.6 of the kink
 * formula's factor beyond 2.5 Monte Carlo errors, the median 0.4 beyond
 * 1.5, doubted 2 and 1.6 times with no ceiling; the min keeps the mean's
 * rule. */
static void test_doubt(void **state)
{
	const struct run_bias_rule *r = noise_bias_rule(RUN_MEAN);
	struct noise_fitting f = {1, 1, r->guard, r->doubt_measured,
	                          r->doubt_other, r->ceiling};
	struct interval d = noise_fit_doubt(&f, -0.5, 1);

	(void)state;
	assert_true(r->kink_share == 0.6 && r->guard == 2.5 &&
	            r->ceiling == 1.65);
	assert_true(d.lo == 1.5 && d.hi == 0.5 * 1.4);
	d = noise_fit_doubt(&f, 0.5, 1);
	assert_true(d.lo == 0.5 * 1.4 && d.hi == 1.5);
	d = noise_fit_doubt(&f, -0.5, 0.3);
	assert_true(d.lo == 1.5 && fabs(d.hi - 0.3 * sqrt(1.7225)) < 1e-15);
	assert_true(fabs(sqrt(1 + (d.hi / 0.3) * (d.hi / 0.3)) - 1.65) < 1e-15);
	d = noise_fit_doubt(&f, 0.5, 0.3);
	assert_true(fabs(d.lo - 0.3 * sqrt(1.7225)) < 1e-15 && d.hi == 1.5);
	d = noise_fit_doubt(&f, 0, 1);
	assert_true(d.lo == 0 && d.hi == 0);

	r = noise_bias_rule(RUN_MEDIAN);
	assert_true(r->kink_share == 0.4 && r->guard == 1.5 &&
	            r->doubt_measured == 2 && r->doubt_other == 1.6 &&
	            isinf(r->ceiling));
	f = (struct noise_fitting){1, 1, r->guard, r->doubt_measured,
	                           r->doubt_other, r->ceiling};
	d = noise_fit_doubt(&f, -0.5, 0.01);
	assert_true(d.lo == 1.0 && d.hi == 0.5 * 1.6);
	assert_memory_equal(noise_bias_rule(RUN_MIN), noise_bias_rule(RUN_MEAN),
	                    sizeof *r);
}

/* The resamples 0, 1, ..., 10 about c = 5: their 10 % and 90 % quantiles
 * are 1 and 9, so s = 8 / 2.563103.  A doubt of sqrt(3) s below widens
 * that side by sqrt(1 + 3) = 2 (0 goes to 5 - 2 * 5 = -5, 4 to 3); one of
 * 3/4 s above by sqrt(1 + 9/16) = 5/4 (9 goes to 10, 10 to 11.25); c
 * stays.  No doubt, or resamples of no spread, leave them as they are. */
static void test_widen(void **state)
{
	const double s = 8 / 2.563103;
	double z[11], scratch[11], flat[3] = {2, 2, 2};

	(void)state;
	for (int q = 0; q < 11; q++)
		z[q] = q;
	assert_true(fabs(noise_fit_spread(z, scratch, 11) - s) < 1e-15);
	noise_fit_widen(z, 11, 5, (struct interval){sqrt(3) * s, 0.75 * s}, s);
	assert_true(fabs(z[0] - -5) < 1e-12 && fabs(z[4] - 3) < 1e-12);
	assert_true(z[5] == 5);
	assert_true(fabs(z[9] - 10) < 1e-12 && fabs(z[10] - 11.25) < 1e-12);
	for (int q = 0; q < 11; q++)
		z[q] = q;
	noise_fit_widen(z, 11, 5, (struct interval){0, 0}, s);
	for (int q = 0; q < 11; q++)
		assert_true(z[q] == q);
	assert_true(noise_fit_spread(flat, scratch, 3) == 0);
	noise_fit_widen(flat, 3, 2, (struct interval){1, 1}, 0);
	assert_true(flat[0] == 2 && flat[1] == 2 && flat[2] == 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_expected_by_hand),
	    cmocka_unit_test(test_expected_edges),
	    cmocka_unit_test(test_expected_enumerated),
	    cmocka_unit_test(test_kink),
	    cmocka_unit_test(test_scale),
	    cmocka_unit_test(test_doubt),
	    cmocka_unit_test(test_widen),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
