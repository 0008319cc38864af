/* verdict.c: the verdict and its reasons (verdict.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise/verdict.h"
#include "util/numfmt.h"

/* Beyond this many samples per case, "would decide it" means nothing a
 * harness would run: net is within noise at any count. */
#define NEED_MAX 1e6

const char *verdict_name(enum verdict_kind k)
{
	static const char *const names[] = {"accept", "reject", "inconclusive"};
	return names[k];
}

void verdict_reason(struct verdict *v, const char *fmt, ...)
{
	va_list ap;

	if (v->nreasons == VERDICT_MAX_REASONS)
		return;
	va_start(ap, fmt);
	vsnprintf(v->reasons[v->nreasons++], VERDICT_REASON_MAX, fmt, ap);
	va_end(ap);
}

/* From the resamples: accept when decide holds in at least C of them,
 * reject when it fails in at least C, inconclusive otherwise. */
static void judge(struct verdict *v, const struct boot *b)
{
	char p[NUMFMT_MAX], c[NUMFMT_MAX], lo[NUMFMT_MAX], hi[NUMFMT_MAX];

	numfmt_fixed(p, b->p_decide, 4);
	numfmt_fixed(c, b->confidence, 4);
	numfmt_fixed(lo, b->net_ci.lo, 4);
	numfmt_fixed(hi, b->net_ci.hi, 4);
	if (b->p_decide >= b->confidence) {
		v->kind = VERDICT_ACCEPT;
		verdict_reason(v,
		               "decide holds in %s of %zu resamples "
		               "(at least %s)",
		               p, b->B, c);
	} else if (1 - b->p_decide >= b->confidence) {
		v->kind = VERDICT_REJECT;
		verdict_reason(v,
		               "decide fails in %s of %zu resamples "
		               "(at least %s)",
		               numfmt_fixed(p, 1 - b->p_decide, 4), b->B, c);
	} else {
		v->kind = VERDICT_INCONCLUSIVE;
		/* A decide other than net > 0 can waver while net's interval
		 * stays clear of 0. */
		verdict_reason(v,
		               "%sdecide holds in %s of %zu resamples, net in "
		               "[%s, %s]",
		               b->net_ci.lo <= 0 && b->net_ci.hi >= 0
		                   ? "net is within noise: "
		                   : "",
		               p, b->B, lo, hi);
	}
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
	if (v->guards.newly_failing_guard && v->kind == VERDICT_ACCEPT) {
		v->kind = VERDICT_REJECT;
		verdict_reason(v,
		               "guard newly-failing: %zu case%s pass%s "
		               "before and fail%s after the fix",
		               v->nnewly_failing,
		               v->nnewly_failing == 1 ? "" : "s",
		               v->nnewly_failing == 1 ? "es" : "",
		               v->nnewly_failing == 1 ? "s" : "");
	}
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
	if (v->sign_differs && v->guards.control_guard) {
		v->kind = VERDICT_INCONCLUSIVE;
		verdict_reason(v, "guard control: net and the metric's own "
		                  "delta_total differ in sign");
	}
}

/* How many samples per case would make the interval exclude zero: the
 * half of the interval on zero's side shrinks as 1/sqrt(n). */
static void need(struct verdict *v, const struct price *p, const struct boot *b)
{
	double m = p->net;
	double half = m > 0 ? m - b->net_ci.lo : b->net_ci.hi - m;
	double n;

	/* The estimate is about 0; a decide that wavers elsewhere has no
	 * such estimate. */
	if (b->net_ci.lo > 0 || b->net_ci.hi < 0)
		return;
	v->need_known = true;
	if (m == 0 || (v->have_control && fabs(m) <= fabs(v->control_net))) {
		v->any_count = true;
		return;
	}
	n = ceil(b->samples * (half / fabs(m)) * (half / fabs(m)));
	if (n <= b->samples)
		n = b->samples + 1;
	if (!(n <= NEED_MAX))
		v->any_count = true;
	else
		v->samples_needed = n;
}

int verdict_make(struct verdict *v, const struct price *p, const struct boot *b,
                 struct diag *d)
{
	v->decision = p->accept;
	v->boot = b;
	v->judged = b != NULL;
	if (b) {
		judge(v, b);
	} else if (v->prediction) {
		v->kind = p->accept ? VERDICT_ACCEPT : VERDICT_REJECT;
		verdict_reason(v,
		               "noise not judged: a prediction measures "
		               "nothing; price the measured runs to judge it");
	} else {
		v->kind = p->accept ? VERDICT_ACCEPT : VERDICT_REJECT;
		verdict_reason(v, "noise not judged: one sample per case; "
		                  "measure each case several times or give a "
		                  "control run (--control) to judge it");
	}
	if (newly_failing(v, p, d) != FP_OK)
		return FP_ERR;
	control(v, p);
	if (b && v->kind == VERDICT_INCONCLUSIVE && !v->sign_differs)
		need(v, p, b);
	return FP_OK;
}

void verdict_free(struct verdict *v)
{
	free(v->newly_failing);
	free(v->flaky);
	v->newly_failing = v->flaky = NULL;
}
