/* record.h: the decision record as a value: what a record says, in plain
 * data that owns its strings (no pointer into a metric, a price or a
 * verdict), made from a record about to be written (record_value_of) or
 * read back from a record folder's decision.json (record_value_read), so
 * that a later command can compare a saved record with today's price of
 * the same inputs field by field.  The JSON form is doc/record-schema.md;
 * its numbers are the shortest that read back to the same double, so a
 * value read back equals the value written, bit for bit. */
#ifndef FP_REPORT_RECORD_H
#define FP_REPORT_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "report/invocation.h"
#include "report/report.h"
#include "util/diag.h"

struct rv_input {
	char *role, *path, *sha256;
};

struct rv_param {
	char *name;
	double value;
};

/* One row of the cases table (NaN where the record has null). */
struct rv_case {
	char *name;
	double weight, passed[2], runtime[2], score[2], value[2];
	double gain, cost; /* shares; NaN when undefined */
};

struct record_value {
	int schema_version;
	char *tool_version;
	bool prediction;
	char *scenario; /* its name, or NULL when measured */
	char *metric_name, *metric_version, *metric_path, *metric_sha256;
	size_t nparams;
	struct rv_param *params; /* in the metric's order */
	size_t ninputs;
	struct rv_input *inputs;
	double gain, cost, net, total[2], delta_total, N, W;
	bool accept; /* the point decision */
	/* The verdict ("accept", ...), or NULL when the record has none, and
	 * the interval of net when the noise was judged (NaN otherwise). */
	char *verdict;
	/* Not judged: the point estimate's decision as the guards left it,
	 * or NULL (judged, or a record made before it was recorded). */
	char *point_after_guards;
	double net_lo, net_hi;
	size_t ncases;
	struct rv_case *cases;
	/* The command line that made it (report/invocation.h): the
	 * record's own, or rebuilt from what a record made before records
	 * carried one says (invocation_guessed); when that cannot be done,
	 * have_invocation is false and no_invocation says why.
	 * record_value_of leaves it out. */
	bool have_invocation, invocation_guessed;
	struct rv_invocation invocation;
	char no_invocation[DIAG_MSG_MAX];
};

/* The value of r, as its JSON form states it.  Caller frees
 * (record_value_free, also after a failure, which is out of memory). */
int record_value_of(const struct record *r, struct record_value *out,
                    struct diag *d);

/* Reads the record at path: a record folder (its decision.json) or a
 * record's JSON file.  Errors name the file and, for a value of the wrong
 * type, the key ("decision.json: 'net' must be a number").  Caller frees. */
int record_value_read(const char *path, struct record_value *out,
                      struct diag *d);

/* Whether a and b state the same record; if not, what differs first
 * ("net", "cases[3].runtime_after") in what[0..size). */
bool record_value_equal(const struct record_value *a,
                        const struct record_value *b, char *what, size_t size);

/* The same for the figures alone (gain, cost, net, the decision, the
 * totals, the verdict and its interval, every cell of the cases), not
 * where they came from (versions, paths, hashes, parameters). */
bool record_value_figures_equal(const struct record_value *a,
                                const struct record_value *b, char *what,
                                size_t size);

void record_value_free(struct record_value *v);

#endif
