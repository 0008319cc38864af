/* load.h: loading everything a pricing needs, in the one order that lets
 * every check see what it needs: the metric and its edits (--set,
 * --weight), the runs and their column renames, the scenario (compiled
 * against the before run), the join.
 *
 * A request says what to load in plain values; the loader applies every
 * edit before it hands the metric and the scenario out as const: from then
 * on they are definitions, and all that varies lives in a session
 * (session.h). */
#ifndef FP_LOAD_H
#define FP_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "price/harness.h"
#include "price/join.h"
#include "price/metric.h"
#include "price/scenario.h"
#include "run/merge.h"
#include "util/diag.h"

/* What to load.  Strings are borrowed for the call (paths also for the life
 * of the job: its inputs[] point at them). */
struct load_request {
	const char *metric; /* name or path; NULL: the built-in default */
	/* A metric already loaded, its edits (--set, --weight) made: used as
	 * it is, not loaded again, and not owned by the job (a control run
	 * priced by the fix's metric). */
	const struct metric *metric_given;
	const char *const
	    *inputs; /* BEFORE AFTER, BOTH, or BEFORE (+ scenario) */
	size_t ninputs;
	const char *input_format;     /* NULL: by extension and content */
	enum run_estimator estimator; /* runtime of a case with samples */
	enum pass_policy policy;      /* pass state of a case with samples */
	bool cpu_time; /* --time cpu: Google Benchmark's cpu_time */
	/* A JUnit XML report merged into the before (0) and the after (1)
	 * run, or NULL (junit_merge; failing tests that match no case are
	 * added as failing cases; a report matching no case is an error). */
	const char *results[2];
	const char *scenario; /* scenario file, or NULL */
	/* The second input is an after run or a scenario (compare's
	 * candidate), told apart by the loader as it reads it once: a .yaml
	 * or .yml file whose document is a mapping without `cases` is a
	 * scenario, anything else a run. */
	bool after_or_scenario;
	bool have_factor; /* --runtime-factor given */
	double runtime_factor;
	const char *const *pass, *const *fail; /* --pass/--fail globs */
	size_t npass, nfail;
	/* Parameter values (metric first, then scenario), in order. */
	const char *const *set_name;
	const double *set_value;
	size_t nsets;
	/* Weight rules after the metric's own, the last winning. */
	const char *const *weight_glob;
	const double *weight_value;
	size_t nweights;
	/* Column renames TO=FROM, applied to each run that has FROM. */
	const char *const *column_to, *const *column_from;
	size_t ncolumns;
	enum load_missing missing; /* cases only one run has (harness.h) */
	/* --split-by KEY: the one input holds both runs, told apart by KEY
	 * (run_load_split); NULL: not split. */
	const char *split_by;
	/* --cases and --exclude: the cases priced are those some cases glob
	 * matches (all, with none) and no exclude glob does; the others are
	 * listed in the record (run.h: unpriced). */
	const char *const *cases, *const *exclude;
	size_t ncases, nexclude;
	/* --before B1 B2 ... --after A1 A2 ...: the runs of each side, read
	 * instead of inputs (ninputs 0), several of a side merged
	 * (run/merge.h). */
	const char *const *runs[2];
	size_t nruns[2];
	/* The file name given to errors about the request itself, such as
	 * "<command line>"; NULL for none. */
	const char *origin;
};

/* One file the price was made from, for a record's provenance. */
struct record_input {
	const char *role; /* "before", "after", "both", "scenario",
	                       * "metric", "results before", "results after" */
	const char *path;
	char sha256[65];
};

/* Everything loaded: the frozen metric and scenario, the joined runs, and
 * where each came from.  Owned by the job (job_free). */
struct job {
	const struct metric *metric;
	bool metric_shared; /* metric is the request's metric_given */
	const struct scenario *scenario; /* NULL when both runs were measured */
	struct joined runs;
	struct record_input inputs[8 + 2 * RUN_MAX_MERGED];
	size_t ninputs;
	struct run_facts facts; /* how the runs were read, for the record */
};

/* Loads what rq asks for.  Caller frees with job_free (also after a
 * failure). */
int load_job(const struct load_request *rq, struct job *job, struct diag *d);
void job_free(struct job *job);

#endif
