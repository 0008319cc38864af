/* verify.c: `fixprice verify`: a saved record against today's inputs,
 * priced again with the record's own invocation.  A thin shell: the
 * record is read by report/record.c, its options taken back by
 * cmd/invocation.c, the inputs priced and judged by the frame
 * (pricing.c) and cmd_judge, and compared by report/verify.c. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/command.h"
#include "cmd/invocation.h"
#include "noise/boot.h"
#include "report/verify.h"
#include "util/names.h"
#include "util/source.h"

/* The work a record may ask of verify unless --bootstrap says otherwise:
 * resamples, and draws (resamples times the runs' samples; some 8 ns
 * each, so 10^10 is a minute or two of CPU). */
#define VERIFY_MAX_B 100000
#define VERIFY_MAX_DRAWS 10000000000.0
#define VERIFY_MAX_DRAWS_TEXT "10^10"

struct verify_own {
	const char *inputs;    /* --inputs DIR */
	bool any_path;         /* --any-path */
	struct cmd_noise boot; /* --bootstrap B, if b_given */
	char file[4096];       /* the record's JSON file */
	struct record_value then, now;
	struct job_opts job; /* taken from the record; freed here */
	struct cmd_paths paths;
	char *runs[2];
	struct record r;
	struct cmd_judged judged;
	struct verify_result res;
};

static int verify_option(void *own, enum opt_id id, const char *arg,
                         struct diag *d)
{
	struct verify_own *o = own;

	if (id == OPT_ANY_PATH) {
		o->any_path = true;
		return FP_OK;
	}
	if (id == OPT_BOOTSTRAP)
		return cmd_noise_option(&o->boot, id, arg, d);
	if (id != OPT_INPUTS)
		return diag_set(d, NULL, 0, 0, "verify takes no option %d",
		                (int)id);
	o->inputs = arg;
	return FP_OK;
}

static int check_form(const struct output_opts *out, struct diag *d)
{
	char known[64];

	if (report_form_of(out->format)->verify)
		return FP_OK;
	return diag_set(d, CLI_SOURCE, 0, 0, "verify writes %s, not %s",
	                report_verify_format_list(known, sizeof known),
	                report_form_of(out->format)->name);
}

/* Where the record asks for its resamples: at[0] line, at[1] column (0
 * when it does not say). */
static void bootstrap_at(const struct verify_own *o, int at[2])
{
	const struct rv_invocation *inv = &o->then.invocation;

	at[0] = at[1] = 0;
	for (size_t i = 0; i < inv->nopts; i++)
		if (strcmp(inv->opts[i].name, "bootstrap") == 0) {
			at[0] = (int)inv->opts[i].line;
			at[1] = (int)inv->opts[i].col;
		}
}

/* The resamples verify draws: --bootstrap's, else the record's up to
 * VERIFY_MAX_B, refused above it at the record's place. */
static int bound_resamples(struct verify_own *o, struct cmd_call *call,
                           struct diag *d)
{
	size_t B = cmd_judge_opts(&call->noise).boot.B;
	int at[2];

	if (o->boot.b_given) {
		call->noise.B = o->boot.B;
		call->noise.b_given = true;
		return FP_OK;
	}
	if (B <= VERIFY_MAX_B)
		return FP_OK;
	bootstrap_at(o, at);
	return diag_set(d, o->file, at[0], at[1],
	                "the record asks for %zu bootstrap resamples, more "
	                "than verify draws unless told (%d); give --bootstrap "
	                "%zu to draw them, or --bootstrap N to draw fewer (the "
	                "interval then differs from the record's)",
	                B, VERIFY_MAX_B, B);
}

static double samples_of(const struct run *r)
{
	return !r ? 0 : r->sample_off ? (double)r->sample_off[r->n] : 0;
}

/* Unless --bootstrap was given: the resamples times the runs' samples
 * at most VERIFY_MAX_DRAWS. */
static int bound_draws(const struct verify_own *o, const struct priced *pr,
                       const struct cmd_call *call, struct diag *d)
{
	size_t B = cmd_judge_opts(&call->noise).boot.B;
	double n =
	    samples_of(pr->job.runs.before) + samples_of(pr->job.runs.after);

	int at[2];

	if (o->boot.b_given || (double)B * n <= VERIFY_MAX_DRAWS)
		return FP_OK;
	bootstrap_at(o, at);
	return diag_set(d, o->file, at[0], at[1],
	                "the record asks for %zu bootstrap resamples of %.0f "
	                "samples, more draws than verify makes unless told "
	                "(" VERIFY_MAX_DRAWS_TEXT "); give --bootstrap %zu to "
	                "draw them, or --bootstrap N to draw fewer (the "
	                "interval then differs from the record's)",
	                B, n, B);
}

/* Before the frame loads: the record read, its invocation taken back as
 * the options of a price command over the same inputs. */
static int verify_setup(void *own, struct cmd_call *call, struct diag *d)
{
	struct verify_own *o = own;
	struct cmd_call taken = {.cmd = call->cmd};
	const char *rec = call->args[0];
	struct stat st;

	if (check_form(&call->out, d) != FP_OK ||
	    record_value_read(rec, &o->then, d) != FP_OK)
		return FP_ERR;
	if (stat(rec, &st) == 0 && S_ISDIR(st.st_mode))
		snprintf(o->file, sizeof o->file, "%s/decision.json", rec);
	else
		snprintf(o->file, sizeof o->file, "%s", rec);
	o->paths.dir = o->inputs;
	o->paths.any_path = o->any_path;
	if (source_confine(
	        &(struct source_bounds){
	            .root = o->any_path ? NULL
	                    : o->inputs ? o->inputs
	                                : ".",
	            .root_name = o->inputs ? o->inputs : "the current folder",
	            .file = o->file,
	            .hint = "verify reads a record's inputs only below it "
	                    "(run verify where the record was made, or give "
	                    "--inputs DIR or --any-path)"},
	        d) != FP_OK)
		return FP_ERR;
	if (!o->then.have_invocation)
		return diag_set(d, o->file, 0, 0, "%s", o->then.no_invocation);
	if (cmd_invocation_take(&taken, &o->then.invocation, o->file, &o->paths,
	                        o->runs, &call->nargs, d) != FP_OK) {
		job_opts_free(&taken.job);
		return FP_ERR;
	}
	o->job = taken.job;
	call->job = taken.job;
	call->noise = taken.noise;
	if (bound_resamples(o, call, d) != FP_OK)
		return FP_ERR;
	call->args = o->runs;
	return FP_OK;
}

static int verify_analyse(void *own, struct priced *pr,
                          const struct cmd_call *call, struct diag *d)
{
	struct verify_own *o = own;

	if (bound_draws(o, pr, call, d) != FP_OK)
		return FP_ERR;
	job_record(&pr->job, pr->price, &o->r);
	if (cmd_judge(&call->noise, &call->job, call->args[0], &pr->job,
	              pr->price, &o->judged, d) != FP_OK)
		return FP_ERR;
	o->r.verdict = &o->judged.j.v;
	cmd_judge_input(&o->judged, &call->noise, &o->r);
	if (record_value_of(&o->r, &o->now, d) != FP_OK)
		return FP_ERR;
	return verify_compare(o->file, &o->then, &o->now,
	                      o->then.invocation_guessed, &o->res, d);
}

static int verify_write_step(void *own, struct priced *pr,
                             const struct cmd_call *call, FILE *out,
                             struct diag *d)
{
	struct verify_own *o = own;

	(void)pr;
	return verify_write(&o->res, call->out.format, out, d);
}

/* 0 unchanged, 1 changed. */
static int verify_after(void *own, struct priced *pr,
                        const struct cmd_call *call, int *status,
                        struct diag *d)
{
	struct verify_own *o = own;

	(void)pr;
	(void)call;
	(void)d;
	*status = o->res.same ? EXIT_OK : EXIT_GATE;
	return FP_OK;
}

static void verify_free_own(void *own)
{
	struct verify_own *o = own;

	source_unconfine();
	record_value_free(&o->then);
	record_value_free(&o->now);
	job_opts_free(&o->job);
	cmd_paths_free(&o->paths);
	cmd_judged_free(&o->judged);
}

/* The output options, with the forms verify writes. */
static const struct opt_group verify_output = {
    .intro = "Output:",
    .man = "OUTPUT OPTIONS",
    .opts =
        (const struct opt_spec[]){
            CMD_OUTPUT_OPTS(report_verify_format_list, NULL), {0}},
    .take = cmd_take_output,
};

static const struct opt_group *const verify_groups[] = {
    &verify_output,
    NULL,
};

const struct command cmd_verify = {
    .name = "verify",
    .summary = "check that a saved record still stands on today's inputs",
    .args = "[OPTIONS] RECORD",
    .description =
        "Reads a decision record (a record folder or its decision.json), "
        "re-hashes every input and the metric it names, prices them "
        "again with the record's own invocation (parameters, weights, "
        "estimator, seed, bootstrap, margin, policies, results files, "
        "scenario, control run), and says what changed: which inputs "
        "differ by hash, the old and new net and verdict, whether the "
        "decision still stands, and the cases whose share of net moved "
        "most.  The first line of every form is the outcome.",
    .epilogue = "Exit status: 0 unchanged (the figures are byte-identical), "
                "1 changed, 2 an input missing or unreadable, a bad record "
                "or usage, 4 out of memory.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_INPUTS,
             .name = "inputs",
             .arg = "DIR",
             .help = "look the record's inputs up in DIR by base name "
                     "instead of where the record says"},
            {.id = OPT_ANY_PATH,
             .name = "any-path",
             .help = "read inputs the record names outside the current "
                     "folder (or DIR) too: trust the record's paths"},
            {.id = OPT_BOOTSTRAP,
             .name = "bootstrap",
             .arg = "B",
             .help =
                 "draw B resamples, whatever the record says; without "
                 "it, a record asking for more than " FP_STR(
                     VERIFY_MAX_B) " resamples, or more than "
                                   "10^10 resamples times samples, is refused"},
            {0},
        },
    .groups = verify_groups,
    .min_args = 1,
    .max_args = 1,
    .args_error = "give one RECORD: a record folder or its decision.json",
    .own_size = sizeof(struct verify_own),
    .option = verify_option,
    .pricing =
        &(const struct pricing){
            .setup = verify_setup,
            .analyse = verify_analyse,
            .write = verify_write_step,
            .after = verify_after,
        },
    .free_own = verify_free_own,
};
