/* record.c: the record as a value, made from a record or read back from
 * its JSON form (record.h). */
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/record.h"
#include "run/formats/formats.h"
#include "run/formats/jsonpos.h"
#include "util/source.h"

/* A record's JSON is written by fixprice: 1 GiB is far past any. */
#define RECORD_MAX_FILE ((size_t)1 << 30)

static char *dup_or_null(const char *s, bool *oom)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*oom = true;
	return c;
}

static void of_case(const struct price *p, size_t i, struct rv_case *c,
                    bool *oom)
{
	c->name = dup_or_null(p->case_name[i], oom);
	c->weight = p->weight[i];
	for (int s = 0; s < 2; s++) {
		c->passed[s] = p->passed[s][i];
		c->runtime[s] = p->runtime[s][i];
		c->score[s] = p->score[s][i];
		c->value[s] = p->value[s][i];
	}
	c->gain = p->gain_share ? p->gain_share[i] : NAN;
	c->cost = p->cost_share ? p->cost_share[i] : NAN;
}

static void of_verdict(const struct verdict *v, struct record_value *out,
                       bool *oom)
{
	out->net_lo = out->net_hi = NAN;
	if (!v)
		return;
	out->verdict = dup_or_null(verdict_name(v->kind), oom);
	if (v->kind == VERDICT_NOT_JUDGED)
		out->point_after_guards =
		    dup_or_null(verdict_name(v->point_kind), oom);
	if (v->judged && v->boot) {
		out->net_lo = v->boot->net_ci.lo;
		out->net_hi = v->boot->net_ci.hi;
	}
}

int record_value_of(const struct record *r, struct record_value *out,
                    struct diag *d)
{
	const struct price *p = r->price;
	const struct metric *m = r->metric;
	bool oom = false;

	*out = (struct record_value){.schema_version = REPORT_SCHEMA_VERSION};
	out->tool_version = dup_or_null(r->tool_version, &oom);
	out->prediction = r->prediction;
	out->scenario =
	    dup_or_null(r->scenario ? r->scenario->name : NULL, &oom);
	out->metric_name = dup_or_null(m->name, &oom);
	out->metric_version = dup_or_null(m->version, &oom);
	out->metric_path = dup_or_null(m->path, &oom);
	out->metric_sha256 = dup_or_null(m->sha256, &oom);
	out->params = calloc(m->nparams + 1, sizeof *out->params);
	out->inputs = calloc(r->ninputs + 1, sizeof *out->inputs);
	out->cases = calloc(p->n + 1, sizeof *out->cases);
	if (!out->params || !out->inputs || !out->cases)
		return diag_oom(d);
	for (; out->nparams < m->nparams; out->nparams++) {
		struct rv_param *q = &out->params[out->nparams];
		q->name = dup_or_null(m->params[out->nparams].name, &oom);
		q->value = m->params[out->nparams].value;
	}
	for (; out->ninputs < r->ninputs; out->ninputs++) {
		const struct record_input *in = &r->inputs[out->ninputs];
		struct rv_input *q = &out->inputs[out->ninputs];
		q->role = dup_or_null(in->role, &oom);
		q->path = dup_or_null(in->path, &oom);
		q->sha256 = dup_or_null(in->sha256, &oom);
	}
	out->gain = p->gain;
	out->cost = p->cost;
	out->net = p->net;
	out->accept = p->accept;
	out->total[0] = p->total[0];
	out->total[1] = p->total[1];
	out->delta_total = p->delta_total;
	out->N = p->N;
	out->W = p->W;
	of_verdict(r->verdict, out, &oom);
	for (; out->ncases < p->n; out->ncases++)
		of_case(p, out->ncases, &out->cases[out->ncases], &oom);
	return oom ? diag_oom(d) : FP_OK;
}

/* ---- reading ---- */

struct reader {
	const char *path;
	struct diag *d;
	bool oom;
	const char *bad; /* the first key of the wrong type */
	struct jcur at;  /* where it stands (line 0: not known) */
};

/* Marks key of object o (at cursor oc; NULL: not known) as the first bad
 * one, at its value or, when it is missing, at its object. */
static void mark(struct reader *rd, const struct jcur *oc, json_t *o,
                 const char *key)
{
	if (rd->bad)
		return;
	rd->bad = key;
	rd->at.line = rd->at.col = 0;
	if (oc && !jcur_member(oc, o, key, &rd->at))
		rd->at = *oc;
}

static double num(struct reader *rd, const struct jcur *oc, json_t *o,
                  const char *key)
{
	json_t *v = json_object_get(o, key);

	if (json_is_number(v))
		return json_number_value(v);
	if (!json_is_null(v))
		mark(rd, oc, o, key);
	return NAN;
}

static char *str(struct reader *rd, const struct jcur *oc, json_t *o,
                 const char *key)
{
	json_t *v = json_object_get(o, key);

	if (json_is_string(v))
		return dup_or_null(json_string_value(v), &rd->oom);
	if (!json_is_null(v))
		mark(rd, oc, o, key);
	return NULL;
}

static void read_metric(struct reader *rd, const struct jcur *root, json_t *top,
                        struct record_value *v)
{
	json_t *m = json_object_get(top, "metric");
	json_t *params = json_object_get(m, "params"), *x;
	const char *key;
	struct jcur mc;

	if (!json_is_object(m) || !jcur_member(root, top, "metric", &mc)) {
		mark(rd, root, top, "metric");
		return;
	}
	v->metric_name = str(rd, &mc, m, "name");
	v->metric_version = str(rd, &mc, m, "version");
	v->metric_path = str(rd, &mc, m, "path");
	v->metric_sha256 = str(rd, &mc, m, "sha256");
	v->params = calloc(json_object_size(params) + 1, sizeof *v->params);
	if (!v->params) {
		rd->oom = true;
		return;
	}
	json_object_foreach(params, key, x)
	{
		struct rv_param *q = &v->params[v->nparams++];
		q->name = dup_or_null(key, &rd->oom);
		q->value = json_is_number(x) ? json_number_value(x) : NAN;
	}
}

static void read_inputs(struct reader *rd, const struct jcur *root, json_t *top,
                        struct record_value *v)
{
	json_t *a = json_object_get(top, "inputs"), *x;
	struct jcur c;
	bool more;
	size_t i;

	if (!json_is_array(a) || !jcur_member(root, top, "inputs", &c)) {
		mark(rd, root, top, "inputs");
		return;
	}
	if (!(v->inputs = calloc(json_array_size(a) + 1, sizeof *v->inputs))) {
		rd->oom = true;
		return;
	}
	more = jcur_into(&c);
	json_array_foreach(a, i, x)
	{
		struct rv_input *q = &v->inputs[v->ninputs++];
		const struct jcur *at = more ? &c : NULL;
		q->role = str(rd, at, x, "role");
		q->path = str(rd, at, x, "path");
		q->sha256 = str(rd, at, x, "sha256");
		if (!json_is_object(x) || !q->role || !q->path)
			mark(rd, at, x, "role");
		more = more && jcur_next(&c);
	}
}

static void read_verdict(struct reader *rd, const struct jcur *root,
                         json_t *top, struct record_value *v)
{
	json_t *o = json_object_get(top, "verdict");
	json_t *net = json_object_get(
	    json_object_get(json_object_get(o, "bootstrap"), "interval"),
	    "net");
	struct jcur vc;

	v->net_lo = v->net_hi = NAN;
	if (!o)
		return;
	if (!json_is_object(o) || !jcur_member(root, top, "verdict", &vc)) {
		mark(rd, root, top, "verdict");
		return;
	}
	v->verdict = str(rd, &vc, o, "verdict");
	/* Records made before it carry none (the point estimate stands). */
	if (json_is_string(json_object_get(o, "point_after_guards")))
		v->point_after_guards = str(rd, &vc, o, "point_after_guards");
	if (json_array_size(net) == 2) {
		v->net_lo = json_number_value(json_array_get(net, 0));
		v->net_hi = json_number_value(json_array_get(net, 1));
	}
}

/* A cell of the cases table: a number, true/false as 1/0, null as NaN. */
static double cell(json_t *row, long col)
{
	json_t *x = col >= 0 ? json_array_get(row, (size_t)col) : NULL;

	if (json_is_boolean(x))
		return json_is_true(x);
	return json_is_number(x) ? json_number_value(x) : NAN;
}

static long column(json_t *cols, const char *name)
{
	size_t i;
	json_t *x;

	json_array_foreach(cols, i, x) if (json_is_string(x) &&
	                                   strcmp(json_string_value(x), name) ==
	                                       0) return (long)i;
	return -1;
}

static void read_cases(struct reader *rd, const struct jcur *root, json_t *top,
                       struct record_value *v)
{
	json_t *t = json_object_get(top, "cases");
	static const char *const names[] = {
	    "weight",        "passed_before", "passed_after", "runtime_before",
	    "runtime_after", "score_before",  "score_after",  "value_before",
	    "value_after",   "gain",          "cost"};
	json_t *cols = json_object_get(t, "columns");
	json_t *rows = json_object_get(t, "rows"), *row;
	long at[11], name = column(cols, "case");
	struct jcur tc, rc;
	bool more = false;
	size_t i;

	if (!json_is_array(rows) || name < 0) {
		mark(rd, root, top, "cases");
		return;
	}
	for (size_t k = 0; k < 11; k++)
		at[k] = column(cols, names[k]);
	if (jcur_member(root, top, "cases", &tc) &&
	    jcur_member(&tc, t, "rows", &rc))
		more = jcur_into(&rc);
	if (!(v->cases = calloc(json_array_size(rows) + 1, sizeof *v->cases))) {
		rd->oom = true;
		return;
	}
	json_array_foreach(rows, i, row)
	{
		struct rv_case *c = &v->cases[v->ncases++];
		json_t *n = json_array_get(row, (size_t)name);
		double x[11];

		for (size_t k = 0; k < 11; k++)
			x[k] = cell(row, at[k]);
		c->name = dup_or_null(json_string_value(n), &rd->oom);
		if (!json_is_string(n) && !rd->bad) {
			/* A row without its case name: no record wrote it. */
			rd->bad = "cases.rows";
			if (more)
				rd->at = rc;
		}
		more = more && jcur_next(&rc);
		c->weight = x[0];
		c->passed[0] = x[1];
		c->passed[1] = x[2];
		c->runtime[0] = x[3];
		c->runtime[1] = x[4];
		c->score[0] = x[5];
		c->score[1] = x[6];
		c->value[0] = x[7];
		c->value[1] = x[8];
		c->gain = x[9];
		c->cost = x[10];
	}
}

static void read_head(struct reader *rd, const struct jcur *rc, json_t *root,
                      struct record_value *v)
{
	json_t *kind = json_object_get(root, "kind");
	json_t *scen = json_object_get(root, "scenario");
	struct jcur sc;
	double version = num(rd, rc, root, "schema_version");

	/* null, or a number no int holds: no version (NaN to int is
	 * undefined), so that it differs from any. */
	v->schema_version =
	    version >= 0 && version <= INT_MAX ? (int)version : -1;
	v->tool_version = str(rd, rc, root, "fixprice_version");
	v->prediction = json_is_string(kind) &&
	                strcmp(json_string_value(kind), "prediction") == 0;
	if (json_is_object(scen) && jcur_member(rc, root, "scenario", &sc))
		v->scenario = str(rd, &sc, scen, "name");
	read_metric(rd, rc, root, v);
	read_inputs(rd, rc, root, v);
}

static void read_all(struct reader *rd, const struct jcur *rc, json_t *root,
                     struct record_value *v)
{
	json_t *decision = json_object_get(root, "decision");

	read_head(rd, rc, root, v);
	v->gain = num(rd, rc, root, "gain");
	v->cost = num(rd, rc, root, "cost");
	v->net = num(rd, rc, root, "net");
	if (!json_is_string(decision))
		mark(rd, rc, root, "decision");
	v->accept = json_is_string(decision) &&
	            strcmp(json_string_value(decision), "accept") == 0;
	v->total[0] = num(rd, rc, root, "total_before");
	v->total[1] = num(rd, rc, root, "total_after");
	v->delta_total = num(rd, rc, root, "delta_total");
	v->N = num(rd, rc, root, "N");
	v->W = num(rd, rc, root, "W");
	read_verdict(rd, rc, root, v);
	read_cases(rd, rc, root, v);
}

/* The invocation: the record's own, or for a record made before records
 * carried one, rebuilt from what it says (a failure to rebuild is kept as
 * the reason, not an error: the record itself is good). */
static int read_invocation(const char *file, const struct jcur *rc,
                           json_t *root, struct record_value *v, struct diag *d)
{
	json_t *o = json_object_get(root, "invocation");
	struct diag why = {0};
	struct jcur at;

	if (!o || json_is_null(o)) {
		if (record_invocation_guess(file, root, &v->invocation, &why) !=
		    FP_OK) {
			rv_invocation_free(&v->invocation);
			if (diag_is_oom(&why))
				return diag_oom(d);
			snprintf(v->no_invocation, sizeof v->no_invocation,
			         "%s", why.msg);
			return FP_OK;
		}
		v->have_invocation = v->invocation_guessed = true;
		return FP_OK;
	}
	jcur_member(rc, root, "invocation", &at);
	v->have_invocation = true;
	return record_invocation_read(file, o, &at, &v->invocation, d);
}

/* A record folder's JSON: decision.json, or compare.json for a folder
 * that holds compare's record and no decision.json (refused below). */
static void record_file(const char *dir, char *file, size_t size)
{
	struct stat st;

	snprintf(file, size, "%s/decision.json", dir);
	if (lstat(file, &st) == 0)
		return;
	snprintf(file, size, "%s/compare.json", dir);
	if (lstat(file, &st) != 0)
		snprintf(file, size, "%s/decision.json", dir);
}

/* compare's JSON (report/compare.h): not a record verify can price.
 * Its kind says so; compare's output from before it had one, its
 * candidates. */
static bool is_compare(json_t *root)
{
	json_t *k = json_object_get(root, "kind");

	if (json_is_string(k))
		return strcmp(json_string_value(k), "compare") == 0;
	return json_is_array(json_object_get(root, "candidates")) &&
	       json_object_get(root, "best");
}

int record_value_read(const char *path, struct record_value *out,
                      struct diag *d)
{
	char file[4096];
	struct stat st;
	struct source src;
	json_t *root;
	struct reader rd = {.path = path, .d = d};
	struct jcur rc;
	bool rc_err = false;

	*out = (struct record_value){0};
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		record_file(path, file, sizeof file);
	else
		snprintf(file, sizeof file, "%s", path);
	if (source_read(file, RECORD_MAX_FILE, &src, d) != FP_OK)
		return FP_ERR;
	if (fmt_json_parse(src.name, src.data, src.len, &root, d) != FP_OK) {
		source_free(&src);
		return FP_ERR;
	}
	jcur_init(&rc, src.data, src.len);
	if (is_compare(root)) {
		json_decref(root);
		diag_set(d, src.name, 0, 0,
		         "a record of fixprice compare: verify checks "
		         "records of price (run the compare again: its "
		         "inputs and command line are in the record)");
		source_free(&src);
		return FP_ERR;
	}
	if (!json_is_object(root)) {
		rd.bad = "the record";
		rd.at = rc;
	} else {
		read_all(&rd, &rc, root, out);
	}
	if (!rd.oom && !rd.bad &&
	    read_invocation(src.name, &rc, root, out, d) != FP_OK)
		rc_err = true;
	json_decref(root);
	if (rd.oom) {
		source_free(&src);
		return diag_oom(d);
	}
	if (rd.bad)
		diag_set(d, src.name, rd.at.line, rd.at.col,
		         "not a fixprice record: '%s' is missing or of the "
		         "wrong type",
		         rd.bad);
	source_free(&src);
	return rd.bad || rc_err ? FP_ERR : FP_OK;
}

/* ---- comparing ---- */

/* Equal numbers, NaN equal to NaN: a value read back is the same bits. */
static bool same(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

#define DIFF(cond, ...) \
	do { \
		if (!(cond)) { \
			snprintf(what, size, __VA_ARGS__); \
			return false; \
		} \
	} while (0)

static bool equal_case(const struct rv_case *a, const struct rv_case *b,
                       size_t i, char *what, size_t size)
{
	static const char *const side[2] = {"before", "after"};

	DIFF(same_str(a->name, b->name), "cases[%zu].case", i);
	DIFF(same(a->weight, b->weight), "cases[%zu].weight", i);
	for (int s = 0; s < 2; s++) {
		DIFF(same(a->passed[s], b->passed[s]), "cases[%zu].passed_%s",
		     i, side[s]);
		DIFF(same(a->runtime[s], b->runtime[s]),
		     "cases[%zu].runtime_%s", i, side[s]);
		DIFF(same(a->score[s], b->score[s]), "cases[%zu].score_%s", i,
		     side[s]);
		DIFF(same(a->value[s], b->value[s]), "cases[%zu].value_%s", i,
		     side[s]);
	}
	DIFF(same(a->gain, b->gain), "cases[%zu].gain", i);
	DIFF(same(a->cost, b->cost), "cases[%zu].cost", i);
	return true;
}

static bool equal_head(const struct record_value *a,
                       const struct record_value *b, char *what, size_t size)
{
	DIFF(a->schema_version == b->schema_version, "schema_version");
	DIFF(same_str(a->tool_version, b->tool_version), "fixprice_version");
	DIFF(a->prediction == b->prediction, "kind");
	DIFF(same_str(a->scenario, b->scenario), "scenario");
	DIFF(same_str(a->metric_name, b->metric_name), "metric.name");
	DIFF(same_str(a->metric_version, b->metric_version), "metric.version");
	DIFF(same_str(a->metric_path, b->metric_path), "metric.path");
	DIFF(same_str(a->metric_sha256, b->metric_sha256), "metric.sha256");
	DIFF(a->nparams == b->nparams, "metric.params");
	for (size_t i = 0; i < a->nparams; i++)
		DIFF(same_str(a->params[i].name, b->params[i].name) &&
		         same(a->params[i].value, b->params[i].value),
		     "metric.params.%s", a->params[i].name);
	DIFF(a->ninputs == b->ninputs, "inputs");
	for (size_t i = 0; i < a->ninputs; i++)
		DIFF(same_str(a->inputs[i].role, b->inputs[i].role) &&
		         same_str(a->inputs[i].path, b->inputs[i].path) &&
		         same_str(a->inputs[i].sha256, b->inputs[i].sha256),
		     "inputs[%zu]", i);
	return true;
}

bool record_value_equal(const struct record_value *a,
                        const struct record_value *b, char *what, size_t size)
{
	return equal_head(a, b, what, size) &&
	       record_value_figures_equal(a, b, what, size);
}

bool record_value_figures_equal(const struct record_value *a,
                                const struct record_value *b, char *what,
                                size_t size)
{
	DIFF(same(a->gain, b->gain), "gain");
	DIFF(same(a->cost, b->cost), "cost");
	DIFF(same(a->net, b->net), "net");
	DIFF(a->accept == b->accept, "decision");
	DIFF(same(a->total[0], b->total[0]), "total_before");
	DIFF(same(a->total[1], b->total[1]), "total_after");
	DIFF(same(a->delta_total, b->delta_total), "delta_total");
	DIFF(same(a->N, b->N) && same(a->W, b->W), "N, W");
	DIFF(same_str(a->verdict, b->verdict), "verdict");
	DIFF(same(a->net_lo, b->net_lo) && same(a->net_hi, b->net_hi),
	     "verdict.interval.net");
	DIFF(a->ncases == b->ncases, "cases");
	for (size_t i = 0; i < a->ncases; i++)
		if (!equal_case(&a->cases[i], &b->cases[i], i, what, size))
			return false;
	snprintf(what, size, "nothing");
	return true;
}

void record_value_free(struct record_value *v)
{
	free(v->tool_version);
	free(v->scenario);
	free(v->metric_name);
	free(v->metric_version);
	free(v->metric_path);
	free(v->metric_sha256);
	free(v->verdict);
	free(v->point_after_guards);
	for (size_t i = 0; i < v->nparams; i++)
		free(v->params[i].name);
	free(v->params);
	for (size_t i = 0; i < v->ninputs; i++) {
		free(v->inputs[i].role);
		free(v->inputs[i].path);
		free(v->inputs[i].sha256);
	}
	free(v->inputs);
	for (size_t i = 0; i < v->ncases; i++)
		free(v->cases[i].name);
	free(v->cases);
	rv_invocation_free(&v->invocation);
	*v = (struct record_value){0};
}
