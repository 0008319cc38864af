/* load.c: everything a pricing needs, loaded and frozen (load.h). */
#include "price/load.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "input/input.h"
#include "price/param.h"

/* What is being loaded, before it is frozen into the job. */
struct loading {
	const struct load_request *rq;
	struct job *job;
	struct metric *metric;
	struct scenario *scenario;
	bool *renamed; /* per column rename: some run had its FROM */
};

/* Names an input in the record, with the hash of the very bytes that
 * were parsed (each input is read once: a pipe cannot be read twice). */
static void add_input(struct job *job, const char *role, const char *path,
                      const char *sha256)
{
	struct record_input *in = &job->inputs[job->ninputs++];

	in->role = role;
	in->path = path;
	memcpy(in->sha256, sha256, sizeof in->sha256);
}

/* A metric or scenario parameter, by name (metric first). */
static int set_param(struct loading *l, const char *name, double value,
                     struct diag *d)
{
	const struct scenario *s = l->scenario;

	if (metric_find_param(l->metric, name))
		return metric_set_param(l->metric, name, value, d);
	for (size_t i = 0; s && i < s->nparams; i++)
		if (strcmp(s->params[i].name, name) == 0)
			return scenario_set_param(l->scenario, name, value, d);
	return param_unknown(l->metric->params, l->metric->nparams,
	                     s ? s->params : NULL, s ? s->nparams : 0, name, "",
	                     d);
}

/* Reads one run and applies the column renames whose FROM it has (a before
 * run may name a column differently from an after run). */
static int load_run(struct loading *l, const char *path, struct run **out,
                    struct diag *d)
{
	const struct load_request *rq = l->rq;
	const struct run_opts ropts = {.format = rq->input_format};

	if (input_load(path, &ropts, out, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < rq->ncolumns; i++) {
		if (!run_find(*out, rq->column_from[i]))
			continue;
		if (run_rename(*out, rq->column_to[i], rq->column_from[i],
		               d) != FP_OK)
			return FP_ERR;
		l->renamed[i] = true;
	}
	return FP_OK;
}

/* A column rename's FROM or a weight glob that nothing matches is a typo,
 * not a wish: say so rather than price without it. */
static int check_request_used(const struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;
	const struct run *b = l->job->runs.before;

	for (size_t i = 0; i < rq->ncolumns; i++)
		if (!l->renamed[i])
			return diag_set(d, rq->origin, 0, 0,
			                "--column %s=%s: no input has a column '%s'",
			                rq->column_to[i], rq->column_from[i],
			                rq->column_from[i]);
	for (size_t i = 0; i < rq->nweights; i++) {
		size_t k = 0;
		while (k < b->n && fnmatch(rq->weight_glob[i], b->case_name[k], 0))
			k++;
		if (k == b->n)
			return diag_set(d, rq->origin, 0, 0,
			                "--weight %s: no case matches '%s'",
			                rq->weight_glob[i], rq->weight_glob[i]);
	}
	return FP_OK;
}

static int load_scenario(struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;
	bool shorthand = rq->have_factor || rq->npass || rq->nfail;

	if (rq->scenario) {
		if (scenario_load(rq->scenario, &l->scenario, d) != FP_OK)
			return FP_ERR;
		add_input(l->job, "scenario", rq->scenario, l->scenario->sha256);
	} else if (shorthand) {
		if (!(l->scenario = scenario_new()))
			return diag_oom(d);
	} else {
		return FP_OK;
	}
	if (rq->have_factor &&
	    scenario_set_runtime_factor(l->scenario, rq->runtime_factor,
	                                d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < rq->npass; i++)
		if (scenario_add_glob(l->scenario, 1, rq->pass[i], d) != FP_OK)
			return FP_ERR;
	for (size_t i = 0; i < rq->nfail; i++)
		if (scenario_add_glob(l->scenario, 0, rq->fail[i], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* Two runs, one run holding both sides, or a run and a scenario. */
static int load_runs(struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;
	const char *const *in = rq->inputs;
	struct joined *runs = &l->job->runs;
	struct run *before = NULL, *after = NULL;

	if (rq->ninputs == 2) {
		if (l->scenario)
			return diag_set(d, rq->origin, 0, 0,
			                "give either two runs or one run and a scenario "
			                "(--scenario, --runtime-factor, --pass, --fail)");
		if (load_run(l, in[0], &before, d) != FP_OK ||
		    load_run(l, in[1], &after, d) != FP_OK)
			goto fail;
		add_input(l->job, "before", in[0], before->sha256);
		add_input(l->job, "after", in[1], after->sha256);
		return price_join(before, after, rq->drop_missing, runs, d);
	}
	if (!l->scenario) {
		if (load_run(l, in[0], &before, d) != FP_OK)
			goto fail;
		add_input(l->job, "both", in[0], before->sha256);
		return price_split(before, runs, d);
	}
	if (load_run(l, in[0], &before, d) != FP_OK)
		goto fail;
	add_input(l->job, "before", in[0], before->sha256);
	if (scenario_bind(l->scenario, before, d) != FP_OK ||
	    scenario_apply(l->scenario, before, &after, d) != FP_OK)
		goto fail;
	return price_join(before, after, false, runs, d);
fail:
	run_free(before);
	run_free(after);
	return FP_ERR;
}

/* The metric with its edits, the scenario, the runs. */
static int load_all(struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;

	if (metric_load(rq->metric, &l->metric, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < rq->nweights; i++)
		if (metric_add_weight_rule(l->metric, rq->weight_glob[i],
		                           rq->weight_value[i], d) != FP_OK)
			return FP_ERR;
	if (load_scenario(l, d) != FP_OK)
		return FP_ERR;
	/* Parameters after the scenario is read, so its own can be set too. */
	for (size_t i = 0; i < rq->nsets; i++)
		if (set_param(l, rq->set_name[i], rq->set_value[i], d) != FP_OK)
			return FP_ERR;
	if (!(l->renamed = calloc(rq->ncolumns + 1, sizeof *l->renamed)))
		return diag_oom(d);
	if (load_runs(l, d) != FP_OK)
		return FP_ERR;
	return check_request_used(l, d);
}

int load_job(const struct load_request *rq, struct job *job, struct diag *d)
{
	struct loading l = {rq, job, NULL, NULL, NULL};
	int rc;

	memset(job, 0, sizeof *job);
	if (rq->ninputs < 1 || rq->ninputs > 2)
		return diag_set(d, rq->origin, 0, 0,
		                "give BEFORE AFTER, BOTH, or BEFORE with a scenario");
	rc = load_all(&l, d);
	/* Frozen from here on: the job hands them out as const. */
	job->metric = l.metric;
	job->scenario = l.scenario;
	free(l.renamed);
	return rc;
}

void job_free(struct job *job)
{
	/* The job owns what it hands out as const. */
	metric_free((struct metric *)job->metric);
	scenario_free((struct scenario *)job->scenario);
	joined_free(&job->runs);
	memset(job, 0, sizeof *job);
}
