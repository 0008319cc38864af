/* resample.c: one resample of one side, and the sides of joined runs
 * (bootstrap.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "noise/resample.h"
#include "noise/rng.h"
#include "run/estimate.h"

int noise_sides(const struct joined *runs, enum pass_policy policy,
                struct noise_side side[2], struct diag *d)
{
	const struct run *r[2] = {runs->before, runs->after};

	(void)policy;
	for (int s = 0; s < 2; s++) {
		const struct column *rt = run_numeric(r[s], "runtime", d);
		const struct column *ps =
		    rt ? run_numeric(r[s], "passed", d) : NULL;
		enum run_estimator e = RUN_MEDIAN;

		if (!ps)
			return FP_ERR;
		if (r[s]->estimator)
			run_estimator_parse(r[s]->estimator, &e);
		side[s] = (struct noise_side){
		    .v = r[s]->samples,
		    .off = r[s]->sample_off,
		    .pass = r[s]->sample_pass,
		    .est = e,
		    .runtime = rt->v,
		    .passed = ps->v,
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

/* a goes after b: ascending, a NaN (a repetition that failed without a
 * time) after every runtime. */
static bool after(double a, double b)
{
	return isnan(b) ? false : isnan(a) || a > b;
}

/* Sorts one case's samples x[0..n) ascending, NaN last, carrying p[0..n)
 * (may be NULL) along: insertion, stable, for the few samples a case
 * has. */
static void sort_case(double *x, unsigned char *p, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		double v = x[i];
		unsigned char pv = p ? p[i] : 0;
		size_t j = i;

		while (j > 0 && after(x[j - 1], v)) {
			x[j] = x[j - 1];
			if (p)
				p[j] = p[j - 1];
			j--;
		}
		x[j] = v;
		if (p)
			p[j] = pv;
	}
}

int noise_sort_side(const struct noise_side *in, size_t n,
                    struct noise_side *out, void **storage)
{
	size_t total;
	double *x;
	unsigned char *p = NULL;

	*out = *in;
	*storage = NULL;
	if (!in->off)
		return FP_OK;
	total = in->off[n];
	x = malloc((total ? total : 1) * (sizeof *x + 1));
	if (!x)
		return FP_ERR;
	memcpy(x, in->v, total * sizeof *x);
	if (in->pass) {
		p = (unsigned char *)(x + total);
		memcpy(p, in->pass, total);
	}
	for (size_t i = 0; i < n; i++) {
		size_t off = in->off[i], cnt = in->off[i + 1] - off;

		/* Only the counted path needs the order. */
		if (cnt <= RESAMPLE_COUNTED)
			sort_case(x + off, p ? p + off : NULL, cnt);
	}
	out->v = x;
	out->pass = p;
	out->sorted = true;
	*storage = x;
	return FP_OK;
}

static inline double min2(double a, double b)
{
	return a < b ? a : b;
}

static inline double max2(double a, double b)
{
	return a < b ? b : a;
}

static inline double med3(double a, double b, double c)
{
	return max2(min2(a, b), min2(max2(a, b), c));
}

/* The median of five draws without a branch (min and max only): the
 * middle of e, the larger of the two pairs' minima and the smaller of
 * their maxima.  Five samples per case is the common case, and a branch
 * per draw would be mispredicted half the time. */
static double median5(uint64_t key, const double *x, size_t cnt)
{
	struct noise_stream st = noise_stream(key, cnt);
	double a = x[noise_next(&st)], b = x[noise_next(&st)];
	double c = x[noise_next(&st)], d = x[noise_next(&st)];
	double e = x[noise_next(&st)];

	return med3(e, max2(min2(a, b), min2(c, d)),
	            min2(max2(a, b), max2(c, d)));
}

/* One case of a sorted side with few samples: the draws are counted per
 * sample instead of gathered and sorted, and the estimator and the pass
 * state read off the counts (run_estimators[].counted). */
static void counted(const struct noise_side *s, size_t off, size_t cnt,
                    size_t k, uint64_t key, enum pass_policy policy,
                    double *runtime, double *passed)
{
	unsigned char c[RESAMPLE_COUNTED];
	const double *x = s->v + off;
	size_t pass = 0;
	struct noise_stream st = noise_stream(key, cnt);

	memset(c, 0, cnt);
	for (size_t t = 0; t < k; t++)
		c[noise_next(&st)]++;
	if (s->pass) {
		for (size_t q = 0; q < cnt; q++)
			pass += s->pass[off + q] ? c[q] : 0;
		*passed = run_pass_of_count(pass, k, policy);
	}
	/* The NaN samples sort last: the estimator reads the timed ones
	 * (none drawn: the observed runtime, which pricing reads with the
	 * observed has_runtime). */
	while (cnt > 0 && isnan(x[cnt - 1]))
		k -= c[--cnt];
	if (k)
		*runtime = run_estimators[s->est].counted(x, c, cnt, k);
}

/* The estimator over the draws x[0..k) that have a runtime (NaN: a
 * repetition that failed without a time); none: the observed runtime
 * `none`, which pricing reads with the observed has_runtime. */
static double timed_point(enum run_estimator e, double *x, size_t k,
                          double none)
{
	size_t m = 0;

	for (size_t t = 0; t < k; t++)
		if (!isnan(x[t]))
			x[m++] = x[t];
	return m ? run_estimators[e].point(x, m) : none;
}

int noise_side_resample(const struct noise_side *s, size_t n, uint64_t seed,
                        size_t r, unsigned side, enum pass_policy policy,
                        struct resample_buf *buf, double *runtime,
                        double *passed)
{
	uint64_t rkey = noise_resample_key(seed, r, side);

	for (size_t i = 0; i < n; i++) {
		size_t off = s->off[i], cnt = s->off[i + 1] - off;
		size_t k = s->draws ? s->draws : cnt;
		uint64_t key;

		if (cnt == 0) {
			runtime[i] = s->runtime[i];
			passed[i] = s->passed[i];
			continue;
		}
		if (k == 5 && s->est == RUN_MEDIAN && !s->pass) {
			runtime[i] =
			    median5(noise_case_key(rkey, i), s->v + off, cnt);
			passed[i] = s->passed[i];
			continue;
		}
		if (s->sorted && cnt <= RESAMPLE_COUNTED && k < 256) {
			runtime[i] = s->runtime[i];
			counted(s, off, cnt, k, noise_case_key(rkey, i), policy,
			        &runtime[i], &passed[i]);
			if (!s->pass)
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
		key = noise_case_key(rkey, i);
		if (s->pass) {
			/* Pass states travel with their runtimes. */
			struct noise_stream st = noise_stream(key, cnt);

			for (size_t t = 0; t < k; t++) {
				size_t j = off + noise_next(&st);

				buf->x[t] = s->v[j];
				buf->p[t] = s->pass[j];
			}
			passed[i] = run_pass(buf->p, k, policy);
		} else {
			noise_gather(key, k, s->v + off, cnt, buf->x);
			passed[i] = s->passed[i];
		}
		runtime[i] = timed_point(s->est, buf->x, k, s->runtime[i]);
	}
	return FP_OK;
}
