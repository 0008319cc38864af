/* scenario.c: what-if after-runs made from the before run. */
#include "price/scenario.h"

#include <fnmatch.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "price/metric_yaml.h"
#include "price/param.h"
#include "util/numfmt.h"
#include "util/sha256.h"
#include "util/yamldoc.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const scenario_keys[] = {
	"name", "description", "params", "runtime", "pass", "fail",
};

static const char runtime_factor_formula[] = "runtime * runtime_factor";
static const char command_line[] = "<command line>";

struct scenario *scenario_new(void)
{
	struct scenario *s = calloc(1, sizeof *s);

	if (s && !(s->name = strdup("command line"))) {
		free(s);
		return NULL;
	}
	return s;
}

void scenario_free(struct scenario *s)
{
	if (!s)
		return;
	fx_prog_free(s->prog);
	fx_env_free(s->env);
	myaml_src_free(&s->runtime);
	free((char *)s->runtime.file);
	for (size_t i = 0; i < s->nparams; i++)
		free(s->params[i].name);
	free(s->params);
	for (size_t i = 0; i < s->npass; i++)
		free(s->pass[i]);
	for (size_t i = 0; i < s->nfail; i++)
		free(s->fail[i]);
	free(s->pass);
	free(s->fail);
	free(s->path);
	free(s->name);
	free(s->description);
	free(s);
}

static struct param *find_param(const struct scenario *s,
                                         const char *name)
{
	for (size_t i = 0; i < s->nparams; i++)
		if (strcmp(s->params[i].name, name) == 0)
			return &s->params[i];
	return NULL;
}

/* Appends a parameter (not yet bound: slot -1). */
static int add_param(struct scenario *s, const char *name, double value,
                     struct diag *d)
{
	struct param *grown;
	char *copy = strdup(name);

	grown = copy ? realloc(s->params, (s->nparams + 1) * sizeof *grown)
	             : NULL;
	if (!grown) {
		free(copy);
		return diag_oom(d);
	}
	s->params = grown;
	s->params[s->nparams].name = copy;
	s->params[s->nparams].value = value;
	s->params[s->nparams].slot = -1;
	s->nparams++;
	return FP_OK;
}

static int add_glob(char ***list, size_t *n, const char *glob,
                    struct diag *d)
{
	char **grown;
	char *copy = strdup(glob);

	grown = copy ? realloc(*list, (*n + 1) * sizeof *grown) : NULL;
	if (!grown) {
		free(copy);
		return diag_oom(d);
	}
	*list = grown;
	(*list)[(*n)++] = copy;
	return FP_OK;
}

/* ---- Reading a scenario file ----------------------------------------- */

static int read_params(const struct ydoc *doc, const struct ynode *map,
                       struct scenario *s, struct diag *d)
{
	char what[300];
	double value;

	if (myaml_is_null(map))
		return FP_OK;
	if (map->kind != YNODE_MAP)
		return ydoc_error(doc, map, d,
		                  "params must be a mapping of name: number");
	for (size_t i = 0; i < map->count; i++) {
		const struct ynode *key = map->keys[i];

		if (!myaml_is_identifier(key->str))
			return ydoc_error(doc, key, d,
			                  "parameter name '%s' is not a valid name "
			                  "(letters, digits and _, not starting with "
			                  "a digit)", key->str);
		if (strcmp(key->str, "N") == 0)
			return ydoc_error(doc, key, d,
			                  "parameter 'N' shadows a built-in name");
		snprintf(what, sizeof what, "params.%s", key->str);
		if (myaml_number(doc, map->items[i], what, &value, d) ||
		    add_param(s, key->str, value, d))
			return FP_ERR;
	}
	return FP_OK;
}

/* pass/fail: a list of names or globs, or one of them alone. */
static int read_globs(const struct ydoc *doc, const struct ynode *node,
                      const char *what, char ***list, size_t *n,
                      struct diag *d)
{
	const struct ynode *const *items = &node;
	size_t count = 1;

	if (myaml_is_null(node))
		return FP_OK;
	if (node->kind == YNODE_SEQ) {
		items = (const struct ynode *const *)node->items;
		count = node->count;
	} else if (node->kind != YNODE_SCALAR) {
		return ydoc_error(doc, node, d,
		                  "%s must be a list of case names or globs", what);
	}
	for (size_t i = 0; i < count; i++) {
		if (items[i]->kind != YNODE_SCALAR)
			return ydoc_error(doc, items[i], d,
			                  "%s must be a list of case names or globs",
			                  what);
		if (items[i]->len == 0)
			return ydoc_error(doc, items[i], d,
			                  "%s: a case name or glob must not be empty",
			                  what);
		if (add_glob(list, n, items[i]->str, d))
			return FP_ERR;
	}
	return FP_OK;
}

/* The file name without folder and extension, for a scenario without name. */
static char *name_from_path(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	return strndup(base, dot && dot != base ? (size_t)(dot - base)
	                                        : strlen(base));
}

static int read_scenario(const struct ydoc *doc, struct scenario *s,
                         struct diag *d)
{
	const struct ynode *root = doc->root, *n;

	if (myaml_check_root(doc,
	                     "empty scenario file: give at least runtime, pass "
	                     "or fail",
	                     "a scenario file must be a mapping of keys "
	                     "(name, runtime, pass, fail, ...)",
	                     scenario_keys, COUNT(scenario_keys), d))
		return FP_ERR;
	if ((n = ydoc_get(root, "name"))) {
		if (myaml_text(doc, n, "name", false, &s->name, d))
			return FP_ERR;
	} else if (!(s->name = name_from_path(doc->path))) {
		return diag_oom(d);
	}
	if ((n = ydoc_get(root, "description")) &&
	    myaml_text(doc, n, "description", true, &s->description, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "params")) && read_params(doc, n, s, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "runtime"))) {
		if (myaml_formula(doc, n, NULL, "runtime", &s->runtime, d))
			return FP_ERR;
		if (!(s->runtime.file = strdup(doc->path)))
			return diag_oom(d);
	}
	if ((n = ydoc_get(root, "pass")) &&
	    read_globs(doc, n, "pass", &s->pass, &s->npass, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "fail")) &&
	    read_globs(doc, n, "fail", &s->fail, &s->nfail, d))
		return FP_ERR;
	return FP_OK;
}

int scenario_load(const char *path, struct scenario **out, struct diag *d)
{
	struct scenario *s = calloc(1, sizeof *s);
	struct ydoc *doc = NULL;

	*out = NULL;
	if (!s || !(s->path = strdup(path))) {
		free(s);
		return diag_oom(d);
	}
	if (ydoc_load(path, NULL, 0, &doc, d) || read_scenario(doc, s, d)) {
		ydoc_free(doc);
		scenario_free(s);
		return FP_ERR;
	}
	sha256_hex(doc->text, doc->text_len, s->sha256);
	ydoc_free(doc);
	*out = s;
	return FP_OK;
}

/* ---- Command-line shorthands ----------------------------------------- */

static bool is_name_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* True if word stands in text as a whole name, not inside a longer one. */
static bool mentions(const char *text, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = text; (p = strstr(p, word)) != NULL; p++) {
		bool before = p > text && is_name_char(p[-1]);
		bool after = is_name_char(p[len]);
		if (!before && !after)
			return true;
	}
	return false;
}

int scenario_set_runtime_factor(struct scenario *s, double factor,
                                struct diag *d)
{
	char buf[NUMFMT_MAX];

	if (!isfinite(factor) || factor <= 0)
		return diag_set(d, NULL, 0, 0,
		                "--runtime-factor %s: must be a number > 0",
		                numfmt_exact(buf, factor));
	if (s->runtime.text && !mentions(s->runtime.text, "runtime_factor"))
		return diag_set(d, s->runtime.file, s->runtime.line,
		                s->runtime.col,
		                "--runtime-factor needs a runtime formula that uses "
		                "runtime_factor, and this one does not");
	if (!s->runtime.text) {
		s->runtime.file = strdup(command_line);
		s->runtime.text = strdup(runtime_factor_formula);
		s->runtime.prefix = strdup("--runtime-factor: ");
		s->runtime.line = 1;
		s->runtime.col = (int)strlen("--runtime-factor: ") + 1;
		if (!s->runtime.file || !s->runtime.text || !s->runtime.prefix)
			return diag_oom(d);
	}
	if (!find_param(s, "runtime_factor"))
		return add_param(s, "runtime_factor", factor, d);
	return scenario_set_param(s, "runtime_factor", factor, d);
}

int scenario_add_glob(struct scenario *s, int pass, const char *glob,
                      struct diag *d)
{
	if (!*glob)
		return diag_set(d, NULL, 0, 0, "--%s: the case name or glob is empty",
		                pass ? "pass" : "fail");
	return pass ? add_glob(&s->pass, &s->npass, glob, d)
	            : add_glob(&s->fail, &s->nfail, glob, d);
}

int scenario_set_param(struct scenario *s, const char *name, double value,
                       struct diag *d)
{
	struct param *p = find_param(s, name);

	if (!p)
		return param_unknown(NULL, 0, s->params, s->nparams, name, "", d);
	if (param_check_value(name, value, d) != FP_OK)
		return FP_ERR;
	p->value = value;
	if (s->env && p->slot >= 0)
		fx_env_set_scalar(s->env, p->slot, value);
	return FP_OK;
}

/* ---- Binding and applying -------------------------------------------- */

static int oom(struct diag *d)
{
	return diag_oom(d);
}

int scenario_bind(struct scenario *s, const struct run *before,
                  struct diag *d)
{
	fx_prog_free(s->prog);
	fx_env_free(s->env);
	s->prog = NULL;
	if (!(s->env = fx_env_new()))
		return diag_oom(d);
	for (size_t i = 0; i < s->nparams; i++) {
		struct param *p = &s->params[i];

		if (run_find(before, p->name))
			return diag_set(d, s->path, 0, 0,
			                "scenario parameter '%s' has the name of a "
			                "column of %s", p->name, before->path);
		if ((p->slot = fx_env_declare(s->env, p->name, FX_SCALAR)) < 0)
			return diag_oom(d);
		fx_env_set_scalar(s->env, p->slot, p->value);
	}
	if (fx_env_declare(s->env, "N", FX_SCALAR) < 0)
		return diag_oom(d);
	/* Text columns are declared too, so that a formula using one is told
	 * where its first bad cell is rather than that the name is unknown. */
	for (size_t i = 0; i < before->ncols; i++)
		if (myaml_is_identifier(before->cols[i].name) &&
		    strcmp(before->cols[i].name, "N") != 0 &&
		    fx_env_declare(s->env, before->cols[i].name, FX_PERCASE) < 0)
			return diag_oom(d);
	if (!s->runtime.text)
		return FP_OK;
	if (fx_compile(s->env, &s->runtime, &s->prog, d))
		return FP_ERR;
	for (size_t i = 0; i < before->ncols; i++) {
		const struct column *c = &before->cols[i];
		int slot = fx_env_lookup(s->env, c->name, NULL);

		if (c->kind == COL_TEXT && slot >= 0 &&
		    fx_prog_reads(s->prog, slot) && !run_numeric(before, c->name, d))
			return FP_ERR;
	}
	return FP_OK;
}

/* Whether case i of before has no runtime (a failing case without
 * samples): it is predicted to have none either. */
static bool no_runtime(const struct run *before, size_t i)
{
	const struct column *c = run_find(before, "runtime");

	return c && c->v && isnan(c->v[i]);
}

/* Whether a fault of a per-case formula is only at cases without a
 * runtime (every case was computed: fx_eval goes to the end). */
static bool only_no_runtime(const struct scenario *s,
                            const struct run *before, const double *v)
{
	if (fx_prog_shape(s->prog) != FX_PERCASE)
		return false;
	for (size_t i = 0; i < before->n; i++)
		if (!isfinite(v[i]) && !no_runtime(before, i))
			return false;
	return true;
}

/* The predicted runtimes (n values, caller frees) from the formula,
 * evaluated in env (the scenario's, or a session's copy of it); NaN for
 * a case without a runtime before. */
static int predict_runtimes(const struct scenario *s, struct fx_env *env,
                            const struct run *before, double **out,
                            struct diag *d)
{
	const struct fx_src *src = &s->runtime;
	double *v = malloc((before->n ? before->n : 1) * sizeof *v);
	struct fx_fault fault;

	*out = v; /* the caller frees it, also on failure */
	if (!v)
		return oom(d);
	fx_env_set_ncases(env, before->n);
	fx_env_set_scalar(env, fx_env_lookup(env, "N", NULL), (double)before->n);
	for (size_t i = 0; i < before->ncols; i++) {
		const struct column *c = &before->cols[i];
		int slot = fx_env_lookup(env, c->name, NULL);

		if (slot >= 0 && c->kind != COL_TEXT)
			fx_env_bind(env, slot, c->v);
	}
	if (fx_eval(s->prog, env, v, &fault) &&
	    !only_no_runtime(s, before, v)) {
		if (fault.has_case)
			return diag_set(d, src->file, fault.line, fault.col,
			                "runtime formula: case '%s': %s",
			                before->case_name[fault.case_index],
			                fault.what);
		return diag_set(d, src->file, fault.line, fault.col,
		                "runtime formula: %s", fault.what);
	}
	if (fx_prog_shape(s->prog) == FX_SCALAR)
		for (size_t i = 1; i < before->n; i++)
			v[i] = v[0];
	for (size_t i = 0; i < before->n; i++) {
		char buf[NUMFMT_MAX];

		if (no_runtime(before, i))
			v[i] = NAN;
		else if (!(v[i] > 0))
			return diag_set(d, src->file, src->line, src->col,
			                "runtime formula gives %s for case '%s'; a "
			                "runtime must be > 0",
			                numfmt_exact(buf, v[i]),
			                before->case_name[i]);
	}
	return FP_OK;
}

int scenario_predict(const struct scenario *s, struct fx_env *env,
                     const struct run *before, double *out, struct diag *d)
{
	double *v = NULL;
	int rc;

	if (!s->prog) {
		const struct column *c = run_numeric(before, "runtime", d);
		if (!c)
			return FP_ERR;
		memcpy(out, c->v, before->n * sizeof *out);
		return FP_OK;
	}
	rc = predict_runtimes(s, env, before, &v, d);
	if (rc == FP_OK)
		memcpy(out, v, before->n * sizeof *out);
	free(v);
	return rc == FP_OK ? FP_OK : FP_ERR;
}

static double *copy_values(const struct column *c, size_t n)
{
	double *v = malloc((n ? n : 1) * sizeof *v);

	if (v && n)
		memcpy(v, c->v, n * sizeof *v);
	return v;
}

/* Applies pass/fail globs to passed (n values), checking each glob matches
 * some case and no case is matched by both lists. */
static int apply_globs(const struct scenario *s, const struct run *before,
                       double *passed, struct diag *d)
{
	const char *file = s->path;

	for (int list = 0; list < 2; list++) {
		char **globs = list ? s->fail : s->pass;
		size_t nglobs = list ? s->nfail : s->npass;

		for (size_t g = 0; g < nglobs; g++) {
			bool hit = false;
			for (size_t i = 0; i < before->n && !hit; i++)
				hit = fnmatch(globs[g], before->case_name[i], 0) == 0;
			if (!hit)
				return diag_set(d, file, 0, 0,
				                "%s '%s' matches no case in %s",
				                list ? "fail" : "pass", globs[g],
				                before->path);
		}
	}
	for (size_t i = 0; i < before->n; i++) {
		const char *name = before->case_name[i], *p = NULL, *f = NULL;

		for (size_t g = 0; g < s->npass && !p; g++)
			if (fnmatch(s->pass[g], name, 0) == 0)
				p = s->pass[g];
		for (size_t g = 0; g < s->nfail && !f; g++)
			if (fnmatch(s->fail[g], name, 0) == 0)
				f = s->fail[g];
		if (p && f)
			return diag_set(d, file, 0, 0,
			                "case '%s' is matched by both pass '%s' and "
			                "fail '%s'", name, p, f);
		if (p || f)
			passed[i] = p ? 1 : 0;
	}
	return FP_OK;
}

/* The after run's runtimes (n values, caller frees, also on failure):
 * predicted, or the before run's (runtime_col) when there is no formula. */
static int after_runtimes(const struct scenario *s, const struct run *before,
                          const struct column *runtime_col, double **out,
                          struct diag *d)
{
	struct fx_env *env;
	int rc;

	*out = NULL;
	if (!s->prog)
		return (*out = copy_values(runtime_col, before->n)) ? FP_OK
		                                                    : oom(d);
	/* The scenario is only read: predict in a copy of its env. */
	if (!(env = fx_env_clone(s->env)))
		return oom(d);
	rc = predict_runtimes(s, env, before, out, d);
	fx_env_free(env);
	return rc;
}

int scenario_apply(const struct scenario *s, const struct run *before,
                   struct run **out, struct diag *d)
{
	const struct column *passed_col, *runtime_col = NULL;
	double *runtime = NULL, *passed = NULL;
	struct run *after = NULL;
	int rc = FP_ERR;

	*out = NULL;
	if (s->runtime.text && !s->prog)
		return diag_set(d, NULL, 0, 0,
		                "internal error: scenario_apply before scenario_bind");
	if (!(passed_col = run_numeric(before, "passed", d)))
		return FP_ERR;
	if (!s->prog && !(runtime_col = run_numeric(before, "runtime", d)))
		return FP_ERR;
	if (after_runtimes(s, before, runtime_col, &runtime, d) != FP_OK)
		goto out;
	if (!(passed = copy_values(passed_col, before->n))) {
		oom(d);
		goto out;
	}
	if (apply_globs(s, before, passed, d))
		goto out;
	if (!(after = run_new_like(before, s->path ? s->path : command_line,
	                           "scenario"))) {
		oom(d);
		goto out;
	}
	/* Columns in the before run's order; text columns are left out, as
	 * run_add_column takes numbers only. */
	for (size_t i = 0; i < before->ncols; i++) {
		const struct column *c = &before->cols[i];
		enum column_kind kind = c->kind;
		double *v;

		if (strcmp(c->name, "runtime") == 0) {
			v = runtime;
			runtime = NULL;
		} else if (strcmp(c->name, "passed") == 0) {
			v = passed;
			passed = NULL;
			kind = COL_PASS;
		} else if (c->kind == COL_TEXT) {
			continue;
		} else if (!(v = copy_values(c, before->n))) {
			oom(d);
			goto out;
		}
		/* run_add_column owns v from here, also when it fails. */
		if (run_add_column(after, c->name, kind, v, d))
			goto out;
	}
	/* A formula may make runtimes for a run that had none. */
	if (runtime) {
		double *v = runtime;
		runtime = NULL;
		if (run_add_column(after, "runtime", COL_NUMBER, v, d))
			goto out;
	}
	*out = after;
	after = NULL;
	rc = FP_OK;
out:
	free(runtime);
	free(passed);
	run_free(after);
	return rc;
}
