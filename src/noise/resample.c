/* resample.c: one resample of one side, case by case, or of two sides
 * with the same keys (resample.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/draws.h"
#include "noise/resample.h"
#include "noise/rng.h"
#include "run/estimate.h"
#include "run/merge.h"

/* One case of a sorted side with few samples: the draws are counted per
 * sample instead of gathered and sorted, and the estimator and the pass
 * state read off the counts (run_estimators[].counted). */
static void counted(const struct noise_side *s, size_t off, size_t cnt,
                    size_t k, const unsigned char *c, enum pass_policy policy,
                    double *runtime, double *passed)
{
	size_t pass = 0;

	if (s->pass) {
		for (size_t q = 0; q < cnt; q++)
			pass += s->pass[off + q] ? c[q] : 0;
		*passed = run_pass_of_count(pass, k, policy);
	}
	*runtime = run_estimators[s->est].counted(s->v + off, c, cnt, k);
}

/* The k draws counted per sample, each drawn on its own. */
static void counted_draws(const struct noise_side *s, size_t off, size_t cnt,
                          size_t k, uint64_t key, enum pass_policy policy,
                          double *runtime, double *passed)
{
	unsigned char c[RESAMPLE_COUNTED];
	struct noise_stream st = noise_stream(key, cnt);

	memset(c, 0, cnt);
	for (size_t t = 0; t < k; t++)
		c[noise_next(&st)]++;
	counted(s, off, cnt, k, c, policy, runtime, passed);
}

/* The alias table of a case's m and k, the last one looked up, and the
 * ranks its estimator takes (nr 0: not an order statistic). */
struct tables {
	struct noise_multisets t;
	size_t m, k, nr, rank[2];
	const struct noise_rank_col *rk; /* with nr: t read at the ranks */
};

/* The multiset of the k draws in one draw from its alias table, as its
 * draws in ascending order d[0..k): the estimate at its ranks, or over
 * its counts; the count of passing draws, k or 0 at once when the case's
 * samples agree. */
static void multiset(const struct noise_side *s, size_t off, size_t cnt,
                     size_t k, const struct tables *tab, uint64_t key,
                     enum pass_policy policy, double *runtime, double *passed)
{
	const double *x = s->v + off;
	const unsigned char *d = noise_multiset_draw(&tab->t, key);
	size_t pass;

	if (tab->nr) {
		double a = x[d[tab->rank[0] - 1]];

		*runtime = tab->nr == 2 ? (a + x[d[tab->rank[1] - 1]]) / 2 : a;
	} else {
		unsigned char c[NOISE_MULTISET_MAX] = {0};

		for (size_t t = 0; t < k; t++)
			c[d[t]]++;
		*runtime = run_estimators[s->est].counted(x, c, cnt, k);
	}
	if (!s->pass)
		return;
	pass = s->pass_below[off + cnt - 1] + (s->pass[off + cnt - 1] != 0);
	if (pass == cnt || pass == 0) {
		/* Every draw passes, or none: so does the case, by any policy
		 * (run_pass_of_count). */
		*passed = pass != 0;
		return;
	}
	for (size_t t = pass = 0; t < k; t++)
		pass += s->pass[off + d[t]] != 0;
	*passed = run_pass_of_count(pass, k, policy);
}

/* Points tab at the table of m and k. */
static int table_of(const struct noise_side *s, size_t m, size_t k,
                    struct tables *tab)
{
	const struct run_estimator_def *e = &run_estimators[s->est];

	if (tab->m == m && tab->k == k)
		return FP_OK;
	if (!noise_multisets(m, k, &tab->t))
		return FP_ERR;
	tab->nr = e->ranks ? e->ranks(k, tab->rank) : 0;
	tab->rk = tab->nr ? noise_rank_table(m, k, tab->rank[0],
	                                     tab->rank[tab->nr - 1])
	                  : NULL;
	if (tab->nr && !tab->rk)
		return FP_ERR;
	tab->m = m;
	tab->k = k;
	return FP_OK;
}

/* The sample a uniform u in (0, 1) falls on among m: floor(u m). */
static size_t index_of(double u, size_t m, double *at)
{
	double t = u * (double)m;
	size_t j = (size_t)t;

	*at = t < (double)m ? t : (double)m;
	return j < m ? j : m - 1;
}

/* The share of passing samples under uniforms on [0, t / m) (below) or
 * on (t / m, 1) (else), t falling on sample j of the case at off. */
static double pass_share(const struct noise_side *s, size_t off, size_t m,
                         double t, size_t j, bool below)
{
	double pj = s->pass[off + j] != 0, f;
	double before = s->pass_below[off + j];
	double after =
	    (double)(s->pass_below[off + m - 1] + (s->pass[off + m - 1] != 0)) -
	    before - pj;

	if (below)
		f = t > 0 ? (before + pj * (t - (double)j)) / t : pj;
	else
		f = (double)m - t > 0
		        ? (after + pj * ((double)j + 1 - t)) / ((double)m - t)
		        : pj;
	return f < 0 ? 0 : f > 1 ? 1 : f;
}

/* One case of a sorted side whose estimator is an order statistic (or the
 * mean of two adjacent ones), drawn as one: the r-th smallest of k
 * uniforms is Beta(r, k - r + 1), the next one up the smallest of the
 * k - r above it; the draws below and above are uniform on either side,
 * and how many of them pass is binomial.  doc/noise.md. */
static void ordered(const struct noise_side *s, size_t off, size_t m, size_t k,
                    uint64_t key, enum pass_policy policy, double *runtime,
                    double *passed)
{
	size_t rank[2], nr = run_estimators[s->est].ranks(k, rank), pass;
	struct noise_ustream st = noise_ustream(key);
	double u = noise_beta(&st, rank[0], k + 1 - rank[0]), u2 = u, t, t2;
	size_t j = index_of(u, m, &t), j2 = j;

	t2 = t;
	if (nr == 2) {
		u2 = u + (1 - u) * noise_beta(&st, 1, k - rank[0]);
		j2 = index_of(u2, m, &t2);
	}
	*runtime =
	    nr == 2 ? (s->v[off + j] + s->v[off + j2]) / 2 : s->v[off + j];
	if (!s->pass)
		return;
	pass = (s->pass[off + j] != 0) + (nr == 2 && s->pass[off + j2] != 0);
	pass +=
	    noise_binomial(&st, rank[0] - 1, pass_share(s, off, m, t, j, true));
	pass += noise_binomial(&st, k - rank[0] - (nr - 1),
	                       pass_share(s, off, m, t2, j2, false));
	*passed = run_pass_of_count(pass, k, policy);
}

/* The k draws gathered one by one, the estimator applied to them. */
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

static int gathered(const struct noise_side *s, size_t off, size_t cnt,
                    size_t k, uint64_t key, enum pass_policy policy,
                    struct resample_buf *buf, double *runtime, double *passed)
{
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
	if (s->pass) {
		/* Pass states travel with their runtimes. */
		struct noise_stream st = noise_stream(key, cnt);

		for (size_t t = 0; t < k; t++) {
			size_t j = off + noise_next(&st);

			buf->x[t] = s->v[j];
			buf->p[t] = s->pass[j];
		}
		*passed = run_pass(buf->p, k, policy);
	} else {
		noise_gather(key, k, s->v + off, cnt, buf->x);
	}
	*runtime = timed_point(s->est, buf->x, k, *runtime);
	return FP_OK;
}

static bool has_nan(const double *x, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (isnan(x[k]))
			return true;
	return false;
}

/* Case i: by its multiset for few samples, by its order statistics for
 * the median and the min, by counts or by gathering for the mean. */
static int one_case(const struct noise_side *s, size_t i, uint64_t key,
                    enum pass_policy policy, struct tables *tab,
                    struct resample_buf *buf, double *runtime, double *passed)
{
	size_t off = s->off[i], cnt = s->off[i + 1] - off;
	size_t k = s->draws ? s->draws : cnt;
	bool sorted = s->sorted && (!s->pass || s->pass_below);

	*passed = s->passed[i];
	*runtime = s->runtime[i];
	/* A case with a repetition that failed without a time (NaN, sorted
	 * last) is drawn one sample at a time: its estimate reads only the
	 * timed draws, and how many those are varies. */
	if (isnan(s->v[off + cnt - 1]) ||
	    (!s->sorted && has_nan(s->v + off, cnt)))
		return gathered(s, off, cnt, k, key, policy, buf, runtime,
		                passed);
	if (sorted && cnt <= NOISE_MULTISET_MAX && k <= NOISE_MULTISET_MAX) {
		if (table_of(s, cnt, k, tab) != FP_OK)
			return FP_ERR;
		multiset(s, off, cnt, k, tab, key, policy, runtime, passed);
		return FP_OK;
	}
	if (sorted && run_estimators[s->est].ranks) {
		ordered(s, off, cnt, k, key, policy, runtime, passed);
		return FP_OK;
	}
	if (sorted && cnt <= RESAMPLE_COUNTED && k < 256) {
		counted_draws(s, off, cnt, k, key, policy, runtime, passed);
		return FP_OK;
	}
	return gathered(s, off, cnt, k, key, policy, buf, runtime, passed);
}

/* A resample's runs of a side: nruns from key with replacement (each once
 * when runs_kept), the same for every case: a run's offset is its cases'. */
static void pick_runs(const struct noise_side *s, uint64_t rkey, size_t *pick)
{
	uint64_t key = noise_mix(rkey ^ 0x52554e53u); /* "RUNS" */

	for (size_t t = 0; t < s->nruns; t++) {
		uint64_t u = noise_case_key(key, t) >> 32;
		pick[t] = s->runs_kept ? t : (size_t)((u * s->nruns) >> 32);
	}
}

/* Case i of a side of several runs (noise_side.nruns): the runs pick[],
 * each one's samples resampled as a case of its own (one_case), the
 * estimator over their estimates, the policy over their pass states.
 * Draw t has a key of its own, so a run drawn twice is resampled
 * twice. */
static int runs_case(const struct noise_side *s, size_t i, const size_t *pick,
                     uint64_t key, enum pass_policy policy, struct tables *tab,
                     struct resample_buf *buf, double *runtime, double *passed)
{
	size_t R = s->nruns, m = 0;
	double est[RUN_MAX_MERGED];
	unsigned char ps[RUN_MAX_MERGED];

	for (size_t t = 0; t < R; t++) {
		size_t seg = i * R + pick[t];
		size_t off[2] = {s->run_off[seg], s->run_off[seg + 1]};
		double rt = NAN, pd = s->passed[i];
		struct noise_side one = *s;

		one.off = off;
		one.runtime = &rt;
		one.passed = &pd;
		one.nruns = 0;
		one.draws = 0;
		if (off[1] > off[0] &&
		    one_case(&one, 0, noise_case_key(key, t), policy, tab, buf,
		             &rt, &pd) != FP_OK)
			return FP_ERR;
		if (!isnan(rt))
			est[m++] = rt;
		ps[t] = pd != 0;
	}
	*runtime = m ? run_estimators[s->est].point(est, m) : NAN;
	*passed = s->pass ? run_pass(ps, R, policy) : s->passed[i];
	return FP_OK;
}

double noise_runs_expected(const struct noise_side *s, size_t i, uint64_t seed)
{
	uint64_t key =
	    noise_case_key(noise_resample_key(seed, UINT64_MAX, 2), i);
	struct tables tab = {.m = 0};
	struct resample_buf buf = {0};
	size_t pick[RUN_MAX_MERGED];
	double sum = 0, rt, ps;
	size_t m = 0;

	for (size_t r = 0; r < NOISE_RUNS_EXPECTED; r++) {
		uint64_t k = noise_case_key(key, r);

		pick_runs(s, k, pick);
		if (runs_case(s, i, pick, k, PASS_ALL, &tab, &buf, &rt, &ps) !=
		    FP_OK)
			break;
		if (!isnan(rt)) {
			sum += rt;
			m++;
		}
	}
	free(buf.x);
	free(buf.p);
	return m ? sum / (double)m : s->runtime[i];
}

/* A quick case (mark_quick): what multiset() makes of it, reading only the
 * sample at the estimator's ranks. */
static inline int quick_case(const struct noise_side *s, size_t i, uint64_t key,
                             const struct tables *tab0, double *runtime,
                             double *passed)
{
	struct tables *tab = (struct tables *)tab0;
	size_t off = s->off[i], cnt = s->off[i + 1] - off;
	const double *x = s->v + off;
	unsigned j;
	double a;

	size_t k = s->draws ? s->draws : cnt;

	if ((tab->m != cnt || tab->k != k) && table_of(s, cnt, k, tab) != FP_OK)
		return FP_ERR;
	j = noise_rank_draw(tab->rk, tab->t.size, key);
	a = x[j & 0xff];
	*runtime = tab->nr == 2 ? (a + x[j >> 8]) / 2 : a;
	*passed = noise_quick_pass(s, i);
	return FP_OK;
}

#define PREFETCH 8

/* Case i of resample r's side with key rkey when not quick: kept, of
 * several runs (the runs pick[]) or drawn as one. */
static int slow_case(const struct noise_side *s, size_t i, uint64_t rkey,
                     const size_t *pick, enum pass_policy policy,
                     struct tables *tab, struct resample_buf *buf,
                     double *runtime, double *passed)
{
	if (s->off[i + 1] == s->off[i]) {
		*runtime = s->runtime[i];
		*passed = s->passed[i];
		return FP_OK;
	}
	return s->nruns > 1 ? runs_case(s, i, pick, noise_case_key(rkey, i),
	                                policy, tab, buf, runtime, passed)
	                    : one_case(s, i, noise_case_key(rkey, i), policy,
	                               tab, buf, runtime, passed);
}

/* Case i: quick (in line: nearly every case is), or not. */
static inline int resample_case(const struct noise_side *s, size_t i,
                                uint64_t rkey, const size_t *pick,
                                enum pass_policy policy, struct tables *tab,
                                struct resample_buf *buf, double *runtime,
                                double *passed)
{
	if (s->quick && s->quick[i])
		return quick_case(s, i, noise_case_key(rkey, i), tab, runtime,
		                  passed);
	return slow_case(s, i, rkey, pick, policy, tab, buf, runtime, passed);
}

/* The pass states of a regular side's cases [i0, i1), unless the caller
 * reads them from regular_passed itself (passed NULL). */
static void regular_passed(const struct noise_side *s, size_t i0, size_t i1,
                           double *passed)
{
	if (passed)
		memcpy(passed, s->regular_passed + i0,
		       (i1 - i0) * sizeof *passed);
}

/* regular_range's loop with the number of ranks (1 or 2) and whether
 * there is a twin known when it is compiled: a loop without branches or
 * spills, for it is a third of a bootstrap's time. */
static inline __attribute__((always_inline)) void regular_loop(
    const struct noise_rank_col *rk, size_t size, size_t m, const double *x,
    const double *y, size_t i0, size_t i1, uint64_t rkey, double *rt,
    double *rt2, int nr)
{
	for (size_t i = i0; i < i1; i++) {
		unsigned j = noise_rank_draw(rk, size, noise_case_key(rkey, i));
		size_t lo = i * m + (j & 0xff), hi = i * m + (j >> 8);

		rt[i - i0] = nr == 2 ? (x[lo] + x[hi]) / 2 : x[lo];
		if (y)
			rt2[i - i0] = nr == 2 ? (y[lo] + y[hi]) / 2 : y[lo];
	}
}

/* Cases [i0, i1) of a regular side (noise_side.regular), or of two with
 * the same m and estimator (t, when not NULL, into rt2): every case is
 * quick at v + i m, so nothing but the draw is looked up.  The values of
 * quick_case: the mean of two ranks, or one rank twice. */
static int regular_range(const struct noise_side *s, const struct noise_side *t,
                         size_t i0, size_t i1, uint64_t rkey, double *rt,
                         double *rt2)
{
	size_t m = s->regular;
	struct tables tab = {.m = 0};
	const double *x = s->v;

	if (table_of(s, m, m, &tab) != FP_OK)
		return FP_ERR;
	if (t && tab.nr == 2)
		regular_loop(tab.rk, tab.t.size, m, x, t->v, i0, i1, rkey, rt,
		             rt2, 2);
	else if (t)
		regular_loop(tab.rk, tab.t.size, m, x, t->v, i0, i1, rkey, rt,
		             rt2, 1);
	else if (tab.nr == 2)
		regular_loop(tab.rk, tab.t.size, m, x, NULL, i0, i1, rkey, rt,
		             NULL, 2);
	else
		regular_loop(tab.rk, tab.t.size, m, x, NULL, i0, i1, rkey, rt,
		             NULL, 1);
	return FP_OK;
}

int noise_side_resample_range(const struct noise_side *s, size_t i0, size_t i1,
                              uint64_t seed, size_t r, unsigned side,
                              enum pass_policy policy, struct resample_buf *buf,
                              double *runtime, double *passed)
{
	uint64_t rkey = noise_resample_key(seed, r, side);
	struct tables tab = {.m = 0};
	size_t pick[RUN_MAX_MERGED];

	uint64_t rounds = s->rounds_keyed ? s->rounds_seed : seed;

	if (s->regular) {
		regular_passed(s, i0, i1, passed);
		return regular_range(s, NULL, i0, i1, rkey, runtime, NULL);
	}
	if (s->nruns > 1)
		pick_runs(s,
		          s->paired ? noise_resample_key(rounds, r, 0) : rkey,
		          pick);
	for (size_t i = i0; i < i1; i++) {
		/* The samples of a case a few ahead: the draw says which of
		 * its samples is read only once the key is mixed. */
		if (i + PREFETCH < i1)
			__builtin_prefetch(s->v + s->off[i + PREFETCH]);
		if (resample_case(s, i, rkey, pick, policy, &tab, buf,
		                  &runtime[i - i0], &passed[i - i0]) != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

int noise_side_resample_twin(const struct noise_side *s,
                             const struct noise_side *t, size_t i0, size_t i1,
                             uint64_t seed, size_t r, unsigned side,
                             enum pass_policy policy, struct resample_buf *buf,
                             double *runtime[2], double *passed[2])
{
	uint64_t rkey = noise_resample_key(seed, r, side);
	struct tables tab = {.m = 0};

	if (s->regular && s->regular == t->regular && s->est == t->est) {
		regular_passed(s, i0, i1, passed[0]);
		regular_passed(t, i0, i1, passed[1]);
		return regular_range(s, t, i0, i1, rkey, runtime[0],
		                     runtime[1]);
	}
	if (s->nruns > 1 || t->nruns > 1 || !s->quick || !t->quick ||
	    !passed[0] || !passed[1])
		return noise_side_resample_range(s, i0, i1, seed, r, side,
		                                 policy, buf, runtime[0],
		                                 passed[0]) != FP_OK ||
		               noise_side_resample_range(
		                   t, i0, i1, seed, r, side, policy, buf,
		                   runtime[1], passed[1]) != FP_OK
		           ? FP_ERR
		           : FP_OK;
	for (size_t i = i0; i < i1; i++) {
		size_t m = s->off[i + 1] - s->off[i];

		if (i + PREFETCH < i1) {
			__builtin_prefetch(s->v + s->off[i + PREFETCH]);
			__builtin_prefetch(t->v + t->off[i + PREFETCH]);
		}
		/* One multiset for both: the same key, m and k. */
		if (s->quick[i] && t->quick[i] &&
		    t->off[i + 1] - t->off[i] == m && s->draws == t->draws &&
		    s->est == t->est) {
			double a, b;
			size_t k = s->draws ? s->draws : m;
			unsigned j;

			if ((tab.m != m || tab.k != k) &&
			    table_of(s, m, k, &tab) != FP_OK)
				return FP_ERR;
			j = noise_rank_draw(tab.rk, tab.t.size,
			                    noise_case_key(rkey, i));
			a = s->v[s->off[i] + (j & 0xff)];
			b = t->v[t->off[i] + (j & 0xff)];
			if (tab.nr == 2) {
				a = (a + s->v[s->off[i] + (j >> 8)]) / 2;
				b = (b + t->v[t->off[i] + (j >> 8)]) / 2;
			}
			runtime[0][i - i0] = a;
			runtime[1][i - i0] = b;
			passed[0][i - i0] = noise_quick_pass(s, i);
			passed[1][i - i0] = noise_quick_pass(t, i);
			continue;
		}
		if (resample_case(s, i, rkey, NULL, policy, &tab, buf,
		                  &runtime[0][i - i0],
		                  &passed[0][i - i0]) != FP_OK ||
		    resample_case(t, i, rkey, NULL, policy, &tab, buf,
		                  &runtime[1][i - i0],
		                  &passed[1][i - i0]) != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}
