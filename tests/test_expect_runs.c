/* test_expect_runs.c: the expected resampled estimate of a case of several
 * runs, worked out (expect_runs.h), against values worked out by hand and
 * against brute-force resampling by the test's own generator. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "noise/expect_runs.h"
#include "run/estimate.h"

#define MAXV 256

/* A case of nr runs, run j with m[j] samples, one after another in v. */
struct one_case {
	struct noise_side s;
	size_t run_off[17];
	double v[MAXV];
};

static void make(struct one_case *c, enum run_estimator e, size_t nr,
                 const size_t *m, const double *v)
{
	size_t at = 0;

	c->run_off[0] = 0;
	for (size_t j = 0; j < nr; j++) {
		for (size_t q = 0; q < m[j]; q++, at++)
			c->v[at] = v[at];
		c->run_off[j + 1] = at;
	}
	c->s = (struct noise_side){.v = c->v,
	                           .off = c->run_off,
	                           .est = e,
	                           .nruns = nr,
	                           .run_off = c->run_off};
}

static double exact(enum run_estimator e, size_t nr, const size_t *m,
                    const double *v)
{
	struct one_case c;
	double x = NAN;

	make(&c, e, nr, m, v);
	assert_true(noise_runs_exact(&c.s, 0, &x));
	return x;
}

/* Median over 3 runs of one sample each, 1, 2 and 4: the median of 3
 * draws from {1, 2, 4} is 1 when two or three draws are 1 (7/27), at most
 * 2 when two or three are at most 2 (20/27): E = (7 + 2 * 13 + 4 * 7) / 27
 * = 61/27. */
static void test_single_samples(void **state)
{
	size_t m[] = {1, 1, 1};
	double v[] = {1, 2, 4};

	(void)state;
	assert_true(fabs(exact(RUN_MEDIAN, 3, m, v) - 61.0 / 27) < 1e-15);
}

/* Runs of {0, 0, 0, 8}: the median of 4 draws (the mean of ranks 2 and
 * 3) is 0 with N <= 1 eights, 4 with N = 2, 8 with N >= 3, N ~
 * Binomial(4, 1/4): 189/256, 54/256, 13/256.  Two runs: the mean of two
 * draws, E = (4 * 54 + 8 * 13) / 256 = 1.25.  Three runs: with a = 189/256
 * and b = 243/256, P(median <= 0) = 3 a^2 (1 - a) + a^3, P(<= 4) likewise
 * with b, E = 4 (P(<= 4) - P(<= 0)) + 8 (1 - P(<= 4)) = 92857/131072. */
static void test_even_ranks(void **state)
{
	size_t m[] = {4, 4, 4};
	double v[] = {0, 0, 8, 0, 8, 0, 0, 0, 0, 0, 0, 8};

	(void)state;
	assert_true(fabs(exact(RUN_MEDIAN, 2, m, v) - 1.25) < 1e-14);
	assert_true(fabs(exact(RUN_MEDIAN, 3, m, v) - 92857.0 / 131072) <
	            1e-14);
}

/* Min over runs {2, 6} and {4}: run 1's min of two draws is 2 (3/4) or 6
 * (1/4), run 2's 4; the mixture is 2 (3/8), 4 (1/2), 6 (1/8), and the
 * least of two draws from it exceeds 2 with (5/8)^2 and 4 with (1/8)^2:
 * E = 2 (39/64) + 4 (24/64) + 6 (1/64) = 180/64. */
static void test_min(void **state)
{
	size_t m[] = {2, 1};
	double v[] = {6, 2, 4};

	(void)state;
	assert_true(fabs(exact(RUN_MIN, 2, m, v) - 180.0 / 64) < 1e-15);
}

/* The mean of means: (2 + 10) / 2. */
static void test_mean(void **state)
{
	size_t m[] = {3, 1};
	double v[] = {1, 2, 3, 10};

	(void)state;
	assert_true(fabs(exact(RUN_MEAN, 2, m, v) - 6) < 1e-15);
}

/* Not worked out: a repetition without a time, a run without samples,
 * more than NOISE_EXACT_MAX samples in a run. */
static void test_declines(void **state)
{
	struct one_case c;
	size_t m[] = {2, 2}, e0[] = {2, 0}, big[] = {NOISE_EXACT_MAX + 1, 1};
	double v[MAXV] = {1, NAN, 2, 3}, x = 7;

	(void)state;
	make(&c, RUN_MEDIAN, 2, m, v);
	assert_false(noise_runs_exact(&c.s, 0, &x));
	v[1] = 2;
	make(&c, RUN_MEDIAN, 2, e0, v);
	assert_false(noise_runs_exact(&c.s, 0, &x));
	make(&c, RUN_MEDIAN, 2, big, v);
	assert_false(noise_runs_exact(&c.s, 0, &x));
	assert_true(x == 7);
	/* At the bound, worked out: 2 runs of 32 equal samples, 1 and 3,
	 * give medians 1 and 3, and the median of two draws is their mean,
	 * 2 (1056 atoms: off the stack). */
	big[0] = NOISE_EXACT_MAX;
	big[1] = NOISE_EXACT_MAX;
	for (size_t q = 0; q < 2 * NOISE_EXACT_MAX; q++)
		v[q] = q < NOISE_EXACT_MAX ? 1 : 3;
	make(&c, RUN_MEDIAN, 2, big, v);
	assert_true(noise_runs_exact(&c.s, 0, &x));
	assert_true(fabs(x - 2) < 1e-12);
}

static uint64_t next(uint64_t *st)
{
	uint64_t z = (*st += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static size_t below(uint64_t *st, size_t n)
{
	return (size_t)((next(st) >> 11) * (double)n / 9007199254740992.0);
}

/* The brute force: runs drawn with replacement, each drawn run's samples
 * drawn again, the estimator over each and over the runs'; the mean over
 * T trials and its standard error. */
static void brute(enum run_estimator e, size_t nr, const size_t *m,
                  const double *v, size_t T, uint64_t seed, double *mean,
                  double *se)
{
	const struct run_estimator_def *d = &run_estimators[e];
	size_t off[17] = {0};
	double sum = 0, ss = 0, est[16], x[64];

	for (size_t j = 0; j < nr; j++)
		off[j + 1] = off[j] + m[j];
	for (size_t t = 0; t < T; t++) {
		double y;

		for (size_t j = 0; j < nr; j++) {
			size_t run = below(&seed, nr);

			for (size_t q = 0; q < m[run]; q++)
				x[q] = v[off[run] + below(&seed, m[run])];
			est[j] = d->point(x, m[run]);
		}
		y = d->point(est, nr);
		sum += y;
		ss += y * y;
	}
	*mean = sum / (double)T;
	*se = sqrt((ss / (double)T - *mean * *mean) / (double)T);
}

/* A battery: 2 to 6 runs of 1 to 12 samples (odd and even counts), of
 * three shapes, each estimator; the exact value within 4.5 standard
 * errors of 20,000 brute-force resamples (a miss by chance: 7 in a
 * million per check), and all of them together as a chi-square. */
static void test_against_brute_force(void **state)
{
	uint64_t st = 42;
	double chi = 0;
	size_t checks = 0, T = 20000;

	(void)state;
	for (int e = 0; e < 3; e++)
		for (size_t trial = 0; trial < 12; trial++) {
			size_t nr = 2 + trial % 5, m[16], at = 0;
			double v[MAXV], mean, se, z, ex;

			for (size_t j = 0; j < nr; j++) {
				m[j] = 1 + below(&st, 12);
				for (size_t q = 0; q < m[j]; q++, at++) {
					double u =
					    (double)below(&st, 1000) / 1000;
					/* uniform, heavy-tailed, tied */
					v[at] = trial % 3 == 0 ? u
					        : trial % 3 == 1
					            ? 1 / (0.02 + u)
					            : floor(4 * u);
				}
			}
			ex = exact((enum run_estimator)e, nr, m, v);
			brute((enum run_estimator)e, nr, m, v, T, 1000 + trial,
			      &mean, &se);
			z = se > 0 ? (ex - mean) / se : 0;
			/* Every trial alike: the rest has odds the trials
			 * may not show (under 3 / T, 95 %), at most 4 apart
			 * (tied values are 0 to 3). */
			if (se == 0)
				assert_true(fabs(ex - mean) < 4 * 3.0 / T);
			print_message("%s, %zu runs: exact %.6f, brute force "
			              "%.6f +- %.6f (z %.2f)\n",
			              run_estimators[e].name, nr, ex, mean, se,
			              z);
			assert_true(fabs(z) < 4.5);
			chi += z * z;
			checks++;
		}
	/* 36 checks: chi-square's 99.9 % point at 36 degrees is 67.99. */
	assert_true(chi < 67.99);
	print_message("chi-square %.2f over %zu checks\n", chi, checks);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_single_samples),
	    cmocka_unit_test(test_even_ranks),
	    cmocka_unit_test(test_min),
	    cmocka_unit_test(test_mean),
	    cmocka_unit_test(test_declines),
	    cmocka_unit_test(test_against_brute_force),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
