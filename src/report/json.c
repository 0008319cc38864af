/* json.c: the record as JSON (schema: doc/record-schema.md).
 *
 * Everything but the cases is built as a jansson tree (keys in insertion
 * order, so the same record gives the same bytes) and written by
 * json_write in jansson's layout; the cases, millions of them, are a
 * table written row by row without a tree.  Reals are the shortest text
 * that reads back to the identical double (numfmt_real).
 * A string that is not valid UTF-8 cannot be a JSON string; it is written
 * in its escape_terminal form (\xHH for each bad byte). */
#include <assert.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/invocation.h"
#include "report/json_write.h"
#include "report/report.h"
#include "report/verdict.h"
#include "util/escape.h"

/* The record's layout, doc/record-schema.md: 2 since the cases are a
 * table of rows instead of an array of objects. */

/* Building stops at the first failure (out of memory, in practice); the
 * helpers then do nothing and the writer reports it once. */
struct jb {
	bool failed;
};

static json_t *jstr(struct jb *b, const char *s)
{
	json_t *v;
	char *e;

	if (!s)
		return json_null();
	v = json_string(s);
	if (v)
		return v;
	e = escape_terminal(s);
	v = e ? json_string(e) : NULL;
	free(e);
	if (!v)
		b->failed = true;
	return v;
}

/* A string, or null when s is NULL or "" (an absent hash, for one). */
static json_t *jstr_or_null(struct jb *b, const char *s)
{
	return s && s[0] ? jstr(b, s) : json_null();
}

static json_t *jreal(struct jb *b, double x)
{
	json_t *v;

	/* Pricing rejects non-finite results; jansson could not write them. */
	assert(isfinite(x));
	v = json_real(x);
	if (!v)
		b->failed = true;
	return v;
}

static json_t *jint(struct jb *b, size_t n)
{
	json_t *v = json_integer((json_int_t)n);
	if (!v)
		b->failed = true;
	return v;
}

/* Adds key: v to obj, taking v; records a failure (v NULL included). */
static void set(struct jb *b, json_t *obj, const char *key, json_t *v)
{
	/* json_object_set_new takes v even when it fails. */
	if (!obj) {
		json_decref(v);
		b->failed = true;
	} else if (json_object_set_new(obj, key, v) != 0) {
		b->failed = true;
	}
}

static void push(struct jb *b, json_t *arr, json_t *v)
{
	if (!arr) {
		json_decref(v);
		b->failed = true;
	} else if (json_array_append_new(arr, v) != 0) {
		b->failed = true;
	}
}

static json_t *jobj(struct jb *b)
{
	json_t *v = json_object();
	if (!v)
		b->failed = true;
	return v;
}

static json_t *jarr(struct jb *b)
{
	json_t *v = json_array();
	if (!v)
		b->failed = true;
	return v;
}

static json_t *formula_text(struct jb *b, const struct metric_formula *f)
{
	return jstr(b, f->src.text);
}

static json_t *metric_json(struct jb *b, const struct metric *m)
{
	json_t *o = jobj(b), *params = jobj(b), *f = jobj(b), *defs = jarr(b);
	json_t *w = jobj(b), *rules = jarr(b), *cols = jarr(b);

	set(b, o, "name", jstr(b, m->name));
	set(b, o, "version", jstr(b, m->version));
	set(b, o, "description", jstr(b, m->description));
	set(b, o, "source", jstr(b, m->source));
	set(b, o, "path", jstr(b, m->path));
	set(b, o, "sha256", jstr_or_null(b, m->sha256));
	for (size_t k = 0; k < m->nparams; k++)
		set(b, params, m->params[k].name, jreal(b, m->params[k].value));
	set(b, o, "params", params);
	set(b, f, "score", formula_text(b, &m->score));
	set(b, f, "value", formula_text(b, &m->value));
	set(b, f, "total", formula_text(b, &m->total));
	set(b, f, "gain", formula_text(b, &m->gain));
	set(b, f, "cost", formula_text(b, &m->cost));
	set(b, f, "decide", formula_text(b, &m->decide));
	set(b, o, "formulas", f);
	for (size_t k = 0; k < m->ndefines; k++) {
		json_t *def = jobj(b);

		set(b, def, "name", jstr(b, m->defines[k].key));
		set(b, def, "formula", formula_text(b, &m->defines[k]));
		push(b, defs, def);
	}
	set(b, o, "defines", defs);
	for (size_t k = 0; k < m->ncolumns; k++)
		push(b, cols, jstr(b, m->columns[k]));
	set(b, o, "columns", cols);
	set(b, w, "default", jreal(b, m->weight_default));
	for (size_t k = 0; k < m->nrules; k++) {
		json_t *rule = jobj(b);

		set(b, rule, "glob", jstr(b, m->rules[k].glob));
		set(b, rule, "weight", jreal(b, m->rules[k].weight));
		set(b, rule, "origin", jstr(b, m->rules[k].origin));
		push(b, rules, rule);
	}
	set(b, w, "rules", rules);
	set(b, o, "weights", w);
	return o;
}

static json_t *globs_json(struct jb *b, size_t n, char *const *globs)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < n; k++)
		push(b, a, jstr(b, globs[k]));
	return a;
}

static json_t *scenario_json(struct jb *b, const struct scenario *s)
{
	json_t *o, *params;

	if (!s)
		return json_null();
	o = jobj(b);
	params = jobj(b);
	set(b, o, "name", jstr(b, s->name));
	set(b, o, "path", jstr(b, s->path));
	set(b, o, "sha256", jstr_or_null(b, s->sha256));
	for (size_t k = 0; k < s->nparams; k++)
		set(b, params, s->params[k].name, jreal(b, s->params[k].value));
	set(b, o, "params", params);
	set(b, o, "runtime", jstr(b, s->runtime.text));
	set(b, o, "pass", globs_json(b, s->npass, s->pass));
	set(b, o, "fail", globs_json(b, s->nfail, s->fail));
	return o;
}

static json_t *inputs_json(struct jb *b, const struct record *r)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < r->ninputs; k++) {
		json_t *in = jobj(b);

		set(b, in, "role", jstr(b, r->inputs[k].role));
		set(b, in, "path", jstr(b, r->inputs[k].path));
		set(b, in, "sha256", jstr_or_null(b, r->inputs[k].sha256));
		push(b, a, in);
	}
	return a;
}

static json_t *control_json(struct jb *b, const struct price *p)
{
	json_t *o = jobj(b), *cases = jarr(b);

	set(b, o, "ok", json_boolean(p->control_ok));
	set(b, o, "gap", jreal(b, p->control_gap));
	for (size_t k = 0; k < p->ncontrol_cases; k++)
		push(b, cases, jstr(b, p->case_name[p->control_cases[k]]));
	set(b, o, "cases", cases);
	return o;
}

static json_t *breakeven_json(struct jb *b, const struct record *r)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < r->nbreakeven; k++) {
		const struct record_breakeven *be = &r->breakeven[k];
		json_t *o = jobj(b), *cross = jarr(b);

		set(b, o, "param", jstr(b, be->param));
		set(b, o, "value", jreal(b, be->value));
		set(b, o, "lo", jreal(b, be->lo));
		set(b, o, "hi", jreal(b, be->hi));
		for (size_t i = 0; i < be->ncross; i++)
			push(b, cross, jreal(b, be->cross[i]));
		if (be->zero_everywhere)
			set(b, o, "zero_everywhere", json_true());
		set(b, o, "crossings", cross);
		set(b, o, "every_crossing",
		    be->every_crossing ? json_true() : json_false());
		push(b, a, o);
	}
	return a;
}

static json_t *plots_json(struct jb *b, const struct record *r)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < r->nplots; k++) {
		json_t *o = jobj(b);

		set(b, o, "title", jstr(b, r->plots[k].title));
		set(b, o, "file", jstr(b, r->plots[k].file));
		push(b, a, o);
	}
	return a;
}

static json_t *names_json(struct jb *b, const struct name_list *l)
{
	json_t *a = jarr(b);

	for (size_t i = 0; i < l->n; i++)
		push(b, a, jstr(b, l->v[i]));
	return a;
}

/* What side s's file recorded and what was assumed (facts_seen.c). */
static void seen_json(struct jb *b, json_t *x, const struct run_facts *f, int s)
{
	json_t *ps = jobj(b), *agg = f->aggregate[s] ? jobj(b) : json_null();

	set(b, x, "format", jstr(b, f->format[s]));
	set(b, ps, "recorded_by_file",
	    json_boolean(f->pass_source[s] == RUN_PASS_RECORDED));
	set(b, ps, "merged_from", jstr(b, f->results[s]));
	set(b, ps, "merged_cases", jint(b, f->pass_merged[s]));
	set(b, ps, "assumed_passing_cases",
	    jint(b, f->pass_source[s] == RUN_PASS_ASSUMED &&
	                    f->ncases[s] > f->pass_merged[s]
	                ? f->ncases[s] - f->pass_merged[s]
	                : 0));
	set(b, x, "pass_states", ps);
	if (f->aggregate[s]) {
		set(b, agg, "statistic", jstr(b, f->aggregate[s]));
		set(b, agg, "count_column", jstr(b, f->aggregate_of[s]));
	}
	set(b, x, "runtime_aggregate", agg);
	set(b, x, "not_priced", names_json(b, &f->unpriced[s]));
	set(b, x, "files", names_json(b, &f->files[s]));
	set(b, x, "split_by", jstr(b, f->split_by));
	set(b, x, "split_value", jstr(b, f->split_value[s]));
}

/* Several runs of a side: how many, and the estimate over them. */
static void runs_of_side(struct jb *b, json_t *x, const struct run_facts *f,
                         int s)
{
	char desc[160];

	report_runs_desc(f, s, desc, sizeof desc);
	set(b, x, "runs", jint(b, f->nruns[s]));
	set(b, x, "runtime_estimate", jstr(b, desc));
}

/* How the runs were read (price/harness.h), per side where it differs. */
static json_t *runs_json(struct jb *b, const struct record *r)
{
	static const char *const side[2] = {"before", "after"};
	const struct run_facts *f = r->facts;
	const struct price *p = r->price;
	json_t *o = jobj(b), *drop = jarr(b);

	for (int s = 0; s < 2; s++) {
		json_t *x = jobj(b), *none = jarr(b);
		for (size_t i = 0; i < p->n; i++)
			if (!p->has_runtime[s][i])
				push(b, none, jstr(b, p->case_name[i]));
		set(b, x, "estimator", jstr(b, f->estimator[s]));
		if (f->nruns[s] > 1)
			runs_of_side(b, x, f, s);
		set(b, x, "runtime_column", jstr(b, f->runtime_from[s]));
		set(b, x, "no_runtime", none);
		set(b, x, "missing_counted_failing",
		    names_json(b, &f->failing[s]));
		set(b, x, "context_unreliable",
		    names_json(b, &f->unreliable[s]));
		seen_json(b, x, f, s);
		set(b, o, side[s], x);
	}
	set(b, o, "context_differs", names_json(b, &f->ctx_diff));
	for (size_t i = 0; i < f->changing.n; i++) {
		json_t *x = jobj(b);
		set(b, x, "case", jstr(b, f->changing.v[i]));
		set(b, x, "passes_in", jstr(b, side[f->changing_side[i]]));
		push(b, drop, x);
	}
	set(b, o, "dropped_passing_in_one_run", drop);
	return o;
}

/* The keys before "cases", in order, as one object. */
/* The verdict first (price only): its name, net, the interval of net
 * (null when the noise was not judged) and the point estimate's
 * decision. */
static json_t *headline_json(struct jb *b, const struct record *r)
{
	const struct verdict *v = r->verdict;
	const struct price *p = r->price;
	json_t *o = jobj(b), *ci = json_null();

	if (v->boot) {
		ci = json_array();
		if (!ci ||
		    json_array_append_new(ci, jreal(b, v->boot->net_ci.lo)) ||
		    json_array_append_new(ci, jreal(b, v->boot->net_ci.hi)))
			b->failed = true;
	}
	set(b, o, "verdict", json_string(verdict_name(v->kind)));
	set(b, o, "net", jreal(b, p->net));
	set(b, o, "interval", ci);
	set(b, o, "point_estimate",
	    json_string(p->accept ? "accept" : "reject"));
	return o;
}

static json_t *head_json(struct jb *b, const struct record *r)
{
	const struct price *p = r->price;
	json_t *o = jobj(b);
	bool shares = p->gain_share && p->cost_share;

	assert(p->N == floor(p->N));
	set(b, o, "schema_version", jint(b, REPORT_SCHEMA_VERSION));
	set(b, o, "fixprice_version", jstr(b, r->tool_version));
	set(b, o, "kind",
	    json_string(r->prediction ? "prediction" : "measured"));
	if (r->verdict)
		set(b, o, "headline", headline_json(b, r));
	set(b, o, "scenario", scenario_json(b, r->scenario));
	set(b, o, "metric", metric_json(b, r->metric));
	set(b, o, "inputs", inputs_json(b, r));
	set(b, o, "gain", jreal(b, p->gain));
	set(b, o, "cost", jreal(b, p->cost));
	set(b, o, "net", jreal(b, p->net));
	set(b, o, "decision", json_string(p->accept ? "accept" : "reject"));
	set(b, o, "total_before", jreal(b, p->total[SIDE_BEFORE]));
	set(b, o, "total_after", jreal(b, p->total[SIDE_AFTER]));
	set(b, o, "delta_total", jreal(b, p->delta_total));
	set(b, o, "control", control_json(b, p));
	if (r->verdict)
		set(b, o, "verdict", report_verdict_json(r));
	set(b, o, "N", jint(b, (size_t)p->N));
	set(b, o, "W", jreal(b, p->W));
	set(b, o, "dropped_cases", jint(b, r->ndropped));
	if (r->facts)
		set(b, o, "runs", runs_json(b, r));
	set(b, o, "shares_defined", json_boolean(shares));
	set(b, o, "shares_undefined_reason",
	    shares ? json_null() : jstr(b, p->shares_undefined));
	return o;
}

/* The keys after "cases". */
static json_t *tail_json(struct jb *b, const struct record *r)
{
	json_t *o = jobj(b);

	set(b, o, "breakeven", breakeven_json(b, r));
	set(b, o, "plots", plots_json(b, r));
	if (r->suspects)
		set(b, o, "suspicious_gains", report_suspects_json(r));
	if (r->invocation)
		set(b, o, "invocation", record_invocation_json(r->invocation));
	return o;
}

/* The per-case table's columns, in the order of each row's cells;
 * n_before to runtime_source_after only when the record says how the runs
 * were read (r->facts). */
static const char *const case_columns[] = {
    "case",
    "weight",
    "passed_before",
    "passed_after",
    "runtime_before",
    "runtime_after",
    "score_before",
    "score_after",
    "value_before",
    "value_after",
    "gain",
    "cost",
    "n_before",
    "n_after",
    "pass_source_before",
    "pass_source_after",
    "runtime_source_before",
    "runtime_source_after",
};
/* The columns only a record that says how the runs were read has. */
#define CASE_FACT_COLUMNS 6

static void cell(struct jw *w, double x)
{
	/* Pricing rejects non-finite results. */
	assert(isfinite(x));
	jw_lit(w, ",");
	jw_real(w, x);
}

/* A runtime or a share: null for none. */
static void cell_or_null(struct jw *w, double x)
{
	if (isnan(x))
		jw_lit(w, ",null");
	else
		cell(w, x);
}

/* One case's row: the cells in case_columns order, without spaces. */
static void case_row(struct jw *w, const struct record *r, size_t i)
{
	const struct price *p = r->price;
	bool shares = p->gain_share && p->cost_share;

	jw_lit(w, "[");
	jw_str(w, p->case_name[i]);
	cell(w, p->weight[i]);
	jw_lit(w, p->passed[SIDE_BEFORE][i] != 0 ? ",true" : ",false");
	jw_lit(w, p->passed[SIDE_AFTER][i] != 0 ? ",true" : ",false");
	cell_or_null(w, p->runtime[SIDE_BEFORE][i]);
	cell_or_null(w, p->runtime[SIDE_AFTER][i]);
	cell(w, p->score[SIDE_BEFORE][i]);
	cell(w, p->score[SIDE_AFTER][i]);
	cell(w, p->value[SIDE_BEFORE][i]);
	cell(w, p->value[SIDE_AFTER][i]);
	cell_or_null(w, shares ? p->gain_share[i] : NAN);
	cell_or_null(w, shares ? p->cost_share[i] : NAN);
	for (int s = 0; r->facts && s < 2; s++) {
		const double *n = r->facts->runtime_n[s];
		jw_lit(w, ",");
		if (n)
			jw_int(w, (long long)n[i]);
		else
			jw_lit(w, "null");
	}
	for (int s = 0; r->facts && s < 2; s++) {
		jw_lit(w, ",");
		jw_str(w, report_case_pass_source(r, s, i));
	}
	for (int s = 0; r->facts && s < 2; s++) {
		const char *from = report_case_runtime_source(r, s, i);
		jw_lit(w, ",");
		if (from)
			jw_str(w, from);
		else
			jw_lit(w, "null");
	}
	jw_lit(w, "]");
}

/* "cases": {"columns": [...], "rows": [...]}, a row a line: a table of
 * millions of cases is written as it goes, in about 160 bytes a case (names
 * of 20 characters, 17-digit scores). */
static void put_cases(struct jw *w, const struct record *r)
{
	size_t ncol = sizeof case_columns / sizeof case_columns[0];
	size_t n = r->price->n;

	jw_lit(w, "\"cases\": {\n    \"columns\": [");
	for (size_t k = 0; k < (r->facts ? ncol : ncol - CASE_FACT_COLUMNS);
	     k++) {
		jw_lit(w, k ? ", \"" : "\"");
		jw_lit(w, case_columns[k]);
		jw_lit(w, "\"");
	}
	jw_lit(w, "],\n    \"rows\": [");
	for (size_t i = 0; i < n; i++) {
		jw_lit(w, i ? ",\n      " : "\n      ");
		case_row(w, r, i);
		/* Stop early on a full disk instead of formatting every case. */
		if (!jw_flush(w, false))
			return;
	}
	jw_lit(w, n ? "\n    ]\n  }" : "]\n  }");
}

/* The members of obj as lines of the top-level object, each after a
 * comma unless *first. */
static void put_members(struct jw *w, json_t *obj, bool *first)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj, key, v)
	{
		jw_lit(w, *first ? "\n  " : ",\n  ");
		*first = false;
		jw_str(w, key);
		jw_lit(w, ": ");
		jw_tree(w, v, 2);
	}
}

/* The record, with the cases streamed row by row: a tree of millions of
 * cases would need gigabytes, one row at a time needs nothing. */
static bool dump_record(FILE *out, const struct record *r)
{
	struct jb b = {.failed = false};
	json_t *head = head_json(&b, r), *tail = tail_json(&b, r);
	struct jw w;
	bool first = true, ok;

	jw_open(&w, out);
	if (b.failed)
		w.failed = true;
	jw_lit(&w, "{");
	put_members(&w, head, &first);
	jw_lit(&w, ",\n  ");
	put_cases(&w, r);
	put_members(&w, tail, &first);
	jw_lit(&w, "\n}\n");
	ok = jw_flush(&w, true);
	jw_close(&w);
	json_decref(head);
	json_decref(tail);
	return ok;
}

int report_json(const struct record *r, FILE *out, struct diag *d)
{
	if (!dump_record(out, r)) {
		/* Out of memory, unless the stream knows better. */
		if (report_finish(out, "JSON", d) == FP_OK)
			diag_oom(d);
		return FP_ERR;
	}
	return report_finish(out, "JSON", d);
}
