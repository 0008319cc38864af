/* sweep.c: `fixprice sweep`: gain, cost, net and the decision at each
 * value of one parameter, with the break-even points marked. */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "cmd/plot_title.h"
#include "plot/plot.h"
#include "report/sens.h"

struct sweep_own {
	char *param;
	double lo, hi, step;
	struct sweep result;
	struct sweep_row *rows;
	size_t nrows;
	struct sens_noise noise;
	bool have_noise;
	double *x;   /* the rows' x, for the band */
	double base; /* the parameter's current value */
};

/* "NAME=LO:HI[:STEP]" (the name may hold '=' only in weight:GLOB). */
static int sweep_option(void *own, enum opt_id id, const char *arg,
                        struct diag *d)
{
	struct sweep_own *w = own;
	const char *eq = strrchr(arg, '=');

	if (id != OPT_PARAM)
		return diag_set(d, NULL, 0, 0, "sweep takes no option %d",
		                (int)id);
	if (!eq || eq == arg)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--param needs NAME=LO:HI[:STEP], got '%s'",
		                arg);
	if (cli_range(eq + 1, "--param", &w->lo, &w->hi, &w->step, d) != FP_OK)
		return FP_ERR;
	free(w->param);
	w->param = strndup(arg, (size_t)(eq - arg));
	if (!w->param)
		return diag_oom(d);
	if (w->step == 0)
		w->step = (w->hi - w->lo) / 100;
	return FP_OK;
}

/* The sweep's points and its break-evens, in order of x. */
static int merge_rows(struct sens *s, struct knob *k, struct sweep_own *o,
                      struct diag *d)
{
	const struct sweep *w = &o->result;
	struct sweep_row *r = malloc((w->n + w->ncross) * sizeof *r);
	size_t i = 0, c = 0, m = 0;

	if (!(o->rows = r))
		return diag_oom(d);
	while (i < w->n || c < w->ncross) {
		if (c < w->ncross && i < w->n && w->cross[c] == w->pts[i].x) {
			/* A crossing on a grid point marks that point. */
			r[m].pt = w->pts[i++];
			r[m].is_jump = w->jump[c++];
			r[m++].is_cross = true;
		} else if (c < w->ncross &&
		           (i == w->n || w->cross[c] < w->pts[i].x)) {
			r[m].is_jump = w->jump[c];
			if (sens_eval(s, k, w->cross[c++], &r[m].pt, d) !=
			    FP_OK)
				return FP_ERR;
			r[m++].is_cross = true;
		} else {
			r[m].pt = w->pts[i++];
			r[m].is_jump = false;
			r[m++].is_cross = false;
		}
	}
	o->nrows = m;
	return sens_set(s, k, k->base, d);
}

/* The band of net at every row over the resamples of the runs. */
static int sweep_noise(struct sweep_own *w, struct priced *pr,
                       const struct cmd_call *call, struct diag *d)
{
	struct noise_side side[2];
	struct judge_opts jo = cmd_judge_opts(&call->noise);
	const struct boot_opts bo = jo.boot;

	if (judge_sens_sides(&jo, &pr->job, side, &w->have_noise, d) != FP_OK)
		return FP_ERR;
	if (!w->have_noise)
		return FP_OK;
	if (!(w->x = malloc((w->nrows + 1) * sizeof *w->x)))
		return diag_oom(d);
	for (size_t i = 0; i < w->nrows; i++)
		w->x[i] = w->rows[i].pt.x;
	return sens_noise_sweep(pr->job.metric, &pr->job.runs, side, &bo,
	                        w->param, w->x, w->nrows, &w->noise, d);
}

static int sweep_analyse(void *own, struct priced *pr,
                         const struct cmd_call *call, struct diag *d)
{
	struct sens *s = &pr->sens;
	struct sweep_own *w = own;
	struct knob k;

	if (!w->param)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "sweep needs --param NAME=LO:HI[:STEP]");
	if (sens_knob(s, w->param, &k, d) != FP_OK ||
	    sens_sweep(s, &k, w->lo, w->hi, w->step, &w->result, d) != FP_OK ||
	    merge_rows(s, &k, w, d) != FP_OK)
		return FP_ERR;
	w->base = k.base;
	return sweep_noise(w, pr, call, d);
}

static int sweep_base(void *ctx, enum report_format f, FILE *out,
                      struct diag *d)
{
	const struct sweep_own *w = ctx;

	return report_sweep(w->param, w->rows, w->nrows, w->result.cross,
	                    w->result.ncross, w->result.every_crossing, f, out,
	                    d);
}

static int sweep_write(void *own, struct priced *pr,
                       const struct cmd_call *call, FILE *out, struct diag *d)
{
	struct sweep_own *w = own;

	struct sens_noise_view v = {w->have_noise ? &w->noise : NULL, w->x,
	                            NULL, 0, NULL};

	return report_sens_noise(sweep_base, w, &v, call->out.format, out, d);
}

/* The band of net over the resamples, beside the sweep's chart. */
static int plot_band(const struct sweep_own *w, const struct plot_opts *po,
                     const struct priced *pr, const char *outcome,
                     const struct output_opts *o, struct diag *d)
{
	size_t n = w->nrows;
	double *v = malloc((3 * n + 1) * sizeof *v);
	char *title = plot_title_now("net and its noise", pr, outcome);
	struct plot_result res = {0};
	char label[64];
	int rc;

	if (!v || !title) {
		free(v);
		free(title);
		return diag_oom(d);
	}
	for (size_t i = 0; i < n; i++) {
		v[i] = w->rows[i].pt.net;
		v[n + i] = w->noise.band[i].lo;
		v[2 * n + i] = w->noise.band[i].hi;
	}
	snprintf(label, sizeof label, "%g %% band over %zu resample%s",
	         w->noise.confidence * 100, w->noise.B,
	         w->noise.B == 1 ? "" : "s");
	rc = plot_sweep_band(po, title, w->param, label, n, w->x, v, v + n,
	                     v + 2 * n, &res, d);
	free(v);
	free(title);
	if (rc == FP_OK)
		cmd_plot_done(&res, o);
	return rc;
}

static int sweep_plot(void *own, struct priced *pr, const struct cmd_call *call,
                      int *status, struct diag *d)
{
	struct sweep_own *w = own;
	const struct sweep *r = &w->result;
	const struct output_opts *o = &call->out;
	struct plot_opts po = cmd_plot_opts(o);
	struct plot_result res = {0};
	char outcome[64];
	double *col;
	char *title;
	int rc;

	if (!o->plot_dir)
		return FP_OK;
	if (plot_outcome_now(pr, &call->noise, outcome, sizeof outcome, d) !=
	    FP_OK)
		return FP_ERR;
	po.has_base = true;
	po.base_x = w->base;
	title = plot_title_now("gain, cost and net", pr, outcome);
	col = malloc(4 * r->n * sizeof *col);
	if (!col || !title) {
		free(col);
		free(title);
		return diag_oom(d);
	}
	for (size_t i = 0; i < r->n; i++) {
		col[i] = r->pts[i].x;
		col[r->n + i] = r->pts[i].gain;
		col[2 * r->n + i] = r->pts[i].cost;
		col[3 * r->n + i] = r->pts[i].net;
	}
	rc = plot_sweep(&po, title, w->param, r->n, col, col + r->n,
	                col + 2 * r->n, col + 3 * r->n, r->ncross, r->cross,
	                &res, d);
	free(col);
	free(title);
	if (rc == FP_OK)
		cmd_plot_done(&res, o);
	if (rc == FP_OK && w->have_noise)
		rc = plot_band(w, &po, pr, outcome, o, d);
	return rc;
}

static void sweep_free_own(void *own)
{
	struct sweep_own *w = own;

	free(w->param);
	free(w->rows);
	free(w->x);
	sweep_free(&w->result);
	sens_noise_free(&w->noise);
}

const struct command cmd_sweep = {
    .name = "sweep",
    .summary = "gain, cost, net and decision over a parameter range",
    .args = "[OPTIONS] BEFORE [AFTER] --param NAME=LO:HI[:STEP]",
    .description =
        "Evaluates gain, cost, net and the decision at each value of "
        "one parameter from LO to HI (STEP defaults to (HI-LO)/100), "
        "the others held, and marks where net crosses zero.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_PARAM,
             .name = "param",
             .arg = "NAME=LO:HI[:STEP]",
             .help = "a metric or scenario parameter, or weight:GLOB"},
            {0},
        },
    .groups = cmd_sens_noise_groups,
    PRICING_ARGS,
    .own_size = sizeof(struct sweep_own),
    .option = sweep_option,
    .pricing =
        &(const struct pricing){
            .analysis = true,
            .analyse = sweep_analyse,
            .write = sweep_write,
            .after = sweep_plot,
        },
    .free_own = sweep_free_own,
};
