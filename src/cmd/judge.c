/* judge.c: the verdict step of a pricing command: the control run loaded
 * against the before run, the verdict engine called (noise/judge.h), and
 * the plot of net's distribution drawn (noise.h). */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "cmd/plot_title.h"

/* A control is a rerun of the unchanged code, another measurement than
 * any run of the fix: control run k with the same bytes as one of them
 * would make the noise floor that run's alone. */
static int control_distinct(const struct cmd_noise *o, const struct job *job,
                            const struct cmd_judged *j, size_t k,
                            struct diag *d)
{
	for (size_t c = 0; c < k; c++)
		for (size_t i = 0; i < job->ninputs; i++) {
			const struct record_input *in = &job->inputs[i];

			if ((strcmp(in->role, "before") == 0 ||
			     strcmp(in->role, "after") == 0 ||
			     strcmp(in->role, "both") == 0) &&
			    in->sha256[0] &&
			    strcmp(in->sha256, j->control_sha256[c]) == 0)
				return diag_set(
				    d, CLI_SOURCE, 0, 0,
				    "--control: '%s' has the same bytes as "
				    "the %s run '%s': a control is a rerun of "
				    "the unchanged code, another measurement",
				    o->control[c],
				    strcmp(in->role, "both") == 0
				        ? "before-and-after"
				        : in->role,
				    in->path);
		}
	return FP_OK;
}

int cmd_judge(const struct cmd_noise *o, const struct job_opts *jo,
              const char *before, const struct job *job, const struct price *p,
              struct cmd_judged *j, struct diag *d)
{
	struct judge_opts jopts = cmd_judge_opts(o);
	char *inputs[2] = {(char *)before, (char *)o->control[0]};
	const char *one_before[1] = {before};
	struct job_opts cjo = *jo;
	struct job control = {0};
	size_t nin = 2, k = 0;
	int rc;

	if (!o->ncontrol)
		return judge_price(&jopts, job, p, NULL, &j->j, d);
	if (job->scenario)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--control judges measured "
		    "runs; a prediction from a scenario has no noise "
		    "to compare");
	/* The control runs are judged against the before run, all of its
	 * runs when several: the before side is the fix's, merged alike;
	 * several control runs are the runs of the control's side. */
	if (jo->nruns[0] || o->ncontrol > 1) {
		if (!jo->nruns[0]) {
			cjo.runs[0] = one_before;
			cjo.nruns[0] = 1;
		}
		cjo.runs[1] = (const char **)o->control;
		cjo.nruns[1] = o->ncontrol;
		cjo.runs_flag[1] = "control";
		nin = 0;
	}
	cjo.policy = o->policy;
	cjo.metric_given = job->metric;
	if (job_load(&cjo, inputs, nin, &control, d) != FP_OK) {
		diag_prefix(d,
		            o->ncontrol > 1 ? "control runs" : "control run");
		job_free(&control);
		return FP_ERR;
	}
	/* The control runs' hashes, for the record's inputs, in order. */
	for (size_t i = 0; i < control.ninputs && k < o->ncontrol; i++)
		if (strcmp(control.inputs[i].role, "after") == 0)
			memcpy(j->control_sha256[k++], control.inputs[i].sha256,
			       sizeof j->control_sha256[0]);
	rc = control_distinct(o, job, j, k, d);
	if (rc == FP_OK)
		rc = judge_price(&jopts, job, p, &control, &j->j, d);
	job_free(&control);
	return rc;
}

/* Adds a drawn plot to the record's list: a Markdown link is relative
 * to the record folder; a plot elsewhere is named by its final path, not
 * where it is written for now (*link owns that name). */
static int add_plot(struct cmd_judged *j, struct record *r, const char *title,
                    const struct plot_result *res, const char *record_dir,
                    const struct output_opts *o, char **link, struct diag *d)
{
	struct record_plot *p = &j->plots[r->nplots];
	const char *slash = strrchr(res->file, '/');

	p->title = title;
	if (!o->plot_dir && record_dir && slash)
		p->file = slash + 1;
	else if (!(p->file = *link = output_final_text(o, res->file)))
		return diag_oom(d);
	p->ascii = res->ascii;
	r->plots = j->plots;
	r->nplots++;
	return FP_OK;
}

/* The A/A control run's net over its own resamples, beside the fix's. */
static int control_plot(struct cmd_judged *j, const struct plot_opts *po,
                        const char *record_dir, const struct output_opts *o,
                        struct record *r, struct diag *d)
{
	const struct boot *b = &j->j.control_boot;
	char *title;
	int rc;

	if (!j->j.v.control_ci_known || !b->net)
		return FP_OK;
	if (!(title = plot_title_record(
	          "the control run's net over its resamples", r)))
		return diag_oom(d);
	rc = plot_control_distribution(po, title, b->B, b->net, b->net_ci.lo,
	                               b->net_ci.hi, j->j.v.control_net,
	                               j->dist_label, &j->control_dist, d);
	free(title);
	if (rc != FP_OK)
		return FP_ERR;
	j->have_control_dist = true;
	return add_plot(j, r, "The control run's net over its resamples",
	                &j->control_dist, record_dir, o, &j->control_link, d);
}

void cmd_judge_input(const struct cmd_judged *j, const struct cmd_noise *o,
                     struct record *r)
{
	const size_t room = sizeof r->inputs / sizeof r->inputs[0];

	for (size_t k = 0; k < o->ncontrol && r->ninputs < room; k++) {
		r->inputs[r->ninputs].role = "control";
		r->inputs[r->ninputs].path = o->control[k];
		memcpy(r->inputs[r->ninputs].sha256, j->control_sha256[k],
		       sizeof j->control_sha256[k]);
		r->ninputs++;
	}
}

int cmd_judge_plot(struct cmd_judged *j, const char *record_dir,
                   const struct output_opts *o, struct record *r,
                   struct diag *d)
{
	struct plot_opts po = cmd_plot_opts(o);
	/* The verdict's own quantity: with a control folded in, net less
	 * the control run's, resample by resample as its interval. */
	const bool folded = j->j.v.against_control;
	const struct boot *b = folded ? &j->j.fold : &j->j.boot;
	const double at = r->price->net - (folded ? j->j.v.control_net : 0);
	char *title;
	int rc;

	if (!j->j.have_boot)
		return FP_OK;
	if (!o->plot_dir)
		po.dir = record_dir;
	snprintf(j->dist_label, sizeof j->dist_label, "%g %% interval",
	         b->confidence * 100);
	if (!(title = plot_title_record(
	          folded ? "net less the control's, over resamples"
	                 : "net over the bootstrap's resamples",
	          r)))
		return diag_oom(d);
	rc = plot_distribution(
	    &po, title, folded ? "net less the control run's" : "net", b->B,
	    b->net, b->net_ci.lo, b->net_ci.hi, at, j->dist_label, &j->dist, d);
	free(title);
	if (rc != FP_OK)
		return FP_ERR;
	j->have_dist = true;
	for (size_t k = 0; k < r->nplots && k < 1; k++)
		j->plots[k] = r->plots[k];
	if (add_plot(j, r,
	             folded ? "Net less the control run's over the "
	                      "bootstrap's resamples"
	                    : "Net over the bootstrap's resamples",
	             &j->dist, record_dir, o, &j->dist_link, d) != FP_OK)
		return FP_ERR;
	return control_plot(j, &po, record_dir, o, r, d);
}

void cmd_judge_notes(const struct cmd_judged *j, const struct output_opts *o,
                     FILE *out)
{
	if (j->have_dist && j->dist.note)
		cmd_note(o, j->dist.note, out);
	if (j->have_control_dist && j->control_dist.note)
		cmd_note(o, j->control_dist.note, out);
}

void cmd_judged_free(struct cmd_judged *j)
{
	if (j->have_dist)
		plot_result_free(&j->dist);
	if (j->have_control_dist)
		plot_result_free(&j->control_dist);
	free(j->dist_link);
	free(j->control_link);
	j->dist_link = j->control_link = NULL;
	j->have_dist = j->have_control_dist = false;
	judged_free(&j->j);
}
