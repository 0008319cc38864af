/* resample.c: one resample of one side, and the sides of joined runs
 * (bootstrap.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "noise/resample.h"
#include "noise/rng.h"

static const char *const policy_names[] = {"all", "majority", "any"};

bool noise_policy_parse(const char *s, enum pass_policy *out)
{
	for (int p = PASS_ALL; p <= PASS_ANY; p++)
		if (strcmp(s, policy_names[p]) == 0) {
			*out = (enum pass_policy)p;
			return true;
		}
	return false;
}

const char *noise_policy_name(enum pass_policy p)
{
	return policy_names[p];
}

double noise_pass(const unsigned char *pass, size_t n, enum pass_policy p)
{
	size_t passed = 0;

	for (size_t k = 0; k < n; k++)
		passed += pass[k] != 0;
	switch (p) {
	case PASS_ANY:
		return passed > 0;
	case PASS_MAJORITY:
		return 2 * passed > n;
	default:
		return n > 0 && passed == n;
	}
}

int noise_sides(const struct joined *runs, enum pass_policy policy,
                struct noise_side side[2], struct diag *d)
{
	const struct run *r[2] = {runs->before, runs->after};

	(void)policy;
	for (int s = 0; s < 2; s++) {
		const struct column *rt = run_numeric(r[s], "runtime", d);
		const struct column *ps = rt ? run_numeric(r[s], "passed", d) :
		                          NULL;
		enum run_estimator e = RUN_MEDIAN;

		if (!ps)
			return FP_ERR;
		if (r[s]->estimator)
			run_estimator_parse(r[s]->estimator, &e);
		side[s] = (struct noise_side){
			.v = r[s]->samples, .off = r[s]->sample_off,
			.pass = r[s]->sample_pass, .est = e,
			.runtime = rt->v, .passed = ps->v,
		};
	}
	return FP_OK;
}

int noise_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

size_t noise_top(const double *x, size_t n, size_t k, size_t *idx)
{
	size_t got = 0;

	if (k == 0)
		return 0;
	/* k is a handful: an insertion into a short list per case. */
	for (size_t i = 0; i < n; i++) {
		size_t j;

		if (!(x[i] > 0) || (got == k && x[i] <= x[idx[got - 1]]))
			continue;
		j = got < k ? got++ : got - 1;
		while (j > 0 && x[idx[j - 1]] < x[i]) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = i;
	}
	return got;
}

/* Sorts x[0..n): insertion for the few samples a case usually has. */
static void sort_small(double *x, size_t n)
{
	if (n > 32) {
		qsort(x, n, sizeof *x, noise_cmp_double);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		double v = x[i];
		size_t j = i;

		while (j > 0 && x[j - 1] > v) {
			x[j] = x[j - 1];
			j--;
		}
		x[j] = v;
	}
}

/* The estimator over x[0..n), n > 0 (run_estimate's definitions); x is
 * reordered. */
static double estimate(double *x, size_t n, enum run_estimator e)
{
	double v = x[0];

	switch (e) {
	case RUN_MEAN:
		for (size_t k = 1; k < n; k++)
			v += x[k];
		return v / (double)n;
	case RUN_MIN:
		for (size_t k = 1; k < n; k++)
			if (x[k] < v)
				v = x[k];
		return v;
	default:
		sort_small(x, n);
		return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
	}
}

int noise_side_resample(const struct noise_side *s, size_t n, uint64_t seed,
                        size_t r, unsigned side, enum pass_policy policy,
                        struct resample_buf *buf, double *runtime,
                        double *passed)
{
	for (size_t i = 0; i < n; i++) {
		size_t off = s->off[i], cnt = s->off[i + 1] - off;
		size_t k = s->draws ? s->draws : cnt;
		uint64_t key;

		if (cnt == 0) {
			runtime[i] = s->runtime[i];
			passed[i] = s->passed[i];
			continue;
		}
		if (k > buf->cap) {
			size_t cap = k * 2;
			double *x = realloc(buf->x, cap * sizeof *x);
			unsigned char *p = x ? realloc(buf->p, cap) : NULL;

			if (x)
				buf->x = x;
			if (!p)
				return FP_ERR;
			buf->p = p;
			buf->cap = cap;
		}
		key = noise_key(seed, r, i, side);
		for (size_t t = 0; t < k; t++) {
			size_t j = off + noise_draw(key, t, cnt);

			buf->x[t] = s->v[j];
			if (s->pass)
				buf->p[t] = s->pass[j];
		}
		passed[i] = s->pass ? noise_pass(buf->p, k, policy) : s->passed[i];
		runtime[i] = estimate(buf->x, k, s->est);
	}
	return FP_OK;
}
