/* eval_env.c: one formula evaluated in a bound environment over the cases
 * of a run, and what eval prints of it. */
#include <stdlib.h>
#include <string.h>

#include "cmd/eval.h"
#include "report/listing.h"

/* A formula may not read a column whose cells are not all numbers. */
static int check_text_columns(const struct fx_prog *prog,
                              const struct fx_env *env, const struct run *run,
                              struct diag *d)
{
	for (size_t i = 0; run && i < run->ncols; i++) {
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
	char name[RUN_SHOW_SIZE];

	if (f->oom) {
		diag_oom(d);
		return;
	}
	if (f->has_case && f->case_index < run->n)
		diag_set(d, CLI_SOURCE, f->line, f->col,
		         "%s in case '%s' (%s line %u)", f->what,
		         run_case_shown(run, f->case_index, name), run->path,
		         (unsigned)run->case_line[f->case_index]);
	else
		diag_set(d, CLI_SOURCE, f->line, f->col, "%s", f->what);
	if (f->line == 1 && f->col > 0)
		diag_set_source(d, formula, strcspn(formula, "\n"),
		                (size_t)f->col - 1);
}

static int evaluate(const struct eval_over *over, const struct fx_prog *prog,
                    const char *formula, const struct eval_own *o,
                    struct diag *d)
{
	const struct run *run = over->cases;
	struct fx_fault fault;
	double *out = malloc((run->n ? run->n : 1) * sizeof *out);
	int rc = FP_ERR;

	if (!out)
		return diag_oom(d);
	if (fx_eval(prog, over->env, out, &fault) != FP_OK)
		fault_diag(&fault, formula, run, d);
	else if (fx_prog_shape(prog) != FX_PERCASE)
		rc = report_value(out[0], stdout, d);
	else if (o->per_case)
		rc = report_per_case(run, out, stdout, d);
	else
		diag_set(d, CLI_SOURCE, 1, 1,
		         "the formula gives one value per case: use --per-case "
		         "to print them, or an aggregate such as sum(...)");
	free(out);
	return rc;
}

int eval_env(const struct eval_over *over, const char *formula,
             const struct eval_own *o, struct diag *d)
{
	struct fx_src src = {
	    .file = CLI_SOURCE, .line = 1, .col = 1, .text = formula};
	struct fx_prog *prog = NULL;
	int rc = FP_ERR;

	if (o->per_case && !o->disasm && over->bare)
		return report_per_case(over->cases, over->bare, stdout, d);
	if (fx_compile(over->env, &src, &prog, d) != FP_OK ||
	    check_text_columns(prog, over->env, over->text, d) != FP_OK)
		goto out;
	if (o->disasm) {
		fx_disasm(prog, over->env, stdout);
		rc = FP_OK;
		goto out;
	}
	rc = evaluate(over, prog, formula, o, d);
out:
	fx_prog_free(prog);
	return rc;
}
