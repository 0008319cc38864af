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
#include "run/load.h"
#include "run/run.h"
#include "report/listing.h"

struct eval_opts {
	bool per_case, disasm;
	const char *input_format;
	size_t nsets;
	char **set_name;
	double *set_value;
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
		o->input_format = arg;
		return FP_OK;
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
	struct run_opts ropts = {.format = o->input_format};
	struct fx_src src = {
	    .file = CLI_SOURCE, .line = 1, .col = 1, .text = formula};
	struct run *run = NULL;
	struct fx_env *env = NULL;
	struct fx_prog *prog = NULL;
	struct fx_fault fault;
	double *out = NULL;
	int rc = FP_ERR;

	if (run_load(path, &ropts, &run, d) != FP_OK)
		return FP_ERR;
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
