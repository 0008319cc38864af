/* sort_side.c: the sides of joined runs, and their copies sorted for
 * resampling, each case's quick path marked (resample.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/draws.h"
#include "noise/resample.h"
#include "run/estimate.h"
#include "run/merge.h"

int noise_sides(const struct joined *runs, enum pass_policy policy,
                struct noise_side side[2], struct diag *d)
{
	const struct run *r[2] = {runs->before, runs->after};

	for (int s = 0; s < 2; s++) {
		const struct column *rt = run_numeric(r[s], "runtime", d);
		/* A metric with a gate (price/gate.h) needs no pass states
		 * of the runs: pricing derives them in every resample, so
		 * the runtimes stand in here, never read as pass states. */
		bool gated = rt && !run_find(r[s], "passed");
		const struct column *ps =
		    rt ? (gated ? rt : run_numeric(r[s], "passed", d)) : NULL;
		enum run_estimator e = run_estimator_of(r[s]);

		if (!ps)
			return FP_ERR;
		side[s] = (struct noise_side){
		    .v = r[s]->samples,
		    .off = r[s]->sample_off,
		    .pass = r[s]->sample_pass,
		    .est = e,
		    .runtime = rt->v,
		    .passed = ps->v,
		    .nruns = r[s]->run_off ? r[s]->nruns : 0,
		    .run_off = r[s]->run_off,
		    .paired = r[0]->rounds && r[1]->rounds,
		};
	}
	return FP_OK;
}

int noise_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

struct pair {
	double v;
	unsigned char p;
};

/* a goes after b: ascending, a NaN (a repetition that failed without a
 * time) after every runtime. */
static bool after(double a, double b)
{
	return isnan(b) ? false : isnan(a) || a > b;
}

static int by_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	if (after(x->v, y->v) || after(y->v, x->v))
		return after(x->v, y->v) ? 1 : -1;
	return (x->p > y->p) - (x->p < y->p);
}

/* Sorts one case's samples x[0..n) ascending, NaN last, carrying p[0..n)
 * (may be NULL) along: insertion, stable, for the few samples a case
 * usually has; by qsort on (runtime, pass state) through tmp (room for n)
 * for more. */
static void sort_case(double *x, unsigned char *p, size_t n, struct pair *tmp)
{
	if (n > 32) {
		for (size_t i = 0; i < n; i++)
			tmp[i] = (struct pair){x[i], p ? p[i] : 0};
		qsort(tmp, n, sizeof *tmp, by_pair);
		for (size_t i = 0; i < n; i++) {
			x[i] = tmp[i].v;
			if (p)
				p[i] = tmp[i].p;
		}
		return;
	}
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

/* The running counts of passing samples within each of the n ranges
 * off[i] .. off[i + 1] (cases, or the runs of cases). */
static void count_passes(const size_t *off, const unsigned char *pass, size_t n,
                         uint32_t *below)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t acc = 0;

		for (size_t q = off[i]; q < off[i + 1]; q++) {
			below[q] = acc;
			acc += pass[q] != 0;
		}
	}
}

/* The quick cases (noise_side.quick): a case drawn as one multiset whose
 * estimate is at one or two ranks, and whose draws all pass (NOISE_QUICK_PASS)
 * or all fail, or carry no pass state; for a regular side, their pass
 * states into ps (n). */
static void mark_quick(struct noise_side *s, size_t n, unsigned char *q,
                       double *ps)
{
	size_t rank[2], m = n ? s->off[1] - s->off[0] : 0;

	s->regular = 0;

	for (size_t i = 0; i < n; i++) {
		size_t off = s->off[i], cnt = s->off[i + 1] - off;
		size_t k = s->draws ? s->draws : cnt, pass = 0;

		q[i] = 0;
		if (cnt < 1 || cnt > NOISE_MULTISET_MAX ||
		    k > NOISE_MULTISET_MAX || isnan(s->v[off + cnt - 1]) ||
		    !run_estimators[s->est].ranks ||
		    !run_estimators[s->est].ranks(k, rank))
			continue;
		for (size_t q2 = off; s->pass && q2 < off + cnt; q2++)
			pass += s->pass[q2] != 0;
		if (s->pass && pass != 0 && pass != cnt)
			continue;
		q[i] = NOISE_QUICK | (s->pass && pass ? NOISE_QUICK_PASS : 0);
	}
	for (size_t i = 0; i < n; i++)
		if (!q[i] || s->off[i] != i * m || s->off[i + 1] != (i + 1) * m)
			return;
	s->regular = s->draws == 0 || s->draws == m ? m : 0;
	s->quick = q;
	for (size_t i = 0; i < n; i++)
		ps[i] = noise_quick_pass(s, i);
	s->regular_passed = ps;
}

int noise_sort_side(const struct noise_side *in, size_t n,
                    struct noise_side *out, void **storage)
{
	size_t total, most = 0;
	double *x;
	uint32_t *below = NULL;
	unsigned char *p = NULL, *quick;
	struct pair *tmp;

	*out = *in;
	*storage = NULL;
	if (!in->off)
		return FP_OK;
	total = in->off[n];
	for (size_t i = 0; i < n; i++)
		if (in->off[i + 1] - in->off[i] > most)
			most = in->off[i + 1] - in->off[i];
	/* The samples, the regular side's pass states, pass_below, the
	 * samples' pass states and quick, in one block. */
	x = malloc((total ? total : 1) * (sizeof *x + sizeof *below + 1) +
	           n * (sizeof *x + 1));
	tmp = malloc((most ? most : 1) * sizeof *tmp);
	if (!x || !tmp) {
		free(x);
		free(tmp);
		return FP_ERR;
	}
	memcpy(x, in->v, total * sizeof *x);
	if (in->pass) {
		below = (uint32_t *)(x + total + n);
		p = (unsigned char *)(below + total);
		memcpy(p, in->pass, total);
	}
	/* Several runs: each run of a case sorted on its own. */
	const size_t *ro = in->nruns > 1 ? in->run_off : in->off;
	size_t nr = in->nruns > 1 ? n * in->nruns : n;

	for (size_t i = 0; i < nr; i++)
		sort_case(x + ro[i], p ? p + ro[i] : NULL, ro[i + 1] - ro[i],
		          tmp);
	free(tmp);
	out->v = x;
	out->pass = p;
	out->sorted = true;
	if (p)
		count_passes(ro, p, nr, below);
	out->pass_below = below;
	quick = (unsigned char *)(x + total + n) + total * (sizeof *below + 1);
	out->regular = 0;
	out->regular_passed = NULL;
	if (in->nruns > 1)
		memset(quick, 0, n);
	else
		mark_quick(out, n, quick, x + total);
	out->quick = quick;
	*storage = x;
	return FP_OK;
}
