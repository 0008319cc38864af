/* groups.c: the option groups several commands share (the pricing inputs,
 * output, plots), as table data for the one option loop (parse.c).  Each
 * group's options go to the parser of their own module (job.c, cli.c). */
#include "cmd/command.h"
#include "util/names.h"
#include "run/detect.h"
#include "run/estimate.h"
#include "price/guards.h"

static int take_job(struct cmd_call *call, enum opt_id id, const char *arg,
                    struct diag *d)
{
	return job_option(&call->job, id, arg, d);
}

/* How a run is read, its report merged, its cases chosen and, for two
 * runs, joined: every pricing command and eval take these. */
const struct opt_group run_group = {
    .intro = "Reading the runs (eval reads its runs so too):",
    .man = "INPUT OPTIONS",
    .opts =
        (const struct opt_spec[]){
            {.id = OPT_METRIC,
             .name = "metric",
             .replay = "metric",
             .letter = 'm',
             .arg = "NAME|FILE",
             .help = "metric definition (default: pypto-gym)"},
            {.id = OPT_SET,
             .name = "set",
             .replay = "set",
             .arg = "NAME=VALUE",
             .help = "set a metric or scenario parameter"},
            {.id = OPT_MISSING,
             .name = "missing",
             .replay = "missing",
             .arg = "MODE",
             .help = "a case only one run has: error (default), fail (failing "
                     "with no runtime in the other run) or drop"},
            {.id = OPT_DROP_MISSING,
             .name = "drop-missing",
             .replay = "missing",
             .help = "the same as --missing drop"},
            {.id = OPT_COLUMN,
             .name = "column",
             .replay = "column",
             .arg = "TO=FROM",
             .help = "use run column FROM as TO (e.g. "
                     "runtime=real_time_ns)"},
            {.id = OPT_INPUT_FORMAT,
             .name = "input-format",
             .replay = "input-format",
             .arg = "FMT",
             .help = "the runs' format (default: by content and name)",
             .choices = run_format_list},
            {.id = OPT_ESTIMATOR,
             .name = "estimator",
             .replay = "estimator",
             .arg = "EST",
             .help = "runtime of a case from its samples (default: "
                     "median)",
             .choices = run_estimator_list},
            {.id = OPT_TIME,
             .name = "time",
             .replay = "time",
             .arg = "real|cpu",
             .help = "Google Benchmark: which time (default: real)"},
            {.id = OPT_RESULTS,
             .name = "results",
             .replay = "results",
             .arg = "FILE",
             .help = "merge pass states of a JUnit XML report into the "
                     "after run (eval: into its one run)"},
            {.id = OPT_RESULTS_BEFORE,
             .name = "results-before",
             .replay = "results-before",
             .arg = "FILE",
             .help = "the same for the before run"},
            {.id = OPT_SPLIT_BY,
             .name = "split-by",
             .replay = "split-by",
             .arg = "KEY",
             .help = "one Go benchmark file holds both runs: its first "
                     "value of the configuration line KEY is before, its "
                     "second after"},
            {.id = OPT_BEFORE,
             .name = "before",
             .replay = "before",
             .arg = "FILE...",
             .help = "the before runs, one or more, each of any format, "
                     "instead of BEFORE AFTER (with --after): several "
                     "runs of one side are merged (the estimator over "
                     "the runs' estimates)",
             .many = true},
            {.id = OPT_AFTER,
             .name = "after",
             .replay = "after",
             .arg = "FILE...",
             .help = "the after runs, one or more (with --before)",
             .many = true},
            {.id = OPT_CASES,
             .name = "cases",
             .replay = "cases",
             .arg = "GLOB",
             .help = "price only the cases GLOB matches (repeatable)"},
            {.id = OPT_EXCLUDE,
             .name = "exclude",
             .replay = "exclude",
             .arg = "GLOB",
             .help = "leave out the cases GLOB matches (repeatable)"},
            {0},
        },
    .take = take_job,
};

/* What pricing adds to the runs: weights and a prediction. */
const struct opt_group job_group = {
    .intro = "Inputs: BEFORE AFTER (two runs), BOTH (one run with _before and "
             "_after columns), or BEFORE with a scenario (a prediction).",
    .man = "PRICING INPUT OPTIONS",
    .opts =
        (const struct opt_spec[]){
            {.id = OPT_WEIGHT,
             .name = "weight",
             .replay = "weight",
             .arg = "GLOB=W",
             .help = "weight of the cases GLOB matches (last wins)"},
            {.id = OPT_SCENARIO,
             .name = "scenario",
             .replay = "scenario",
             .arg = "FILE",
             .help = "predict the after run from a scenario"},
            {.id = OPT_RUNTIME_FACTOR,
             .name = "runtime-factor",
             .replay = "runtime-factor",
             .arg = "F",
             .help = "predict: every runtime times F"},
            {.id = OPT_PASS,
             .name = "pass",
             .replay = "pass",
             .arg = "GLOB",
             .help = "predict: these cases pass after"},
            {.id = OPT_FAIL,
             .name = "fail",
             .replay = "fail",
             .arg = "GLOB",
             .help = "predict: these cases fail after"},
            {0},
        },
    .take = take_job,
};

int cmd_take_output(struct cmd_call *call, enum opt_id id, const char *arg,
                    struct diag *d)
{
	return output_option(&call->out, id, arg, d);
}

/* --format and -o of price, which writes every form ... */
const struct opt_group output_group = {
    .intro = "Output:",
    .man = "OUTPUT OPTIONS",
    .opts =
        (const struct opt_spec[]){
            CMD_OUTPUT_OPTS(report_format_list, report_ext_list), {0}},
    .take = cmd_take_output,
};

/* ... and of the sensitivity commands, which write the forms their tables
 * have. */
const struct opt_group sens_output_group = {
    .intro = "Output:",
    .man = "OUTPUT OPTIONS",
    .opts = (const struct opt_spec[]){CMD_OUTPUT_OPTS(report_sens_format_list,
                                                      report_sens_ext_list),
                                      {0}},
    .take = cmd_take_output,
};

/* What only the decision record has (price). */
const struct opt_group record_output_group = {
    .man = "RECORD OUTPUT OPTIONS",
    .opts =
        (const struct opt_spec[]){
            {.id = OPT_MD_LIMIT,
             .name = "md-limit",
             .arg = "N",
             .help = "the Markdown record in at most N characters "
                     "(default 65536, a GitHub comment; github: N bytes, "
                     "default 1048576)"},
            {.id = OPT_ANNOTATIONS,
             .name = "annotations",
             .help = "with --format github -o FILE: workflow commands "
                     "on stdout when GITHUB_ACTIONS is set"},
            {0},
        },
    .take = cmd_take_output,
};

const struct opt_group plot_group = {
    .man = "PLOT OPTIONS",
    .opts =
        (const struct opt_spec[]){
            {.id = OPT_PLOT_DIR,
             .name = "plot-dir",
             .arg = "DIR",
             .help = "draw plots (script, data, picture) into DIR"},
            {.id = OPT_PLOT_FORMAT,
             .name = "plot-format",
             .arg = "FMT",
             .help = "svg (default) or png"},
            {.id = OPT_ASCII,
             .name = "ascii",
             .help = "add a text rendering of the plots"},
            {.id = OPT_PLOT_TIMEOUT,
             .name = "plot-timeout",
             .arg = "SECONDS",
             .help = "stop gnuplot after SECONDS for one picture "
                     "(default 60; 0: no limit)"},
            {0},
        },
    .take = cmd_take_output,
};

static int take_noise(struct cmd_call *call, enum opt_id id, const char *arg,
                      struct diag *d)
{
	return cmd_noise_option(&call->noise, id, arg, d);
}

const struct opt_group cmd_noise_group = {
    .intro = "Noise and the verdict (with samples per case, or --control):",
    .man = "NOISE OPTIONS",
    .opts =
        (const struct opt_spec[]){
            {.id = OPT_BOOTSTRAP,
             .name = "bootstrap",
             .replay = "bootstrap",
             .arg = "B",
             .help = "resamples of the runs' samples (default " FP_STR(
                 NOISE_DEFAULT_B) "; 0: none)"},
            {.id = OPT_CONFIDENCE,
             .name = "confidence",
             .replay = "confidence",
             .arg = "C",
             .help = "confidence of the interval and the verdict "
                     "(default " FP_STR(NOISE_DEFAULT_CONFIDENCE) ")"},
            {.id = OPT_SEED,
             .name = "seed",
             .replay = "seed",
             .arg = "S",
             .help = "seed of the resamples (default " FP_STR(
                 NOISE_DEFAULT_SEED) ")"},
            {.id = OPT_THREADS,
             .name = "threads",
             .arg = "N",
             .help = "threads to resample on (default: one per CPU; the "
                     "result is the same for any N)"},
            {.id = OPT_PASS_POLICY,
             .name = "pass-policy",
             .replay = "pass-policy",
             .arg = "P",
             .help = "a case whose samples disagree on passing passes: all "
                     "(default), majority or any"},
            {0},
        },
    .take = take_noise,
};

/* The verdict's options (price): after the noise group's, under its
 * intro. */
const struct opt_group cmd_verdict_group = {
    .man = "VERDICT OPTIONS",
    .opts =
        (const struct opt_spec[]){
            {.id = OPT_CONTROL,
             .name = "control",
             .replay = "control",
             .arg = "RUN...",
             .help = "reruns of the unchanged code, one or more (the runs "
                     "of a third side, after BEFORE AFTER): the noise "
                     "floor, and with samples the verdict is on net less "
                     "its net",
             .many = true},
            {.id = OPT_ALLOW_NEWLY_FAILING,
             .name = GUARD_NEWLY_FAILING_OPTION,
             .replay = GUARD_NEWLY_FAILING_OPTION,
             .help = GUARD_NEWLY_FAILING_OFF},
            {.id = OPT_NO_CONTROL_GUARD,
             .name = GUARD_CONTROL_OPTION,
             .replay = GUARD_CONTROL_OPTION,
             .help = GUARD_CONTROL_OFF},
            {.id = OPT_MARGIN,
             .name = "margin",
             .replay = "margin",
             .arg = "POINTS",
             .help = "no material effect when the interval of net lies "
                     "within +-POINTS (default: the metric's margin, 0)"},
            {0},
        },
    .take = take_noise,
};

/* The noise options a sensitivity command takes: the resampling, not the
 * verdict's. */
const struct opt_group cmd_noise_sens_group = {
    .intro = "Noise (with samples per case):",
    .man = "NOISE OPTIONS",
    .opts =
        (const struct opt_spec[]){
            {.id = OPT_BOOTSTRAP,
             .name = "bootstrap",
             .replay = "bootstrap",
             .arg = "B",
             .help = "resamples of the runs' samples (default " FP_STR(
                 NOISE_DEFAULT_B) ", as price; 0: none)"},
            {.id = OPT_CONFIDENCE,
             .name = "confidence",
             .replay = "confidence",
             .arg = "C",
             .help = "confidence of the intervals (default " FP_STR(
                 NOISE_DEFAULT_CONFIDENCE) ")"},
            {.id = OPT_SEED,
             .name = "seed",
             .replay = "seed",
             .arg = "S",
             .help = "seed of the resamples (default " FP_STR(
                 NOISE_DEFAULT_SEED) ")"},
            {.id = OPT_THREADS,
             .name = "threads",
             .arg = "N",
             .help = "threads to resample on (default: one per CPU)"},
            {.id = OPT_PASS_POLICY,
             .name = "pass-policy",
             .replay = "pass-policy",
             .arg = "P",
             .help = "all (default), majority or any"},
            {0},
        },
    .take = take_noise,
};

const struct opt_group *const cmd_verdict_groups[] = {
    &job_group,  &run_group,       &output_group,      &record_output_group,
    &plot_group, &cmd_noise_group, &cmd_verdict_group, NULL,
};

const struct opt_group *const cmd_sens_noise_groups[] = {
    &job_group,
    &run_group,
    &sens_output_group,
    &plot_group,
    &cmd_noise_sens_group,
    NULL,
};
