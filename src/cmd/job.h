/* job.h: what every pricing command (price, breakeven, sweep, tornado, map)
 * reads from its command line and loads before it can price anything: the
 * metric with its edits, the runs or the run plus a scenario, joined.
 *
 * Commands put JOB_LONGOPTS into their getopt_long table and pass each
 * option to job_option; then job_load turns the options into a request for
 * the loader (price/load.h), which does the rest. */
#ifndef FP_JOB_H
#define FP_JOB_H

#include <stdbool.h>
#include <stddef.h>

#include "price/load.h"
#include "price/price.h"
#include "report/report.h"
#include "util/diag.h"

enum {
	JOB_OPT_METRIC = 'm',
	JOB_OPT_SET = 1000,
	JOB_OPT_WEIGHT,
	JOB_OPT_SCENARIO,
	JOB_OPT_FACTOR,
	JOB_OPT_PASS,
	JOB_OPT_FAIL,
	JOB_OPT_DROP,
	JOB_OPT_COLUMN,
	JOB_OPT_INPUT_FORMAT,
};

#define JOB_LONGOPTS \
	{"metric", required_argument, NULL, JOB_OPT_METRIC}, \
	{"set", required_argument, NULL, JOB_OPT_SET}, \
	{"weight", required_argument, NULL, JOB_OPT_WEIGHT}, \
	{"scenario", required_argument, NULL, JOB_OPT_SCENARIO}, \
	{"runtime-factor", required_argument, NULL, JOB_OPT_FACTOR}, \
	{"pass", required_argument, NULL, JOB_OPT_PASS}, \
	{"fail", required_argument, NULL, JOB_OPT_FAIL}, \
	{"drop-missing", no_argument, NULL, JOB_OPT_DROP}, \
	{"column", required_argument, NULL, JOB_OPT_COLUMN}, \
	{"input-format", required_argument, NULL, JOB_OPT_INPUT_FORMAT}

/* The usage text of those options, for each command's help. */
#define JOB_USAGE \
	"Inputs: BEFORE AFTER (two runs), BOTH (one run with _before and\n" \
	"_after columns), or BEFORE with a scenario (a prediction).\n" \
	"  -m, --metric NAME|FILE  metric definition (default: pypto-gym)\n" \
	"  --set NAME=VALUE        set a metric or scenario parameter\n" \
	"  --weight GLOB=W         weight of the cases GLOB matches (last wins)\n" \
	"  --scenario FILE         predict the after run from a scenario\n" \
	"  --runtime-factor F      predict: every runtime times F\n" \
	"  --pass GLOB, --fail GLOB  predict: these cases pass (fail) after\n" \
	"  --drop-missing          leave out cases that only one run has\n" \
	"  --column TO=FROM        use run column FROM as TO (e.g.\n" \
	"                          runtime=real_time_ns)\n" \
	"  --input-format FMT      csv, json, yaml, gbench or hyperfine\n"

/* What the options said; strings point into argv. */
struct job_opts {
	const char *metric;
	const char *scenario;
	const char *input_format;
	bool drop_missing, have_factor;
	double runtime_factor;
	size_t nsets, nweights, npass, nfail, ncolumns;
	char **set_name;
	double *set_value;
	char **weight_glob;
	double *weight_value;
	const char **pass, **fail;
	char **column_to;
	const char **column_from;
};

/* Takes one option of JOB_LONGOPTS.  Returns FP_OK if taken, FP_ERR with d
 * filled if its argument is bad, and 1 if opt is not a job option. */
int job_option(struct job_opts *o, int opt, const char *arg, struct diag *d);
void job_opts_free(struct job_opts *o);

/* Loads metric, runs and scenario from inputs[0..ninputs) and o (struct
 * job and job_free are the loader's).  Caller frees with job_free (also
 * after a failure). */
int job_load(const struct job_opts *o, char *const *inputs, size_t ninputs,
             struct job *job, struct diag *d);

/* Starts a record for this job: inputs, metric, scenario, prediction flag. */
void job_record(const struct job *job, const struct price *p,
                struct record *r);

#endif
