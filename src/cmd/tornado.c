/* tornado.c: `fixprice tornado`: net with each parameter moved down and
 * up by delta, the others held, widest swing first. */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "cmd/plot_title.h"
#include "plot/plot.h"
#include "report/sens.h"

#define DEFAULT_DELTA 0.25

struct tornado_own {
	double delta; /* 0: not given */
	struct knob *knobs;
	size_t nknobs;
	struct tornado_row *rows;
	struct sens_noise noise;
	bool have_noise;
	const char **within; /* parameters whose swing is within the noise */
	size_t nwithin;
};

/* "25%" or "0.25". */
static int tornado_option(void *own, enum opt_id id, const char *arg,
                          struct diag *d)
{
	struct tornado_own *t = own;
	size_t len = strlen(arg);
	bool percent = len && arg[len - 1] == '%';
	char *num;
	int rc;

	if (id != OPT_DELTA)
		return diag_set(d, NULL, 0, 0, "tornado takes no option %d",
		                (int)id);
	if (!(num = strndup(arg, percent ? len - 1 : len)))
		return diag_oom(d);
	rc = cli_number(num, "--delta", &t->delta, d);
	free(num);
	if (rc != FP_OK)
		return FP_ERR;
	if (percent)
		t->delta /= 100;
	if (!(t->delta > 0))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--delta must be above 0, got '%s'", arg);
	return FP_OK;
}

/* The interval of the base net over the resamples, and the parameters
 * whose swing is narrower than it. */
static int tornado_noise(struct tornado_own *t, struct priced *pr,
                         const struct cmd_call *call, struct diag *d)
{
	struct noise_side side[2];
	struct judge_opts jo = cmd_judge_opts(&call->noise);
	const struct boot_opts bo = jo.boot;
	struct boot b;
	int rc;

	if (judge_sens_sides(&jo, &pr->job, side, &t->have_noise, d) != FP_OK)
		return FP_ERR;
	if (!t->have_noise)
		return FP_OK;
	rc = noise_bootstrap(pr->job.metric, &pr->job.runs, side, &bo, &b, d);
	t->noise = (struct sens_noise){.B = bo.B,
	                               .confidence = bo.confidence,
	                               .seed = bo.seed,
	                               .net = b.net_ci};
	boot_free(&b);
	if (rc != FP_OK)
		return FP_ERR;
	if (!(t->within = calloc(t->nknobs + 1, sizeof *t->within)))
		return diag_oom(d);
	for (size_t i = 0; i < t->nknobs; i++)
		if (t->rows[i].swing < t->noise.net.hi - t->noise.net.lo)
			t->within[t->nwithin++] = t->rows[i].knob->name;
	return FP_OK;
}

static int tornado_analyse(void *own, struct priced *pr,
                           const struct cmd_call *call, struct diag *d)
{
	struct sens *s = &pr->sens;
	struct tornado_own *t = own;

	if (t->delta == 0)
		t->delta = DEFAULT_DELTA;
	if (sens_all_knobs(s, &t->knobs, &t->nknobs, d) != FP_OK ||
	    sens_tornado(s, t->knobs, t->nknobs, t->delta, &t->rows, d) !=
	        FP_OK)
		return FP_ERR;
	return tornado_noise(t, pr, call, d);
}

struct tornado_base {
	const struct tornado_own *t;
	double net;
};

static int tornado_base(void *ctx, enum report_format f, FILE *out,
                        struct diag *d)
{
	const struct tornado_base *a = ctx;

	return report_tornado(a->t->rows, a->t->nknobs, a->t->delta, a->net, f,
	                      out, d);
}

static int tornado_write(void *own, struct priced *pr,
                         const struct cmd_call *call, FILE *out, struct diag *d)
{
	struct sens *s = &pr->sens;
	struct tornado_own *t = own;

	struct tornado_base a = {t, s->base_net};
	struct sens_noise_view v = {t->have_noise ? &t->noise : NULL, NULL,
	                            t->within, t->nwithin, NULL};

	return report_sens_noise(tornado_base, &a, &v, call->out.format, out,
	                         d);
}

/* The bars' columns for plot_tornado: names, then four arrays of n. */
static int plot_columns(const struct tornado_own *t, const char ***names,
                        double **v, struct diag *d)
{
	size_t n = t->nknobs;

	*names = calloc(n + 1, sizeof **names);
	*v = calloc(4 * n + 1, sizeof **v);
	if (!*names || !*v)
		return diag_oom(d);
	for (size_t i = 0; i < n; i++) {
		(*names)[i] = t->rows[i].knob->name;
		(*v)[i] = t->rows[i].net_low;
		(*v)[n + i] = t->rows[i].net_high;
		(*v)[2 * n + i] = t->rows[i].x_low;
		(*v)[3 * n + i] = t->rows[i].x_high;
	}
	return FP_OK;
}

static int tornado_plot(void *own, struct priced *pr,
                        const struct cmd_call *call, int *status,
                        struct diag *d)
{
	struct sens *s = &pr->sens;
	struct tornado_own *t = own;
	const struct output_opts *o = &call->out;
	struct plot_opts po = cmd_plot_opts(o);
	struct plot_result res = {0};
	size_t n = t->nknobs;
	const char **names = NULL;
	double *v = NULL;
	char *title = NULL, outcome[64];
	int rc = FP_ERR;

	if (!o->plot_dir)
		return FP_OK;
	if (plot_outcome_now(pr, &call->noise, outcome, sizeof outcome, d) !=
	    FP_OK)
		return FP_ERR;
	if (!(title =
	          plot_title_now("net as each parameter moves", pr, outcome)))
		return diag_oom(d);
	if (plot_columns(t, &names, &v, d) == FP_OK &&
	    plot_tornado(&po, title, n, names, v, v + n, v + 2 * n, v + 3 * n,
	                 s->base_net, &res, d) == FP_OK) {
		cmd_plot_done(&res, o);
		rc = FP_OK;
	}
	free(title);
	free(names);
	free(v);
	return rc;
}

static void tornado_free(void *own)
{
	struct tornado_own *t = own;

	free(t->knobs);
	free(t->rows);
	free(t->within);
}

const struct command cmd_tornado = {
    .name = "tornado",
    .summary = "net as each parameter moves by +/- delta",
    .args = "[OPTIONS] BEFORE [AFTER] [--delta 25%]",
    .description =
        "For every metric and scenario parameter, net at "
        "value*(1-delta) and value*(1+delta) (value -/+ delta for a "
        "value of 0), the others held; sorted by swing, saying which "
        "parameters can flip the decision.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_DELTA,
             .name = "delta",
             .arg = "D",
             .help = "relative change, as 25% or 0.25 (default 25%)"},
            {0},
        },
    .groups = cmd_sens_noise_groups,
    PRICING_ARGS,
    .own_size = sizeof(struct tornado_own),
    .option = tornado_option,
    .pricing =
        &(const struct pricing){
            .analysis = true,
            .analyse = tornado_analyse,
            .write = tornado_write,
            .after = tornado_plot,
        },
    .free_own = tornado_free,
};
