/* job.c: the pricing commands' shared options (job_group), turned into a
 * request for the loader (price/load.h). */
#include "config.h"

#include "cmd/job.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/cli.h"
#include "run/estimate.h"

static int add_string(const char ***list, size_t *count, const char *arg,
                      struct diag *d)
{
	if (!CLI_RESERVE(*list, *count))
		return diag_oom(d);
	(*list)[(*count)++] = arg;
	return FP_OK;
}

static int add_column_map(struct job_opts *o, const char *arg, struct diag *d)
{
	const char *eq = strchr(arg, '=');
	char *to;

	if (!eq || eq == arg || !eq[1])
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--column needs TO=FROM (e.g. runtime=real_time_ns), "
		    "got '%s'",
		    arg);
	to = strndup(arg, (size_t)(eq - arg));
	if (!to || !CLI_RESERVE(o->column_to, o->ncolumns) ||
	    !CLI_RESERVE(o->column_from, o->ncolumns)) {
		free(to);
		return diag_oom(d);
	}
	o->column_to[o->ncolumns] = to;
	o->column_from[o->ncolumns] = eq + 1;
	o->ncolumns++;
	return FP_OK;
}

/* --estimator, --time, --missing: one word of a list. */
static int take_word(struct job_opts *o, enum opt_id id, const char *arg,
                     struct diag *d)
{
	char known[80];

	if (id == OPT_ESTIMATOR && !run_estimator_parse(arg, &o->estimator))
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--estimator: unknown estimator '%s' (known: %s)", arg,
		    run_estimator_list(known, sizeof known));
	if (id == OPT_MISSING && !missing_parse(arg, &o->missing))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--missing: '%s' is not "
		                "error, fail or drop",
		                arg);
	if (id == OPT_TIME) {
		if (strcmp(arg, "real") != 0 && strcmp(arg, "cpu") != 0)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--time: '%s' is not "
			                "real or cpu",
			                arg);
		o->cpu_time = strcmp(arg, "cpu") == 0;
	}
	return FP_OK;
}

/* --results FILE (after) and --results-before FILE, once each. */
static int take_results(struct job_opts *o, int side, const char *arg,
                        struct diag *d)
{
	if (o->results[side])
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--results%s given twice: "
		                "one report per run",
		                side ? "" : "-before");
	o->results[side] = arg;
	return FP_OK;
}

int job_option(struct job_opts *o, enum opt_id id, const char *arg,
               struct diag *d)
{
	switch (id) {
	case OPT_METRIC:
		o->metric = arg;
		return FP_OK;
	case OPT_SET:
		return cli_add_assignment(&o->set_name, &o->set_value,
		                          &o->nsets, arg, "--set", d);
	case OPT_WEIGHT:
		return cli_add_assignment(&o->weight_glob, &o->weight_value,
		                          &o->nweights, arg, "--weight", d);
	case OPT_SCENARIO:
		o->scenario = arg;
		return FP_OK;
	case OPT_RUNTIME_FACTOR:
		o->have_factor = true;
		return cli_number(arg, "--runtime-factor", &o->runtime_factor,
		                  d);
	case OPT_PASS:
		return add_string(&o->pass, &o->npass, arg, d);
	case OPT_FAIL:
		return add_string(&o->fail, &o->nfail, arg, d);
	case OPT_DROP_MISSING:
		o->missing = MISSING_DROP;
		return FP_OK;
	case OPT_ESTIMATOR:
	case OPT_TIME:
	case OPT_MISSING:
		return take_word(o, id, arg, d);
	case OPT_RESULTS:
		return take_results(o, 1, arg, d);
	case OPT_RESULTS_BEFORE:
		return take_results(o, 0, arg, d);
	case OPT_COLUMN:
		return add_column_map(o, arg, d);
	case OPT_INPUT_FORMAT:
		o->input_format = arg;
		return FP_OK;
	case OPT_SPLIT_BY:
		o->split_by = arg;
		return FP_OK;
	case OPT_CASES:
		return add_string(&o->cases, &o->ncases, arg, d);
	case OPT_EXCLUDE:
		return add_string(&o->exclude, &o->nexclude, arg, d);
	case OPT_BEFORE:
		return add_string(&o->runs[0], &o->nruns[0], arg, d);
	case OPT_AFTER:
		return add_string(&o->runs[1], &o->nruns[1], arg, d);
	default:
		return diag_set(d, NULL, 0, 0,
		                "option %d is not an input option", (int)id);
	}
}

void job_opts_free(struct job_opts *o)
{
	for (size_t i = 0; i < o->nsets; i++)
		free(o->set_name[i]);
	for (size_t i = 0; i < o->nweights; i++)
		free(o->weight_glob[i]);
	for (size_t i = 0; i < o->ncolumns; i++)
		free(o->column_to[i]);
	free(o->set_name);
	free(o->set_value);
	free(o->weight_glob);
	free(o->weight_value);
	free(o->pass);
	free(o->fail);
	free(o->cases);
	free(o->exclude);
	free(o->runs[0]);
	free(o->runs[1]);
	free(o->column_to);
	free(o->column_from);
	memset(o, 0, sizeof *o);
}

/* How many of the inputs are standard input ("-"). */
static size_t stdin_uses(const struct job_opts *o, char *const *inputs,
                         size_t ninputs)
{
	const char *one[4] = {o->metric, o->scenario, o->results[0],
	                      o->results[1]};
	size_t n = 0;

	for (size_t i = 0; i < ninputs; i++)
		n += strcmp(inputs[i], "-") == 0;
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < o->nruns[s]; i++)
			n += strcmp(o->runs[s][i], "-") == 0;
	for (int k = 0; k < 4; k++)
		n += one[k] && strcmp(one[k], "-") == 0;
	return n;
}

int job_load(const struct job_opts *o, char *const *inputs, size_t ninputs,
             struct job *job, struct diag *d)
{
	const struct load_request rq = {
	    .metric = o->metric,
	    .metric_given = o->metric_given,
	    .inputs = (const char *const *)inputs,
	    .ninputs = ninputs,
	    .input_format = o->input_format,
	    .policy = o->policy,
	    .scenario = o->scenario,
	    .after_or_scenario = o->after_or_scenario,
	    .have_factor = o->have_factor,
	    .runtime_factor = o->runtime_factor,
	    .pass = o->pass,
	    .npass = o->npass,
	    .fail = o->fail,
	    .nfail = o->nfail,
	    .set_name = (const char *const *)o->set_name,
	    .set_value = o->set_value,
	    .nsets = o->nsets,
	    .weight_glob = (const char *const *)o->weight_glob,
	    .weight_value = o->weight_value,
	    .nweights = o->nweights,
	    .column_to = (const char *const *)o->column_to,
	    .column_from = o->column_from,
	    .ncolumns = o->ncolumns,
	    .missing = o->missing,
	    .estimator = o->estimator,
	    .cpu_time = o->cpu_time,
	    .results = {o->results[0], o->results[1]},
	    .split_by = o->split_by,
	    .cases = o->cases,
	    .ncases = o->ncases,
	    .exclude = o->exclude,
	    .nexclude = o->nexclude,
	    .runs = {o->runs[0], o->runs[1]},
	    .nruns = {o->nruns[0], o->nruns[1]},
	    .runs_flag = {o->runs_flag[0], o->runs_flag[1]},
	    .origin = CLI_SOURCE,
	};

	if (stdin_uses(o, inputs, ninputs) > 1)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "standard input ('-') is given twice: it can be "
		    "read once");
	return load_job(&rq, job, d);
}

void job_record(const struct job *job, const struct price *p, struct record *r)
{
	memset(r, 0, sizeof *r);
	r->tool_version = PACKAGE_VERSION;
	r->prediction = job->scenario != NULL;
	r->metric = job->metric;
	r->scenario = job->scenario;
	r->price = p;
	r->ninputs = job->ninputs;
	memcpy(r->inputs, job->inputs, job->ninputs * sizeof job->inputs[0]);
	r->ndropped = job->runs.ndropped;
	r->facts = &job->facts;
}
