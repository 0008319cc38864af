/* verify_write.c: what `fixprice verify` found, as text, Markdown or JSON
 * (verify.h).  The first line of every form is the outcome. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/json_write.h"
#include "report/verify.h"
#include "util/escape.h"

/* Hash prefixes shown to people; JSON has them whole. */
#define SHA_SHOWN 12

static const char *outcome(const struct verify_result *v)
{
	return v->same ? "unchanged" : "changed";
}

/* The decision a value states: its verdict when judged, else the point
 * estimate's. */
static const char *decision(const struct record_value *r, char *buf,
                            size_t size)
{
	if (r->verdict && strcmp(r->verdict, "not judged") != 0)
		return r->verdict;
	snprintf(buf, size, "%s, not judged against noise",
	         r->point_after_guards ? r->point_after_guards
	         : r->accept           ? "accept"
	                               : "reject");
	return buf;
}

/* ---- text and Markdown ---- */

struct tw {
	FILE *out;
	enum report_format f;
	struct diag *d;
	bool oom;
};

static char *num(char *buf, double x)
{
	if (isnan(x))
		return strcpy(buf, "-");
	return report_num(buf, x, PRECISION_HUMAN);
}

/* User text (paths, case names) escaped for the form. */
static void name(struct tw *t, const char *s)
{
	char *e;

	if (t->f != FORMAT_MD) {
		if (report_put_name(t->out, s ? s : "-", t->f, t->d) != FP_OK)
			t->oom = true;
		return;
	}
	/* Markdown: a code span, which nothing inside can break out of. */
	if (!(e = escape_md_code(s ? s : "-", false))) {
		t->oom = diag_oom(t->d) != FP_OK;
		return;
	}
	fputs(e, t->out);
	free(e);
}

static void sha(struct tw *t, const char *h)
{
	fprintf(t->out, "%.*s", SHA_SHOWN, h && h[0] ? h : "(none)");
}

static size_t changed_inputs(const struct verify_result *v)
{
	size_t n = v->metric_changed;

	for (size_t i = 0; i < v->ninputs; i++)
		n += v->inputs[i].changed;
	return n;
}

static void headline(struct tw *t, const struct verify_result *v)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX], da[64], db[64];
	const char *dthen = decision(v->then, da, sizeof da);
	const char *dnow = decision(v->now, db, sizeof db);
	bool md = t->f == FORMAT_MD;
	size_t nchanged = changed_inputs(v);

	fprintf(t->out, md ? "**%s**: " : "%s: ", outcome(v));
	if (v->same)
		fprintf(t->out, "the decision stands: %s, net %s", dthen,
		        num(a, v->then->net));
	else if (v->stands)
		fprintf(t->out,
		        "the figures differ; the decision still stands: %s, "
		        "net %s -> %s",
		        dthen, num(a, v->then->net), num(b, v->now->net));
	else
		fprintf(t->out,
		        "the decision no longer stands: %s -> %s, net %s -> %s",
		        dthen, dnow, num(a, v->then->net), num(b, v->now->net));
	if (v->same && nchanged)
		fprintf(t->out,
		        " (the figures are byte-identical, though %zu input%s "
		        "differ%s by hash)",
		        nchanged, nchanged == 1 ? "" : "s",
		        nchanged == 1 ? "s" : "");
	fputs(md ? "\n\n" : "\n", t->out);
}

static void item(struct tw *t, const char *label)
{
	fprintf(t->out, t->f == FORMAT_MD ? "- **%s**: " : "%s: ", label);
}

static void provenance(struct tw *t, const struct verify_result *v)
{
	const char *made = v->then->tool_version, *now = v->now->tool_version;

	item(t, "record");
	name(t, v->record);
	fputs(", made by fixprice ", t->out);
	name(t, made);
	if (made && now && strcmp(made, now) != 0) {
		fputs("; verified with fixprice ", t->out);
		name(t, now);
		fputs(" (an older or other version)", t->out);
	}
	fputs("\n", t->out);
	item(t, "priced again");
	fputs(v->reconstructed
	          ? "with what the record holds (it has no invocation: its "
	            "inputs, metric, parameters, weights, scenario and "
	            "verdict options; the others at their defaults)\n"
	          : "with the record's own invocation\n",
	      t->out);
}

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static void inputs(struct tw *t, const struct verify_result *v)
{
	for (size_t i = 0; i < v->ninputs; i++) {
		const struct verify_input *q = &v->inputs[i];
		char label[64];

		snprintf(label, sizeof label, "input %s", q->role);
		item(t, label);
		name(t, q->today_path ? q->today_path : q->path);
		if (!q->changed) {
			fputs(": unchanged (sha256 ", t->out);
			sha(t, q->sha_then);
		} else {
			fputs(": CHANGED (sha256 ", t->out);
			sha(t, q->sha_then);
			fputs(" -> ", t->out);
			sha(t, q->sha_now);
		}
		fputs(")\n", t->out);
	}
	item(t, "metric");
	name(t, v->now->metric_name);
	fputs(" version ", t->out);
	name(t, v->then->metric_version);
	if (!same_text(v->then->metric_version, v->now->metric_version)) {
		fputs(" -> ", t->out);
		name(t, v->now->metric_version);
	}
	fputs(v->metric_changed ? ": CHANGED (sha256 " : ": unchanged (sha256 ",
	      t->out);
	sha(t, v->then->metric_sha256);
	if (v->metric_changed) {
		fputs(" -> ", t->out);
		sha(t, v->now->metric_sha256);
	}
	fputs(")\n", t->out);
}

static void figure(struct tw *t, const char *label, double a, double b)
{
	char x[NUMFMT_MAX], y[NUMFMT_MAX];

	item(t, label);
	fprintf(t->out, "%s -> %s\n", num(x, a), num(y, b));
}

static void interval(struct tw *t, const struct record_value *r)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	if (isnan(r->net_lo))
		fputs("none (noise not judged)", t->out);
	else
		fprintf(t->out, "[%s, %s]", num(a, r->net_lo),
		        num(b, r->net_hi));
}

static void figures(struct tw *t, const struct verify_result *v)
{
	char a[64], b[64];

	if (v->same)
		return;
	item(t, "first difference");
	fprintf(t->out, "%s\n", v->first_difference);
	figure(t, "net", v->then->net, v->now->net);
	figure(t, "gain", v->then->gain, v->now->gain);
	figure(t, "cost", v->then->cost, v->now->cost);
	item(t, "verdict");
	fprintf(t->out, "%s -> %s\n", decision(v->then, a, sizeof a),
	        decision(v->now, b, sizeof b));
	if (isnan(v->then->net_lo) && isnan(v->now->net_lo))
		return;
	item(t, "interval of net");
	interval(t, v->then);
	fputs(" -> ", t->out);
	interval(t, v->now);
	fputs("\n", t->out);
}

static void moved(struct tw *t, const struct verify_result *v)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[NUMFMT_MAX];

	if (!v->nmoved)
		return;
	fputs(t->f == FORMAT_MD ? "\nCases whose share of net moved most:\n\n"
	                        : "cases whose share of net moved most:\n",
	      t->out);
	for (size_t i = 0; i < v->nmoved; i++) {
		const struct verify_moved *m = &v->moved[i];
		double by = (isnan(m->now) ? 0 : m->now) -
		            (isnan(m->then) ? 0 : m->then);
		fputs(t->f == FORMAT_MD ? "- " : "  ", t->out);
		name(t, m->name);
		fprintf(t->out, ": %s -> %s (%s%s)\n", num(a, m->then),
		        num(b, m->now), by > 0 ? "+" : "", num(c, by));
	}
}

static int write_text(const struct verify_result *v, enum report_format f,
                      FILE *out, struct diag *d)
{
	struct tw t = {out, f, d, false};

	headline(&t, v);
	provenance(&t, v);
	inputs(&t, v);
	figures(&t, v);
	moved(&t, v);
	if (t.oom)
		return FP_ERR;
	return report_finish(out, report_form_name(f), d);
}

/* ---- JSON ---- */

static json_t *jstr(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *jnum(double x)
{
	return isnan(x) ? json_null() : json_real(x);
}

static json_t *pair(json_t *then, json_t *now)
{
	return json_pack("{s:o,s:o}", "recorded", then, "today", now);
}

static json_t *inputs_json(const struct verify_result *v)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < v->ninputs; i++) {
		const struct verify_input *q = &v->inputs[i];
		if (json_array_append_new(
		        a, json_pack("{s:o,s:o,s:o,s:o,s:o,s:b}", "role",
		                     jstr(q->role), "path", jstr(q->path),
		                     "today_path", jstr(q->today_path),
		                     "sha256_recorded", jstr(q->sha_then),
		                     "sha256_today", jstr(q->sha_now),
		                     "changed", q->changed)) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *moved_json(const struct verify_result *v)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < v->nmoved; i++) {
		const struct verify_moved *m = &v->moved[i];
		if (json_array_append_new(
		        a, json_pack("{s:o,s:o,s:o}", "case", jstr(m->name),
		                     "recorded", jnum(m->then), "today",
		                     jnum(m->now))) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *rest_json(const struct verify_result *v)
{
	const struct record_value *a = v->then, *b = v->now;

	return json_pack(
	    "{s:b,s:o,s:o,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}",
	    "decision_stands", v->stands, "record", jstr(v->record),
	    "fixprice_version",
	    pair(jstr(a->tool_version), jstr(b->tool_version)), "reconstructed",
	    v->reconstructed, "inputs", inputs_json(v), "metric",
	    json_pack(
	        "{s:o,s:o,s:o,s:b}", "name", jstr(b->metric_name), "version",
	        pair(jstr(a->metric_version), jstr(b->metric_version)),
	        "sha256", pair(jstr(a->metric_sha256), jstr(b->metric_sha256)),
	        "changed", v->metric_changed),
	    "first_difference",
	    v->same ? json_null() : jstr(v->first_difference), "net",
	    pair(jnum(a->net), jnum(b->net)), "gain",
	    pair(jnum(a->gain), jnum(b->gain)), "cost",
	    pair(jnum(a->cost), jnum(b->cost)), "verdict",
	    pair(jstr(a->verdict), jstr(b->verdict)), "decision",
	    pair(jstr(a->accept ? "accept" : "reject"),
	         jstr(b->accept ? "accept" : "reject")),
	    "moved_cases", moved_json(v));
}

static int write_json(const struct verify_result *v, FILE *out, struct diag *d)
{
	json_t *rest = rest_json(v), *x;
	const char *key;
	struct jw w;
	bool ok;

	if (!rest)
		return diag_oom(d);
	/* The outcome on the first line, as in every form. */
	jw_open(&w, out);
	jw_lit(&w, "{\"outcome\": ");
	jw_str(&w, outcome(v));
	json_object_foreach(rest, key, x)
	{
		jw_lit(&w, ",\n  ");
		jw_str(&w, key);
		jw_lit(&w, ": ");
		jw_tree(&w, x, 2);
	}
	jw_lit(&w, "\n}\n");
	ok = jw_flush(&w, true);
	jw_close(&w);
	json_decref(rest);
	if (!ok && report_finish(out, "JSON", d) == FP_OK)
		return diag_oom(d);
	return report_finish(out, "JSON", d);
}

int verify_write(const struct verify_result *v, enum report_format f, FILE *out,
                 struct diag *d)
{
	if (f == FORMAT_JSON)
		return write_json(v, out, d);
	return write_text(v, f == FORMAT_MD ? FORMAT_MD : FORMAT_TEXT, out, d);
}
