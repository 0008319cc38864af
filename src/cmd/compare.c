/* compare.c: `fixprice compare BEFORE CANDIDATE...`: several candidate
 * fixes (after runs or scenarios) priced against one before run, side by
 * side, with the best one and how sure that is (P(best), from resamples
 * drawn jointly: noise/compare.h). */
#include <stdlib.h>
#include <string.h>

#include "cmd/compare.h"
#include "util/escape.h"
#include "util/source.h"

/* --map X=LO:HI Y=LO:HI: two ranges, as map's --x and --y. */
static int take_axis(struct compare_own *o, const char *arg, struct diag *d)
{
	const char *eq = strrchr(arg, '=');
	struct cmp_axis *a = &o->axis[o->naxes];
	double step;

	if (o->naxes == 2)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--map takes two ranges, X=LO:HI Y=LO:HI, got a "
		    "third, '%s' (give BEFORE and the candidates "
		    "before --map)",
		    arg);
	if (!eq || eq == arg)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--map needs NAME=LO:HI, got '%s'", arg);
	if (cli_range(eq + 1, "--map", &a->lo, &a->hi, &step, d) != FP_OK)
		return FP_ERR;
	if (step != 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--map takes NAME=LO:HI, without a step");
	if (!(a->lo < a->hi))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--map: the range of '%s' is empty", arg);
	if (!(a->name = strndup(arg, (size_t)(eq - arg))))
		return diag_oom(d);
	o->naxes++;
	return FP_OK;
}

static int compare_option(void *own, enum opt_id id, const char *arg,
                          struct diag *d)
{
	struct compare_own *o = own;
	double r;

	switch (id) {
	case OPT_NAME:
		if (!CLI_RESERVE(o->names, o->nnames))
			return diag_oom(d);
		o->names[o->nnames++] = arg;
		return FP_OK;
	case OPT_MAP:
		return take_axis(o, arg, d);
	case OPT_RECORD:
		o->record = arg;
		return FP_OK;
	case OPT_RESOLUTION:
		if (cli_number(arg, "--resolution", &r, d) != FP_OK)
			return FP_ERR;
		if (!(r >= 2 && r <= COMPARE_MAX_RESOLUTION) ||
		    r != (double)(size_t)r)
			return diag_set(
			    d, CLI_SOURCE, 0, 0,
			    "--resolution must be a whole number from 2 to %d, "
			    "got '%s'",
			    COMPARE_MAX_RESOLUTION, arg);
		o->resolution = (size_t)r;
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0, "compare takes no option %d",
		                (int)id);
	}
}

/* What the frame loads is BEFORE and the first candidate, as price would;
 * the others are loaded by cmp_analyse. */
static int compare_setup(void *own, struct cmd_call *call, struct diag *d)
{
	struct compare_own *o = own;
	char forms[64];

	if (!report_form_of(call->out.format)->compare)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "compare writes %s, not %s",
		                report_compare_format_list(forms, sizeof forms),
		                report_form_of(call->out.format)->name);
	if (call->job.nruns[0] || call->job.nruns[1] || call->job.split_by)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "compare takes BEFORE and each candidate as one "
		    "file: not --before, --after or --split-by");
	if (o->naxes == 1)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--map needs two ranges, X=LO:HI Y=LO:HI");
	if (o->naxes == 2 && strcmp(o->axis[0].name, o->axis[1].name) == 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--map names the same parameter twice");
	o->args = call->args;
	o->nargs = call->nargs;
	o->k = call->nargs - 1;
	if (cmp_name_candidates(o, d) != FP_OK)
		return FP_ERR;
	o->first[0] = call->args[0];
	o->first[1] = call->args[1];
	call->args = o->first;
	call->nargs = 2;
	/* Each candidate is read once, as a run or a scenario: the loader
	 * tells which (price/candidate.h); the before run, the metric and
	 * the control run, loaded once per candidate, are read once too. */
	call->job.after_or_scenario = true;
	source_keep(true);
	return FP_OK;
}

/* --record DIR: staged as price's record folder is (the frame checks it
 * against every input, locks its folder and commits it with the rest);
 * the chart is drawn into it after the output (cmp_plot). */
static int compare_analyse(void *own, struct priced *pr,
                           const struct cmd_call *call, struct diag *d)
{
	struct compare_own *o = own;
	bool force = call->out.force;

	if (o->record &&
	    (report_compare_dir_check(o->record, force, d) != FP_OK ||
	     staging_open(&pr->record_stage, o->record, d) != FP_OK))
		return FP_ERR;
	o->record_dir = o->record ? pr->record_stage.path : NULL;
	if (cmp_analyse(o, pr, call, d) != FP_OK ||
	    cmp_provenance(o, call, d) != FP_OK)
		return FP_ERR;
	return o->record ? report_compare_dir(&o->view, o->record_dir, force, d)
	                 : FP_OK;
}

static int compare_write(void *own, struct priced *pr,
                         const struct cmd_call *call, FILE *out, struct diag *d)
{
	struct compare_own *o = own;

	(void)pr;
	return report_compare(&o->view, call->out.format, out, d);
}

static int compare_after(void *own, struct priced *pr,
                         const struct cmd_call *call, int *status,
                         struct diag *d)
{
	(void)pr;
	(void)status;
	return cmp_plot(own, call, d);
}

static void compare_free(void *own)
{
	cmp_free(own);
	source_keep(false);
}

static int take_output(struct cmd_call *call, enum opt_id id, const char *arg,
                       struct diag *d)
{
	return cmd_take_output(call, id, arg, d);
}

/* compare's forms: those of the forms table marked for it. */
static const struct opt_group compare_output_group = {
    .intro = "Output:",
    .man = "OUTPUT OPTIONS",
    .opts =
        (const struct opt_spec[]){CMD_OUTPUT_OPTS(report_compare_format_list,
                                                  report_compare_ext_list),
                                  {0}},
    .take = take_output,
};

static const struct opt_group *const compare_groups[] = {
    &run_group,       &compare_output_group, &plot_group,
    &cmd_noise_group, &cmd_verdict_group,    NULL,
};

const struct command cmd_compare = {
    .name = "compare",
    .summary = "several candidate fixes side by side, and the best one",
    .args = "[OPTIONS] BEFORE CANDIDATE... [--map X=LO:HI Y=LO:HI]",
    .description =
        "Prices each candidate (an after run, or a scenario: a .yaml file "
        "whose document is a mapping without cases) against the one "
        "before run: gain, cost, net "
        "with its interval, the verdict price would give, and the "
        "break-even of every parameter; names the candidate with the "
        "largest net and P(best), the share of bootstrap resamples in "
        "which it has the largest net, the before run drawn once per "
        "resample for every candidate.",
    .epilogue = "Exit status: 0 compared, 2 bad input or usage, 4 out of "
                "memory.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_NAME,
             .name = "name",
             .arg = "NAME",
             .help = "name the next candidate (in order; default: its "
                     "file's name without its extension)"},
            {.id = OPT_MAP,
             .name = "map",
             .arg = "X=LO:HI Y=LO:HI",
             .help = "also show which candidate wins over two parameters",
             .many = true},
            {.id = OPT_RECORD,
             .name = "record",
             .arg = "DIR",
             .help = "write compare.txt, compare.md, compare.json (with "
                     "every input's hash and the command line) and the "
                     "charts into DIR, whole or not at all"},
            {.id = OPT_RESOLUTION,
             .name = "resolution",
             .arg = "N",
             .help = "--map's grid points along each axis (default 50, 2 "
                     "to 1000)"},
            {0},
        },
    .groups = compare_groups,
    .min_args = 2,
    .max_args = (size_t)-1,
    .args_error = "give BEFORE and at least one CANDIDATE (an after run or "
                  "a scenario)",
    .own_size = sizeof(struct compare_own),
    .option = compare_option,
    .pricing =
        &(const struct pricing){
            .own_forms = true,
            .setup = compare_setup,
            .analyse = compare_analyse,
            .write = compare_write,
            .after = compare_after,
        },
    .free_own = compare_free,
};
