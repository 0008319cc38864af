/* bootstrap.c: resamples priced on sessions, one per thread
 * (bootstrap.h). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "noise/bootstrap.h"
#include "price/rank.h"
#include "price/price.h"
#include "price/session.h"
#include "util/progress.h"

size_t noise_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (size_t)n : 1;
}

double noise_quantile(const double *sorted, size_t n, double q)
{
	double h = q * (double)(n - 1);
	size_t lo = (size_t)floor(h);

	if (n == 0)
		return NAN;
	if (lo + 1 >= n)
		return sorted[n - 1];
	return sorted[lo] + (h - (double)lo) * (sorted[lo + 1] - sorted[lo]);
}

/* What one thread does: resamples [r0, r1) on a session of its own. */
struct worker {
	const struct metric *m;
	const struct joined *runs;
	const struct noise_side *side;
	const struct boot_opts *o;
	struct boot *out;
	size_t r0, r1;
	unsigned what; /* PRICE_DETAIL for noise_wide_cases */
	/* called after each resample priced with PRICE_DETAIL */
	void (*each)(void *ctx, const struct price *p);
	void *ctx;
	noise_visit_fn visit; /* else called after each resample */
	/* The first thread's resamples show the progress of all: each
	 * counts for `nw` (NULL in the others). */
	struct progress *pg;
	size_t nw;
	int rc;
	struct diag d;
};

/* The runtimes and pass states of resample r, both sides.  A fixed side
 * is its observed columns. */
static int fill(struct worker *w, size_t r, size_t n, struct resample_buf *buf,
                double *rt[2], double *ps[2], const double *use_rt[2],
                const double *use_ps[2])
{
	for (unsigned s = 0; s < 2; s++) {
		const struct noise_side *sd = &w->side[s];

		use_rt[s] = sd->runtime;
		use_ps[s] = sd->passed;
		if (!sd->off)
			continue;
		if (noise_side_resample(sd, n, w->o->seed, r, s, w->o->policy,
		                        buf, rt[s], ps[s]) != FP_OK)
			return diag_oom(&w->d);
		use_rt[s] = rt[s];
		use_ps[s] = ps[s];
	}
	return FP_OK;
}

/* One resample being filled block by block (price_resample_fused). */
struct filling {
	struct worker *w;
	size_t r;
	struct resample_buf *buf;
};

static int fill_block(void *ctx, size_t base, size_t len, double *const rt[2],
                      double *const ps[2], struct diag *d)
{
	struct filling *f = ctx;
	struct worker *w = f->w;

	for (unsigned s = 0; s < 2; s++)
		if (rt[s] &&
		    noise_side_resample_range(&w->side[s], base, base + len,
		                              w->o->seed, f->r, s, w->o->policy,
		                              f->buf, rt[s], ps[s]) != FP_OK)
			return diag_oom(d);
	return FP_OK;
}

/* Resample r priced: in one sweep when the metric allows (*fused, cleared
 * for the next resamples when it does not), else column by column. */
static int price_one(struct worker *w, size_t r, struct session *ses,
                     struct price *p, struct resample_buf *buf, double *rt[2],
                     double *ps[2], bool *fused)
{
	const double *use_rt[2], *use_ps[2];

	if (*fused && !(w->what & PRICE_DETAIL)) {
		struct filling f = {w, r, buf};
		unsigned resampled = 0;
		int rc;

		for (unsigned s = 0; s < 2; s++) {
			bool mine = w->side[s].off != NULL;

			use_rt[s] = mine ? rt[s] : w->side[s].runtime;
			use_ps[s] = mine ? ps[s] : w->side[s].passed;
			resampled |= mine ? 1u << s : 0;
		}
		/* The bootstrap reads the decision alone; a visit may read
		 * anything. */
		rc = price_resample_fused(ses, p, use_rt, use_ps, resampled,
		                          fill_block, &f,
		                          w->visit ? 0 : PRICE_LEAN, &w->d);
		if (rc != PRICE_NOT_FUSED)
			return rc;
		*fused = false;
	}
	if (fill(w, r, p->n, buf, rt, ps, use_rt, use_ps) != FP_OK)
		return FP_ERR;
	return price_resample(ses, p, use_rt, use_ps, w->what, &w->d);
}

static int work(struct worker *w, struct session *ses, struct price *p)
{
	bool fused = true;
	size_t n = p->n;
	double *rt[2], *ps[2];
	struct resample_buf buf = {0};
	int rc = FP_ERR;

	rt[0] = malloc(4 * (n ? n : 1) * sizeof(double));
	if (!rt[0])
		return diag_oom(&w->d);
	rt[1] = rt[0] + n;
	ps[0] = rt[1] + n;
	ps[1] = ps[0] + n;
	for (size_t r = w->r0; r < w->r1; r++) {
		if (price_one(w, r, ses, p, &buf, rt, ps, &fused) != FP_OK) {
			diag_prefix(&w->d, "bootstrap resample %zu", r + 1);
			goto out;
		}
		if (w->pg && (w->each || w->visit))
			progress_tick(w->pg, w->nw);
		if (w->each) {
			w->each(w->ctx, p);
			continue;
		}
		if (w->visit) {
			if (w->visit(w->ctx, r, ses, p, &w->d) != FP_OK)
				goto out;
			continue;
		}
		w->out->gain[r] = p->gain;
		w->out->cost[r] = p->cost;
		w->out->net[r] = p->net;
		w->out->decide[r] = p->accept;
		if (w->pg)
			progress_tick(w->pg, w->nw);
	}
	rc = FP_OK;
out:
	free(buf.x);
	free(buf.p);
	free(rt[0]);
	return rc;
}

static void *run_worker(void *arg)
{
	struct worker *w = arg;
	struct session *ses = NULL;
	struct price *p = NULL;

	w->rc = FP_ERR;
	if (session_open(w->m, w->runs, NULL, &ses, &w->d) == FP_OK &&
	    price_compute(ses, &p, &w->d) == FP_OK)
		w->rc = work(w, ses, p);
	price_free(p);
	session_close(ses);
	return NULL;
}

/* Runs the workers, the first on this thread; the first error wins. */
static int run_all(struct worker *w, size_t nw, struct diag *d)
{
	pthread_t *tid = calloc(nw, sizeof *tid);
	bool *started = calloc(nw, sizeof *started);
	int rc = FP_OK;

	if (!tid || !started) {
		free(tid);
		free(started);
		return diag_oom(d);
	}
	for (size_t t = 1; t < nw; t++)
		started[t] =
		    pthread_create(&tid[t], NULL, run_worker, &w[t]) == 0;
	run_worker(&w[0]);
	for (size_t t = 1; t < nw; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			run_worker(&w[t]);
	}
	for (size_t t = 0; t < nw && rc == FP_OK; t++)
		if (w[t].rc != FP_OK) {
			*d = w[t].d;
			rc = FP_ERR;
		}
	free(tid);
	free(started);
	return rc;
}

/* Splits resamples [0, B) into nw contiguous blocks and runs them. */
static int split_run(const struct worker *proto, size_t B, size_t nw,
                     struct diag *d)
{
	struct worker *w = calloc(nw, sizeof *w);
	struct progress pg;
	int rc;

	if (!w)
		return diag_oom(d);
	progress_start(&pg, "bootstrap", B, 1);
	for (size_t t = 0; t < nw; t++) {
		w[t] = *proto;
		w[t].r0 = B * t / nw;
		w[t].r1 = B * (t + 1) / nw;
		w[t].pg = t == 0 ? &pg : NULL;
		w[t].nw = nw;
	}
	rc = run_all(w, nw, d);
	progress_done(&pg);
	free(w);
	return rc;
}

/* The mean number of samples of the cases that have two or more, over
 * both sides (0 when none has: one sample has no spread to correct). */
static double mean_samples(const struct noise_side side[2], size_t n)
{
	double sum = 0;
	size_t cases = 0;

	for (int s = 0; s < 2; s++)
		for (size_t i = 0; side[s].off && i < n; i++) {
			size_t c = side[s].off[i + 1] - side[s].off[i];

			if (c < 2)
				continue;
			sum += (double)(side[s].draws ? side[s].draws : c);
			cases++;
		}
	return cases ? sum / (double)cases : 0;
}

int noise_interval(const double *x, size_t B, double conf, double widen,
                   struct interval *ci, double *median)
{
	double *s = malloc(B * sizeof *s);
	double lo, hi, mid;

	if (!s)
		return FP_ERR;
	memcpy(s, x, B * sizeof *s);
	qsort(s, B, sizeof *s, noise_cmp_double);
	lo = noise_quantile(s, B, (1 - conf) / 2);
	hi = noise_quantile(s, B, (1 + conf) / 2);
	mid = noise_quantile(s, B, 0.5);
	/* Widened, but never beyond the resamples: each is a price the
	 * metric can give, so the interval stays in the range it can take. */
	ci->lo = fmax(s[0], mid - widen * (mid - lo));
	ci->hi = fmin(s[B - 1], mid + widen * (hi - mid));
	if (median)
		*median = mid;
	free(s);
	return FP_OK;
}

size_t noise_spread_cases(const struct noise_side side[2], size_t n)
{
	size_t cases = 0;

	for (size_t i = 0; i < n; i++) {
		bool spread = false;

		for (int s = 0; s < 2; s++)
			spread |= side[s].off &&
			          side[s].off[i + 1] - side[s].off[i] >= 2;
		cases += spread;
	}
	return cases;
}

double noise_correction(const struct noise_side side[2], size_t n)
{
	bool fixed_draws =
	    (side[0].off && side[0].draws) || (side[1].off && side[1].draws);
	bool mean = true;
	double samples = mean_samples(side, n);

	/* The n - 1 of the sample variance is the mean's: a resampled
	 * median or minimum spreads as wide as its estimator or wider
	 * (doc/noise.md), and is not widened. */
	for (int s = 0; s < 2; s++)
		mean &= !side[s].off || side[s].est == RUN_MEAN;
	return mean && !fixed_draws && samples > 1
	           ? sqrt(samples / (samples - 1))
	           : 1;
}

static int summarise(struct boot *b, const struct noise_side side[2], size_t n,
                     struct diag *d)
{
	size_t yes = 0;

	b->samples = mean_samples(side, n);
	b->correction = noise_correction(side, n);
	for (size_t r = 0; r < b->B; r++)
		yes += b->decide[r];
	b->p_decide = (double)yes / (double)b->B;
	if (noise_interval(b->gain, b->B, b->confidence, b->correction,
	                   &b->gain_ci, NULL) != FP_OK ||
	    noise_interval(b->cost, b->B, b->confidence, b->correction,
	                   &b->cost_ci, NULL) != FP_OK ||
	    noise_interval(b->net, b->B, b->confidence, b->correction,
	                   &b->net_ci, &b->median_net) != FP_OK)
		return diag_oom(d);
	return FP_OK;
}

/* Runs the workers on sides whose cases' samples are sorted (the counted
 * path, resample.c), then sums up. */
static int sorted_run(struct worker *proto, size_t n, size_t nw, struct diag *d)
{
	struct noise_side sorted[2];
	void *storage[2] = {NULL, NULL};
	const struct noise_side *given = proto->side;
	int rc = FP_ERR;

	if (noise_sort_side(&given[0], n, &sorted[0], &storage[0]) != FP_OK ||
	    noise_sort_side(&given[1], n, &sorted[1], &storage[1]) != FP_OK) {
		diag_oom(d);
		goto out;
	}
	proto->side = sorted;
	if (split_run(proto, proto->out->B, nw, d) == FP_OK)
		rc = proto->visit ? FP_OK : summarise(proto->out, given, n, d);
out:
	proto->side = given;
	free(storage[0]);
	free(storage[1]);
	return rc;
}

int noise_bootstrap(const struct metric *m, const struct joined *runs,
                    const struct noise_side side[2], const struct boot_opts *o,
                    struct boot *b, struct diag *d)
{
	size_t B = o->B, nw = o->threads ? o->threads : noise_cpus();
	struct worker proto = {
	    .m = m, .runs = runs, .side = side, .o = o, .out = b};

	memset(b, 0, sizeof *b);
	if (nw > B)
		nw = B;
	b->B = B;
	b->threads = nw;
	b->confidence = o->confidence;
	b->seed = o->seed;
	b->gain = malloc(B * sizeof *b->gain);
	b->cost = malloc(B * sizeof *b->cost);
	b->net = malloc(B * sizeof *b->net);
	b->decide = malloc(B);
	if (!b->gain || !b->cost || !b->net || !b->decide)
		return diag_oom(d);
	return sorted_run(&proto, runs->before->n, nw, d);
}

int noise_visit(const struct metric *m, const struct joined *runs,
                const struct noise_side side[2], const struct boot_opts *o,
                noise_visit_fn visit, void *ctx, struct diag *d)
{
	size_t nw = o->threads ? o->threads : noise_cpus();
	struct boot b = {.B = o->B};
	struct worker proto = {.m = m,
	                       .runs = runs,
	                       .side = side,
	                       .o = o,
	                       .out = &b,
	                       .visit = visit,
	                       .ctx = ctx};

	if (nw > o->B)
		nw = o->B;
	return sorted_run(&proto, runs->before->n, nw, d);
}

void boot_free(struct boot *b)
{
	free(b->gain);
	free(b->cost);
	free(b->net);
	free(b->decide);
	memset(b, 0, sizeof *b);
}

/* Welford's running variance of each case's share of net. */
struct spread {
	size_t count, n;
	double *mean, *m2;
};

static void add_shares(void *ctx, const struct price *p)
{
	struct spread *sp = ctx;

	if (!p->gain_share || !p->cost_share)
		return;
	sp->count++;
	for (size_t i = 0; i < sp->n; i++) {
		double x = p->gain_share[i] - p->cost_share[i];
		double delta = x - sp->mean[i];

		sp->mean[i] += delta / (double)sp->count;
		sp->m2[i] += delta * (x - sp->mean[i]);
	}
}

int noise_wide_cases(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     size_t k, size_t *idx, size_t *nidx, struct diag *d)
{
	size_t n = runs->before->n, B = o->B < 100 ? o->B : 100;
	struct spread sp = {.n = n};
	struct worker w = {.m = m,
	                   .runs = runs,
	                   .side = side,
	                   .o = o,
	                   .r1 = B,
	                   .what = PRICE_DETAIL,
	                   .each = add_shares,
	                   .ctx = &sp};
	int rc = FP_ERR;

	*nidx = 0;
	sp.mean = calloc(n ? n : 1, sizeof *sp.mean);
	sp.m2 = calloc(n ? n : 1, sizeof *sp.m2);
	if (!sp.mean || !sp.m2) {
		diag_oom(d);
		goto out;
	}
	run_worker(&w);
	if (w.rc != FP_OK) {
		*d = w.d;
		goto out;
	}
	if (sp.count > 0)
		*nidx = price_top(sp.m2, n, k, RANK_POSITIVE, idx);
	rc = FP_OK;
out:
	free(sp.mean);
	free(sp.m2);
	return rc;
}
