/* test_resample.c: a resampled case drawn by its multiset or by its order
 * statistics (src/noise/resample.c, draws.c) has the distribution of k
 * draws with replacement: against the exact distribution, enumerated over
 * the multisets, for k <= 9, and against brute-force resampling by a
 * two-sample Kolmogorov-Smirnov test at many k, for the median, the min
 * and the mean, with and without pass states.  Every seed is fixed, so
 * each statistic is one fixed number; the bounds are those of a test at
 * the 0.1 % level. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/draws.h"
#include "noise/resample.h"
#include "noise/rng.h"

/* n copies of one case with samples x[0..m) (and pass states p, or
 * NULL), sorted as the bootstrap sorts them; resamples r = 0 .. R-1 of
 * every copy into out[0 .. n R) as runtime + 1000 * passed, so that one
 * number carries both. */
static void engine(const double *x, const unsigned char *p, size_t m, size_t k,
                   enum run_estimator e, size_t n, size_t R, double *out)
{
	double *v = malloc(n * m * sizeof *v), *obs = calloc(n, sizeof *obs);
	double *rt = malloc(n * sizeof *rt), *ps = malloc(n * sizeof *ps);
	unsigned char *pp = p ? malloc(n * m) : NULL;
	size_t *off = malloc((n + 1) * sizeof *off);
	struct noise_side in, s;
	struct resample_buf buf = {0};
	void *storage;

	for (size_t i = 0; i <= n; i++)
		off[i] = i * m;
	for (size_t i = 0; i < n; i++) {
		memcpy(v + i * m, x, m * sizeof *v);
		if (pp)
			memcpy(pp + i * m, p, m);
	}
	in = (struct noise_side){.v = v,
	                         .off = off,
	                         .pass = pp,
	                         .est = e,
	                         .draws = k == m ? 0 : k,
	                         .runtime = obs,
	                         .passed = obs};
	assert_int_equal(noise_sort_side(&in, n, &s, &storage), FP_OK);
	for (size_t r = 0; r < R; r++) {
		assert_int_equal(noise_side_resample(&s, n, 99, r, 1,
		                                     PASS_MAJORITY, &buf, rt,
		                                     ps),
		                 FP_OK);
		for (size_t i = 0; i < n; i++)
			out[r * n + i] = rt[i] + 1000 * ps[i];
	}
	free(storage);
	free(buf.x);
	free(buf.p);
	free(v);
	free(obs);
	free(rt);
	free(ps);
	free(pp);
	free(off);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The estimate of k draws d[0..k) from x (and the pass states p) as
 * engine() writes it, by sorting them. */
static double estimate(const double *x, const unsigned char *p, const size_t *d,
                       size_t k, enum run_estimator e)
{
	double *y = malloc(k * sizeof *y), v = 0;
	size_t pass = 0;

	for (size_t t = 0; t < k; t++) {
		y[t] = x[d[t]];
		pass += p ? p[d[t]] : 0;
	}
	qsort(y, k, sizeof *y, by_value);
	if (e == RUN_MEDIAN)
		v = k % 2 ? y[k / 2] : (y[k / 2 - 1] + y[k / 2]) / 2;
	else if (e == RUN_MIN)
		v = y[0];
	else {
		for (size_t t = 0; t < k; t++)
			v += y[t];
		v /= (double)k;
	}
	free(y);
	return v + (p ? 1000 * (2 * pass > k) : 0);
}

/* Brute force: N resamples of k draws each, by a generator of its own. */
static void brute(const double *x, const unsigned char *p, size_t m, size_t k,
                  enum run_estimator e, size_t N, double *out)
{
	size_t *d = malloc(k * sizeof *d);

	for (size_t r = 0; r < N; r++) {
		struct noise_stream st =
		    noise_stream(noise_key(12345, r, 0, 0), m);

		for (size_t t = 0; t < k; t++)
			d[t] = noise_next(&st);
		out[r] = estimate(x, p, d, k, e);
	}
	free(d);
}

/* The two-sample Kolmogorov-Smirnov distance of a[0..n) and b[0..n)
 * (sorted here). */
static double ks(double *a, double *b, size_t n)
{
	size_t i = 0, j = 0;
	double most = 0;

	qsort(a, n, sizeof *a, by_value);
	qsort(b, n, sizeof *b, by_value);
	while (i < n && j < n) {
		double v = a[i] < b[j] ? a[i] : b[j];

		while (i < n && a[i] == v)
			i++;
		while (j < n && b[j] == v)
			j++;
		if (fabs((double)i - (double)j) / (double)n > most)
			most = fabs((double)i - (double)j) / (double)n;
	}
	return most;
}

/* Samples 10 + i + noise, some failing when pass is asked for. */
static void samples(size_t m, uint64_t seed, double *x, unsigned char *p)
{
	for (size_t i = 0; i < m; i++) {
		x[i] = 10 + (double)(i % 7) +
		       noise_uniform(noise_key(seed, 0, i, 0), 0);
		if (p)
			p[i] = noise_mix(seed * 31 + i) % 3 != 0;
	}
}

/* The engine against brute force at one k: D below the 0.1 % level's
 * 1.95 sqrt(2 / N) (conservative when values repeat). */
static void against_brute(size_t m, size_t k, enum run_estimator e, bool pass)
{
	const size_t n = 100, R = 40, N = n * R;
	double *x = malloc(m * sizeof *x), *a = malloc(N * sizeof *a),
	       *b = malloc(N * sizeof *b), D;
	unsigned char *p = pass ? malloc(m) : NULL;

	samples(m, m * 7 + k, x, p);
	engine(x, p, m, k, e, n, R, a);
	brute(x, p, m, k, e, N, b);
	D = ks(a, b, N);
	print_message("m %zu k %zu %s%s: D %.4f (bound %.4f)\n", m, k,
	              e == RUN_MEDIAN ? "median"
	              : e == RUN_MIN  ? "min"
	                              : "mean",
	              pass ? " with pass states" : "", D,
	              1.95 * sqrt(2.0 / (double)N));
	assert_true(D < 1.95 * sqrt(2.0 / (double)N));
	free(x);
	free(a);
	free(b);
	free(p);
}

static void test_ks_median(void **state)
{
	const size_t ks_at[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,   10,  11,
	                        12, 15, 16, 31, 32, 33, 64, 65, 100, 257, 1000};

	for (size_t t = 0; t < sizeof ks_at / sizeof *ks_at; t++) {
		against_brute(ks_at[t], ks_at[t], RUN_MEDIAN, false);
		against_brute(ks_at[t], ks_at[t], RUN_MEDIAN, true);
	}
	/* Fewer or more draws than samples (a control's one draw of two). */
	against_brute(2, 1, RUN_MEDIAN, false);
	against_brute(40, 3, RUN_MEDIAN, true);
	against_brute(5, 40, RUN_MEDIAN, true);
}

static void test_ks_min_mean(void **state)
{
	const size_t ks_at[] = {1, 2, 3, 5, 8, 9, 20, 64, 65, 300};

	for (size_t t = 0; t < sizeof ks_at / sizeof *ks_at; t++)
		for (int pass = 0; pass < 2; pass++) {
			against_brute(ks_at[t], ks_at[t], RUN_MIN, pass);
			against_brute(ks_at[t], ks_at[t], RUN_MEAN, pass);
		}
}

/* The exact distribution of the estimate of k draws from m samples: every
 * multiset c with its odds k! / prod c_q! / m^k, into values v[] and
 * odds w[] (duplicates summed by the caller's sort); returns how many. */
static size_t exact(const double *x, const unsigned char *p, size_t m, size_t k,
                    enum run_estimator e, double *v, double *w)
{
	size_t c[16] = {0}, d[16], got = 0;

	c[m - 1] = k; /* the first multiset in the order below */
	for (;;) {
		double odds = 1;
		size_t t = 0, q;

		for (q = 0; q < m; q++)
			for (size_t u = 0; u < c[q]; u++) {
				d[t++] = q;
				odds *= (double)t / (double)(u + 1);
			}
		v[got] = estimate(x, p, d, k, e);
		w[got++] = odds / pow((double)m, (double)k);
		/* The next count vector: move one from the last nonzero
		 * count q > 0 to q - 1, the rest of it back to the end. */
		for (q = m; q-- > 1 && c[q] == 0;)
			;
		if (q == 0)
			return got;
		{
			size_t rest = c[q] - 1;

			c[q] = 0;
			c[q - 1]++;
			c[m - 1] += rest;
		}
	}
}

struct vw {
	double v, w;
};

static int by_v(const void *a, const void *b)
{
	return by_value(&((const struct vw *)a)->v, &((const struct vw *)b)->v);
}

/* Two estimates are the same value when they agree to 1e-9 (a mean is
 * summed in another order here). */
static bool same(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* The engine's estimates over many resamples against the exact odds: a
 * chi-square statistic over the distinct values (those of odds below
 * 5 / N pooled into one cell), below the 0.1 % level (Wilson and
 * Hilferty's approximation of its quantile). */
static void against_exact(size_t m, size_t k, enum run_estimator e, bool pass)
{
	const size_t n = 200, R = 100, N = n * R;
	size_t nv, cells = 0, j = 0;
	double *x = malloc(m * sizeof *x), *a = malloc(N * sizeof *a);
	double *v = malloc(50000 * sizeof *v), *w = malloc(50000 * sizeof *w);
	struct vw *vw = malloc(50000 * sizeof *vw);
	unsigned char *p = pass ? malloc(m) : NULL;
	double chi = 0, sum = 0, pw = 0, pc = 0, df, bound;

	samples(m, m * 11 + k, x, p);
	engine(x, p, m, k, e, n, R, a);
	nv = exact(x, p, m, k, e, v, w);
	for (size_t i = 0; i < nv; i++)
		vw[i] = (struct vw){v[i], w[i]};
	qsort(vw, nv, sizeof *vw, by_v);
	qsort(a, N, sizeof *a, by_value);
	for (size_t i = 0; i < nv;) {
		double val = vw[i].v, wi = 0, cnt = 0;

		for (; i < nv && same(vw[i].v, val); i++)
			wi += vw[i].w;
		for (; j < N && a[j] < val - 1e-9; j++)
			pc++; /* a value of no multiset: fails below */
		for (; j < N && same(a[j], val); j++)
			cnt++;
		sum += wi;
		if (wi * (double)N < 5) {
			pw += wi;
			pc += cnt;
			continue;
		}
		chi += (cnt - wi * (double)N) * (cnt - wi * (double)N) /
		       (wi * (double)N);
		cells++;
	}
	pc += (double)(N - j);
	if (pw > 0 || pc > 0) {
		chi += (pc - pw * (double)N) * (pc - pw * (double)N) /
		       (pw > 0 ? pw * (double)N : 1e-300);
		cells++;
	}
	assert_true(fabs(sum - 1) < 1e-12);
	df = cells > 1 ? (double)(cells - 1) : 1;
	bound = df * pow(1 - 2 / (9 * df) + 3.09 * sqrt(2 / (9 * df)), 3);
	print_message("exact m %zu k %zu: chi2 %.1f on %.0f df (bound %.1f)\n",
	              m, k, chi, df, bound);
	assert_true(chi < bound);
	free(x);
	free(a);
	free(v);
	free(w);
	free(vw);
	free(p);
}

static void test_exact(void **state)
{
	for (size_t k = 1; k <= 9; k++) {
		against_exact(k, k, RUN_MEDIAN, false);
		against_exact(k, k, RUN_MEDIAN, true);
		against_exact(k, k, RUN_MIN, k % 2);
		against_exact(k, k, RUN_MEAN, k % 2 == 0);
	}
	against_exact(2, 1, RUN_MEAN, false);
	against_exact(9, 4, RUN_MEDIAN, true);
}

/* The multiset tables' odds are the multinomial ones: k = m = 5 has 126
 * multisets, and the table drawn over a fine grid of words gives each its
 * odds. */
static void test_tables(void **state)
{
	struct noise_multisets t;
	size_t hits = 0, mixed = 0;

	assert_true(noise_multisets(5, 5, &t));
	assert_int_equal(t.size, 126);
	assert_false(noise_multisets(9, 5, &t));
	assert_true(noise_multisets(3, 2, &t));
	/* k = 2 of 3: {0,0} and the like 1/9 each, {0,1} 2/9 each. */
	for (uint64_t g = 0; g < 90000; g++) {
		const unsigned char *d = noise_multiset_draw(
		    &t, (uint64_t)(((unsigned __int128)g << 64) / 90000));

		assert_true(d[0] <= d[1] && d[1] < 3);
		hits += d[0] == 0 && d[1] == 0;
		mixed += d[0] == 0 && d[1] == 1;
	}
	assert_true(fabs((double)hits / 90000 - 1.0 / 9) < 1e-4);
	assert_true(fabs((double)mixed / 90000 - 2.0 / 9) < 1e-4);
}

/* A rank table draws what its multiset table draws, read at the ranks:
 * every m, k and pair of ranks, over words that hit every column on
 * either side of its keep; out of range, NULL. */
static void test_rank_tables(void **state)
{
	for (size_t m = 1; m <= NOISE_MULTISET_MAX; m++)
		for (size_t k = 1; k <= NOISE_MULTISET_MAX; k++)
			for (size_t r0 = 1; r0 <= k; r0++)
				for (size_t r1 = r0; r1 <= k && r1 <= r0 + 1;
				     r1++) {
					const struct noise_rank_col *rk =
					    noise_rank_table(m, k, r0, r1);
					struct noise_multisets t;

					assert_non_null(rk);
					assert_true(noise_multisets(m, k, &t));
					for (uint64_t g = 0; g < 4 * t.size;
					     g++) {
						uint64_t w =
						    (uint64_t)(((unsigned __int128)g
						                << 64) /
						               (4 * t.size)) +
						    g * 0x9e3779b9u;
						const unsigned char *d =
						    noise_multiset_draw(&t, w);
						unsigned j = noise_rank_draw(
						    rk, t.size, w);

						assert_int_equal(j & 0xff,
						                 d[r0 - 1]);
						assert_int_equal(j >> 8,
						                 d[r1 - 1]);
					}
					/* Made once: the same table again. */
					assert_ptr_equal(
					    rk, noise_rank_table(m, k, r0, r1));
				}
	assert_null(noise_rank_table(9, 5, 3, 3));
	assert_null(noise_rank_table(5, 5, 6, 6));
	assert_null(noise_rank_table(5, 5, 0, 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_tables),
	    cmocka_unit_test(test_rank_tables),
	    cmocka_unit_test(test_exact),
	    cmocka_unit_test(test_ks_median),
	    cmocka_unit_test(test_ks_min_mean),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
