/* invocation.c: a pricing command's line, to the record and back
 * (cmd/invocation.h). */
#include <stdlib.h>
#include <string.h>

#include "cmd/invocation.h"
#include "price/harness.h"
#include "price/metric.h"
#include "run/estimate.h"
#include "util/source.h"

void cmd_invocation(const struct cmd_call *call, struct record_invocation *out)
{
	const struct job_opts *j = &call->job;
	const struct cmd_noise *n = &call->noise;
	struct judge_opts jo = cmd_judge_opts(n);

	*out = (struct record_invocation){
	    .command = call->cmd->name,
	    .nruns = call->nargs,
	    .runs = call->args,
	    .metric = j->metric,
	    .scenario = j->scenario,
	    .input_format = j->input_format,
	    .split_by = j->split_by,
	    .nside_runs = {j->nruns[0], j->nruns[1]},
	    .side_runs = {j->runs[0], j->runs[1]},
	    .ncontrol = n->ncontrol,
	    .control = n->control,
	    .results = {j->results[0], j->results[1]},
	    .missing = missing_name(j->missing),
	    .estimator = run_estimator_name(j->estimator),
	    .time = j->cpu_time ? "cpu" : "real",
	    .pass_policy = run_policy_name(n->policy),
	    .have_factor = j->have_factor,
	    .runtime_factor = j->runtime_factor,
	    .nsets = j->nsets,
	    .set_name = j->set_name,
	    .set_value = j->set_value,
	    .nweights = j->nweights,
	    .weight_glob = j->weight_glob,
	    .weight_value = j->weight_value,
	    .npass = j->npass,
	    .pass = j->pass,
	    .nfail = j->nfail,
	    .fail = j->fail,
	    .ncases = j->ncases,
	    .cases = j->cases,
	    .nexclude = j->nexclude,
	    .exclude = j->exclude,
	    .ncolumns = j->ncolumns,
	    .column_to = j->column_to,
	    .column_from = j->column_from,
	    .bootstrap = jo.boot.B,
	    .confidence = jo.boot.confidence,
	    .seed = jo.boot.seed,
	    .margin_given = n->margin_given,
	    .margin = n->margin,
	};
	memcpy(out->guard_off, n->guard_off, sizeof out->guard_off);
}

void cmd_paths_free(struct cmd_paths *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->made[i]);
	free(p->made);
	p->made = NULL;
	p->n = 0;
}

/* The options whose argument is an input file, and what the record calls
 * it in messages. */
static const char *input_role(const char *option, const char *arg)
{
	static const char *const roles[][2] = {
	    {"scenario", "the record's scenario"},
	    {"results", "the record's results (after)"},
	    {"results-before", "the record's results (before)"},
	    {"control", "the record's control run"},
	    {"before", "the record's before run"},
	    {"after", "the record's after run"},
	};

	for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++)
		if (strcmp(option, roles[i][0]) == 0)
			return roles[i][1];
	return strcmp(option, "metric") == 0 && arg && metric_is_path(arg)
	           ? "the record's metric"
	           : NULL;
}

/* path, or DIR/its base name with --inputs DIR; then it must be
 * readable, once more, as the record's input called role, within the
 * bounds verify set (util/source.h: below the current folder or DIR, a
 * regular file or a folder). */
static int locate(struct cmd_paths *p, const char *file, const char *path,
                  const char *role, const uint32_t at[2], const char **out,
                  struct diag *d)
{
	const char *base = strrchr(path, '/');
	char *made, **grown;

	if (strcmp(path, "-") == 0)
		return diag_set(d, file, (int)at[0], (int)at[1],
		                "%s was read from standard input, which cannot "
		                "be read again",
		                role);
	*out = path;
	if (p->dir) {
		base = base ? base + 1 : path;
		made = malloc(strlen(p->dir) + strlen(base) + 2);
		grown = realloc(p->made, (p->n + 1) * sizeof *grown);
		if (grown)
			p->made = grown;
		if (!made || !grown) {
			free(made);
			return diag_oom(d);
		}
		sprintf(made, "%s/%s", p->dir, base);
		p->made[p->n++] = made;
		*out = made;
	}
	return source_confine_input(*out, role, at[0], at[1], d);
}

/* The spec of the option named name among those that make the figures
 * (the runs', the job's, the noise's and the verdict's; never an
 * output option),
 * and its group. */
static const struct opt_spec *find(const char *name, const struct opt_group **g)
{
	static const struct opt_group *const groups[] = {
	    &run_group, &job_group, &cmd_noise_group, &cmd_verdict_group};

	for (size_t k = 0; k < sizeof groups / sizeof *groups; k++)
		for (const struct opt_spec *s = groups[k]->opts; s->name; s++)
			if (strcmp(s->name, name) == 0) {
				*g = groups[k];
				return s;
			}
	return NULL;
}

static int take_one(struct cmd_call *call, const struct rv_option *o,
                    const char *file, struct cmd_paths *p, struct diag *d)
{
	const struct opt_group *g = NULL;
	const struct opt_spec *s = find(o->name, &g);
	const char *role = input_role(o->name, o->arg), *arg = o->arg;
	char msg[sizeof d->msg];

	if (!s || !s->arg != !o->arg)
		return diag_set(d, file, o->line, o->col,
		                "invocation option '%s' is not one of price's",
		                o->name);
	if (role && locate(p, file, arg, role, (uint32_t[2]){o->line, o->col},
	                   &arg, d) != FP_OK)
		return FP_ERR;
	if (g->take(call, s->id, arg, d) == FP_OK)
		return FP_OK;
	if (diag_is_oom(d))
		return FP_ERR;
	snprintf(msg, sizeof msg, "%s", d->msg);
	return diag_set(d, file, o->line, o->col, "invocation: %s", msg);
}

int cmd_invocation_take(struct cmd_call *call, const struct rv_invocation *inv,
                        const char *file, struct cmd_paths *p, char **runs,
                        size_t *nruns, struct diag *d)
{
	static const char *const one[] = {"the record's run"};
	static const char *const two[] = {"the record's before run",
	                                  "the record's after run"};
	const char *const *role = inv->nruns == 1 ? one : two;

	if (strcmp(inv->command, "price") != 0)
		return diag_set(d, file, 0, 0,
		                "the record was made by '%s'; verify checks "
		                "records of price",
		                inv->command);
	for (size_t i = 0; i < inv->nopts; i++)
		if (take_one(call, &inv->opts[i], file, p, d) != FP_OK)
			return FP_ERR;
	*nruns = 0;
	for (size_t i = 0; i < inv->nruns && i < 2; i++) {
		const char *at;
		uint32_t pos[2] = {inv->run_line ? inv->run_line[i] : 0,
		                   inv->run_col ? inv->run_col[i] : 0};
		if (locate(p, file, inv->runs[i], role[i], pos, &at, d) !=
		    FP_OK)
			return FP_ERR;
		runs[(*nruns)++] = (char *)at;
	}
	return FP_OK;
}
