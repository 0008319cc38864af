/* pricing.c: the frame of every pricing command (price, breakeven, sweep,
 * tornado, map): load the inputs, price them once, let the command analyse,
 * write and plot, then commit.  The only place that loads and prices.
 *
 * All or nothing: folders (a record, plots) are written aside and -o FILE
 * under a temporary name; only when everything, standard output included,
 * was written are they moved into place.  A failure anywhere, a refusal
 * (an existing file without --force) or a full disk, leaves nothing
 * behind. */
#include "cmd/command.h"
#include "sens/sensitivity.h"

const struct opt_group *const pricing_groups[] = {
    &job_group,
    &output_group,
    &plot_group,
    NULL,
};

/* Loads, prices once, and opens the analysis on the price. */
static int load(const struct cmd_call *call, struct priced *pr, struct diag *d)
{
	struct job_opts jo = call->job;

	jo.policy = call->noise.policy;
	if ((call->cmd != &cmd_price &&
	     output_check_record_form(&call->out, call->cmd->name, d) !=
	         FP_OK) ||
	    job_load(&jo, call->args, call->nargs, &pr->job, d) != FP_OK ||
	    session_open(pr->job.metric, &pr->job.runs, pr->job.scenario,
	                 &pr->session, d) != FP_OK)
		return FP_ERR;
	if (price_compute(pr->session, &pr->price, d) != FP_OK)
		return FP_ERR;
	return sens_open(&pr->sens, pr->session, pr->price, d);
}

/* Standard output, written by the steps, must have reached its file
 * before anything is committed. */
static int stdout_written(struct diag *d)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		return diag_set(d, NULL, 0, 0,
		                "cannot write to standard output");
	return FP_OK;
}

/* The commands' steps see the staging folder as --plot-dir. */
static int run_steps(const struct cmd_call *call, struct priced *pr,
                     int *status, struct diag *d)
{
	const struct pricing *p = call->cmd->pricing;
	struct cmd_call staged = *call;
	struct output out = {0};
	int rc = FP_ERR;

	staged.out.stages[0] = &pr->plot_stage;
	staged.out.stages[1] = &pr->record_stage;
	if (call->out.plot_dir) {
		if (staging_open(&pr->plot_stage, call->out.plot_dir, d) !=
		    FP_OK)
			return FP_ERR;
		staged.out.plot_dir = pr->plot_stage.path;
	}
	if (p->analyse(call->own, pr, &staged, d) != FP_OK ||
	    output_open(&out, &call->out, (const char *const *)call->args,
	                call->nargs, d) != FP_OK ||
	    p->write(call->own, pr, &staged, out.fp, d) != FP_OK ||
	    (p->after &&
	     p->after(call->own, pr, &staged, status, d) != FP_OK) ||
	    output_close(&out, d) != FP_OK || stdout_written(d) != FP_OK)
		goto out;
	if (staging_commit(&pr->plot_stage, d) != FP_OK ||
	    staging_commit(&pr->record_stage, d) != FP_OK)
		goto out;
	rc = FP_OK;
out:
	output_abort(&out);
	return rc;
}

int pricing_run(const struct cmd_call *call, struct diag *d)
{
	struct priced pr = {0};
	int status = EXIT_OK, rc = FP_ERR;

	if (load(call, &pr, d) == FP_OK &&
	    run_steps(call, &pr, &status, d) == FP_OK)
		rc = status;
	staging_abort(&pr.plot_stage);
	staging_abort(&pr.record_stage);
	sens_close(&pr.sens);
	price_free(pr.price);
	session_close(pr.session);
	job_free(&pr.job);
	return rc;
}
