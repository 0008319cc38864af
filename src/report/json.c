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
#include "report/jtree.h"
#include "report/verdict.h"
#include "util/escape.h"

/* The record's layout, doc/record-schema.md: 2 since the cases are a
 * table of rows instead of an array of objects. */

/* A string, or null when s is NULL or "" (an absent hash, for one). */
static json_t *jstr_or_null(struct jtree *b, const char *s)
{
	return s && s[0] ? jt_str(b, s) : json_null();
}

static json_t *jreal(struct jtree *b, double x)
{
	json_t *v;

	/* Pricing rejects non-finite results; jansson could not write them. */
	assert(isfinite(x));
	v = json_real(x);
	if (!v)
		b->failed = true;
	return v;
}

static json_t *jint(struct jtree *b, size_t n)
{
	json_t *v = json_integer((json_int_t)n);
	if (!v)
		b->failed = true;
	return v;
}

static json_t *jobj(struct jtree *b)
{
	json_t *v = json_object();
	if (!v)
		b->failed = true;
	return v;
}

static json_t *jarr(struct jtree *b)
{
	json_t *v = json_array();
	if (!v)
		b->failed = true;
	return v;
}

static json_t *formula_text(struct jtree *b, const struct metric_formula *f)
{
	return jt_str(b, f->src.text);
}

static json_t *metric_json(struct jtree *b, const struct metric *m)
{
	json_t *o = jobj(b), *params = jobj(b), *f = jobj(b), *defs = jarr(b);
	json_t *w = jobj(b), *rules = jarr(b), *cols = jarr(b);

	jt_set(b, o, "name", jt_str(b, m->name));
	jt_set(b, o, "version", jt_str(b, m->version));
	jt_set(b, o, "description", jt_str(b, m->description));
	jt_set(b, o, "source", jt_str(b, m->source));
	jt_set(b, o, "path", jt_str(b, m->path));
	jt_set(b, o, "sha256", jstr_or_null(b, m->sha256));
	for (size_t k = 0; k < m->nparams; k++)
		jt_set(b, params, m->params[k].name,
		       jreal(b, m->params[k].value));
	jt_set(b, o, "params", params);
	jt_set(b, f, "score", formula_text(b, &m->score));
	jt_set(b, f, "value", formula_text(b, &m->value));
	jt_set(b, f, "total", formula_text(b, &m->total));
	jt_set(b, f, "gain", formula_text(b, &m->gain));
	jt_set(b, f, "cost", formula_text(b, &m->cost));
	jt_set(b, f, "decide", formula_text(b, &m->decide));
	jt_set(b, o, "formulas", f);
	for (size_t k = 0; k < m->ndefines; k++) {
		json_t *def = jobj(b);

		jt_set(b, def, "name", jt_str(b, m->defines[k].key));
		jt_set(b, def, "formula", formula_text(b, &m->defines[k]));
		jt_push(b, defs, def);
	}
	jt_set(b, o, "defines", defs);
	for (size_t k = 0; k < m->ncolumns; k++)
		jt_push(b, cols, jt_str(b, m->columns[k]));
	jt_set(b, o, "columns", cols);
	jt_set(b, w, "default", jreal(b, m->weight_default));
	for (size_t k = 0; k < m->nrules; k++) {
		json_t *rule = jobj(b);

		jt_set(b, rule, "glob", jt_str(b, m->rules[k].glob));
		jt_set(b, rule, "weight", jreal(b, m->rules[k].weight));
		jt_set(b, rule, "origin", jt_str(b, m->rules[k].origin));
		jt_push(b, rules, rule);
	}
	jt_set(b, w, "rules", rules);
	jt_set(b, o, "weights", w);
	return o;
}

static json_t *globs_json(struct jtree *b, size_t n, char *const *globs)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < n; k++)
		jt_push(b, a, jt_str(b, globs[k]));
	return a;
}

static json_t *scenario_json(struct jtree *b, const struct scenario *s)
{
	json_t *o, *params;

	if (!s)
		return json_null();
	o = jobj(b);
	params = jobj(b);
	jt_set(b, o, "name", jt_str(b, s->name));
	jt_set(b, o, "path", jt_str(b, s->path));
	jt_set(b, o, "sha256", jstr_or_null(b, s->sha256));
	for (size_t k = 0; k < s->nparams; k++)
		jt_set(b, params, s->params[k].name,
		       jreal(b, s->params[k].value));
	jt_set(b, o, "params", params);
	jt_set(b, o, "runtime", jt_str(b, s->runtime.text));
	jt_set(b, o, "pass", globs_json(b, s->npass, s->pass));
	jt_set(b, o, "fail", globs_json(b, s->nfail, s->fail));
	return o;
}

static json_t *inputs_json(struct jtree *b, const struct record *r)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < r->ninputs; k++) {
		json_t *in = jobj(b);

		jt_set(b, in, "role", jt_str(b, r->inputs[k].role));
		jt_set(b, in, "path", jt_str(b, r->inputs[k].path));
		jt_set(b, in, "sha256", jstr_or_null(b, r->inputs[k].sha256));
		jt_push(b, a, in);
	}
	return a;
}

static json_t *control_json(struct jtree *b, const struct price *p)
{
	json_t *o = jobj(b), *cases = jarr(b);

	jt_set(b, o, "ok", json_boolean(p->control_ok));
	jt_set(b, o, "gap", jreal(b, p->control_gap));
	for (size_t k = 0; k < p->ncontrol_cases; k++)
		jt_push(b, cases, jt_str(b, p->case_name[p->control_cases[k]]));
	jt_set(b, o, "cases", cases);
	return o;
}

static json_t *breakeven_json(struct jtree *b, const struct record *r)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < r->nbreakeven; k++) {
		const struct param_breakeven *be = &r->breakeven[k];
		json_t *o = jobj(b), *cross = jarr(b);

		jt_set(b, o, "param", jt_str(b, be->param));
		jt_set(b, o, "value", jreal(b, be->value));
		jt_set(b, o, "lo", jreal(b, be->lo));
		jt_set(b, o, "hi", jreal(b, be->hi));
		for (size_t i = 0; i < be->ncross; i++)
			jt_push(b, cross, jreal(b, be->cross[i]));
		if (be->zero_everywhere)
			jt_set(b, o, "zero_everywhere", json_true());
		jt_set(b, o, "crossings", cross);
		if (report_any_jump(be))
			jt_set(b, o, "jumps", report_jumps_json(be));
		jt_set(b, o, "every_crossing",
		       be->every_crossing ? json_true() : json_false());
		jt_push(b, a, o);
	}
	return a;
}

static json_t *plots_json(struct jtree *b, const struct record *r)
{
	json_t *a = jarr(b);

	for (size_t k = 0; k < r->nplots; k++) {
		json_t *o = jobj(b);

		jt_set(b, o, "title", jt_str(b, r->plots[k].title));
		jt_set(b, o, "file", jt_str(b, r->plots[k].file));
		jt_push(b, a, o);
	}
	return a;
}

static json_t *names_json(struct jtree *b, const struct name_list *l)
{
	json_t *a = jarr(b);

	for (size_t i = 0; i < l->n; i++)
		jt_push(b, a, jt_str(b, l->v[i]));
	return a;
}

/* What side s's file recorded and what was assumed (facts_seen.c). */
static void seen_json(struct jtree *b, json_t *x, const struct run_facts *f,
                      int s)
{
	json_t *ps = jobj(b), *agg = f->aggregate[s] ? jobj(b) : json_null();

	jt_set(b, x, "format", jt_str(b, f->format[s]));
	jt_set(b, ps, "recorded_by_file",
	       json_boolean(f->pass_source[s] == RUN_PASS_RECORDED));
	jt_set(b, ps, "merged_from", jt_str(b, f->results[s]));
	jt_set(b, ps, "merged_cases", jint(b, f->pass_merged[s]));
	jt_set(b, ps, "assumed_passing_cases",
	       jint(b, f->pass_source[s] == RUN_PASS_ASSUMED &&
	                       f->ncases[s] > f->pass_merged[s]
	                   ? f->ncases[s] - f->pass_merged[s]
	                   : 0));
	jt_set(b, x, "pass_states", ps);
	if (f->aggregate[s]) {
		jt_set(b, agg, "statistic", jt_str(b, f->aggregate[s]));
		jt_set(b, agg, "count_column", jt_str(b, f->aggregate_of[s]));
	}
	jt_set(b, x, "runtime_aggregate", agg);
	jt_set(b, x, "not_priced", names_json(b, &f->unpriced[s]));
	jt_set(b, x, "files", names_json(b, &f->files[s]));
	jt_set(b, x, "split_by", jt_str(b, f->split_by));
	jt_set(b, x, "split_value", jt_str(b, f->split_value[s]));
}

/* Several runs of a side: how many, and the estimate over them. */
static void runs_of_side(struct jtree *b, json_t *x, const struct run_facts *f,
                         int s)
{
	char desc[160];

	report_runs_desc(f, s, desc, sizeof desc);
	jt_set(b, x, "runs", jint(b, f->nruns[s]));
	jt_set(b, x, "paired_rounds", json_boolean(f->rounds[s]));
	jt_set(b, x, "runtime_estimate", jt_str(b, desc));
}

/* How the runs were read (price/harness.h), per side where it differs. */
static json_t *runs_json(struct jtree *b, const struct record *r)
{
	static const char *const side[2] = {"before", "after"};
	const struct run_facts *f = r->facts;
	const struct price *p = r->price;
	json_t *o = jobj(b), *drop = jarr(b);

	for (int s = 0; s < 2; s++) {
		json_t *x = jobj(b), *none = jarr(b);
		for (size_t i = 0; i < p->n; i++)
			if (!p->has_runtime[s][i])
				jt_push(b, none, jt_str(b, p->case_name[i]));
		jt_set(b, x, "estimator", jt_str(b, f->estimator[s]));
		if (f->nruns[s] > 1)
			runs_of_side(b, x, f, s);
		jt_set(b, x, "runtime_column", jt_str(b, f->runtime_from[s]));
		jt_set(b, x, "no_runtime", none);
		jt_set(b, x, "missing_counted_failing",
		       names_json(b, &f->failing[s]));
		jt_set(b, x, "context_unreliable",
		       names_json(b, &f->unreliable[s]));
		seen_json(b, x, f, s);
		jt_set(b, o, side[s], x);
	}
	jt_set(b, o, "context_differs", names_json(b, &f->ctx_diff));
	for (size_t i = 0; i < f->changing.n; i++) {
		json_t *x = jobj(b);
		jt_set(b, x, "case", jt_str(b, f->changing.v[i]));
		jt_set(b, x, "passes_in", jt_str(b, side[f->changing_side[i]]));
		jt_push(b, drop, x);
	}
	jt_set(b, o, "dropped_passing_in_one_run", drop);
	return o;
}

/* The keys before "cases", in order, as one object. */
/* The verdict first (price only): its name, net, the interval of net
 * (null when the noise was not judged) and the point estimate's
 * decision. */
static json_t *headline_json(struct jtree *b, const struct record *r)
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
	jt_set(b, o, "verdict", json_string(verdict_name(v->kind)));
	jt_set(b, o, "net", jreal(b, p->net));
	jt_set(b, o, "interval", ci);
	/* The interval is of net less the control run's net (fold.h). */
	jt_set(b, o, "against_control", json_boolean(v->against_control));
	jt_set(b, o, "point_estimate",
	       json_string(p->accept ? "accept" : "reject"));
	return o;
}

static json_t *head_json(struct jtree *b, const struct record *r)
{
	const struct price *p = r->price;
	json_t *o = jobj(b);
	bool shares = p->gain_share && p->cost_share;

	assert(p->N == floor(p->N));
	jt_set(b, o, "schema_version", jint(b, REPORT_SCHEMA_VERSION));
	jt_set(b, o, "fixprice_version", jt_str(b, r->tool_version));
	jt_set(b, o, "kind",
	       json_string(r->prediction ? "prediction" : "measured"));
	if (r->verdict)
		jt_set(b, o, "headline", headline_json(b, r));
	jt_set(b, o, "scenario", scenario_json(b, r->scenario));
	jt_set(b, o, "metric", metric_json(b, r->metric));
	jt_set(b, o, "inputs", inputs_json(b, r));
	jt_set(b, o, "gain", jreal(b, p->gain));
	jt_set(b, o, "cost", jreal(b, p->cost));
	jt_set(b, o, "net", jreal(b, p->net));
	jt_set(b, o, "decision", json_string(p->accept ? "accept" : "reject"));
	jt_set(b, o, "total_before", jreal(b, p->total[SIDE_BEFORE]));
	jt_set(b, o, "total_after", jreal(b, p->total[SIDE_AFTER]));
	jt_set(b, o, "delta_total", jreal(b, p->delta_total));
	jt_set(b, o, "control", control_json(b, p));
	if (r->verdict)
		jt_set(b, o, "verdict", report_verdict_json(r));
	jt_set(b, o, "N", jint(b, (size_t)p->N));
	jt_set(b, o, "W", jreal(b, p->W));
	jt_set(b, o, "dropped_cases", jint(b, r->ndropped));
	if (r->facts)
		jt_set(b, o, "runs", runs_json(b, r));
	jt_set(b, o, "shares_defined", json_boolean(shares));
	jt_set(b, o, "shares_undefined_reason",
	       shares ? json_null() : jt_str(b, p->shares_undefined));
	return o;
}

/* The keys after "cases". */
static json_t *tail_json(struct jtree *b, const struct record *r)
{
	json_t *o = jobj(b);

	jt_set(b, o, "breakeven", breakeven_json(b, r));
	jt_set(b, o, "plots", plots_json(b, r));
	if (r->suspects)
		jt_set(b, o, "suspicious_gains", report_suspects_json(r));
	if (r->gate_nears && r->gate_nears->on)
		jt_set(b, o, "gate", report_gate_json(r));
	if (r->cliffs && r->cliffs->B)
		jt_set(b, o, "cliffs", report_cliff_json(r));
	if (r->invocation)
		jt_set(b, o, "invocation",
		       record_invocation_json(r->invocation));
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
	struct jtree b = {.failed = false};
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
