/* bootstrap.c: resamples priced on sessions, one per thread
 * (bootstrap.h). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "noise/bias.h"
#include "noise/boot_worker.h"
#include "noise/bootstrap.h"
#include "noise/expect_runs.h"
#include "noise/rng.h"
#include "noise/runs_scale.h"
#include "price/rank.h"
#include "price/price.h"
#include "price/session.h"
#include "util/ksum.h"
#include "util/progress.h"

size_t noise_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (size_t)n : 1;
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
		    pthread_create(&tid[t], NULL, boot_run_worker, &w[t]) == 0;
	boot_run_worker(&w[0]);
	for (size_t t = 1; t < nw; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			boot_run_worker(&w[t]);
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

/* Splits resamples [0, B) into nw contiguous blocks and runs them; with
 * proto->tally, each block tallies its own and the tallies are added up
 * into it (tally.h: the same whatever nw is). */
static int split_run(const struct worker *proto, size_t B, size_t nw,
                     struct diag *d)
{
	struct worker *w = calloc(nw, sizeof *w);
	struct noise_tally *own = calloc(nw, sizeof *own);
	struct progress pg;
	int rc = FP_ERR;

	if (!w || !own) {
		free(w);
		free(own);
		return diag_oom(d);
	}
	for (size_t t = 0; t < nw; t++) {
		w[t] = *proto;
		w[t].r0 = B * t / nw;
		w[t].r1 = B * (t + 1) / nw;
		w[t].thread = t;
		w[t].nw = nw;
		if (proto->tally && t > 0) {
			if (noise_tally_open(&own[t], proto->tally->n,
			                     proto->tally->scale) != FP_OK) {
				diag_oom(d);
				goto out;
			}
			w[t].tally = &own[t];
		}
	}
	w[0].pg = &pg;
	progress_start(&pg, "bootstrap", B, 1);
	rc = run_all(w, nw, d);
	progress_done(&pg);
	for (size_t t = 1; t < nw && proto->tally && rc == FP_OK; t++)
		noise_tally_merge(proto->tally, &own[t]);
	if (proto->tally && rc == FP_OK)
		proto->tally->resamples = B;
out:
	for (size_t t = 1; t < nw; t++)
		noise_tally_close(&own[t]);
	free(own);
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

/* Whether case i's samples on side s differ: NaN (a repetition that
 * failed without a time) differs from every runtime, not from another
 * NaN. */
static bool samples_differ(const struct noise_side *s, size_t i)
{
	size_t a = s->off[i], e = s->off[i + 1];

	for (size_t k = a + 1; k < e; k++)
		if (isnan(s->v[k]) != isnan(s->v[a]) ||
		    (!isnan(s->v[k]) && s->v[k] != s->v[a]) ||
		    (s->pass && s->pass[k] != s->pass[a]))
			return true;
	return false;
}

static size_t count_cases(const struct noise_side side[2], size_t n,
                          bool differ)
{
	size_t cases = 0;

	for (size_t i = 0; i < n; i++) {
		bool counted = false;

		for (int s = 0; s < 2; s++)
			counted |= side[s].off &&
			           side[s].off[i + 1] - side[s].off[i] >= 2 &&
			           (!differ || samples_differ(&side[s], i));
		cases += counted;
	}
	return cases;
}

size_t noise_spread_cases(const struct noise_side side[2], size_t n)
{
	return count_cases(side, n, true);
}

size_t noise_sampled_cases(const struct noise_side side[2], size_t n)
{
	return count_cases(side, n, false);
}

size_t noise_least_resamples(double conf)
{
	/* Less a hair, so that 10 / 0.05 rounds to 200 and not 201. */
	return (size_t)ceil(10 / (1 - conf) - 1e-9);
}

/* The scale (bias.h) is that of resampling one run's samples.  Runs
 * resampled first spread as fresh runs would, but few runs show too
 * little of it: their interval is widened by the calibrated factor
 * (runs_scale.h) instead. */
static double scale_of(const struct noise_side side[2], size_t n, double conf)
{
	if (side[0].nruns > 1 || side[1].nruns > 1) {
		size_t R[2] = {side[0].nruns, side[1].nruns};
		enum run_estimator e[2] = {side[0].est, side[1].est};

		return noise_runs_scale(R, e, side[0].paired, conf);
	}
	return noise_scale(side, n);
}

double noise_correction(const struct noise_side side[2], size_t n, double conf)
{
	return scale_of(side, n, conf);
}

struct noise_fitting noise_fit_scales(const struct noise_side side[2], size_t n,
                                      double conf)
{
	const struct run_bias_rule *rule =
	    noise_bias_rule(noise_sides_estimator(side));
	double scale = scale_of(side, n, conf);

	/* The clip's bias is about the spread of a resample against fresh
	 * runs' (bias.h), which is 1 for runs resampled first: the widening
	 * for few runs is not part of it. */
	return (struct noise_fitting){
	    .correction = scale,
	    .kink =
	        rule->kink_share *
	        noise_kink(side[0].nruns > 1 || side[1].nruns > 1 ? 1 : scale),
	    .guard = rule->guard,
	    .doubt_measured = rule->doubt_measured,
	    .doubt_other = rule->doubt_other,
	    .ceiling = rule->ceiling};
}

static int summarise(struct boot *b, const struct noise_side sorted[2],
                     size_t n, struct diag *d)
{
	struct interval mid;

	b->samples = mean_samples(sorted, n);
	b->fit = noise_fit_scales(sorted, n, b->confidence);
	if (noise_fit(b) != FP_OK)
		return diag_oom(d);
	if (noise_fit_interval(b, 0, b->confidence, &b->gain_ci) != FP_OK ||
	    noise_fit_interval(b, 1, b->confidence, &b->cost_ci) != FP_OK ||
	    noise_fit_interval(b, 2, b->confidence, &b->net_ci) != FP_OK ||
	    noise_interval(b->net, b->B, 0.5, 1, &mid, &b->median_net) != FP_OK)
		return diag_oom(d);
	return FP_OK;
}

/* The measured price (k 0), the one at the expected estimates (k 1), a
 * corner (k 2, 3) or the one at the drawn estimates' means (k 4): into
 * the bootstrap's point, ref, corner or drawn, or to the visit as row
 * 2 B + k. */
static int reference_at(const struct worker *w, int k, struct session *ses,
                        struct price *p, struct diag *d)
{
	struct boot_gcn *at[NOISE_REFS] = {&w->out->point, &w->out->ref,
	                                   &w->out->corner[0],
	                                   &w->out->corner[1], &w->out->drawn};

	if (w->visit)
		return w->visit(w->ctx, 2 * w->out->B + (size_t)k, 0, ses, p,
		                d);
	*at[k] = (struct boot_gcn){p->gain, p->cost, p->net};
	return FP_OK;
}

/* Case i's expected resampled estimate on side s (bias.h). */
static double expected_at(const struct worker *w, int s, size_t i)
{
	double x;

	if (w->side[s].nruns < 2)
		return noise_expected(&w->side[s], i);
	if (!noise_runs_exact(&w->side[s], i, &x))
		x = noise_runs_expected(&w->side[s], i,
		                        noise_side_seed(w->o, (unsigned)s));
	return x;
}

/* The mean of case i's estimates over the resamples drawn, where they
 * were tallied, else its expected one (Efron's centring: the price there
 * differs from the resamples' mean price only by what is nonlinear in
 * runtime, draw by draw). */
static double drawn_at(const struct worker *w, int s, size_t i)
{
	double x;

	if (w->tally && noise_tally_mean(w->tally, (unsigned)s, i, &x))
		return x;
	return expected_at(w, s, i);
}

/* Case i's slowest (slow) or fastest timed sample on side s, or its
 * observed runtime when it has none: the estimate of a resample that
 * draws that sample every time. */
static double extreme_at(const struct noise_side *s, size_t i, bool slow)
{
	double x = NAN;

	for (size_t j = s->off ? s->off[i] : 0; s->off && j < s->off[i + 1];
	     j++)
		if (!isnan(s->v[j]) &&
		    (isnan(x) || (slow ? s->v[j] > x : s->v[j] < x)))
			x = s->v[j];
	return isnan(x) ? s->runtime[i] : x;
}

/* The measured price and, with the measured pass states, the price at
 * every case's expected resampled estimate (bias.h), at the two corners
 * (boot.h) and at its drawn estimates' mean, by reference_at. */
static int reference(const struct worker *w, size_t n, struct diag *d)
{
	struct session *ses = NULL;
	struct price *p = NULL;
	double *ex = malloc(2 * (n ? n : 1) * sizeof *ex);
	const double *rt[2] = {ex, ex + n};
	const double *ps[2] = {w->side[0].passed, w->side[1].passed};
	int rc = FP_ERR;

	if (!ex)
		return diag_oom(d);
	if (session_open(w->m, w->runs, NULL, &ses, d) != FP_OK ||
	    price_compute_sides(ses, &p, d) != FP_OK ||
	    reference_at(w, 0, ses, p, d) != FP_OK)
		goto out;
	for (int k = 1; k < NOISE_REFS; k++) {
		for (int s = 0; s < 2; s++)
			for (size_t i = 0; i < n; i++)
				/* k 2 (corner 0): before slowest, after
				 * fastest; k 3 the other way. */
				ex[(size_t)s * n + i] =
				    k == 1   ? expected_at(w, s, i)
				    : k == 4 ? drawn_at(w, s, i)
				             : extreme_at(&w->side[s], i,
				                          (s == 0) == (k == 2));
		if (price_resample(ses, p, rt, ps, 0, d) != FP_OK ||
		    reference_at(w, k, ses, p, d) != FP_OK)
			goto out;
	}
	rc = FP_OK;
out:
	price_free(p);
	session_close(ses);
	free(ex);
	return rc;
}

/* Runs the workers on sides whose cases' samples are sorted (the counted
 * path, resample.c), then sums up. */
static int sorted_run(struct worker *proto, size_t n, size_t nw, struct diag *d)
{
	struct noise_side sorted[2], arm[2];
	void *storage[2] = {NULL, NULL};
	struct noise_tally tally = {0};
	float *scale = NULL;
	const struct noise_side *given = proto->side,
	                        *arm_given = proto->arm_side;
	int rc = FP_ERR;

	if (noise_sort_side(&given[0], n, &sorted[0], &storage[0]) != FP_OK ||
	    noise_sort_side(&given[1], n, &sorted[1], &storage[1]) != FP_OK) {
		diag_oom(d);
		goto out;
	}
	/* Rounds pair with the before run's, whatever keys a side's own. */
	for (int s = 0; s < 2; s++) {
		sorted[s].rounds_keyed = true;
		sorted[s].rounds_seed = proto->o->seed;
	}
	proto->side = sorted;
	/* The arm's sides are the before run's, sorted once. */
	for (int s = 0; s < 2 && proto->arm_side; s++) {
		arm[s] = sorted[0];
		arm[s].paired = proto->arm_side[s].paired;
	}
	if (proto->arm_side)
		proto->arm_side = arm;
	/* A bootstrap's point and ref, then its interval; a fit's visit
	 * sees the two prices itself; as drawn, the resamples alone. */
	if (proto->o->as_drawn || (proto->visit && !proto->visit_ref)) {
		rc = split_run(proto, proto->out->B, nw, d);
		goto out;
	}
	if (noise_tally_scales(sorted, n, &scale) != FP_OK ||
	    noise_tally_open(&tally, n, scale) != FP_OK) {
		diag_oom(d);
		goto out;
	}
	proto->tally = &tally;
	if (split_run(proto, proto->out->B, nw, d) == FP_OK &&
	    reference(proto, n, d) == FP_OK)
		rc = proto->visit ? FP_OK : summarise(proto->out, sorted, n, d);
out:
	proto->side = given;
	proto->arm_side = arm_given;
	proto->tally = NULL;
	noise_tally_close(&tally);
	free(scale);
	free(storage[0]);
	free(storage[1]);
	return rc;
}

bool noise_pass_varies(const struct noise_side side[2], size_t n)
{
	for (int s = 0; s < 2; s++) {
		const struct noise_side *sd = &side[s];

		for (size_t i = 0; sd->off && i < n; i++)
			for (size_t j = sd->off[i]; j < sd->off[i + 1]; j++)
				if (isnan(sd->v[j]) ||
				    (sd->pass &&
				     sd->pass[j] != sd->pass[sd->off[i]]))
					return true;
	}
	return false;
}

/* b's arrays for B resamples on nw threads, and with `again` for the
 * resamples priced again on runtimes alone (pass states that vary). */
static int boot_alloc(struct boot *b, const struct boot_opts *o, size_t nw,
                      bool again, struct diag *d)
{
	size_t B = o->B;

	memset(b, 0, sizeof *b);
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
	if (again) {
		b->rt_gain = malloc(B * sizeof *b->rt_gain);
		b->rt_cost = malloc(B * sizeof *b->rt_cost);
		b->rt_net = malloc(B * sizeof *b->rt_net);
		if (!b->rt_gain || !b->rt_cost || !b->rt_net)
			return diag_oom(d);
	}
	return FP_OK;
}

size_t noise_threads(const struct boot_opts *o)
{
	size_t nw = o->threads ? o->threads : noise_cpus();

	return nw > o->B ? o->B : nw;
}

int noise_bootstrap(const struct metric *m, const struct joined *runs,
                    const struct noise_side side[2], const struct boot_opts *o,
                    struct boot *b, struct diag *d)
{
	size_t nw = noise_threads(o);
	struct worker proto = {
	    .m = m, .runs = runs, .side = side, .o = o, .out = b};

	if (boot_alloc(b, o, nw, noise_pass_varies(side, runs->before->n), d) !=
	    FP_OK)
		return FP_ERR;
	return sorted_run(&proto, runs->before->n, nw, d);
}

int noise_bootstrap_arm(const struct metric *m, const struct joined *runs,
                        const struct noise_side side[2],
                        const struct joined *arm_runs,
                        const struct noise_side arm_side[2],
                        const struct boot_opts *o, struct boot *b,
                        struct boot *arm, struct diag *d)
{
	size_t nw = noise_threads(o);
	struct boot_opts as_drawn = *o;
	struct worker proto = {.m = m,
	                       .runs = runs,
	                       .side = side,
	                       .o = o,
	                       .out = b,
	                       .arm_runs = arm_runs,
	                       .arm_side = arm_side,
	                       .arm_out = arm};

	as_drawn.as_drawn = true;
	as_drawn.rider = NULL;
	/* The arm's side 0 is the fix's, drawn once, where both draw one
	 * run of the before run with the same keys. */
	if (o->control_after || side[0].nruns > 1 || arm_side[0].nruns > 1) {
		memset(arm, 0, sizeof *arm);
		if (noise_bootstrap(m, runs, side, o, b, d) != FP_OK)
			return FP_ERR;
		if (noise_bootstrap(m, arm_runs, arm_side, &as_drawn, arm, d) !=
		    FP_OK) {
			diag_prefix(d, "noise arm");
			return FP_ERR;
		}
		return FP_OK;
	}
	if (boot_alloc(arm, &as_drawn, nw, false, d) != FP_OK ||
	    boot_alloc(b, o, nw, noise_pass_varies(side, runs->before->n), d) !=
	        FP_OK)
		return FP_ERR;
	return sorted_run(&proto, runs->before->n, nw, d);
}

/* noise_visit's resamples; with fit, noise_visit_fit's rows too. */
static int visit_runs(const struct metric *m, const struct joined *runs,
                      const struct noise_side side[2],
                      const struct boot_opts *o, noise_visit_fn visit,
                      unsigned reads, bool fit, void *ctx, struct diag *d)
{
	size_t nw = noise_threads(o), n = runs->before->n;
	struct boot b = {.B = o->B};
	struct worker proto = {.m = m,
	                       .runs = runs,
	                       .side = side,
	                       .o = o,
	                       .out = &b,
	                       .visit = visit,
	                       .visit_reads = reads,
	                       .visit_rt = fit && noise_pass_varies(side, n),
	                       .visit_ref = fit,
	                       .ctx = ctx};

	return sorted_run(&proto, n, nw, d);
}

int noise_visit(const struct metric *m, const struct joined *runs,
                const struct noise_side side[2], const struct boot_opts *o,
                noise_visit_fn visit, unsigned reads, void *ctx, struct diag *d)
{
	return visit_runs(m, runs, side, o, visit, reads, false, ctx, d);
}

int noise_visit_fit(const struct metric *m, const struct joined *runs,
                    const struct noise_side side[2], const struct boot_opts *o,
                    noise_visit_fn visit, void *ctx, struct diag *d)
{
	return visit_runs(m, runs, side, o, visit, 0, true, ctx, d);
}

void boot_free(struct boot *b)
{
	free(b->gain);
	free(b->cost);
	free(b->net);
	free(b->decide);
	free(b->rt_gain);
	free(b->rt_cost);
	free(b->rt_net);
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
	boot_run_worker(&w);
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
