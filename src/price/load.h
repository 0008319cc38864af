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
#include "price/load_request.h"
#include "price/metric.h"
#include "price/scenario.h"
#include "run/merge.h"
#include "util/diag.h"

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
