/* job.c: loading what a pricing command needs, in the one order that lets
 * every check see what it needs: metric and its edits, runs and their
 * column renames, the scenario (compiled against the before run), the join. */
#include "config.h"

#include "cmd/job.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cli.h"
#include "util/names.h"
#include "util/sha256.h"

/* Makes room for item n (0-based) in a realloc'd array of `size`-byte
 * items; returns false when out of memory. */
static bool reserve(void *arrayp, size_t n, size_t size)
{
	void **array = arrayp;
	void *p = realloc(*array, (n + 1) * size);

	if (p)
		*array = p;
	return p != NULL;
}

#define RESERVE(array, n) reserve(&(array), (n), sizeof *(array))

static int oom(struct diag *d)
{
	return diag_set(d, NULL, 0, 0, "out of memory");
}

/* Parallel name/value arrays for --set and --weight. */
static int add_assignment(char ***names, double **values, size_t *count,
                          const char *arg, const char *what, struct diag *d)
{
	char *name;
	double value;

	if (cli_assignment(arg, what, &name, &value, d) != FP_OK)
		return FP_ERR;
	if (!RESERVE(*names, *count) || !RESERVE(*values, *count)) {
		free(name);
		return oom(d);
	}
	(*names)[*count] = name;
	(*values)[*count] = value;
	(*count)++;
	return FP_OK;
}

static int add_string(const char ***list, size_t *count, const char *arg,
                      struct diag *d)
{
	if (!RESERVE(*list, *count))
		return oom(d);
	(*list)[(*count)++] = arg;
	return FP_OK;
}

static int add_column_map(struct job_opts *o, const char *arg, struct diag *d)
{
	const char *eq = strchr(arg, '=');
	char *to;

	if (!eq || eq == arg || !eq[1])
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--column needs TO=FROM (e.g. runtime=real_time_ns), "
		                "got '%s'", arg);
	to = strndup(arg, (size_t)(eq - arg));
	if (!to || !RESERVE(o->column_to, o->ncolumns) ||
	    !RESERVE(o->column_from, o->ncolumns)) {
		free(to);
		return oom(d);
	}
	o->column_to[o->ncolumns] = to;
	o->column_from[o->ncolumns] = eq + 1;
	o->ncolumns++;
	return FP_OK;
}

int job_option(struct job_opts *o, int opt, const char *arg, struct diag *d)
{
	switch (opt) {
	case JOB_OPT_METRIC:
		o->metric = arg;
		return FP_OK;
	case JOB_OPT_SET:
		return add_assignment(&o->set_name, &o->set_value, &o->nsets, arg,
		                      "--set", d);
	case JOB_OPT_WEIGHT:
		return add_assignment(&o->weight_glob, &o->weight_value,
		                      &o->nweights, arg, "--weight", d);
	case JOB_OPT_SCENARIO:
		o->scenario = arg;
		return FP_OK;
	case JOB_OPT_FACTOR:
		o->have_factor = true;
		return cli_number(arg, "--runtime-factor", &o->runtime_factor, d);
	case JOB_OPT_PASS:
		return add_string(&o->pass, &o->npass, arg, d);
	case JOB_OPT_FAIL:
		return add_string(&o->fail, &o->nfail, arg, d);
	case JOB_OPT_DROP:
		o->drop_missing = true;
		return FP_OK;
	case JOB_OPT_COLUMN:
		return add_column_map(o, arg, d);
	case JOB_OPT_INPUT_FORMAT:
		o->input_format = arg;
		return FP_OK;
	default:
		return 1;
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
	free(o->column_to);
	free(o->column_from);
	memset(o, 0, sizeof *o);
}

int job_unknown_param(const struct job *job, const char *name,
                      struct diag *d)
{
	char list[DIAG_MSG_MAX / 2] = "";

	for (size_t i = 0; i < job->metric->nparams; i++)
		names_append(list, sizeof list, job->metric->params[i].name);
	for (size_t i = 0; job->scenario && i < job->scenario->nparams; i++)
		names_append(list, sizeof list, job->scenario->params[i].name);
	return diag_set(d, NULL, 0, 0, "no parameter '%s' (there are: %s)", name,
	                list[0] ? list : "none");
}

int job_set_param(struct job *job, const char *name, double value,
                  struct diag *d)
{
	const struct scenario *s = job->scenario;

	if (metric_find_param(job->metric, name))
		return metric_set_param(job->metric, name, value, d);
	for (size_t i = 0; s && i < s->nparams; i++)
		if (strcmp(s->params[i].name, name) == 0)
			return scenario_set_param(job->scenario, name, value, d);
	return job_unknown_param(job, name, d);
}

static int add_input(struct job *job, const char *role, const char *path,
                     struct diag *d)
{
	struct record_input *in = &job->inputs[job->ninputs];

	in->role = role;
	in->path = path;
	if (sha256_file(path, in->sha256, d) != FP_OK)
		return FP_ERR;
	job->ninputs++;
	return FP_OK;
}

/* Reads one run and applies the --column renames whose FROM it has (a
 * before run may name a column differently from an after run). */
static int load_run(const struct job_opts *o, const char *path,
                    struct run **out, bool *renamed, struct diag *d)
{
	struct run_opts ropts = {.format = o->input_format};

	if (run_load(path, &ropts, out, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < o->ncolumns; i++) {
		if (!run_find(*out, o->column_from[i]))
			continue;
		if (run_rename(*out, o->column_to[i], o->column_from[i], d) != FP_OK)
			return FP_ERR;
		renamed[i] = true;
	}
	return FP_OK;
}

/* A --column FROM or a --weight GLOB that nothing matches is a typo, not a
 * wish: say so rather than price without it. */
static int check_options_used(const struct job_opts *o, const struct job *job,
                              const bool *renamed, struct diag *d)
{
	const struct run *b = job->runs.before;

	for (size_t i = 0; i < o->ncolumns; i++)
		if (!renamed[i])
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--column %s=%s: no input has a column '%s'",
			                o->column_to[i], o->column_from[i],
			                o->column_from[i]);
	for (size_t i = 0; i < o->nweights; i++) {
		size_t k = 0;
		while (k < b->n && fnmatch(o->weight_glob[i], b->case_name[k], 0))
			k++;
		if (k == b->n)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--weight %s: no case matches '%s'",
			                o->weight_glob[i], o->weight_glob[i]);
	}
	return FP_OK;
}

static int load_scenario(const struct job_opts *o, struct job *job,
                         struct diag *d)
{
	bool shorthand = o->have_factor || o->npass || o->nfail;

	if (o->scenario) {
		if (scenario_load(o->scenario, &job->scenario, d) != FP_OK ||
		    add_input(job, "scenario", o->scenario, d) != FP_OK)
			return FP_ERR;
	} else if (shorthand) {
		if (!(job->scenario = scenario_new()))
			return oom(d);
	} else {
		return FP_OK;
	}
	if (o->have_factor &&
	    scenario_set_runtime_factor(job->scenario, o->runtime_factor, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < o->npass; i++)
		if (scenario_add_glob(job->scenario, 1, o->pass[i], d) != FP_OK)
			return FP_ERR;
	for (size_t i = 0; i < o->nfail; i++)
		if (scenario_add_glob(job->scenario, 0, o->fail[i], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* Two runs, one run holding both sides, or a run and a scenario. */
static int load_runs(const struct job_opts *o, char *const *inputs,
                     size_t ninputs, struct job *job, bool *renamed,
                     struct diag *d)
{
	struct run *before = NULL, *after = NULL;

	if (ninputs == 2) {
		if (job->scenario)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "give either two runs or one run and a scenario "
			                "(--scenario, --runtime-factor, --pass, --fail)");
		if (add_input(job, "before", inputs[0], d) != FP_OK ||
		    add_input(job, "after", inputs[1], d) != FP_OK ||
		    load_run(o, inputs[0], &before, renamed, d) != FP_OK)
			goto fail;
		if (load_run(o, inputs[1], &after, renamed, d) != FP_OK)
			goto fail;
		return price_join(before, after, o->drop_missing, &job->runs, d);
	}
	if (!job->scenario) {
		if (add_input(job, "both", inputs[0], d) != FP_OK ||
		    load_run(o, inputs[0], &before, renamed, d) != FP_OK)
			goto fail;
		return price_split(before, &job->runs, d);
	}
	if (add_input(job, "before", inputs[0], d) != FP_OK ||
	    load_run(o, inputs[0], &before, renamed, d) != FP_OK ||
	    scenario_bind(job->scenario, before, d) != FP_OK ||
	    scenario_apply(job->scenario, before, &after, d) != FP_OK)
		goto fail;
	return price_join(before, after, false, &job->runs, d);
fail:
	run_free(before);
	run_free(after);
	return FP_ERR;
}

int job_load(const struct job_opts *o, char *const *inputs, size_t ninputs,
             struct job *job, struct diag *d)
{
	bool *renamed;
	int rc;

	memset(job, 0, sizeof *job);
	if (ninputs < 1 || ninputs > 2)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "give BEFORE AFTER, BOTH, or BEFORE with a scenario");
	if (metric_load(o->metric, &job->metric, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < o->nweights; i++)
		if (metric_add_weight_rule(job->metric, o->weight_glob[i],
		                           o->weight_value[i], d) != FP_OK)
			return FP_ERR;
	if (load_scenario(o, job, d) != FP_OK)
		return FP_ERR;
	/* --set after the scenario is read, so its parameters can be set too. */
	for (size_t i = 0; i < o->nsets; i++)
		if (job_set_param(job, o->set_name[i], o->set_value[i], d) != FP_OK)
			return FP_ERR;
	renamed = calloc(o->ncolumns + 1, sizeof *renamed);
	if (!renamed)
		return oom(d);
	rc = load_runs(o, inputs, ninputs, job, renamed, d) == FP_OK &&
	                     check_options_used(o, job, renamed, d) == FP_OK
	             ? FP_OK
	             : FP_ERR;
	free(renamed);
	return rc;
}

void job_free(struct job *job)
{
	metric_free(job->metric);
	scenario_free(job->scenario);
	joined_free(&job->runs);
	memset(job, 0, sizeof *job);
}

void job_record(const struct job *job, const struct price *p,
                struct record *r)
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
}
