#include "price/metric_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "price/metric_yaml.h"
#include "util/sha256.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const top_keys[] = {
    "name",       "version",    "description", "source",      "params",
    "weights",    "columns",    "score",       "value",       "total",
    "gain",       "cost",       "decide",      "define",      "guards",
    "margin",     "suspicious", "gate",        "gate_margin", "gate_near",
    "gate_errors"};
static const char *const required_keys[] = {
    "name", "version", "score", "value", "total", "gain", "cost",
};
static const char *const weight_keys[] = {"default", "cases"};

/* Names the environments give (metric.h), and the formula names, which a
 * user name would make ambiguous to a reader even where no env has them. */
static const char *const builtin_names[] = {
    "runtime",
    "passed",
    "score",
    "value",
    "total",
    "weight",
    "N",
    "W",
    "runtime_before",
    "runtime_after",
    "passed_before",
    "passed_after",
    "score_before",
    "score_after",
    "value_before",
    "value_after",
    "total_before",
    "total_after",
    "newly_passing",
    "newly_failing",
    "still_passing",
    "still_failing",
    "gain",
    "cost",
    "decide",
    "has_runtime",
    "has_runtime_before",
    "has_runtime_after",
};

static const char default_decide[] = "gain - cost > 0";

/* User names claimed so far, so that none shadows another. */
struct claim {
	char *name;
	const char *kind; /* "parameter", "column", "define" */
};
struct claims {
	struct claim *v;
	size_t n;
};

static bool in_list(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return true;
	return false;
}

static void claims_free(struct claims *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].name);
	free(c->v);
}

/* Claims one name (made from base) for kind; fails if it is taken. */
static int claim_one(struct claims *c, const struct ydoc *doc,
                     const struct ynode *at, const char *kind, const char *base,
                     const char *name, struct diag *d)
{
	struct claim *grown;

	if (in_list(name, builtin_names, COUNT(builtin_names)))
		return ydoc_error(doc, at, d, "%s '%s' shadows a built-in name",
		                  kind, base);
	if (fx_is_reserved(name))
		return ydoc_error(doc, at, d, "%s '%s' shadows a function",
		                  kind, base);
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i].name, name) == 0)
			return ydoc_error(doc, at, d, "%s '%s' shadows %s '%s'",
			                  kind, base, c->v[i].kind, name);
	grown = realloc(c->v, (c->n + 1) * sizeof *grown);
	if (!grown)
		return diag_oom(d);
	c->v = grown;
	c->v[c->n].name = strdup(name);
	if (!c->v[c->n].name)
		return diag_oom(d);
	c->v[c->n++].kind = kind;
	return FP_OK;
}

/* Claims a user name; a column also claims NAME_before and NAME_after. */
static int claim(struct claims *c, const struct ydoc *doc,
                 const struct ynode *at, const char *kind, const char *name,
                 struct diag *d)
{
	char derived[256];

	if (!myaml_is_identifier(name))
		return ydoc_error(doc, at, d,
		                  "%s name '%s' is not a valid name (letters, "
		                  "digits and _, not starting with a digit)",
		                  kind, name);
	if (claim_one(c, doc, at, kind, name, name, d))
		return FP_ERR;
	if (strcmp(kind, "column") != 0)
		return FP_OK;
	if (strlen(name) + sizeof "_before" > sizeof derived)
		return ydoc_error(doc, at, d, "column name '%s' is too long",
		                  name);
	snprintf(derived, sizeof derived, "%s_before", name);
	if (claim_one(c, doc, at, kind, name, derived, d))
		return FP_ERR;
	snprintf(derived, sizeof derived, "%s_after", name);
	return claim_one(c, doc, at, kind, name, derived, d);
}

/* parent's mapping under key, or a YAML null standing for an empty one
 * (*out NULL then, and when absent); `what` names it in messages. */
static int get_map(const struct ydoc *doc, const struct ynode *parent,
                   const char *key, const char *what, const char *shape,
                   const struct ynode **out, struct diag *d)
{
	const struct ynode *n = ydoc_get(parent, key);

	*out = NULL;
	if (!n || myaml_is_null(n))
		return FP_OK;
	if (n->kind != YNODE_MAP)
		return ydoc_error(doc, n, d, "%s must be %s", what, shape);
	*out = n;
	return FP_OK;
}

static int read_texts(const struct ydoc *doc, struct metric *m, struct diag *d)
{
	const struct ynode *root = doc->root, *n;

	for (size_t i = 0; i < COUNT(required_keys); i++)
		if (!ydoc_get(root, required_keys[i]))
			return ydoc_error(doc, root, d,
			                  "missing required key '%s'",
			                  required_keys[i]);
	if (myaml_text(doc, ydoc_get(root, "name"), "name", false, &m->name, d))
		return FP_ERR;
	n = ydoc_get(root, "version");
	if (n->kind != YNODE_SCALAR)
		return ydoc_error(doc, n, d,
		                  "version must be a string or an integer");
	if (myaml_text(doc, n, "version", false, &m->version, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "description")) &&
	    myaml_text(doc, n, "description", true, &m->description, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "source")) &&
	    myaml_text(doc, n, "source", true, &m->source, d))
		return FP_ERR;
	return FP_OK;
}

static int read_params(const struct ydoc *doc, struct metric *m,
                       struct claims *names, struct diag *d)
{
	const struct ynode *map;
	char what[300];

	if (get_map(doc, doc->root, "params", "params",
	            "a mapping of name: number", &map, d))
		return FP_ERR;
	if (!map)
		return FP_OK;
	if (map->count > METRIC_MAX_PARAMS)
		return ydoc_error(doc, map, d,
		                  "too many parameters (at most %d)",
		                  METRIC_MAX_PARAMS);
	m->params = calloc(map->count ? map->count : 1, sizeof *m->params);
	if (!m->params)
		return diag_oom(d);
	for (size_t i = 0; i < map->count; i++) {
		const struct ynode *key = map->keys[i];
		struct param *p = &m->params[m->nparams];

		if (claim(names, doc, key, "parameter", key->str, d))
			return FP_ERR;
		snprintf(what, sizeof what, "params.%s", key->str);
		if (myaml_number(doc, map->items[i], what, &p->value, d))
			return FP_ERR;
		p->name = strdup(key->str);
		if (!p->name)
			return diag_oom(d);
		p->file_value = p->value;
		p->line = map->items[i]->line;
		p->col = map->items[i]->col;
		m->nparams++;
	}
	return FP_OK;
}

static int read_weight(const struct ydoc *doc, const struct ynode *node,
                       const char *what, double *out, struct diag *d)
{
	if (myaml_number(doc, node, what, out, d))
		return FP_ERR;
	if (*out < 0)
		return ydoc_error(doc, node, d, "%s must be >= 0", what);
	return FP_OK;
}

static int read_weights(const struct ydoc *doc, struct metric *m,
                        struct diag *d)
{
	const struct ynode *map, *n, *cases;
	char what[300];

	m->weight_default = 1;
	if (get_map(doc, doc->root, "weights", "weights",
	            "a mapping with default and cases", &map, d))
		return FP_ERR;
	if (!map)
		return FP_OK;
	if (myaml_check_keys(doc, map, "weights.", weight_keys,
	                     COUNT(weight_keys), d))
		return FP_ERR;
	if ((n = ydoc_get(map, "default")) &&
	    read_weight(doc, n, "weights.default", &m->weight_default, d))
		return FP_ERR;
	if (get_map(doc, map, "cases", "weights.cases",
	            "a mapping of case name or glob: weight", &cases, d))
		return FP_ERR;
	if (!cases)
		return FP_OK;
	m->rules = calloc(cases->count ? cases->count : 1, sizeof *m->rules);
	if (!m->rules)
		return diag_oom(d);
	for (size_t i = 0; i < cases->count; i++) {
		const struct ynode *key = cases->keys[i];
		struct weight_rule *r = &m->rules[m->nrules];
		char origin[DIAG_FILE_MAX + 32];

		if (key->len == 0)
			return ydoc_error(
			    doc, key, d,
			    "weights.cases: a case name or glob must not "
			    "be empty");
		snprintf(what, sizeof what, "weights.cases.%s", key->str);
		if (read_weight(doc, cases->items[i], what, &r->weight, d))
			return FP_ERR;
		snprintf(origin, sizeof origin, "%s:%d:%d", doc->path,
		         key->line, key->col);
		r->glob = strdup(key->str);
		r->origin = strdup(origin);
		if (!r->glob || !r->origin) {
			m->nrules++; /* so that metric_free frees what was made */
			return diag_oom(d);
		}
		m->nrules++;
	}
	return FP_OK;
}

/* columns: [a, { b: formula }]: names now, default formulas at compile. */
static int read_columns(const struct ydoc *doc, struct metric *m,
                        struct claims *names, const struct ynode **defaults,
                        struct diag *d)
{
	const struct ynode *seq = ydoc_get(doc->root, "columns");

	if (!seq || myaml_is_null(seq))
		return FP_OK;
	if (seq->kind != YNODE_SEQ)
		return ydoc_error(doc, seq, d,
		                  "columns must be a list of column names");
	m->columns = calloc(seq->count ? seq->count : 1, sizeof *m->columns);
	m->column_default =
	    calloc(seq->count ? seq->count : 1, sizeof *m->column_default);
	m->column_prog =
	    calloc(seq->count ? seq->count : 1, sizeof *m->column_prog);
	if (!m->columns || !m->column_default || !m->column_prog)
		return diag_oom(d);
	for (size_t i = 0; i < seq->count; i++) {
		const struct ynode *item = seq->items[i], *key = item;

		defaults[i] = NULL;
		if (item->kind == YNODE_MAP && item->count == 1) {
			key = item->keys[0];
			defaults[i] = item->items[0];
		} else if (item->kind != YNODE_SCALAR) {
			return ydoc_error(
			    doc, item, d,
			    "a column must be a name or "
			    "{ name: formula to use when the runs lack it }");
		}
		if (claim(names, doc, key, "column", key->str, d))
			return FP_ERR;
		m->columns[i] = strdup(key->str);
		if (!m->columns[i])
			return diag_oom(d);
		m->ncolumns++;
	}
	return FP_OK;
}

static int read_define_names(const struct ydoc *doc, struct metric *m,
                             struct claims *names, const struct ynode **map,
                             struct diag *d)
{
	if (get_map(doc, doc->root, "define", "define",
	            "a mapping of name: formula", map, d))
		return FP_ERR;
	if (!*map)
		return FP_OK;
	if ((*map)->count > METRIC_MAX_DEFINES)
		return ydoc_error(doc, *map, d, "too many defines (at most %d)",
		                  METRIC_MAX_DEFINES);
	m->defines =
	    calloc((*map)->count ? (*map)->count : 1, sizeof *m->defines);
	if (!m->defines)
		return diag_oom(d);
	for (size_t i = 0; i < (*map)->count; i++)
		if (claim(names, doc, (*map)->keys[i], "define",
		          (*map)->keys[i]->str, d))
			return FP_ERR;
	return FP_OK;
}

/* Compiles the formula at node (what names it in messages) into f, its
 * source strings owned by m. */
static int compile(const struct ydoc *doc, const struct metric *m,
                   const struct ynode *node, const char *key, const char *what,
                   struct fx_env *env, int want, struct metric_formula *f,
                   struct diag *d)
{
	f->key = key;
	if (myaml_formula(doc, node, m->path, what, &f->src, d))
		return FP_ERR;
	if (fx_compile(env, &f->src, &f->prog, d) ||
	    (want >= 0 &&
	     fx_prog_require(f->prog, &f->src, (enum fx_shape)want, what, d))) {
		myaml_show_line(doc, d);
		return FP_ERR;
	}
	return FP_OK;
}

/* Declares each name of list in env with shape; false when out of memory. */
static bool declare_all(struct fx_env *env, const char *const *list, size_t n,
                        enum fx_shape shape)
{
	for (size_t i = 0; i < n; i++)
		if (fx_env_declare(env, list[i], shape) < 0)
			return false;
	return true;
}

/* Names both environments have.  Params come first, in the same order,
 * so that a parameter has the same slot in both (struct param keeps
 * one); their values are set now, as --set and sweeps change them later. */
static int declare_common(struct metric *m, struct diag *d)
{
	static const char *const scalars[] = {"N", "W"};

	m->side = fx_env_new();
	m->cross = fx_env_new();
	if (!m->side || !m->cross)
		return diag_oom(d);
	for (size_t i = 0; i < m->nparams; i++) {
		struct param *p = &m->params[i];

		p->slot = fx_env_declare(m->side, p->name, FX_SCALAR);
		if (p->slot < 0 ||
		    fx_env_declare(m->cross, p->name, FX_SCALAR) != p->slot)
			return diag_oom(d);
		fx_env_set_scalar(m->side, p->slot, p->value);
		fx_env_set_scalar(m->cross, p->slot, p->value);
	}
	if (!declare_all(m->side, scalars, COUNT(scalars), FX_SCALAR) ||
	    !declare_all(m->cross, scalars, COUNT(scalars), FX_SCALAR) ||
	    fx_env_declare(m->side, "weight", FX_PERCASE) < 0 ||
	    fx_env_declare(m->cross, "weight", FX_PERCASE) < 0)
		return diag_oom(d);
	return FP_OK;
}

static int compile_side(const struct ydoc *doc, struct metric *m,
                        struct diag *d)
{
	static const char *const run_names[] = {"runtime", "passed",
	                                        "has_runtime"};
	struct fx_env *env = m->side;
	const struct ynode *root = doc->root;

	if (!declare_all(env, run_names, COUNT(run_names), FX_PERCASE) ||
	    !declare_all(env, (const char *const *)m->columns, m->ncolumns,
	                 FX_PERCASE))
		return diag_oom(d);
	if (compile(doc, m, ydoc_get(root, "score"), "score", "score", env,
	            FX_PERCASE, &m->score, d))
		return FP_ERR;
	if (fx_env_declare(env, "score", FX_PERCASE) < 0)
		return diag_oom(d);
	if (compile(doc, m, ydoc_get(root, "value"), "value", "value", env,
	            FX_PERCASE, &m->value, d))
		return FP_ERR;
	if (fx_env_declare(env, "value", FX_PERCASE) < 0)
		return diag_oom(d);
	return compile(doc, m, ydoc_get(root, "total"), "total", "total", env,
	               FX_SCALAR, &m->total, d);
}

static int declare_column(struct fx_env *env, const char *col)
{
	char name[256];

	snprintf(name, sizeof name, "%s_before", col);
	if (fx_env_declare(env, name, FX_PERCASE) < 0)
		return FP_ERR;
	snprintf(name, sizeof name, "%s_after", col);
	if (fx_env_declare(env, name, FX_PERCASE) < 0)
		return FP_ERR;
	return fx_env_declare(env, col, FX_PERCASE) < 0 ? FP_ERR : FP_OK;
}

/* A column's default is evaluated by pricing before anything else, in an
 * environment of its own (metric.h), where it is compiled once. */
static int check_column_default(const struct ydoc *doc, struct metric *m,
                                size_t i, const struct ynode *node,
                                struct diag *d)
{
	static const char *const names[] = {
	    "runtime_before", "runtime_after",      "passed_before",
	    "passed_after",   "has_runtime_before", "has_runtime_after",
	};
	struct metric_formula f = {
	    m->columns[i], {NULL, 0, 0, NULL, NULL}, NULL};
	char what[300];

	if (!m->column_env &&
	    (!(m->column_env = fx_env_new()) ||
	     !declare_all(m->column_env, names, COUNT(names), FX_PERCASE) ||
	     fx_env_declare(m->column_env, "N", FX_SCALAR) < 0))
		return diag_oom(d);
	snprintf(what, sizeof what, "columns.%s", m->columns[i]);
	if (compile(doc, m, node, m->columns[i], what, m->column_env, -1, &f,
	            d)) {
		myaml_src_free(&f.src);
		fx_prog_free(f.prog);
		return FP_ERR;
	}
	m->column_default[i] = (char *)f.src.text;
	m->column_prog[i] = f.prog;
	f.src.text = NULL;
	myaml_src_free(&f.src);
	return FP_OK;
}

static int compile_cross(const struct ydoc *doc, struct metric *m,
                         const struct ynode *define_map, struct diag *d)
{
	static const char *const raw[] = {
	    "runtime_before",    "runtime_after", "passed_before",
	    "passed_after",      "newly_passing", "newly_failing",
	    "still_passing",     "still_failing", "has_runtime_before",
	    "has_runtime_after",
	};
	static const char *const derived[] = {
	    "score_before",
	    "score_after",
	    "value_before",
	    "value_after",
	};
	static const char *const totals[] = {"total_before", "total_after"};
	static const char *const priced[] = {"gain", "cost"};
	struct fx_env *env = m->cross;
	const struct ynode *root = doc->root, *n;
	char what[300];

	if (!declare_all(env, raw, COUNT(raw), FX_PERCASE))
		goto oom;
	for (size_t i = 0; i < m->ncolumns; i++)
		if (declare_column(env, m->columns[i]))
			goto oom;
	if (!declare_all(env, derived, COUNT(derived), FX_PERCASE) ||
	    !declare_all(env, totals, COUNT(totals), FX_SCALAR))
		goto oom;
	for (size_t i = 0; define_map && i < define_map->count; i++) {
		struct metric_formula *f = &m->defines[i];
		const char *name = define_map->keys[i]->str;
		char *key = strdup(name);

		if (!key)
			goto oom;
		m->ndefines++;
		snprintf(what, sizeof what, "define.%s", name);
		if (compile(doc, m, define_map->items[i], key, what, env, -1, f,
		            d))
			return FP_ERR;
		if (fx_env_declare(env, name, fx_prog_shape(f->prog)) < 0)
			goto oom;
	}
	if (compile(doc, m, ydoc_get(root, "gain"), "gain", "gain", env,
	            FX_SCALAR, &m->gain, d) ||
	    compile(doc, m, ydoc_get(root, "cost"), "cost", "cost", env,
	            FX_SCALAR, &m->cost, d))
		return FP_ERR;
	if (!declare_all(env, priced, COUNT(priced), FX_SCALAR))
		goto oom;
	if ((n = ydoc_get(root, "decide")))
		return compile(doc, m, n, "decide", "decide", env, FX_SCALAR,
		               &m->decide, d);
	/* No decide: the manual's rule, gain - cost > 0. */
	m->decide.key = "decide";
	m->decide.src.file = m->path;
	m->decide.src.text = strdup(default_decide);
	if (!m->decide.src.text)
		goto oom;
	return fx_compile(env, &m->decide.src, &m->decide.prog, d);
oom:
	return diag_oom(d);
}

static int check_and_compile(const struct ydoc *doc, struct metric *m,
                             struct diag *d)
{
	const struct ynode *root = doc->root, *define_map = NULL;
	const struct ynode **column_defaults = NULL;
	struct claims names = {NULL, 0};
	int rc = FP_ERR;

	if (myaml_check_root(doc,
	                     "empty metric file: it needs at least name, "
	                     "version, score, value, total, gain and cost",
	                     "a metric file must be a mapping of keys "
	                     "(name, version, score, ...)",
	                     top_keys, COUNT(top_keys), d) ||
	    read_texts(doc, m, d))
		return FP_ERR;
	{
		const struct ynode *cols = ydoc_get(root, "columns");
		size_t n = cols && cols->kind == YNODE_SEQ ? cols->count : 0;

		column_defaults = calloc(n ? n : 1, sizeof *column_defaults);
		if (!column_defaults)
			return diag_oom(d);
	}
	if (read_params(doc, m, &names, d) || read_weights(doc, m, d) ||
	    metric_read_guards(doc, m, d) ||
	    read_columns(doc, m, &names, column_defaults, d) ||
	    read_define_names(doc, m, &names, &define_map, d))
		goto out;
	for (size_t i = 0; i < m->ncolumns; i++)
		if (column_defaults[i] &&
		    check_column_default(doc, m, i, column_defaults[i], d))
			goto out;
	if (declare_common(m, d) || compile_side(doc, m, d) ||
	    metric_read_gate(doc, m, d) || compile_cross(doc, m, define_map, d))
		goto out;
	rc = FP_OK;
out:
	free(column_defaults);
	claims_free(&names);
	return rc;
}

int metric_from_doc(const struct ydoc *doc, struct metric **out, struct diag *d)
{
	struct metric *m = calloc(1, sizeof *m);

	*out = NULL;
	if (!m || !(m->path = strdup(doc->path))) {
		free(m);
		return diag_oom(d);
	}
	sha256_hex(doc->text, doc->text_len, m->sha256);
	if (check_and_compile(doc, m, d)) {
		metric_free(m);
		return FP_ERR;
	}
	*out = m;
	return FP_OK;
}
