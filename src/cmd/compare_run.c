/* compare_run.c: the steps of `fixprice compare` (compare.h): the
 * candidates loaded, priced and judged as price would, their break-evens,
 * the joint ranking (noise/compare.h), the winner map and the charts. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/compare.h"
#include "cmd/plot_title.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* A file's name without its extension ("plan-a.csv": "plan-a"); a name
 * that is all extension (".csv") is kept whole. */
static char *file_name(const char *base)
{
	const char *dot = strrchr(base, '.');

	return dot && dot > base ? strndup(base, (size_t)(dot - base))
	                         : strdup(base);
}

int cmp_name_candidates(struct compare_own *o, struct diag *d)
{
	if (o->nnames > o->k)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%zu --name for %zu candidates", o->nnames,
		                o->k);
	if (!(o->c = calloc(o->k, sizeof *o->c)))
		return diag_oom(d);
	for (size_t j = 0; j < o->k; j++) {
		struct cand *c = &o->c[j];
		const char *slash = strrchr(o->args[j + 1], '/');

		c->path = o->args[j + 1];
		if (j < o->nnames)
			c->name = strdup(o->names[j]);
		else
			c->name = file_name(slash ? slash + 1 : c->path);
		if (!c->name)
			return diag_oom(d);
		for (size_t i = 0; i < j; i++) {
			char *e;

			if (strcmp(o->c[i].name, c->name) != 0)
				continue;
			e = escape_terminal(c->name);
			diag_set(
			    d, CLI_SOURCE, 0, 0,
			    "two candidates are named '%s' (candidates %zu "
			    "and %zu): give each its own --name",
			    e ? e : "?", i + 1, j + 1);
			free(e);
			return FP_ERR;
		}
	}
	return FP_OK;
}

/* Candidate j > 0 loaded and priced as the frame does candidate 0. */
static int load_cand(struct compare_own *o, size_t j,
                     const struct cmd_call *call, struct diag *d)
{
	struct cand *c = &o->c[j];
	struct job_opts jo = call->job;
	char *inputs[2] = {o->args[0], (char *)c->path};

	jo.policy = call->noise.policy;
	if (job_load(&jo, inputs, 2, &c->own_job, d) != FP_OK ||
	    session_open(c->own_job.metric, &c->own_job.runs,
	                 c->own_job.scenario, &c->session, d) != FP_OK ||
	    price_compute(c->session, &c->price, d) != FP_OK)
		return FP_ERR;
	c->job = &c->own_job;
	c->scenario = c->job->scenario != NULL;
	return FP_OK;
}

/* Candidate c's net over the --map grid. */
static int cand_map(struct compare_own *o, struct cand *c, struct diag *d)
{
	struct sens s = {0};
	struct knob kx, ky;
	const struct cmp_axis *x = &o->axis[0], *y = &o->axis[1];
	int rc = FP_ERR;

	if (sens_open(&s, c->session, c->price, d) == FP_OK &&
	    sens_knob(&s, x->name, &kx, d) == FP_OK &&
	    sens_knob(&s, y->name, &ky, d) == FP_OK)
		rc = sens_map(&s, &kx, x->lo, x->hi, &ky, y->lo, y->hi,
		              o->resolution, &c->map, d);
	sens_close(&s);
	return rc;
}

static int winner_map(struct compare_own *o, struct diag *d)
{
	const struct netmap *g = &o->c[0].map;
	size_t cells = g->nx * g->ny;

	if (!(o->winner = malloc(cells * sizeof *o->winner)))
		return diag_oom(d);
	for (size_t p = 0; p < cells; p++) {
		double top = NAN;

		o->winner[p] = o->k;
		for (size_t j = 0; j < o->k; j++) {
			double v = o->c[j].map.net[p];
			if (isfinite(v) && (!isfinite(top) || v > top)) {
				top = v;
				o->winner[p] = j;
			}
		}
	}
	o->map = (struct compare_map){.xname = o->axis[0].name,
	                              .yname = o->axis[1].name,
	                              .nx = g->nx,
	                              .ny = g->ny,
	                              .x = g->x,
	                              .y = g->y,
	                              .winner = o->winner};
	o->view.map = &o->map;
	return FP_OK;
}

/* A failure about one candidate names it (its name escaped). */
static int about(const struct cand *c, struct diag *d)
{
	char *e = escape_terminal(c->name);

	diag_prefix(d, "candidate '%s'", e ? e : "?");
	free(e);
	return FP_ERR;
}

static int each(struct compare_own *o, const struct cmd_call *call,
                struct diag *d)
{
	struct job_opts jo = call->job;

	jo.after_or_scenario = false; /* the control run is a measured run */
	for (size_t j = 0; j < o->k; j++) {
		struct cand *c = &o->c[j];

		if ((j > 0 && load_cand(o, j, call, d) != FP_OK) ||
		    cmd_judge(&call->noise, &jo, o->args[0], c->job, c->price,
		              &c->judged, d) != FP_OK ||
		    sens_all_breakevens(c->session, c->price, &c->breakeven,
		                        &c->nbreakeven, d) != FP_OK ||
		    (o->naxes == 2 && cand_map(o, c, d) != FP_OK))
			return about(c, d);
	}
	return FP_OK;
}

static int fill_view(struct compare_own *o, struct priced *pr,
                     const struct cmd_call *call, struct diag *d)
{
	if (!(o->views = calloc(o->k, sizeof *o->views)))
		return diag_oom(d);
	for (size_t j = 0; j < o->k; j++) {
		struct cand *c = &o->c[j];

		o->views[j] = (struct compare_cand){.name = c->name,
		                                    .path = c->path,
		                                    .prediction = c->scenario,
		                                    .price = c->price,
		                                    .verdict = &c->judged.j.v,
		                                    .nbreakeven = c->nbreakeven,
		                                    .breakeven = c->breakeven};
	}
	o->view.k = o->k;
	o->view.c = o->views;
	o->view.rank = &o->rank;
	o->view.confidence = cmd_judge_opts(&call->noise).boot.confidence;
	o->view.before = o->args[0];
	o->view.metric = pr->job.metric->name;
	return FP_OK;
}

int cmp_analyse(struct compare_own *o, struct priced *pr,
                const struct cmd_call *call, struct diag *d)
{
	struct judge_opts jo = cmd_judge_opts(&call->noise);
	struct noise_cand *nc;
	int rc;

	if (call->out.ascii && !call->out.plot_dir && !o->record)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--ascii needs --plot-dir DIR or --record DIR");
	if (!o->resolution)
		o->resolution = COMPARE_DEFAULT_RESOLUTION;
	o->c[0].job = &pr->job;
	o->c[0].scenario = pr->job.scenario != NULL;
	o->c[0].session = pr->session;
	o->c[0].price = pr->price;
	if (each(o, call, d) != FP_OK)
		return FP_ERR;
	if (!(nc = calloc(o->k, sizeof *nc)))
		return diag_oom(d);
	for (size_t j = 0; j < o->k; j++)
		nc[j] = (struct noise_cand){o->c[j].job, o->c[j].price};
	rc = noise_compare(&jo.boot, nc, o->k, &o->rank, d);
	free(nc);
	if (rc != FP_OK)
		return rc;
	if (fill_view(o, pr, call, d) != FP_OK)
		return FP_ERR;
	return o->naxes == 2 ? winner_map(o, d) : FP_OK;
}

/* in is already listed: the same role, path and hash (the before run,
 * the metric and the reports, read again for each candidate). */
static bool listed(const struct compare_own *o, const struct record_input *in)
{
	for (size_t i = 0; i < o->ninputs; i++) {
		const struct record_input *x = o->inputs[i].in;
		if (strcmp(x->role, in->role) == 0 &&
		    strcmp(x->path, in->path) == 0 &&
		    strcmp(x->sha256, in->sha256) == 0)
			return true;
	}
	return false;
}

/* A candidate's own input: its after run or its scenario. */
static bool own_input(const struct record_input *in)
{
	return strcmp(in->role, "after") == 0 ||
	       strcmp(in->role, "scenario") == 0;
}

int cmp_provenance(struct compare_own *o, const struct cmd_call *call,
                   struct diag *d)
{
	const struct metric *m = o->c[0].job->metric;
	size_t room = 1 + call->noise.ncontrol;

	for (size_t j = 0; j < o->k; j++)
		room += o->c[j].job->ninputs;
	if (!(o->inputs = calloc(room, sizeof *o->inputs)))
		return diag_oom(d);
	o->metric = (struct record_input){.role = "metric", .path = m->path};
	memcpy(o->metric.sha256, m->sha256, sizeof o->metric.sha256);
	o->inputs[o->ninputs++] = (struct compare_input){NULL, &o->metric};
	for (size_t j = 0; j < o->k; j++) {
		const struct job *job = o->c[j].job;

		for (size_t i = 0; i < job->ninputs; i++)
			if (!listed(o, &job->inputs[i]))
				o->inputs[o->ninputs++] =
				    (struct compare_input){
				        own_input(&job->inputs[i])
				            ? o->c[j].name
				            : NULL,
				        &job->inputs[i]};
	}
	/* The control runs, read once per candidate: their hashes as the
	 * first judge read them. */
	for (size_t k = 0; k < call->noise.ncontrol; k++) {
		o->control[k] = (struct record_input){
		    .role = "control", .path = call->noise.control[k]};
		memcpy(o->control[k].sha256, o->c[0].judged.control_sha256[k],
		       sizeof o->control[k].sha256);
		o->inputs[o->ninputs++] =
		    (struct compare_input){NULL, &o->control[k]};
	}
	cmd_invocation(call, &o->inv);
	o->inv.runs = o->args;
	o->inv.nruns = o->nargs;
	o->inv.scenario = NULL; /* compare takes no --scenario */
	o->view.tool_version = PACKAGE_VERSION;
	o->view.ninputs = o->ninputs;
	o->view.inputs = o->inputs;
	o->view.invocation = &o->inv;
	return FP_OK;
}

/* The title's outcome: the best candidate and P(best); its name is read
 * from the data file only (plot.h). */
static char *title_of(const struct compare_own *o, const char *what,
                      const struct cmd_call *call)
{
	const struct noise_ranking *r = &o->rank;
	char outcome[160], p[NUMFMT_MAX];
	bool predicted = false;

	for (size_t j = 0; j < o->k; j++)
		predicted = predicted || o->c[j].scenario;
	if (r->p_best)
		snprintf(outcome, sizeof outcome, "best: %.60s, P(best) %s",
		         o->c[r->best].name,
		         numfmt_fixed(p, r->p_best[r->best], 2));
	else
		snprintf(outcome, sizeof outcome, "best: %.60s",
		         o->c[r->best].name);
	(void)call;
	return plot_title(what, o->c[0].job->metric, outcome, predicted);
}

static int nets_plot(struct compare_own *o, const struct cmd_call *call,
                     struct diag *d)
{
	struct plot_opts po = cmd_plot_opts(&call->out);
	const char **names = calloc(o->k, sizeof *names);
	double *v = calloc(3 * o->k, sizeof *v);
	char *title = title_of(o, "the candidates' nets", call);
	int rc = FP_ERR;

	if (!call->out.plot_dir)
		po.dir = o->record_dir;

	if (!names || !v || !title) {
		rc = diag_oom(d);
		goto out;
	}
	for (size_t j = 0; j < o->k; j++) {
		const struct verdict *vd = &o->c[j].judged.j.v;
		bool ci = vd->judged && vd->boot;

		names[j] = o->c[j].name;
		v[j] = o->c[j].price->net;
		v[o->k + j] = ci ? vd->boot->net_ci.lo : v[j];
		v[2 * o->k + j] = ci ? vd->boot->net_ci.hi : v[j];
	}
	rc = plot_compare(&po, title, o->k, names, v, v + o->k, v + 2 * o->k,
	                  &o->plot, d);
	o->have_plot = rc == FP_OK;
out:
	free(names);
	free(v);
	free(title);
	return rc;
}

static int map_plot(struct compare_own *o, const struct cmd_call *call,
                    struct diag *d)
{
	struct plot_opts po = cmd_plot_opts(&call->out);
	const char **names = calloc(o->k, sizeof *names);
	char *title = title_of(o, "the candidate with the largest net", call);
	const struct compare_map *m = &o->map;
	int rc;

	if (!call->out.plot_dir)
		po.dir = o->record_dir;

	if (!names || !title) {
		free(names);
		free(title);
		return diag_oom(d);
	}
	for (size_t j = 0; j < o->k; j++)
		names[j] = o->c[j].name;
	rc =
	    plot_compare_map(&po, title, m->xname, m->yname, o->k, names, m->nx,
	                     m->ny, m->x, m->y, m->winner, &o->map_plot, d);
	o->have_map_plot = rc == FP_OK;
	free(names);
	free(title);
	return rc;
}

int cmp_plot(struct compare_own *o, const struct cmd_call *call, struct diag *d)
{
	if (!call->out.plot_dir && !o->record_dir)
		return FP_OK;
	if (nets_plot(o, call, d) != FP_OK ||
	    (o->naxes == 2 && map_plot(o, call, d) != FP_OK))
		return FP_ERR;
	cmd_plot_done(&o->plot, &call->out);
	o->have_plot = false;
	if (o->have_map_plot) {
		cmd_plot_done(&o->map_plot, &call->out);
		o->have_map_plot = false;
	}
	return FP_OK;
}

void cmp_free(struct compare_own *o)
{
	for (size_t j = 0; o->c && j < o->k; j++) {
		struct cand *c = &o->c[j];

		free(c->name);
		cmd_judged_free(&c->judged);
		sens_breakevens_free(c->breakeven, c->nbreakeven);
		netmap_free(&c->map);
		if (j > 0) {
			price_free(c->price);
			session_close(c->session);
			job_free(&c->own_job);
		}
	}
	if (o->have_plot)
		plot_result_free(&o->plot);
	if (o->have_map_plot)
		plot_result_free(&o->map_plot);
	free(o->c);
	free(o->names);
	free(o->axis[0].name);
	free(o->axis[1].name);
	noise_ranking_free(&o->rank);
	free(o->winner);
	free(o->views);
	free(o->inputs);
}
