/* eval.c: `fixprice eval RUN 'FORMULA'`: one formula over one run, or
 * over two runs joined as price joins them (eval_joined.c).
 *
 * The runs are read by the options price reads them with (run_group, the
 * one table): over one run, the formula sees every column of the run (per
 * case), N, the parameters given with --set and, with -m, the metric's.
 * A text column is declared too, so that a formula using it gets the
 * position of its first bad cell rather than "unknown name". */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/eval.h"
#include "price/metric.h"
#include "run/junit_merge.h"
#include "run/load.h"
#include "run/select.h"

static int eval_option(void *own, enum opt_id id, const char *arg,
                       struct diag *d)
{
	struct eval_own *o = own;

	switch (id) {
	case OPT_PER_CASE:
		o->per_case = true;
		return FP_OK;
	case OPT_DISASM:
		o->disasm = true;
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0, "eval takes no option %d",
		                (int)id);
	}
}

/* What only two runs can take, given one. */
static int check_one(const struct job_opts *o, struct diag *d)
{
	if (o->results[0])
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--results-before: give two runs (BEFORE AFTER "
		                "FORMULA); --results merges into one run");
	if (o->missing != MISSING_ERROR)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--missing: give two runs (BEFORE AFTER "
		                "FORMULA)");
	return FP_OK;
}

/* The run as price reads it: its format, estimator and time, the JUnit
 * report merged, the cases chosen, the columns renamed. */
static int load_run(const char *path, const struct job_opts *o,
                    struct run **run, struct diag *d)
{
	struct run_opts ropts = {.format = o->input_format,
	                         .estimator = o->estimator,
	                         .cpu_time = o->cpu_time};
	struct run_select sel = {(const char *const *)o->cases,
	                         (const char *const *)o->exclude, o->ncases,
	                         o->nexclude, NULL};
	struct junit_report *rep = NULL;
	struct junit_merged got;
	int rc;

	if (run_load(path, &ropts, run, d) != FP_OK)
		return FP_ERR;
	run_drop_index(*run); /* eval joins nothing: its memory back */
	if ((*run)->part_next)
		return diag_set(d, path, (int)(*run)->part_line,
		                (int)(*run)->part_col,
		                "a '%s' column gives several runs: eval takes "
		                "one (price merges them)",
		                (*run)->part_by);
	if (o->cpu_time && strncmp((*run)->format, "gbench", 6) != 0)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--time cpu: %s is %s, which records no cpu "
		    "time (only Google Benchmark's JSON and CSV do)",
		    path, (*run)->format);
	if (o->results[1] && (junit_load(o->results[1], &rep, d) != FP_OK ||
	                      junit_merge(*run, rep, true, &got, d) != FP_OK)) {
		junit_free(rep);
		return FP_ERR;
	}
	junit_free(rep);
	if (!(sel.used = calloc(o->ncases + o->nexclude + 1, sizeof *sel.used)))
		return diag_oom(d);
	rc = run_select(*run, &sel, d);
	free(sel.used);
	if (rc != FP_OK)
		return FP_ERR;
	if ((*run)->n == 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--cases and --exclude leave no case of %s",
		                path);
	for (size_t i = 0; i < o->ncolumns; i++)
		if (run_replace(*run, o->column_to[i], o->column_from[i], d) !=
		    FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* A formula that is a column's name alone, listed per case as it is: a
 * case without a value (a failing one without a runtime) shows empty. */
static const struct column *bare_column(const struct run *run,
                                        const char *formula)
{
	size_t len;

	while (*formula == ' ')
		formula++;
	len = strlen(formula);
	while (len > 0 && formula[len - 1] == ' ')
		len--;
	for (size_t i = 0; i < run->ncols; i++)
		if (run->cols[i].v && strlen(run->cols[i].name) == len &&
		    memcmp(run->cols[i].name, formula, len) == 0)
			return &run->cols[i];
	return NULL;
}

/* Declares the run's columns, N and the parameters (--set, then the
 * metric's that --set left alone) in env and binds them. */
static int bind_run(struct fx_env *env, const struct run *run,
                    const struct job_opts *o, const struct metric *m,
                    struct diag *d)
{
	int slot;

	fx_env_set_ncases(env, run->n);
	for (size_t i = 0; i < run->ncols; i++) {
		slot = fx_env_declare(env, run->cols[i].name, FX_PERCASE);
		if (slot < 0)
			return diag_oom(d);
		if (run->cols[i].v)
			fx_env_bind(env, slot, run->cols[i].v);
	}
	for (size_t i = 0; i < o->nsets; i++) {
		if (fx_env_lookup(env, o->set_name[i], NULL) >= 0)
			return diag_set(
			    d, CLI_SOURCE, 0, 0,
			    "--set %s: %s already names a column of %s",
			    o->set_name[i], o->set_name[i], run->path);
		slot = fx_env_declare(env, o->set_name[i], FX_SCALAR);
		if (slot < 0)
			return diag_oom(d);
		fx_env_set_scalar(env, slot, o->set_value[i]);
	}
	for (size_t i = 0; m && i < m->nparams; i++) {
		if (fx_env_lookup(env, m->params[i].name, NULL) >= 0)
			continue;
		slot = fx_env_declare(env, m->params[i].name, FX_SCALAR);
		if (slot < 0)
			return diag_oom(d);
		fx_env_set_scalar(env, slot, m->params[i].value);
	}
	if (fx_env_lookup(env, "N", NULL) < 0) {
		slot = fx_env_declare(env, "N", FX_SCALAR);
		if (slot < 0)
			return diag_oom(d);
		fx_env_set_scalar(env, slot, (double)run->n);
	}
	return FP_OK;
}

static int eval_run(const char *path, const char *formula,
                    const struct job_opts *jo, const struct eval_own *o,
                    struct diag *d)
{
	struct run *run = NULL;
	struct metric *m = NULL;
	struct eval_over over = {0};
	const struct column *bare;
	int rc = FP_ERR;

	if (check_one(jo, d) != FP_OK ||
	    (jo->metric && metric_load(jo->metric, &m, d) != FP_OK) ||
	    load_run(path, jo, &run, d) != FP_OK)
		goto out;
	bare = bare_column(run, formula);
	over = (struct eval_over){.env = fx_env_new(),
	                          .cases = run,
	                          .text = run,
	                          .bare = bare ? bare->v : NULL};
	if (!over.env)
		diag_oom(d);
	else if (bind_run(over.env, run, jo, m, d) == FP_OK)
		rc = eval_env(&over, formula, o, d);
out:
	fx_env_free(over.env);
	metric_free(m);
	run_free(run);
	return rc;
}

/* RUN FORMULA over one run; BEFORE AFTER FORMULA, or RUN FORMULA with
 * --split-by, over two runs joined. */
static int eval_main(const struct cmd_call *call, struct diag *d)
{
	const char *formula = call->args[call->nargs - 1];

	if (call->nargs == 3 || call->job.split_by) {
		if (eval_joined(call, call->args, call->nargs - 1, formula,
		                call->own, d) != FP_OK)
			return FP_ERR;
	} else if (eval_run(call->args[0], formula, &call->job, call->own, d) !=
	           FP_OK) {
		return FP_ERR;
	}
	return EXIT_OK;
}

const struct command cmd_eval = {
    .name = "eval",
    .summary = "evaluate a formula over a run",
    .args = "[OPTIONS] RUN FORMULA | BEFORE AFTER FORMULA",
    .description =
        "Evaluates FORMULA over the cases of RUN and prints the result: "
        "one number, or with --per-case a CSV of case and value.  The "
        "formula may use every column of RUN, N (the number of cases) "
        "and parameters (--set, and the metric's with -m).  Given two "
        "runs (BEFORE AFTER, or one file with --split-by), it reads and "
        "joins them as price does and sees what the metric's gain and "
        "cost see: runtime_before, passed_after, newly_passing, weight, "
        "the defines and parameters.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_PER_CASE,
             .name = "per-case",
             .help = "print each case's value (case,value CSV)"},
            {.id = OPT_DISASM,
             .name = "disasm",
             .help = "print the compiled program instead"},
            {0},
        },
    .groups = (const struct opt_group *const[]){&run_group, NULL},
    .min_args = 2,
    .max_args = 3,
    .args_error = "give RUN FORMULA, or BEFORE AFTER FORMULA",
    .own_size = sizeof(struct eval_own),
    .option = eval_option,
    .run = eval_main,
};
