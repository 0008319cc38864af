/* breakeven.c: `fixprice breakeven`: the value of one parameter at which
 * net is zero, every crossing in a range, solved to full precision. */
#include <stdlib.h>

#include "cmd/command.h"
#include "report/sens.h"

struct breakeven_own {
	const char *param;
	bool have_range;
	double lo, hi;
	struct knob knob;
	double *cross;
	bool *jump;
	size_t ncross;
	struct sens_noise noise;
	bool have_noise;
};

static int breakeven_option(void *own, enum opt_id id, const char *arg,
                            struct diag *d)
{
	struct breakeven_own *b = own;
	double step;

	switch (id) {
	case OPT_PARAM:
		b->param = arg;
		return FP_OK;
	case OPT_RANGE:
		b->have_range = true;
		if (cli_range(arg, "--range", &b->lo, &b->hi, &step, d) !=
		    FP_OK)
			return FP_ERR;
		if (step != 0)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--range takes LO:HI, without a step");
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0, "breakeven takes no option %d",
		                (int)id);
	}
}

/* The interval of each break-even over the resamples of the runs. */
static int breakeven_noise(struct breakeven_own *b, struct priced *pr,
                           const struct cmd_call *call, struct diag *d)
{
	struct noise_side side[2];
	struct judge_opts jo = cmd_judge_opts(&call->noise);
	const struct boot_opts bo = jo.boot;

	if (judge_sens_sides(&jo, &pr->job, side, &b->have_noise, d) != FP_OK)
		return FP_ERR;
	if (!b->have_noise)
		return FP_OK;
	return sens_noise_breakeven(pr->job.metric, &pr->job.runs, side, &bo,
	                            b->param, b->lo, b->hi, b->cross, b->ncross,
	                            &b->noise, d);
}

static int breakeven_analyse(void *own, struct priced *pr,
                             const struct cmd_call *call, struct diag *d)
{
	struct sens *s = &pr->sens;
	struct breakeven_own *b = own;

	if (!b->param)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "breakeven needs --param NAME");
	if (sens_knob(s, b->param, &b->knob, d) != FP_OK)
		return FP_ERR;
	if (!b->have_range)
		sens_default_range(&b->knob, &b->lo, &b->hi);
	if (sens_breakeven(s, &b->knob, b->lo, b->hi, &b->cross, &b->jump,
	                   &b->ncross, d) != FP_OK)
		return FP_ERR;
	return breakeven_noise(b, pr, call, d);
}

struct base_args {
	const struct param_breakeven *r;
	double net;
};

static int base(void *ctx, enum report_format f, FILE *out, struct diag *d)
{
	const struct base_args *a = ctx;

	return report_breakeven(a->r, a->net, f, out, d);
}

static int breakeven_write(void *own, struct priced *pr,
                           const struct cmd_call *call, FILE *out,
                           struct diag *d)
{
	struct sens *s = &pr->sens;
	struct breakeven_own *b = own;
	struct param_breakeven r = {
	    .param = b->knob.name,
	    .value = b->knob.base,
	    .lo = b->lo,
	    .hi = b->hi,
	    .ncross = b->ncross,
	    .cross = b->cross,
	    .jump = b->jump,
	    .zero_everywhere = b->knob.zero_everywhere,
	    .every_crossing = b->knob.every_crossing,
	};

	struct base_args a = {&r, s->base_net};
	struct sens_noise_view v = {b->have_noise ? &b->noise : NULL, NULL,
	                            NULL, 0, b->cross};

	return report_sens_noise(base, &a, &v, call->out.format, out, d);
}

static void breakeven_free(void *own)
{
	free(((struct breakeven_own *)own)->cross);
	free(((struct breakeven_own *)own)->jump);
	sens_noise_free(&((struct breakeven_own *)own)->noise);
}

const struct command cmd_breakeven = {
    .name = "breakeven",
    .summary = "where net is zero as one parameter varies",
    .args = "[OPTIONS] BEFORE [AFTER] --param NAME",
    .description =
        "Finds where net = gain - cost is zero as one parameter varies "
        "and the others are held: every crossing in the range, each "
        "solved to full double precision, or a clear statement that the "
        "sign never flips.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_PARAM,
             .name = "param",
             .arg = "NAME",
             .help = "a metric or scenario parameter, or weight:GLOB "
                     "(the weight of the cases GLOB matches)"},
            {.id = OPT_RANGE,
             .name = "range",
             .arg = "LO:HI",
             .help = "where to look (default: value/100 to "
                     "value*100; -1 to 1 for a value of 0)"},
            {0},
        },
    .groups = (const struct opt_group *const[]){&job_group, &run_group,
                                                &sens_output_group,
                                                &cmd_noise_sens_group, NULL},
    PRICING_ARGS,
    .own_size = sizeof(struct breakeven_own),
    .option = breakeven_option,
    .pricing =
        &(const struct pricing){
            .analysis = true,
            .analyse = breakeven_analyse,
            .write = breakeven_write,
        },
    .free_own = breakeven_free,
};
