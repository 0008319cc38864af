/* job.h: what every pricing command (price, breakeven, sweep, tornado, map)
 * reads from its command line and loads before it can price anything: the
 * metric with its edits, the runs or the run plus a scenario, joined.
 *
 * The options are the group job_group (command.h); each goes to
 * job_option; then job_load turns them into a request for the loader
 * (price/load.h), which does the rest. */
#ifndef FP_JOB_H
#define FP_JOB_H

#include <stdbool.h>
#include <stddef.h>

#include "cmd/options.h"
#include "price/load.h"
#include "price/price.h"
#include "report/report.h"
#include "util/diag.h"

/* The pricing inputs, in two groups whose take fills call->job: how the
 * runs are read and joined (-m, --set, --estimator, --results, --cases,
 * ...), which eval takes too, and what pricing adds (--weight,
 * --scenario, --pass, ...). */
extern const struct opt_group run_group, job_group;

/* What the options said; strings point into argv. */
struct job_opts {
	const char *metric;
	/* Set by the verdict step for a control run: the fix's metric. */
	const struct metric *metric_given;
	const char *scenario;
	/* The second input is an after run or a scenario, which the loader
	 * tells apart (load.h): compare's candidates. */
	bool after_or_scenario;
	const char *input_format;
	bool have_factor;
	enum load_missing missing;
	enum run_estimator estimator;
	enum pass_policy policy; /* set from the noise group (--pass-policy) */
	bool cpu_time;
	const char *results[2]; /* --results-before, --results */
	const char *split_by;
	const char **cases, **exclude;
	size_t ncases, nexclude;
	/* --before B1 B2 ... --after A1 A2 ...: the runs of each side. */
	const char **runs[2];
	size_t nruns[2];
	/* The option that gave each side's runs, for errors: NULL for
	 * "before" and "after" ("control" for a control's runs). */
	const char *runs_flag[2];
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

/* Takes one option of job_group: FP_OK, or FP_ERR with d filled if its
 * argument is bad. */
int job_option(struct job_opts *o, enum opt_id id, const char *arg,
               struct diag *d);
void job_opts_free(struct job_opts *o);

/* Loads metric, runs and scenario from inputs[0..ninputs) and o (struct
 * job and job_free are the loader's).  Caller frees with job_free (also
 * after a failure). */
int job_load(const struct job_opts *o, char *const *inputs, size_t ninputs,
             struct job *job, struct diag *d);

/* Starts a record for this job: inputs, metric, scenario, prediction flag. */
void job_record(const struct job *job, const struct price *p, struct record *r);

#endif
