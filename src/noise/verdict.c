/* verdict.c: the verdict and its reasons (verdict.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/fold.h"
#include "noise/verdict.h"
#include "util/numfmt.h"
#include "util/rows.h"

/* Beyond this many samples per case, "would decide it" means nothing a
 * harness would run: net is within noise at any count. */
#define NEED_MAX 1e6

const char *verdict_name(enum verdict_kind k)
{
	static const char *const names[] = {
	    [VERDICT_ACCEPT] = "accept",
	    [VERDICT_REJECT] = "reject",
	    [VERDICT_INCONCLUSIVE] = "inconclusive",
	    [VERDICT_NO_EFFECT] = "no material effect",
	    [VERDICT_NOT_JUDGED] = "not judged",
	};
	FP_ROWS(names, VERDICT_KIND_COUNT);
	return names[k];
}

enum verdict_kind verdict_decision(const struct verdict *v)
{
	return v->kind == VERDICT_NOT_JUDGED ? v->point_kind : v->kind;
}

void verdict_reason(struct verdict *v, enum reason_code code, const double *x,
                    size_t nx, size_t n0)
{
	struct verdict_reason *r;

	if (v->nreasons == VERDICT_MAX_REASONS)
		return;
	r = &v->reasons[v->nreasons++];
	memset(r, 0, sizeof *r);
	r->code = code;
	for (size_t k = 0; k < nx && k < 4; k++)
		r->x[k] = x[k];
	r->n[0] = n0;
}

/* One rule: the interval of net against +-margin; a decide about more
 * than net, P(decide) against the confidence. */
static void judge(struct verdict *v, const struct boot *b)
{
	double m = v->guards.margin;
	double x[4] = {b->net_ci.lo, b->net_ci.hi, m, b->confidence};
	double q[2] = {b->p_decide, b->confidence};
	/* One side of the interval at the confidence, as net's lower end
	 * above 0 is. */
	double bar = (1 + b->confidence) / 2;

	v->about_net = noise_about_net(b);
	if (!v->about_net) {
		v->kind = b->p_decide >= bar       ? VERDICT_ACCEPT
		          : 1 - b->p_decide >= bar ? VERDICT_REJECT
		                                   : VERDICT_INCONCLUSIVE;
		verdict_reason(v,
		               v->kind == VERDICT_ACCEPT ? REASON_DECIDE_HOLDS
		               : v->kind == VERDICT_REJECT
		                   ? REASON_DECIDE_FAILS
		                   : REASON_DECIDE_WAVERS,
		               q, 2, b->B);
		return;
	}
	if (b->net_ci.lo > m) {
		v->kind = VERDICT_ACCEPT;
		verdict_reason(v, REASON_ABOVE_MARGIN, x, 4, b->B);
	} else if (b->net_ci.hi < -m) {
		v->kind = VERDICT_REJECT;
		verdict_reason(v, REASON_BELOW_MARGIN, x, 4, b->B);
	} else if (b->net_ci.lo >= -m && b->net_ci.hi <= m) {
		v->kind = VERDICT_NO_EFFECT;
		verdict_reason(v, REASON_WITHIN_MARGIN, x, 4, b->B);
	} else {
		v->kind = VERDICT_INCONCLUSIVE;
		verdict_reason(v, REASON_STRADDLES, x, 4, b->B);
	}
	/* n[1]: the interval is of net less the control run's (fold.h). */
	v->reasons[v->nreasons - 1].n[1] = v->against_control;
}

static int newly_failing(struct verdict *v, const struct price *p,
                         struct diag *d)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->passed[0][i] != 0 && p->passed[1][i] == 0)
			v->nnewly_failing++;
	if (v->nnewly_failing == 0)
		return FP_OK;
	if (!(v->newly_failing = malloc(v->nnewly_failing * sizeof(size_t))))
		return diag_oom(d);
	v->nnewly_failing = 0;
	for (size_t i = 0; i < p->n; i++)
		if (p->passed[0][i] != 0 && p->passed[1][i] == 0)
			v->newly_failing[v->nnewly_failing++] = i;
	return FP_OK;
}

/* Why case i's share of net differs from its change of the total. */
static struct why why_of(const struct price *p, size_t i)
{
	double g = p->gain_share[i], c = p->cost_share[i];
	double t = p->share_buf[3][i] - p->share_buf[2][i];
	bool before = p->passed[0][i] != 0, after = p->passed[1][i] != 0;
	struct why w = {i, WHY_CREDIT_DIFFERS, g - c, t};

	if (c != 0 && g == 0 && t == 0) {
		if (!before && !after)
			w.kind = WHY_CHARGED_UNSCORED;
		else if (!before)
			w.kind = WHY_CHARGED_FAILED_BEFORE;
		else if (!after)
			w.kind = WHY_CHARGED_FAILS_AFTER;
	} else if (c != 0 && !before) {
		w.kind = WHY_CHARGED_FAILED_BEFORE;
	} else if (before && !after) {
		w.kind = WHY_NEWLY_FAILING;
	}
	return w;
}

/* The control: sign against size, and the cases behind the gap. */
static void control(struct verdict *v, const struct price *p)
{
	double tol = 1e-9 * fmax(1, fmax(fabs(p->net), fabs(p->delta_total)));
	size_t differ = 0;

	if (p->control_ok)
		return;
	v->sign_differs = (p->net > tol && p->delta_total < -tol) ||
	                  (p->net < -tol && p->delta_total > tol);
	v->size_differs = !v->sign_differs;
	for (size_t i = 0; p->ncontrol_cases > 0 && i < p->n; i++)
		differ += fabs(p->control_diff[i]) >
		          1e-9 * fmax(1, fabs(p->control_gap));
	for (size_t k = 0; k < p->ncontrol_cases && k < VERDICT_MAX_WHY; k++)
		v->why[v->nwhy++] = why_of(p, p->control_cases[k]);
	v->nwhy_more = differ > v->nwhy ? differ - v->nwhy : 0;
}

/* The guards of the table, in its order: a reject guard turns an accept
 * into a reject; an inconclusive guard makes a decided verdict
 * inconclusive.  A verdict not judged stays so, and the guards act on the
 * point estimate's decision instead (point_kind). */
static void apply_guards(struct verdict *v, const struct price *p)
{
	for (size_t g = 0; g < GUARD_COUNT; g++) {
		const struct guard_def *gd = &guard_table[g];
		size_t fired = v->guards.guard_on[g] ? gd->check(p) : 0;
		bool unjudged = v->kind == VERDICT_NOT_JUDGED;
		enum verdict_kind *k = unjudged ? &v->point_kind : &v->kind;
		bool rejects =
		    gd->action == GUARD_REJECTS && *k == VERDICT_ACCEPT;
		bool undecides = gd->action == GUARD_INCONCLUSIVE;
		double none[1] = {0};

		if (fired == 0 || (!rejects && !undecides))
			continue;
		*k = rejects ? VERDICT_REJECT : VERDICT_INCONCLUSIVE;
		verdict_reason(v, REASON_GUARD, none, 0, fired);
		v->reasons[v->nreasons - 1].n[1] = g;
	}
}

/* How many samples per case would decide it: the interval narrows about
 * net as 1/sqrt(n), so the part of it beyond the edge of the margin that
 * net is clear of (0 when the margin is 0) shrinks by the ratio r of that
 * part's width to net's distance from the edge; within the margin, both
 * ends must come inside. */
static void need(struct verdict *v, const struct price *p, const struct boot *b)
{
	/* About the interval's centre: the measured net less noise's bias
	 * at a clip (bootstrap.h). */
	double m = b->point.net - b->bias.net, g = v->guards.margin;
	double lo = b->net_ci.lo, hi = b->net_ci.hi, n, r = INFINITY;

	/* The estimate is about net's interval; a decide that wavers
	 * elsewhere has no such estimate. */
	if (!v->about_net) {
		v->need_why = NEED_NOT_NET;
		return;
	}
	v->need_known = true;
	v->need_why = NEED_ESTIMATED;
	if (m > g) {
		v->need_target = NEED_ABOVE;
		r = (m - lo) / (m - g);
	} else if (m < -g) {
		v->need_target = NEED_BELOW;
		r = (hi - m) / (-g - m);
	} else if (m > -g && m < g) {
		v->need_target = NEED_WITHIN;
		r = fmax((hi - m) / (g - m), (m - lo) / (m + g));
	}
	/* net on an edge (net 0 without a margin) never leaves it */
	/* Net no larger than the control run's is within noise at any
	 * count, unless the control is folded in: then m is net less it. */
	if (!isfinite(r) || (v->have_control && !v->against_control &&
	                     fabs(m) <= fabs(v->control_net))) {
		v->any_count = true;
		return;
	}
	v->need_ratio = r;
	n = ceil(b->samples * r * r);
	if (n <= b->samples)
		n = b->samples + 1;
	if (!(n <= NEED_MAX))
		v->any_count = true;
	else
		v->samples_needed = n;
}

/* Why the noise was not judged, most basic first. */
static void not_judged(struct verdict *v)
{
	double x[1] = {v->confidence};

	v->kind = VERDICT_NOT_JUDGED;
	if (v->prediction)
		verdict_reason(v, REASON_PREDICTION, NULL, 0, 0);
	else if (v->resamples == 0)
		verdict_reason(v, REASON_NO_BOOTSTRAP, NULL, 0, 0);
	else if (v->resamples < noise_least_resamples(v->confidence)) {
		verdict_reason(v, REASON_FEW_RESAMPLES, x, 1, v->resamples);
		v->reasons[v->nreasons - 1].n[1] =
		    noise_least_resamples(v->confidence);
	} else if (v->sampled_cases > 0)
		verdict_reason(v, REASON_ALIKE, NULL, 0, v->sampled_cases);
	else
		verdict_reason(v, REASON_ONE_SAMPLE, NULL, 0, 0);
}

int verdict_make(struct verdict *v, const struct price *p, const struct boot *b,
                 struct diag *d)
{
	enum verdict_kind noise_kind;

	v->decision = p->accept;
	v->point_kind = p->accept ? VERDICT_ACCEPT : VERDICT_REJECT;
	v->boot = b;
	v->judged = b != NULL;
	v->need_why = NEED_NOT_INCONCLUSIVE;
	if (b) {
		judge(v, b);
	} else {
		not_judged(v);
	}
	if (newly_failing(v, p, d) != FP_OK)
		return FP_ERR;
	control(v, p);
	noise_kind = v->kind;
	apply_guards(v, p);
	/* More samples narrow the interval; they do not lift a guard. */
	if (b && v->kind == VERDICT_INCONCLUSIVE) {
		if (v->sign_differs && v->guards.guard_on[GUARD_CONTROL])
			v->need_why = noise_kind == VERDICT_INCONCLUSIVE
			                  ? NEED_GUARD_AND_NOISE
			                  : NEED_GUARD;
		else
			need(v, p, b);
	}
	return FP_OK;
}

void verdict_free(struct verdict *v)
{
	free(v->newly_failing);
	free(v->flaky);
	v->newly_failing = v->flaky = NULL;
}
