/* scenario_apply.c: a scenario bound to a before run (its formula compiled
 * against the run's columns), and the after run it predicts. */
#include "price/scenario.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "price/metric_yaml.h"
#include "util/globset.h"
#include "util/numfmt.h"

int scenario_bind(struct scenario *s, const struct run *before, struct diag *d)
{
	const struct column *rt = run_find(before, "runtime");

	/* A bad runtime is the run's fault, at its cell, not the formula's
	 * that multiplies it. */
	if (rt && rt->kind != COL_TEXT && run_check_runtimes(before, rt, d))
		return FP_ERR;
	fx_prog_free(s->prog);
	fx_env_free(s->env);
	s->prog = NULL;
	if (!(s->env = fx_env_new()))
		return diag_oom(d);
	for (size_t i = 0; i < s->nparams; i++) {
		struct param *p = &s->params[i];

		if (run_find(before, p->name))
			return diag_set(
			    d, s->path, 0, 0,
			    "scenario parameter '%s' has the name of a "
			    "column of %s",
			    p->name, before->path);
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
		    fx_env_declare(s->env, before->cols[i].name, FX_PERCASE) <
		        0)
			return diag_oom(d);
	if (!s->runtime.text)
		return FP_OK;
	if (fx_compile(s->env, &s->runtime, &s->prog, d))
		return FP_ERR;
	for (size_t i = 0; i < before->ncols; i++) {
		const struct column *c = &before->cols[i];
		int slot = fx_env_lookup(s->env, c->name, NULL);

		if (c->kind == COL_TEXT && slot >= 0 &&
		    fx_prog_reads(s->prog, slot) &&
		    !run_numeric(before, c->name, d))
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
static bool only_no_runtime(const struct scenario *s, const struct run *before,
                            const double *v)
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
	char name[RUN_SHOW_SIZE];

	*out = v; /* the caller frees it, also on failure */
	if (!v)
		return diag_oom(d);
	fx_env_set_ncases(env, before->n);
	fx_env_set_scalar(env, fx_env_lookup(env, "N", NULL),
	                  (double)before->n);
	for (size_t i = 0; i < before->ncols; i++) {
		const struct column *c = &before->cols[i];
		int slot = fx_env_lookup(env, c->name, NULL);

		if (slot >= 0 && c->kind != COL_TEXT)
			fx_env_bind(env, slot, c->v);
	}
	if (fx_eval(s->prog, env, v, &fault) &&
	    !only_no_runtime(s, before, v)) {
		if (fault.oom)
			return diag_oom(d);
		if (fault.has_case)
			return diag_set(
			    d, src->file, fault.line, fault.col,
			    "runtime formula: case '%s': %s",
			    run_case_shown(before, fault.case_index, name),
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
			return diag_set(
			    d, src->file, src->line, src->col,
			    "runtime formula gives %s for case '%s'; a "
			    "runtime must be > 0",
			    numfmt_exact(buf, v[i]),
			    run_case_shown(before, i, name));
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

/* Where glob pos of s is written: the scenario file at its line and
 * column, or the command line. */
static int glob_error(struct diag *d, const struct scenario *s,
                      const int pos[2], const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int glob_error(struct diag *d, const struct scenario *s,
                      const int pos[2], const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = diag_vset(d, pos[0] ? s->path : SCENARIO_COMMAND_LINE, pos[0],
	               pos[1], fmt, ap);
	va_end(ap);
	return rc;
}

/* Each of the pass and fail globs matches some case, and there are not
 * too many (util/globset.h). */
static int check_globs(const struct scenario *s, const struct run *before,
                       struct diag *d)
{
	for (int list = 0; list < 2; list++) {
		const char *const *globs =
		    (const char *const *)(list ? s->fail : s->pass);
		size_t n = list ? s->nfail : s->npass, k;
		bool oom;

		if (n > GLOBSET_MAX ||
		    globset_count_globs(globs, n) > GLOBSET_MAX_GLOBS)
			return diag_set(
			    d, s->path, 0, 0,
			    "%s: at most %d names and %d globs (* ? "
			    "[ or \\) may be given",
			    list ? "fail" : "pass", GLOBSET_MAX,
			    GLOBSET_MAX_GLOBS);
		k = globset_unmatched(globs, n,
		                      (const char *const *)before->case_name,
		                      before->n, &oom);
		if (oom)
			return diag_oom(d);
		if (k != GLOBSET_NONE)
			return glob_error(
			    d, s, (list ? s->fail_pos : s->pass_pos)[k],
			    "%s '%s' matches no case in %s",
			    list ? "fail" : "pass", globs[k], before->path);
	}
	return FP_OK;
}

/* Applies pass/fail globs to passed (n values), checking each glob matches
 * some case and no case is matched by both lists. */
static int apply_globs(const struct scenario *s, const struct run *before,
                       double *passed, struct diag *d)
{
	struct globset g[2];
	int rc = FP_OK;

	if (check_globs(s, before, d) != FP_OK)
		return FP_ERR;
	if (!globset_init(&g[0], (const char *const *)s->pass, s->npass))
		return diag_oom(d);
	if (!globset_init(&g[1], (const char *const *)s->fail, s->nfail)) {
		globset_free(&g[0]);
		return diag_oom(d);
	}
	for (size_t i = 0; i < before->n && rc == FP_OK; i++) {
		const char *name = before->case_name[i];
		size_t p = globset_find(&g[0], name, false);
		size_t f = globset_find(&g[1], name, false);

		if (p != GLOBSET_NONE && f != GLOBSET_NONE)
			rc =
			    glob_error(d, s, s->fail_pos[f],
			               "case '%s' is matched by both pass '%s' "
			               "and fail '%s'",
			               name, s->pass[p], s->fail[f]);
		else if (p != GLOBSET_NONE || f != GLOBSET_NONE)
			passed[i] = p != GLOBSET_NONE ? 1 : 0;
	}
	globset_free(&g[0]);
	globset_free(&g[1]);
	return rc;
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
		return (*out = copy_values(runtime_col, before->n))
		           ? FP_OK
		           : diag_oom(d);
	/* The scenario is only read: predict in a copy of its env. */
	if (!(env = fx_env_clone(s->env)))
		return diag_oom(d);
	rc = predict_runtimes(s, env, before, out, d);
	fx_env_free(env);
	return rc;
}

/* errors: each of the error columns errcols[0..nerr) of after times the
 * factor of the last glob that matches the case (1 when none does). */
static int scale_errors(const struct scenario *s, struct run *after,
                        const char *const *errcols, size_t nerr, struct diag *d)
{
	const char *const *globs = (const char *const *)s->error_glob;
	struct globset g;
	size_t k;
	bool oom;

	if (!s->nerrors)
		return FP_OK;
	if (!nerr)
		return diag_set(d, s->path, 0, 0,
		                "errors: the metric names no error columns to "
		                "scale (its gate_errors)");
	if (s->nerrors > GLOBSET_MAX ||
	    globset_count_globs(globs, s->nerrors) > GLOBSET_MAX_GLOBS)
		return diag_set(d, s->path, 0, 0,
		                "errors: at most %d names and %d globs (* ? [ "
		                "or \\) may be given",
		                GLOBSET_MAX, GLOBSET_MAX_GLOBS);
	k = globset_unmatched(globs, s->nerrors,
	                      (const char *const *)after->case_name, after->n,
	                      &oom);
	if (oom || !globset_init(&g, globs, s->nerrors))
		return diag_oom(d);
	if (k != GLOBSET_NONE) {
		globset_free(&g);
		return glob_error(d, s, s->error_pos[k],
		                  "errors '%s' matches no case in %s", globs[k],
		                  after->path);
	}
	for (size_t c = 0; c < nerr; c++) {
		const struct column *col = run_numeric(after, errcols[c], d);
		if (!col) {
			globset_free(&g);
			return FP_ERR;
		}
		for (size_t i = 0; i < after->n; i++) {
			size_t j = globset_find(&g, after->case_name[i], true);
			if (j != GLOBSET_NONE)
				col->v[i] *= s->error_factor[j];
		}
	}
	globset_free(&g);
	return FP_OK;
}

int scenario_apply(const struct scenario *s, const struct run *before,
                   const char *const *errcols, size_t nerr, struct run **out,
                   struct diag *d)
{
	const struct column *passed_col, *runtime_col = NULL;
	double *runtime = NULL, *passed = NULL;
	struct run *after = NULL;
	int rc = FP_ERR;

	*out = NULL;
	if (s->runtime.text && !s->prog)
		return diag_set(
		    d, NULL, 0, 0,
		    "internal error: scenario_apply before scenario_bind");
	/* A gated metric's runs need no pass states (price/gate.h). */
	if (!(passed_col = run_find(before, "passed")) && !s->npass &&
	    !s->nfail)
		passed_col = NULL;
	else if (!(passed_col = run_numeric(before, "passed", d)))
		return FP_ERR;
	if (!s->prog && !(runtime_col = run_numeric(before, "runtime", d)))
		return FP_ERR;
	if (after_runtimes(s, before, runtime_col, &runtime, d) != FP_OK)
		goto out;
	if (passed_col && !(passed = copy_values(passed_col, before->n))) {
		diag_oom(d);
		goto out;
	}
	if (passed_col && apply_globs(s, before, passed, d))
		goto out;
	if (!(after = run_new_like(before,
	                           s->path ? s->path : SCENARIO_COMMAND_LINE,
	                           "scenario"))) {
		diag_oom(d);
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
			diag_oom(d);
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
	if (scale_errors(s, after, errcols, nerr, d) != FP_OK)
		goto out;
	*out = after;
	after = NULL;
	rc = FP_OK;
out:
	free(runtime);
	free(passed);
	run_free(after);
	return rc;
}
