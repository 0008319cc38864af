/* verdict_json.c: the verdict's object in the JSON record
 * (doc/record-schema.md, "verdict"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/verdict.h"
#include "util/escape.h"

/* Building stops at the first failure; the caller sees NULL. */
struct vj {
	bool failed;
};

static json_t *put(struct vj *b, json_t *obj, const char *key, json_t *v)
{
	if (!v || !obj || json_object_set_new(obj, key, v) != 0)
		b->failed = true;
	return obj;
}

static void push(struct vj *b, json_t *arr, json_t *v)
{
	if (!v || !arr || json_array_append_new(arr, v) != 0)
		b->failed = true;
}

static json_t *str(const char *s)
{
	json_t *v;
	char *e;

	if (!s)
		return json_null();
	if ((v = json_string(s)))
		return v;
	/* Not UTF-8: its terminal form, as json.c writes it. */
	e = escape_terminal(s);
	v = e ? json_string(e) : NULL;
	free(e);
	return v;
}

static json_t *pair(struct vj *b, struct interval ci)
{
	json_t *a = json_array();

	push(b, a, json_real(ci.lo));
	push(b, a, json_real(ci.hi));
	return a;
}

static json_t *case_list(struct vj *b, const struct price *p, const size_t *idx,
                         size_t n)
{
	json_t *a = json_array();

	for (size_t k = 0; k < n; k++)
		push(b, a, str(p->case_name[idx[k]]));
	return a;
}

static json_t *boot_json(struct vj *b, const struct verdict *v)
{
	const struct boot *bt = v->boot;
	json_t *o, *ci, *bias;

	if (!bt)
		return json_null();
	o = json_object();
	ci = json_object();
	bias = json_object();
	put(b, o, "B", json_integer((json_int_t)bt->B));
	put(b, o, "confidence", json_real(bt->confidence));
	/* A string: JSON numbers lose integers above 2^53. */
	{
		char seed[24];
		snprintf(seed, sizeof seed, "%llu",
		         (unsigned long long)bt->seed);
		put(b, o, "seed", json_string(seed));
	}
	put(b, o, "samples_per_case", json_real(bt->samples));
	put(b, o, "pseudo_samples_from_control", json_boolean(v->from_control));
	put(b, o, "correction", json_real(bt->correction));
	put(b, o, "kink", json_real(bt->kink));
	put(b, bias, "gain", json_real(bt->bias.gain));
	put(b, bias, "cost", json_real(bt->bias.cost));
	put(b, bias, "net", json_real(bt->bias.net));
	put(b, o, "bias", bias);
	put(b, o, "center", json_real(bt->point.net - bt->bias.net));
	put(b, ci, "gain", pair(b, bt->gain_ci));
	put(b, ci, "cost", pair(b, bt->cost_ci));
	put(b, ci, "net", pair(b, bt->net_ci));
	put(b, o, "interval", ci);
	put(b, o, "p_decide", json_real(bt->p_decide));
	return o;
}

static const char *const why_names[] = {
    [WHY_CHARGED_UNSCORED] = "charged_unscored",
    [WHY_CHARGED_FAILED_BEFORE] = "charged_failed_before",
    [WHY_CHARGED_FAILS_AFTER] = "charged_fails_after",
    [WHY_NEWLY_FAILING] = "newly_failing",
    [WHY_CREDIT_DIFFERS] = "credit_differs",
};

static json_t *guards_json(struct vj *b, const struct verdict *v,
                           const struct price *p)
{
	json_t *o = json_object(), *nf = json_object(), *c = json_object();
	json_t *why = json_array();

	put(b, nf, "on", json_boolean(v->guards.newly_failing_guard));
	put(b, nf, "cases",
	    case_list(b, p, v->newly_failing, v->nnewly_failing));
	put(b, o, "newly_failing", nf);
	put(b, c, "on", json_boolean(v->guards.control_guard));
	put(b, c, "sign_differs", json_boolean(v->sign_differs));
	put(b, c, "size_differs", json_boolean(v->size_differs));
	for (size_t k = 0; k < v->nwhy; k++) {
		json_t *w = json_object();

		put(b, w, "case", str(p->case_name[v->why[k].i]));
		put(b, w, "why", json_string(why_names[v->why[k].kind]));
		put(b, w, "net_share", json_real(v->why[k].net_share));
		put(b, w, "total_share", json_real(v->why[k].total_share));
		push(b, why, w);
	}
	put(b, c, "cases", why);
	put(b, c, "more_cases", json_integer((json_int_t)v->nwhy_more));
	put(b, o, "control", c);
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

static json_t *need_json(struct vj *b, const struct verdict *v,
                         const struct price *p)
{
	const char *absent = need_absent(v);
	json_t *o;

	if (!v->need_known && v->nwide == 0 && !absent)
		return json_null();
	o = json_object();
	put(b, o, "samples_per_case",
	    v->need_known && !v->any_count ? json_real(v->samples_needed)
	                                   : json_null());
	put(b, o, "within_noise_at_any_count",
	    json_boolean(v->need_known && v->any_count));
	if (absent) /* only then, so other records keep their bytes */
		put(b, o, "absent_because", json_string(absent));
	put(b, o, "widest_cases", case_list(b, p, v->wide, v->nwide));
	return o;
}

static json_t *control_run_json(struct vj *b, const struct verdict *v)
{
	json_t *o;

	if (!v->have_control)
		return json_null();
	o = json_object();
	put(b, o, "net", json_real(v->control_net));
	put(b, o, "interval",
	    v->control_ci_known ? pair(b, v->control_ci) : json_null());
	return o;
}

static json_t *arm_json(struct vj *b, const struct verdict *v)
{
	json_t *o;

	if (!v->have_arm)
		return json_null();
	o = json_object();
	put(b, o, "mean_net", json_real(v->arm_mean));
	put(b, o, "interval", pair(b, v->arm_ci));
	return o;
}

json_t *report_verdict_json(const struct record *r)
{
	const struct verdict *v = r->verdict;
	const struct price *p = r->price;
	struct vj b = {false};
	json_t *o = json_object(), *reasons = json_array();

	put(&b, o, "verdict", json_string(verdict_name(v->kind)));
	for (size_t k = 0; k < v->nreasons; k++) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);

		if (mem)
			report_reason_words(mem, &v->reasons[k]);
		if (!mem || fclose(mem) != 0)
			b.failed = true;
		else
			push(&b, reasons, json_string(text));
		free(text);
	}
	put(&b, o, "reasons", reasons);
	put(&b, o, "noise_judged", json_boolean(v->judged));
	put(&b, o, "margin", json_real(v->guards.margin));
	put(&b, o, "estimator", str(v->estimator));
	put(&b, o, "pass_policy", json_string(run_policy_name(v->policy)));
	put(&b, o, "bootstrap", boot_json(&b, v));
	put(&b, o, "samples_needed", need_json(&b, v, p));
	put(&b, o, "guards", guards_json(&b, v, p));
	put(&b, o, "flaky_cases", case_list(&b, p, v->flaky, v->nflaky));
	put(&b, o, "control_run", control_run_json(&b, v));
	put(&b, o, "noise_arm", arm_json(&b, v));
	if (b.failed) {
		json_decref(o);
		return NULL;
	}
	return o;
}
