/* cmd_eval.c: `fixprice eval RUN 'FORMULA'`: one formula over one run.
 *
 * The formula sees every column of the run (per case), N, and the
 * parameters given with --set.  A text column is declared too, so that a
 * formula using it gets the position of its first bad cell rather than
 * "unknown name". */
#include <csv.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cli.h"
#include "cmd/commands.h"
#include "formula/formula.h"
#include "price/run.h"
#include "util/numfmt.h"

const char cmd_eval_usage[] =
	"usage: fixprice eval [OPTIONS] RUN FORMULA\n"
	"\n"
	"Evaluates FORMULA over the cases of RUN and prints the result: one\n"
	"number, or with --per-case a CSV of case and value.  The formula may\n"
	"use every column of RUN, N (the number of cases) and parameters.\n"
	"\n"
	"  --per-case          print each case's value (case,value CSV)\n"
	"  --set NAME=VALUE    define a parameter (repeatable)\n"
	"  --input-format FMT  csv, json, yaml, gbench or hyperfine\n"
	"  --disasm            print the compiled program instead\n"
	"  -h, --help          show this help\n";

struct eval_opts {
	bool per_case, disasm;
	const char *input_format;
	size_t nsets;
	char **set_name;
	double *set_value;
};

static void eval_opts_free(struct eval_opts *o)
{
	for (size_t i = 0; i < o->nsets; i++)
		free(o->set_name[i]);
	free(o->set_name);
	free(o->set_value);
}

static int add_set(struct eval_opts *o, const char *arg, struct diag *d)
{
	char **names = realloc(o->set_name, (o->nsets + 1) * sizeof *names);
	double *values;

	if (!names)
		return diag_set(d, NULL, 0, 0, "out of memory");
	o->set_name = names;
	values = realloc(o->set_value, (o->nsets + 1) * sizeof *values);
	if (!values)
		return diag_set(d, NULL, 0, 0, "out of memory");
	o->set_value = values;
	if (cli_assignment(arg, "--set", &o->set_name[o->nsets],
	                   &o->set_value[o->nsets], d) != FP_OK)
		return FP_ERR;
	o->nsets++;
	return FP_OK;
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
			return diag_set(d, NULL, 0, 0, "out of memory");
		if (run->cols[i].v)
			fx_env_bind(env, slot, run->cols[i].v);
	}
	for (size_t i = 0; i < o->nsets; i++) {
		if (fx_env_lookup(env, o->set_name[i], NULL) >= 0)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--set %s: %s already names a column of %s",
			                o->set_name[i], o->set_name[i], run->path);
		slot = fx_env_declare(env, o->set_name[i], FX_SCALAR);
		if (slot < 0)
			return diag_set(d, NULL, 0, 0, "out of memory");
		fx_env_set_scalar(env, slot, o->set_value[i]);
	}
	if (fx_env_lookup(env, "N", NULL) < 0) {
		slot = fx_env_declare(env, "N", FX_SCALAR);
		if (slot < 0)
			return diag_set(d, NULL, 0, 0, "out of memory");
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

static int print_per_case(const struct run *run, const double *v)
{
	char num[NUMFMT_MAX];

	fputs("case,value\n", stdout);
	for (size_t i = 0; i < run->n; i++) {
		csv_fwrite(stdout, run->case_name[i], strlen(run->case_name[i]));
		printf(",%s\n", numfmt_exact(num, v[i]));
	}
	return ferror(stdout) ? FP_ERR : FP_OK;
}

/* Describes a fault in the words of the user's inputs, with a caret under
 * the operator. */
static void fault_diag(const struct fx_fault *f, const char *formula,
                       const struct run *run, struct diag *d)
{
	if (f->has_case && f->case_index < run->n)
		diag_set(d, CLI_SOURCE, f->line, f->col, "%s in case '%s' (%s line %u)",
		         f->what, run->case_name[f->case_index], run->path,
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
	struct fx_src src = {CLI_SOURCE, 1, 1, NULL, formula};
	struct run *run = NULL;
	struct fx_env *env = NULL;
	struct fx_prog *prog = NULL;
	struct fx_fault fault;
	double *out = NULL;
	char num[NUMFMT_MAX];
	int rc = FP_ERR;

	if (run_load(path, &ropts, &run, d) != FP_OK)
		return FP_ERR;
	env = fx_env_new();
	if (!env) {
		diag_set(d, NULL, 0, 0, "out of memory");
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
		diag_set(d, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (fx_eval(prog, env, out, &fault) != FP_OK) {
		fault_diag(&fault, formula, run, d);
		goto out;
	}
	if (fx_prog_shape(prog) == FX_PERCASE) {
		if (!o->per_case) {
			diag_set(d, CLI_SOURCE, 1, 1,
			         "the formula gives one value per case: use --per-case "
			         "to print them, or an aggregate such as sum(...)");
			goto out;
		}
		rc = print_per_case(run, out);
	} else {
		printf("%s\n", numfmt_exact(num, out[0]));
		rc = FP_OK;
	}
out:
	free(out);
	fx_prog_free(prog);
	fx_env_free(env);
	run_free(run);
	return rc;
}

int cmd_eval(int argc, char **argv)
{
	enum { OPT_SET = 256, OPT_FORMAT, OPT_DISASM, OPT_PER_CASE };
	static const struct option longopts[] = {
		{"per-case", no_argument, NULL, OPT_PER_CASE},
		{"set", required_argument, NULL, OPT_SET},
		{"input-format", required_argument, NULL, OPT_FORMAT},
		{"disasm", no_argument, NULL, OPT_DISASM},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	struct eval_opts o = {0};
	struct diag d;
	int opt, status = EXIT_USAGE;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_PER_CASE:
			o.per_case = true;
			break;
		case OPT_SET:
			if (add_set(&o, optarg, &d) != FP_OK)
				goto fail;
			break;
		case OPT_FORMAT:
			o.input_format = optarg;
			break;
		case OPT_DISASM:
			o.disasm = true;
			break;
		case 'h':
			fputs(cmd_eval_usage, stdout);
			status = EXIT_OK;
			goto done;
		default:
			cli_short_usage("eval", cmd_eval_usage);
			goto done;
		}
	}
	if (argc - optind != 2) {
		cli_short_usage("eval", cmd_eval_usage);
		goto done;
	}
	if (eval_run(argv[optind], argv[optind + 1], &o, &d) != FP_OK)
		goto fail;
	status = EXIT_OK;
	goto done;
fail:
	diag_print(&d, stderr);
done:
	eval_opts_free(&o);
	return status;
}
