/* verdict_json.c: the verdict's object in the JSON record
 * (doc/record-schema.md, "verdict"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "noise/bootstrap.h"
#include "report/jtree.h"
#include "report/verdict.h"
#include "util/rows.h"

static json_t *pair(struct jtree *b, struct interval ci)
{
	json_t *a = json_array();

	jt_push(b, a, json_real(ci.lo));
	jt_push(b, a, json_real(ci.hi));
	return a;
}

static json_t *case_list(struct jtree *b, const struct price *p,
                         const size_t *idx, size_t n)
{
	json_t *a = json_array();

	for (size_t k = 0; k < n; k++)
		jt_push(b, a, jt_str(b, p->case_name[idx[k]]));
	return a;
}

static json_t *boot_json(struct jtree *b, const struct verdict *v)
{
	const struct boot *bt = v->boot;
	json_t *o, *ci, *bias, *doubt;

	if (!bt)
		return json_null();
	o = json_object();
	ci = json_object();
	bias = json_object();
	doubt = json_object();
	jt_set(b, o, "B", json_integer((json_int_t)bt->B));
	jt_set(b, o, "confidence", json_real(bt->confidence));
	/* A string: JSON numbers lose integers above 2^53. */
	{
		char seed[24];
		snprintf(seed, sizeof seed, "%llu",
		         (unsigned long long)bt->seed);
		jt_set(b, o, "seed", json_string(seed));
	}
	jt_set(b, o, "samples_per_case", json_real(bt->samples));
	jt_set(b, o, "pseudo_samples_from_control",
	       json_boolean(v->from_control));
	jt_set(b, o, "correction", json_real(bt->fit.correction));
	jt_set(b, o, "kink", json_real(bt->fit.kink));
	jt_set(b, bias, "gain", json_real(bt->bias.gain));
	jt_set(b, bias, "cost", json_real(bt->bias.cost));
	jt_set(b, bias, "net", json_real(bt->bias.net));
	jt_set(b, o, "bias", bias);
	jt_set(b, o, "center", json_real(bt->point.net - bt->bias.net));
	/* How far the interval doubts net's bias, each side of the centre
	 * (noise_fit_doubt). */
	jt_set(b, doubt, "below", json_real(bt->doubt.lo));
	jt_set(b, doubt, "above", json_real(bt->doubt.hi));
	jt_set(b, o, "doubt", doubt);
	/* Only with several runs on a side, so other records keep their
	 * bytes: the share of the variance of net that is between runs. */
	if (v->levels_known)
		jt_set(b, o, "between_runs_share",
		       json_real(1 - v->within_share));
	jt_set(b, ci, "gain", pair(b, bt->gain_ci));
	jt_set(b, ci, "cost", pair(b, bt->cost_ci));
	jt_set(b, ci, "net", pair(b, bt->net_ci));
	jt_set(b, o, "interval", ci);
	jt_set(b, o, "p_decide", json_real(bt->p_decide));
	return o;
}

static const char *const why_names[] = {
    [WHY_CHARGED_UNSCORED] = "charged_unscored",
    [WHY_CHARGED_FAILED_BEFORE] = "charged_failed_before",
    [WHY_CHARGED_FAILS_AFTER] = "charged_fails_after",
    [WHY_NEWLY_FAILING] = "newly_failing",
    [WHY_CREDIT_DIFFERS] = "credit_differs",
};
FP_ROWS(why_names, WHY_KIND_COUNT);

static json_t *guards_json(struct jtree *b, const struct verdict *v,
                           const struct price *p)
{
	json_t *o = json_object(), *nf = json_object(), *c = json_object();
	json_t *why = json_array();

	jt_set(b, nf, "on",
	       json_boolean(v->guards.guard_on[GUARD_NEWLY_FAILING]));
	jt_set(b, nf, "cases",
	       case_list(b, p, v->newly_failing, v->nnewly_failing));
	jt_set(b, o, "newly_failing", nf);
	jt_set(b, c, "on", json_boolean(v->guards.guard_on[GUARD_CONTROL]));
	jt_set(b, c, "sign_differs", json_boolean(v->sign_differs));
	jt_set(b, c, "size_differs", json_boolean(v->size_differs));
	for (size_t k = 0; k < v->nwhy; k++) {
		json_t *w = json_object();

		jt_set(b, w, "case", jt_str(b, p->case_name[v->why[k].i]));
		jt_set(b, w, "why", json_string(why_names[v->why[k].kind]));
		jt_set(b, w, "net_share", json_real(v->why[k].net_share));
		jt_set(b, w, "total_share", json_real(v->why[k].total_share));
		jt_push(b, why, w);
	}
	jt_set(b, c, "cases", why);
	jt_set(b, c, "more_cases", json_integer((json_int_t)v->nwhy_more));
	jt_set(b, o, "control", c);
	return o;
}

/* Why an inconclusive verdict has no count of samples (NULL: it has). */
static const char *need_absent(const struct verdict *v)
{
	switch (v->need_why) {
	case NEED_GUARD:
		return "control_guard";
	case NEED_GUARD_AND_NOISE:
		return "control_guard_and_noise";
	case NEED_NOT_NET:
		return "decide_not_net";
	default:
		return NULL;
	}
}

static json_t *need_json(struct jtree *b, const struct verdict *v,
                         const struct price *p)
{
	const char *absent = need_absent(v);
	json_t *o;

	if (!v->need_known && v->nwide == 0 && !absent)
		return json_null();
	o = json_object();
	jt_set(b, o, "samples_per_case",
	       v->need_known && !v->any_count ? json_real(v->samples_needed)
	                                      : json_null());
	jt_set(b, o, "within_noise_at_any_count",
	       json_boolean(v->need_known && v->any_count));
	if (v->runs_need.known) { /* several runs per side */
		const struct need_runs *q = &v->runs_need;

		jt_set(b, o, "runs_per_side",
		       q->runs_needed ? json_integer((json_int_t)q->runs_needed)
		                      : json_null());
		jt_set(b, o, "samples_per_run",
		       q->samples_needed > 0 ? json_real(q->samples_needed)
		                             : json_null());
		jt_set(b, o, "within_runs_share", json_real(q->within_share));
	}
	if (absent) /* only then, so other records keep their bytes */
		jt_set(b, o, "absent_because", json_string(absent));
	jt_set(b, o, "widest_cases", case_list(b, p, v->wide, v->nwide));
	return o;
}

static json_t *control_run_json(struct jtree *b, const struct verdict *v)
{
	json_t *o;

	if (!v->have_control)
		return json_null();
	o = json_object();
	jt_set(b, o, "net", json_real(v->control_net));
	jt_set(b, o, "interval",
	       v->control_ci_known ? pair(b, v->control_ci) : json_null());
	/* Folded in: the verdict's interval is of net less this net, and
	 * the fix's own interval and P(decide) are here. */
	jt_set(b, o, "folded", json_boolean(v->against_control));
	jt_set(b, o, "fix_interval",
	       v->against_control ? pair(b, v->fix_ci) : json_null());
	jt_set(b, o, "fix_p_decide",
	       v->against_control ? json_real(v->fix_p) : json_null());
	return o;
}

static json_t *arm_json(struct jtree *b, const struct verdict *v)
{
	json_t *o;

	if (!v->have_arm)
		return json_null();
	o = json_object();
	jt_set(b, o, "mean_net", json_real(v->arm_mean));
	jt_set(b, o, "interval", pair(b, v->arm_ci));
	return o;
}

json_t *report_verdict_json(const struct record *r)
{
	const struct verdict *v = r->verdict;
	const struct price *p = r->price;
	struct jtree b = {false};
	json_t *o = json_object(), *reasons = json_array();

	jt_set(&b, o, "verdict", json_string(verdict_name(v->kind)));
	jt_set(&b, o, "point_after_guards",
	       v->kind == VERDICT_NOT_JUDGED
	           ? json_string(verdict_name(v->point_kind))
	           : json_null());
	for (size_t k = 0; k < v->nreasons; k++) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);

		if (mem)
			report_reason_words(mem, r, &v->reasons[k]);
		if (!mem || fclose(mem) != 0)
			b.failed = true;
		else
			jt_push(&b, reasons, json_string(text));
		free(text);
	}
	jt_set(&b, o, "reasons", reasons);
	jt_set(&b, o, "noise_judged", json_boolean(v->judged));
	jt_set(&b, o, "margin", json_real(v->guards.margin));
	jt_set(&b, o, "estimator", jt_str(&b, v->estimator));
	jt_set(&b, o, "pass_policy", json_string(run_policy_name(v->policy)));
	jt_set(&b, o, "bootstrap", boot_json(&b, v));
	jt_set(&b, o, "samples_needed", need_json(&b, v, p));
	jt_set(&b, o, "guards", guards_json(&b, v, p));
	jt_set(&b, o, "flaky_cases", case_list(&b, p, v->flaky, v->nflaky));
	jt_set(&b, o, "control_run", control_run_json(&b, v));
	jt_set(&b, o, "noise_arm", arm_json(&b, v));
	if (b.failed) {
		json_decref(o);
		return NULL;
	}
	return o;
}
