/* invocation.c: the command line that made a record, written as JSON and
 * read back as options (invocation.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/invocation.h"
#include "run/formats/jsonpos.h"
#include "report/jtree.h"
#include "util/diag.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* ---- writing ---- */

static json_t *strings(struct jtree *b, size_t n, const char *const *s)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		jt_push(b, a, jt_str(b, s[i]));
	return a;
}

/* [{k1: name, k2: value}, ...] of --set and --weight. */
static json_t *assigns(struct jtree *b, const char *k1, const char *k2,
                       size_t n, char *const *name, const double *value)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = json_object();
		jt_set(b, o, k1, jt_str(b, name[i]));
		jt_set(b, o, k2, json_real(value[i]));
		jt_push(b, a, o);
	}
	return a;
}

static json_t *columns(struct jtree *b, const struct record_invocation *v)
{
	json_t *a = json_array();

	for (size_t i = 0; i < v->ncolumns; i++) {
		json_t *o = json_object();
		jt_set(b, o, "to", jt_str(b, v->column_to[i]));
		jt_set(b, o, "from", jt_str(b, v->column_from[i]));
		jt_push(b, a, o);
	}
	return a;
}

static void put_inputs(struct jtree *b, json_t *o,
                       const struct record_invocation *v)
{
	jt_set(b, o, "metric", jt_str(b, v->metric));
	jt_set(
	    b, o, "set",
	    assigns(b, "name", "value", v->nsets, v->set_name, v->set_value));
	jt_set(b, o, "weight",
	       assigns(b, "glob", "weight", v->nweights, v->weight_glob,
	               v->weight_value));
	jt_set(b, o, "scenario", jt_str(b, v->scenario));
	jt_set(b, o, "runtime-factor",
	       v->have_factor ? json_real(v->runtime_factor) : json_null());
	jt_set(b, o, "pass", strings(b, v->npass, v->pass));
	jt_set(b, o, "fail", strings(b, v->nfail, v->fail));
	jt_set(b, o, "missing", jt_str(b, v->missing));
	jt_set(b, o, "column", columns(b, v));
	jt_set(b, o, "input-format", jt_str(b, v->input_format));
	jt_set(b, o, "estimator", jt_str(b, v->estimator));
	jt_set(b, o, "time", jt_str(b, v->time));
	jt_set(b, o, "results-before", jt_str(b, v->results[0]));
	jt_set(b, o, "results", jt_str(b, v->results[1]));
	jt_set(b, o, "split-by", jt_str(b, v->split_by));
	jt_set(b, o, "before", strings(b, v->nside_runs[0], v->side_runs[0]));
	jt_set(b, o, "after", strings(b, v->nside_runs[1], v->side_runs[1]));
	jt_set(b, o, "cases", strings(b, v->ncases, v->cases));
	jt_set(b, o, "exclude", strings(b, v->nexclude, v->exclude));
}

static void put_noise(struct jtree *b, json_t *o,
                      const struct record_invocation *v)
{
	char seed[24];

	/* A string: a seed may exceed 2^53, past a JSON reader's doubles. */
	snprintf(seed, sizeof seed, "%" PRIu64, v->seed);
	jt_set(b, o, "bootstrap", json_integer((json_int_t)v->bootstrap));
	jt_set(b, o, "confidence", json_real(v->confidence));
	jt_set(b, o, "seed", json_string(seed));
	jt_set(b, o, "pass-policy", jt_str(b, v->pass_policy));
	jt_set(b, o, "control", strings(b, v->ncontrol, v->control));
	for (size_t g = 0; g < GUARD_COUNT; g++)
		jt_set(b, o, guard_table[g].option,
		       json_boolean(v->guard_off[g]));
	jt_set(b, o, "margin",
	       v->margin_given ? json_real(v->margin) : json_null());
}

json_t *record_invocation_json(const struct record_invocation *v)
{
	struct jtree b = {false};
	json_t *o = json_object(), *opts = json_object();

	jt_set(&b, o, "command", jt_str(&b, v->command));
	jt_set(&b, o, "runs",
	       strings(&b, v->nruns, (const char *const *)v->runs));
	put_inputs(&b, opts, v);
	put_noise(&b, opts, v);
	jt_set(&b, o, "options", opts);
	if (b.failed) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* ---- reading ---- */

/* How each option is written: its value's shape. */
enum ishape {
	I_STR,    /* string or null */
	I_STRS,   /* array of strings */
	I_PATHS,  /* array of strings, or a string or null (older records) */
	I_NUM,    /* number or null */
	I_INT,    /* whole number */
	I_BOOL,   /* true: the switch given */
	I_ASSIGN, /* array of {K1: string, K2: number}, as K1=K2 */
	I_COLUMN, /* array of {to, from}, as TO=FROM */
};

static const struct ikey {
	const char *name;
	enum ishape shape;
	const char *k1, *k2;
} ikeys[] = {
    {"metric", I_STR, NULL, NULL},
    {"set", I_ASSIGN, "name", "value"},
    {"weight", I_ASSIGN, "glob", "weight"},
    {"scenario", I_STR, NULL, NULL},
    {"runtime-factor", I_NUM, NULL, NULL},
    {"pass", I_STRS, NULL, NULL},
    {"fail", I_STRS, NULL, NULL},
    {"missing", I_STR, NULL, NULL},
    {"column", I_COLUMN, "to", "from"},
    {"input-format", I_STR, NULL, NULL},
    {"estimator", I_STR, NULL, NULL},
    {"time", I_STR, NULL, NULL},
    {"results-before", I_STR, NULL, NULL},
    {"results", I_STR, NULL, NULL},
    {"split-by", I_STR, NULL, NULL},
    {"before", I_STRS, NULL, NULL},
    {"after", I_STRS, NULL, NULL},
    {"cases", I_STRS, NULL, NULL},
    {"exclude", I_STRS, NULL, NULL},
    {"bootstrap", I_INT, NULL, NULL},
    {"confidence", I_NUM, NULL, NULL},
    {"seed", I_STR, NULL, NULL},
    {"pass-policy", I_STR, NULL, NULL},
    {"control", I_PATHS, NULL, NULL},
    {"allow-newly-failing", I_BOOL, NULL, NULL},
    {"no-control-guard", I_BOOL, NULL, NULL},
    {"margin", I_NUM, NULL, NULL},
};
#define NIKEYS (sizeof ikeys / sizeof ikeys[0])

const char *record_invocation_key(size_t i)
{
	return i < NIKEYS ? ikeys[i].name : NULL;
}

struct ird {
	const char *file;
	struct rv_invocation *v;
	struct diag *d;
};

static int bad(struct ird *r, const struct jcur *at, const char *what,
               const char *key)
{
	return diag_set(r->d, r->file, at->line, at->col,
	                "not a fixprice record: invocation '%s' %s", key, what);
}

int rv_invocation_add(struct rv_invocation *v, const char *name,
                      const char *arg, uint32_t line, uint32_t col,
                      struct diag *d)
{
	struct rv_option *grown =
	    realloc(v->opts, (v->nopts + 1) * sizeof *v->opts);
	struct rv_option *o;

	if (!grown)
		return diag_oom(d);
	v->opts = grown;
	o = &v->opts[v->nopts];
	*o = (struct rv_option){.line = line, .col = col};
	o->name = strdup(name);
	o->arg = arg ? strdup(arg) : NULL;
	v->nopts++;
	if (!o->name || (arg && !o->arg))
		return diag_oom(d);
	return FP_OK;
}

int rv_invocation_add_run(struct rv_invocation *v, const char *path,
                          uint32_t line, uint32_t col, struct diag *d)
{
	if (v->nruns == 2)
		return FP_ERR;
	if (!v->runs) {
		v->runs = calloc(2, sizeof *v->runs);
		v->run_line = calloc(2, sizeof *v->run_line);
		v->run_col = calloc(2, sizeof *v->run_col);
		if (!v->runs || !v->run_line || !v->run_col)
			return diag_oom(d);
	}
	v->run_line[v->nruns] = line;
	v->run_col[v->nruns] = col;
	if (!(v->runs[v->nruns++] = strdup(path)))
		return diag_oom(d);
	return FP_OK;
}

/* Appends option name with arg (copied; NULL for a switch). */
static int add(struct ird *r, const char *name, const char *arg,
               const struct jcur *at)
{
	return rv_invocation_add(r->v, name, arg, at->line, at->col, r->d);
}

/* One {k1, k2} element as "K1=K2" (k2 a number for --set and --weight). */
static int add_pair(struct ird *r, const struct ikey *k, json_t *x,
                    const struct jcur *at)
{
	json_t *a = json_object_get(x, k->k1), *b = json_object_get(x, k->k2);
	char num[NUMFMT_MAX], *text;
	const char *right;
	int rc;

	if (!json_is_string(a) ||
	    (k->shape == I_ASSIGN ? !json_is_number(b) : !json_is_string(b)))
		return bad(r, at,
		           k->shape == I_ASSIGN
		               ? "must hold objects with a string and a number"
		               : "must hold objects with two strings",
		           k->name);
	right = k->shape == I_ASSIGN
	            ? numfmt_shortest(num, json_number_value(b))
	            : json_string_value(b);
	if (!(text = malloc(strlen(json_string_value(a)) + strlen(right) + 2)))
		return diag_oom(r->d);
	sprintf(text, "%s=%s", json_string_value(a), right);
	rc = add(r, k->name, text, at);
	free(text);
	return rc;
}

static int read_list(struct ird *r, const struct ikey *k, json_t *x,
                     const struct jcur *at)
{
	struct jcur c = *at;
	bool more;
	size_t i;
	json_t *e;

	if (!json_is_array(x))
		return bad(r, at, "must be an array", k->name);
	more = jcur_into(&c);
	json_array_foreach(x, i, e)
	{
		const struct jcur *here = more ? &c : at;
		bool strs = k->shape == I_STRS || k->shape == I_PATHS;
		if (strs && !json_is_string(e))
			return bad(r, here, "must hold strings", k->name);
		if (strs ? add(r, k->name, json_string_value(e), here) != FP_OK
		         : add_pair(r, k, e, here) != FP_OK)
			return FP_ERR;
		more = more && jcur_next(&c);
	}
	return FP_OK;
}

static int read_key(struct ird *r, const struct ikey *k, json_t *x,
                    const struct jcur *at)
{
	char num[NUMFMT_MAX];

	if (k->shape == I_PATHS && (json_is_string(x) || json_is_null(x)))
		return json_is_null(x)
		           ? FP_OK
		           : add(r, k->name, json_string_value(x), at);
	if (k->shape == I_STRS || k->shape == I_PATHS || k->shape == I_ASSIGN ||
	    k->shape == I_COLUMN)
		return read_list(r, k, x, at);
	if (json_is_null(x) && k->shape != I_INT && k->shape != I_BOOL)
		return FP_OK;
	switch (k->shape) {
	case I_STR:
		if (!json_is_string(x))
			return bad(r, at, "must be a string or null", k->name);
		return add(r, k->name, json_string_value(x), at);
	case I_NUM:
		if (!json_is_number(x))
			return bad(r, at, "must be a number or null", k->name);
		return add(r, k->name,
		           numfmt_shortest(num, json_number_value(x)), at);
	case I_INT:
		/* The record's reader may give whole numbers as reals. */
		if (!json_is_number(x) || !(json_number_value(x) >= 0) ||
		    json_number_value(x) > 1e15 ||
		    json_number_value(x) != floor(json_number_value(x)))
			return bad(r, at, "must be a whole number", k->name);
		snprintf(num, sizeof num, "%.0f", json_number_value(x));
		return add(r, k->name, num, at);
	default:
		if (!json_is_boolean(x))
			return bad(r, at, "must be true or false", k->name);
		return json_is_true(x) ? add(r, k->name, NULL, at) : FP_OK;
	}
}

static int read_runs(struct ird *r, json_t *a, const struct jcur *at)
{
	struct jcur c = *at;
	bool more;
	size_t i, n = json_array_size(a);
	json_t *e;

	/* None: the runs are in the options --before and --after. */
	if (!json_is_array(a) || n > 2)
		return bad(r, at, "must be an array of at most two paths",
		           "runs");
	more = jcur_into(&c);
	json_array_foreach(a, i, e)
	{
		const struct jcur *here = more ? &c : at;
		if (!json_is_string(e))
			return bad(r, here, "must hold strings", "runs");
		if (rv_invocation_add_run(r->v, json_string_value(e),
		                          here->line, here->col, r->d) != FP_OK)
			return FP_ERR;
		more = more && jcur_next(&c);
	}
	return FP_OK;
}

static bool has_option(const struct rv_invocation *v, const char *name)
{
	for (size_t i = 0; i < v->nopts; i++)
		if (strcmp(v->opts[i].name, name) == 0)
			return true;
	return false;
}

/* Every member of options must be known: one this version does not know
 * might change the figures. */
static int known_keys(struct ird *r, json_t *opts, const struct jcur *at)
{
	const char *key;
	json_t *x;
	struct jcur c = *at;
	bool more = jcur_into(&c);

	json_object_foreach(opts, key, x)
	{
		size_t k = 0;
		while (k < NIKEYS && strcmp(ikeys[k].name, key) != 0)
			k++;
		if (k == NIKEYS)
			return diag_set(r->d, r->file, more ? c.key_line : 0,
			                more ? c.key_col : 0,
			                "invocation option '%s' is not one "
			                "this fixprice knows",
			                key);
		more = more && jcur_next(&c);
	}
	return FP_OK;
}

int record_invocation_read(const char *file, json_t *o, const struct jcur *at,
                           struct rv_invocation *out, struct diag *d)
{
	struct ird r = {file, out, d};
	json_t *cmd = json_object_get(o, "command");
	json_t *opts = json_object_get(o, "options");
	struct jcur c, oc;

	*out = (struct rv_invocation){0};
	if (!json_is_object(o))
		return bad(&r, at, "must be an object", "invocation");
	if (!jcur_member(at, o, "command", &c) || !json_is_string(cmd))
		return bad(&r, at, "must name its command", "command");
	if (!(out->command = strdup(json_string_value(cmd))))
		return diag_oom(d);
	if (!jcur_member(at, o, "runs", &c))
		return bad(&r, at, "must hold its runs", "runs");
	if (read_runs(&r, json_object_get(o, "runs"), &c) != FP_OK)
		return FP_ERR;
	if (!jcur_member(at, o, "options", &oc) || !json_is_object(opts))
		return bad(&r, at, "must hold an object", "options");
	if (known_keys(&r, opts, &oc) != FP_OK)
		return FP_ERR;
	for (size_t k = 0; k < NIKEYS; k++) {
		json_t *x = json_object_get(opts, ikeys[k].name);
		if (!x)
			continue;
		jcur_member(&oc, opts, ikeys[k].name, &c);
		if (read_key(&r, &ikeys[k], x, &c) != FP_OK)
			return FP_ERR;
	}
	jcur_member(at, o, "runs", &c);
	if (out->nruns == 0 &&
	    (!has_option(out, "before") || !has_option(out, "after")))
		return bad(&r, &c,
		           "must hold its runs, or 'before' and "
		           "'after' theirs",
		           "runs");
	return FP_OK;
}

void rv_invocation_free(struct rv_invocation *v)
{
	free(v->command);
	for (size_t i = 0; i < v->nruns; i++)
		free(v->runs[i]);
	for (size_t i = 0; i < v->nopts; i++) {
		free(v->opts[i].name);
		free(v->opts[i].arg);
	}
	free(v->runs);
	free(v->run_line);
	free(v->run_col);
	free(v->opts);
	*v = (struct rv_invocation){0};
}
