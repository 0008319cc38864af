/* judge.c: the verdict step of a pricing command: the control run loaded
 * against the before run, the verdict engine called (noise/judge.h), and
 * the plot of net's distribution drawn (noise.h). */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "cmd/plot_title.h"

int cmd_judge(const struct cmd_noise *o, const struct job_opts *jo,
              const char *before, const struct job *job, const struct price *p,
              struct cmd_judged *j, struct diag *d)
{
	struct judge_opts jopts = cmd_judge_opts(o);
	char *inputs[2] = {(char *)before, (char *)o->control};
	struct job_opts cjo = *jo;
	struct job control = {0};
	int rc;

	if (o->control && job->scenario)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--control judges measured "
		    "runs; a prediction from a scenario has no noise "
		    "to compare");
	cjo.policy = o->policy;
	cjo.metric_given = job->metric;
	if (o->control && job_load(&cjo, inputs, 2, &control, d) != FP_OK) {
		diag_prefix(d, "control run");
		job_free(&control);
		return FP_ERR;
	}
	/* The control run's hash, for the record's inputs. */
	for (size_t i = 0; o->control && i < control.ninputs; i++)
		if (strcmp(control.inputs[i].role, "after") == 0)
			memcpy(j->control_sha256, control.inputs[i].sha256,
			       sizeof j->control_sha256);
	rc =
	    judge_price(&jopts, job, p, o->control ? &control : NULL, &j->j, d);
	job_free(&control);
	return rc;
}

void cmd_judge_input(const struct cmd_judged *j, const struct cmd_noise *o,
                     struct record *r)
{
	const size_t room = sizeof r->inputs / sizeof r->inputs[0];

	if (!o->control || r->ninputs == room)
		return;
	r->inputs[r->ninputs].role = "control";
	r->inputs[r->ninputs].path = o->control;
	memcpy(r->inputs[r->ninputs].sha256, j->control_sha256,
	       sizeof j->control_sha256);
	r->ninputs++;
}

int cmd_judge_plot(struct cmd_judged *j, const char *record_dir,
                   const struct output_opts *o, struct record *r,
                   struct diag *d)
{
	struct plot_opts po = cmd_plot_opts(o);
	const struct boot *b = &j->j.boot;
	const char *slash;
	char *title;
	int rc;

	if (!j->j.have_boot)
		return FP_OK;
	if (!o->plot_dir)
		po.dir = record_dir;
	snprintf(j->dist_label, sizeof j->dist_label, "%g %% interval",
	         b->confidence * 100);
	if (!(title =
	          plot_title_record("net over the bootstrap's resamples", r)))
		return diag_oom(d);
	rc = plot_distribution(&po, title, b->B, b->net, b->net_ci.lo,
	                       b->net_ci.hi, r->price->net, j->dist_label,
	                       &j->dist, d);
	free(title);
	if (rc != FP_OK)
		return FP_ERR;
	j->have_dist = true;
	for (size_t k = 0; k < r->nplots && k < 1; k++)
		j->plots[k] = r->plots[k];
	j->plots[r->nplots].title = "Net over the bootstrap's resamples";
	/* Markdown links are relative to the record folder; a plot elsewhere
	 * is named by its final path, not where it is written for now. */
	slash = strrchr(j->dist.file, '/');
	if (!o->plot_dir && record_dir && slash)
		j->plots[r->nplots].file = slash + 1;
	else if (!(j->plots[r->nplots].file = j->dist_link =
	               output_final_text(o, j->dist.file)))
		return diag_oom(d);
	j->plots[r->nplots].ascii = j->dist.ascii;
	r->plots = j->plots;
	r->nplots++;
	return FP_OK;
}

void cmd_judge_notes(const struct cmd_judged *j, const struct output_opts *o,
                     FILE *out)
{
	if (j->have_dist && j->dist.note)
		cmd_note(o, j->dist.note, out);
}

void cmd_judged_free(struct cmd_judged *j)
{
	if (j->have_dist)
		plot_result_free(&j->dist);
	free(j->dist_link);
	j->dist_link = NULL;
	j->have_dist = false;
	judged_free(&j->j);
}
