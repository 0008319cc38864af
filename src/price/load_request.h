/* load_request.h: what a pricing asks the loader for (load.h), in plain
 * values. */
#ifndef FP_PRICE_LOAD_REQUEST_H
#define FP_PRICE_LOAD_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

#include "price/harness.h"
#include "price/metric.h"
#include "run/run.h"

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
	/* The option that gave each side's runs, for errors: NULL for
	 * "before" and "after" (cmd/job.h). */
	const char *runs_flag[2];
	/* The file name given to errors about the request itself, such as
	 * "<command line>"; NULL for none. */
	const char *origin;
};

#endif
