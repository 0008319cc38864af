/* eval.c: `fixprice eval RUN 'FORMULA'`: one formula over one run.
 *
 * The formula sees every column of the run (per case), N, and the
 * parameters given with --set.  A text column is declared too, so that a
 * formula using it gets the position of its first bad cell rather than
 * "unknown name". */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "formula/formula.h"
#include "run/detect.h"
#include "run/estimate.h"
#include "run/junit_merge.h"
#include "run/load.h"
#include "run/run.h"
#include "run/select.h"
#include "report/listing.h"

struct eval_opts {
	bool per_case, disasm;
	size_t nsets;
	char **set_name;
	double *set_value;
	/* The run options eval shares with price (job.h parses them). */
	struct job_opts job;
};

static int eval_option(void *own, enum opt_id id, const char *arg,
                       struct diag *d)
{
	struct eval_opts *o = own;

	switch (id) {
	case OPT_PER_CASE:
		o->per_case = true;
		return FP_OK;
	case OPT_SET:
		return cli_add_assignment(&o->set_name, &o->set_value,
		                          &o->nsets, arg, "--set", d);
	case OPT_INPUT_FORMAT:
	case OPT_ESTIMATOR:
	case OPT_TIME:
	case OPT_RESULTS:
	case OPT_CASES:
	case OPT_EXCLUDE:
	case OPT_COLUMN:
		return job_option(&o->job, id, arg, d);
	case OPT_DISASM:
		o->disasm = true;
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0, "eval takes no option %d",
		                (int)id);
	}
}

static void eval_opts_free(void *own)
{
	struct eval_opts *o = own;

	for (size_t i = 0; i < o->nsets; i++)
		free(o->set_name[i]);
	free(o->set_name);
	free(o->set_value);
	job_opts_free(&o->job);
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

/* Declares the run's columns, N and the parameters in env and binds them. */
static int bind_run(struct fx_env *env, const struct run *run,
                    const struct eval_opts *o, struct diag *d)
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
	if (fx_env_lookup(env, "N", NULL) < 0) {
		slot = fx_env_declare(env, "N", FX_SCALAR);
		if (slot < 0)
			return diag_oom(d);
		fx_env_set_scalar(env, slot, (double)run->n);
	}
	return FP_OK;
}

/* A formula may not read a column whose cells are not all numbers. */
static int check_text_columns(const struct fx_prog *prog,
                              const struct fx_env *env, const struct run *run,
                              struct diag *d)
{
	for (size_t i = 0; i < run->ncols; i++) {
		const struct column *c = &run->cols[i];
		if (c->kind == COL_TEXT &&
		    fx_prog_reads(prog, fx_env_lookup(env, c->name, NULL)))
			return run_numeric(run, c->name, d) ? FP_OK : FP_ERR;
	}
	return FP_OK;
}

/* Describes a fault in the words of the user's inputs, with a caret under
 * the operator. */
static void fault_diag(const struct fx_fault *f, const char *formula,
                       const struct run *run, struct diag *d)
{
	if (f->oom) {
		diag_oom(d);
		return;
	}
	if (f->has_case && f->case_index < run->n)
		diag_set(d, CLI_SOURCE, f->line, f->col,
		         "%s in case '%s' (%s line %u)", f->what,
		         run->case_name[f->case_index], run->path,
		         (unsigned)run->case_line[f->case_index]);
	else
		diag_set(d, CLI_SOURCE, f->line, f->col, "%s", f->what);
	if (f->line == 1 && f->col > 0)
		diag_set_source(d, formula, strcspn(formula, "\n"),
		                (size_t)f->col - 1);
}

static int eval_run(const char *path, const char *formula,
                    const struct eval_opts *o, struct diag *d)
{
	struct fx_src src = {
	    .file = CLI_SOURCE, .line = 1, .col = 1, .text = formula};
	struct run *run = NULL;
	struct fx_env *env = NULL;
	struct fx_prog *prog = NULL;
	struct fx_fault fault;
	double *out = NULL;
	int rc = FP_ERR;

	if (load_run(path, &o->job, &run, d) != FP_OK)
		goto out;
	if (o->per_case && !o->disasm && bare_column(run, formula)) {
		rc = report_per_case(run, bare_column(run, formula)->v, stdout,
		                     d);
		goto out;
	}
	env = fx_env_new();
	if (!env) {
		diag_oom(d);
		goto out;
	}
	if (bind_run(env, run, o, d) != FP_OK ||
	    fx_compile(env, &src, &prog, d) != FP_OK ||
	    check_text_columns(prog, env, run, d) != FP_OK)
		goto out;
	if (o->disasm) {
		fx_disasm(prog, env, stdout);
		rc = FP_OK;
		goto out;
	}
	out = malloc((run->n ? run->n : 1) * sizeof *out);
	if (!out) {
		diag_oom(d);
		goto out;
	}
	if (fx_eval(prog, env, out, &fault) != FP_OK) {
		fault_diag(&fault, formula, run, d);
		goto out;
	}
	if (fx_prog_shape(prog) == FX_PERCASE) {
		if (!o->per_case) {
			diag_set(
			    d, CLI_SOURCE, 1, 1,
			    "the formula gives one value per case: use --per-case "
			    "to print them, or an aggregate such as sum(...)");
			goto out;
		}
		rc = report_per_case(run, out, stdout, d);
	} else {
		rc = report_value(out[0], stdout, d);
	}
out:
	free(out);
	fx_prog_free(prog);
	fx_env_free(env);
	run_free(run);
	return rc;
}

static int eval_main(const struct cmd_call *call, struct diag *d)
{
	if (eval_run(call->args[0], call->args[1], call->own, d) != FP_OK)
		return FP_ERR;
	return EXIT_OK;
}

const struct command cmd_eval = {
    .name = "eval",
    .summary = "evaluate a formula over a run",
    .args = "[OPTIONS] RUN FORMULA",
    .description =
        "Evaluates FORMULA over the cases of RUN and prints the result: "
        "one number, or with --per-case a CSV of case and value.  The "
        "formula may use every column of RUN, N (the number of cases) "
        "and parameters.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_PER_CASE,
             .name = "per-case",
             .help = "print each case's value (case,value CSV)"},
            {.id = OPT_SET,
             .name = "set",
             .arg = "NAME=VALUE",
             .help = "define a parameter (repeatable)"},
            {.id = OPT_INPUT_FORMAT,
             .name = "input-format",
             .arg = "FMT",
             .help = "the run's format (default: by content and name)",
             .choices = run_format_list},
            {.id = OPT_ESTIMATOR,
             .name = "estimator",
             .arg = "EST",
             .help = "runtime from the samples (default: median)",
             .choices = run_estimator_list},
            {.id = OPT_TIME,
             .name = "time",
             .arg = "real|cpu",
             .help = "Google Benchmark: which time (default: real)"},
            {.id = OPT_RESULTS,
             .name = "results",
             .arg = "FILE",
             .help = "merge the pass states of a JUnit XML report"},
            {.id = OPT_CASES,
             .name = "cases",
             .arg = "GLOB",
             .help = "only the cases GLOB matches (repeatable)"},
            {.id = OPT_EXCLUDE,
             .name = "exclude",
             .arg = "GLOB",
             .help = "leave out the cases GLOB matches (repeatable)"},
            {.id = OPT_COLUMN,
             .name = "column",
             .arg = "TO=FROM",
             .help = "use run column FROM as TO"},
            {.id = OPT_DISASM,
             .name = "disasm",
             .help = "print the compiled program instead"},
            {0},
        },
    .min_args = 2,
    .max_args = 2,
    .own_size = sizeof(struct eval_opts),
    .option = eval_option,
    .run = eval_main,
    .free_own = eval_opts_free,
};
