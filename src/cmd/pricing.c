/* pricing.c: the frame of every pricing command (price, breakeven, sweep,
 * tornado, map): load the inputs, price them once, let the command analyse
 * and write, then plot.  The only place that loads and prices. */
#include "cmd/command.h"
#include "sens/sensitivity.h"

const struct opt_group *const pricing_groups[] = {
	&job_group, &output_group, &plot_group, NULL,
};

int pricing_run(const struct cmd_call *call, struct diag *d)
{
	const struct pricing *p = call->cmd->pricing;
	struct priced pr = {0};
	struct output out = {0};
	int status = EXIT_OK, rc = FP_ERR;

	if ((call->cmd != &cmd_price &&
	     output_check_record_form(&call->out, call->cmd->name, d) != FP_OK) ||
	    job_load(&call->job, call->args, call->nargs, &pr.job, d) != FP_OK ||
	    noise_apply_policy(&call->noise, &pr.job) != FP_OK ||
	    session_open(pr.job.metric, &pr.job.runs, pr.job.scenario,
	                 &pr.session, d) != FP_OK ||
	    sens_open(&pr.sens, pr.session, d) != FP_OK ||
	    p->analyse(call->own, &pr, call, d) != FP_OK ||
	    output_open(&out, &call->out, (const char *const *)call->args,
	                call->nargs, d) != FP_OK ||
	    p->write(call->own, &pr, call, out.fp, d) != FP_OK ||
	    output_close(&out, d) != FP_OK)
		goto out;
	if (p->after && p->after(call->own, &pr, call, &status, d) != FP_OK)
		goto out;
	rc = status;
out:
	output_abort(&out);
	sens_close(&pr.sens);
	session_close(pr.session);
	job_free(&pr.job);
	return rc;
}
