/* draws.c: uniforms, Beta and binomial numbers, and the multiset tables
 * (draws.h). */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "noise/draws.h"
#include "noise/rng.h"

double noise_u01(struct noise_ustream *s)
{
	uint64_t w = noise_mix(s->key + ++s->c * NOISE_GOLDEN);

	return ((double)(w >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

static double normal(struct noise_ustream *s)
{
	double u, v, r;

	if (s->have_spare) {
		s->have_spare = false;
		return s->spare;
	}
	u = noise_u01(s);
	v = noise_u01(s);
	r = sqrt(-2 * log(u));
	s->spare = r * sin(6.283185307179586 * v);
	s->have_spare = true;
	return r * cos(6.283185307179586 * v);
}

/* Gamma(a) for a >= 1: Marsaglia and Tsang, "A simple method for
 * generating gamma variables" (2000), an exact rejection method that
 * accepts more than 95 % of its tries. */
static double gamma1(struct noise_ustream *s, double a)
{
	double d = a - 1.0 / 3, c = 1 / sqrt(9 * d);

	for (;;) {
		double x, v, u;

		do {
			x = normal(s);
			v = 1 + c * x;
		} while (v <= 0);
		v = v * v * v;
		u = noise_u01(s);
		if (u < 1 - 0.0331 * (x * x) * (x * x) ||
		    log(u) < 0.5 * x * x + d * (1 - v + log(v)))
			return d * v;
	}
}

double noise_beta(struct noise_ustream *s, size_t a, size_t b)
{
	double x, y;

	/* The smallest of b uniforms and the largest of a. */
	if (a == 1)
		return -expm1(log(noise_u01(s)) / (double)b);
	if (b == 1)
		return exp(log(noise_u01(s)) / (double)a);
	x = gamma1(s, (double)a);
	y = gamma1(s, (double)b);
	return x / (x + y);
}

size_t noise_binomial(struct noise_ustream *s, size_t n, double p)
{
	size_t got = 0;

	/* Of n uniforms, the a-th smallest x splits them: below x are a - 1
	 * uniforms on [0, x), above it n - a on (x, 1). */
	while (n > 16 && p > 0 && p < 1) {
		size_t a = n / 2 + 1;
		double x = noise_beta(s, a, n + 1 - a);

		if (x >= p) {
			n = a - 1;
			p = p / x;
		} else {
			got += a;
			n -= a;
			p = (p - x) / (1 - x);
		}
	}
	if (p <= 0)
		return got;
	if (p >= 1)
		return got + n;
	for (size_t t = 0; t < n; t++)
		got += noise_u01(s) < p;
	return got;
}

/* ---- the multiset tables ---- */

#define MM NOISE_MULTISET_MAX

static struct noise_multiset_col *cols;
static unsigned char (*sets)[MM];
static size_t start[MM + 1][MM + 1], size[MM + 1][MM + 1];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static size_t choose(size_t n, size_t k)
{
	size_t r = 1;

	for (size_t i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

static double factorial(size_t n)
{
	double f = 1;

	for (size_t i = 2; i <= n; i++)
		f *= (double)i;
	return f;
}

/* Lists the multisets of `left` more draws from samples q .. m - 1 after
 * the draws d[0..t) chosen so far, the fewest of sample q first, into
 * e[] with their odds times m^k / k! * c_0! ... c_{q-1}! = num in p[];
 * returns how many. */
static size_t list(size_t m, size_t q, size_t left, unsigned char *d, size_t t,
                   double num, unsigned char (*e)[MM], double *p)
{
	size_t got = 0;

	if (q + 1 == m) {
		for (size_t u = 0; u < left; u++)
			d[t + u] = (unsigned char)q;
		memcpy(e[0], d, MM);
		p[0] = num / factorial(left);
		return 1;
	}
	for (size_t c = 0; c <= left; c++) {
		for (size_t u = 0; u < c; u++)
			d[t + u] = (unsigned char)q;
		got += list(m, q + 1, left - c, d, t + c, num / factorial(c),
		            e + got, p + got);
	}
	return got;
}

/* Vose's alias method over p[0..n) (scaled in place). */
static void alias(struct noise_multiset_col *e, double *p, size_t n,
                  size_t *work)
{
	size_t *small = work, *large = work + n, ns = 0, nl = 0;

	for (size_t i = 0; i < n; i++) {
		p[i] *= (double)n;
		e[i].self = (uint32_t)i;
		if (p[i] < 1)
			small[ns++] = i;
		else
			large[nl++] = i;
	}
	while (ns > 0 && nl > 0) {
		size_t l = small[--ns], g = large[nl - 1];

		e[l].keep = p[l] > 0 ? (uint64_t)ldexp(p[l], 64) : 0;
		e[l].alias = (uint32_t)g;
		p[g] = (p[g] + p[l]) - 1;
		if (p[g] < 1) {
			nl--;
			small[ns++] = g;
		}
	}
	while (nl > 0)
		small[ns++] = large[--nl];
	while (ns > 0) {
		size_t i = small[--ns];

		e[i].keep = UINT64_MAX;
		e[i].alias = (uint32_t)i;
	}
}

static void build(void)
{
	size_t total = 0, most = 1;
	double *p;
	size_t *work;
	unsigned char d[MM] = {0};

	for (size_t m = 1; m <= MM; m++)
		for (size_t k = 1; k <= MM; k++) {
			size[m][k] = choose(m + k - 1, k);
			start[m][k] = total;
			total += size[m][k];
			most = size[m][k] > most ? size[m][k] : most;
		}
	cols = malloc(total * sizeof *cols);
	sets = calloc(total, sizeof *sets);
	p = malloc(most * sizeof *p);
	work = malloc(2 * most * sizeof *work);
	if (cols && sets && p && work)
		for (size_t m = 1; m <= MM; m++)
			for (size_t k = 1; k <= MM; k++) {
				size_t at = start[m][k];

				list(m, 0, k, d, 0,
				     factorial(k) / pow((double)m, (double)k),
				     sets + at, p);
				alias(cols + at, p, size[m][k], work);
			}
	if (!cols || !sets || !p || !work) {
		free(cols);
		free(sets);
		cols = NULL;
		sets = NULL;
	}
	free(p);
	free(work);
}

bool noise_multisets(size_t m, size_t k, struct noise_multisets *out)
{
	if (m < 1 || m > MM || k < 1 || k > MM ||
	    pthread_once(&once, build) != 0 || !cols)
		return false;
	out->col = cols + start[m][k];
	out->draws = (const unsigned char(*)[MM])(sets + start[m][k]);
	out->size = size[m][k];
	return true;
}

/* ---- the rank tables ---- */

static _Atomic(struct noise_rank_col *) ranked[MM + 1][MM + 1][MM + 1][MM + 1];
static pthread_mutex_t ranked_lock = PTHREAD_MUTEX_INITIALIZER;

static struct noise_rank_col *rank_build(size_t m, size_t k, size_t r0,
                                         size_t r1)
{
	struct noise_multisets t;
	struct noise_rank_col *e;

	if (!noise_multisets(m, k, &t) || !(e = malloc(t.size * sizeof *e)))
		return NULL;
	for (size_t c = 0; c < t.size; c++) {
		const unsigned char *a = t.draws[t.col[c].self],
		                    *b = t.draws[t.col[c].alias];

		e[c] = (struct noise_rank_col){
		    .keep = t.col[c].keep,
		    .self = (uint16_t)(a[r0 - 1] | a[r1 - 1] << 8),
		    .alias = (uint16_t)(b[r0 - 1] | b[r1 - 1] << 8)};
	}
	return e;
}

const struct noise_rank_col *noise_rank_table(size_t m, size_t k, size_t r0,
                                              size_t r1)
{
	struct noise_rank_col *e;

	if (m < 1 || m > MM || k < 1 || k > MM || r0 < 1 || r0 > k || r1 < 1 ||
	    r1 > k)
		return NULL;
	e = atomic_load_explicit(&ranked[m][k][r0][r1], memory_order_acquire);
	if (e)
		return e;
	/* Made once: a second thread asking meanwhile waits for it. */
	pthread_mutex_lock(&ranked_lock);
	e = atomic_load_explicit(&ranked[m][k][r0][r1], memory_order_relaxed);
	if (!e && (e = rank_build(m, k, r0, r1)))
		atomic_store_explicit(&ranked[m][k][r0][r1], e,
		                      memory_order_release);
	pthread_mutex_unlock(&ranked_lock);
	return e;
}
