/* price.c: `fixprice price`: the tool's main job.  Prices a fix from two
 * measured runs, or from a before run and a scenario, and writes the
 * decision record. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/command.h"
#include "cmd/invocation.h"
#include "cmd/record_extras.h"
#include "report/report.h"
#include "util/rows.h"

struct price_own {
	const char *record;
	bool check;
	int verbose;
	struct record_extras extras;
	struct record r;
	struct record_invocation inv; /* for verify */
	struct suspects suspects;
	struct gate_nears gate_nears;
	struct cmd_judged judged;
};

static int price_option(void *own, enum opt_id id, const char *arg,
                        struct diag *d)
{
	struct price_own *o = own;

	switch (id) {
	case OPT_RECORD:
		o->record = arg;
		return FP_OK;
	case OPT_CHECK:
		o->check = true;
		return FP_OK;
	case OPT_VERBOSE:
		o->verbose++;
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0, "price takes no option %d",
		                (int)id);
	}
}

/* --annotations asks for workflow commands on stdout, beside a job
 * summary written to -o FILE: they cannot share stdout with it (the
 * runner would not read commands in the summary file). */
static int annotations_check(const struct output_opts *out, struct diag *d)
{
	if (!out->annotations)
		return FP_OK;
	if (out->format != FORMAT_GITHUB)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--annotations needs --format github");
	if (!out->output || strcmp(out->output, "-") == 0)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--annotations needs -o FILE: the workflow commands "
		    "go to standard output, the job summary to FILE");
	return FP_OK;
}

/* Workflow commands go to stdout under GitHub Actions (GITHUB_ACTIONS set)
 * when asked (--annotations) or when a person reads stdout (a terminal),
 * for the github form only. */
static bool annotate(const struct output_opts *out)
{
	const char *ga = getenv("GITHUB_ACTIONS");

	return out->format == FORMAT_GITHUB && ga && *ga &&
	       (out->annotations || isatty(STDOUT_FILENO));
}

static int price_analyse(void *own, struct priced *pr,
                         const struct cmd_call *call, struct diag *d)
{
	struct price_own *o = own;
	const char *dir = NULL; /* where the record folder is written */

	if (call->out.ascii && !call->out.plot_dir && !o->record)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--ascii needs --plot-dir DIR or --record DIR: "
		                "it adds a text rendering of the plots drawn "
		                "there");
	if (o->record &&
	    (report_record_dir_check(o->record, call->out.force, d) != FP_OK ||
	     staging_open(&pr->record_stage, o->record, d) != FP_OK))
		return FP_ERR;
	if (o->record)
		dir = pr->record_stage.path;
	if (annotations_check(&call->out, d) != FP_OK)
		return FP_ERR;
	job_record(&pr->job, pr->price, &o->r);
	cmd_invocation(call, &o->inv);
	o->r.invocation = &o->inv;
	if (price_suspects(pr->price, pr->job.metric->suspicious_ratio,
	                   &o->suspects, d) != FP_OK)
		return FP_ERR;
	o->r.suspects = &o->suspects;
	if (price_gate_nears(pr->price, pr->session, &o->gate_nears, d) !=
	    FP_OK)
		return FP_ERR;
	o->r.gate_nears = &o->gate_nears;
	o->r.md_limit = call->out.md_limit;
	if (cmd_judge(&call->noise, &call->job, call->args[0], &pr->job,
	              pr->price, &o->judged, d) != FP_OK)
		return FP_ERR;
	o->r.verdict = &o->judged.j.v;
	o->r.cliffs = &o->judged.j.cliffs;
	cmd_judge_input(&o->judged, &call->noise, &o->r);
	/* A record folder carries break-evens and plots; so does -o/stdout
	 * when plots were asked for. */
	if ((dir || call->out.plot_dir) &&
	    (record_extras_fill(&o->extras, pr->session, dir, &call->out, &o->r,
	                        d) != FP_OK ||
	     cmd_judge_plot(&o->judged, dir, &call->out, &o->r, d) != FP_OK))
		return FP_ERR;
	if (dir && report_record_dir(&o->r, dir, call->out.force, d) != FP_OK)
		return FP_ERR;
	return FP_OK;
}

static int price_write(void *own, struct priced *pr,
                       const struct cmd_call *call, FILE *out, struct diag *d)
{
	struct price_own *o = own;

	return report_write(&o->r, call->out.format, out, o->verbose, d);
}

/* Accept: 0.  Reject or no material effect: 1.  Inconclusive: 3.  Not
 * judged: as the point estimate decides, as the guards leave it (0, 1,
 * or 3 when the control guard fires); the record says the noise was not
 * judged. */
static int check_status(const struct verdict *v)
{
	static const int status[] = {
	    [VERDICT_ACCEPT] = 0,
	    [VERDICT_REJECT] = EXIT_GATE,
	    [VERDICT_NO_EFFECT] = EXIT_GATE,
	    [VERDICT_INCONCLUSIVE] = EXIT_INCONCLUSIVE,
	    [VERDICT_NOT_JUDGED] = EXIT_INCONCLUSIVE,
	};
	FP_ROWS(status, VERDICT_KIND_COUNT);

	return status[verdict_decision(v)];
}

static int price_after(void *own, struct priced *pr,
                       const struct cmd_call *call, int *status, struct diag *d)
{
	struct price_own *o = own;

	record_extras_notes(&o->extras, &call->out, stderr);
	if (annotate(&call->out) &&
	    report_github_commands(&o->r, stdout, d) != FP_OK)
		return FP_ERR;
	cmd_judge_notes(&o->judged, &call->out, stderr);
	pr->check = o->check;
	if (o->check)
		*status = check_status(&o->judged.j.v);
	return FP_OK;
}

static void price_free_own(void *own)
{
	struct price_own *o = own;

	record_extras_free(&o->extras);
	suspects_free(&o->suspects);
	gate_nears_free(&o->gate_nears);
	cmd_judged_free(&o->judged);
}

const struct command cmd_price = {
    .name = "price",
    .summary = "price a fix: gain, cost, net and the decision",
    .args = "[OPTIONS] BEFORE [AFTER]",
    .description =
        "Prices a fix in the metric's own units: gain (what newly "
        "passing cases add), cost (what the slowdown takes from every "
        "case), net = gain - cost, and the decision, with the metric's "
        "own totals as a control.",
    .epilogue = "Exit status: 0 a record was produced, 1 --check and the "
                "verdict is reject, 2 bad input or usage, 3 --check and the "
                "verdict is inconclusive, 4 out of memory.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_RECORD,
             .name = "record",
             .arg = "DIR",
             .help = "write decision.md, decision.json, cases.csv, "
                     "index.html, the break-even of every parameter and "
                     "plots"},
            {.id = OPT_VERBOSE,
             .name = "verbose",
             .letter = 'v',
             .help = "add the per-case table to text output"},
            {.id = OPT_CHECK,
             .name = "check",
             .help = "exit 1 when the verdict is reject, 3 when it is "
                     "inconclusive"},
            {0},
        },
    .groups = cmd_verdict_groups,
    PRICING_ARGS,
    .own_size = sizeof(struct price_own),
    .option = price_option,
    .pricing =
        &(const struct pricing){
            .own_forms = true,
            .plots_in_record = true,
            .analyse = price_analyse,
            .write = price_write,
            .after = price_after,
        },
    .free_own = price_free_own,
};
