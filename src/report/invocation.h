/* invocation.h: the command line that made a record, as data, so that
 * `fixprice verify` can price the same inputs the same way again.
 *
 * Written into the record's JSON as "invocation" (doc/record-schema.md):
 * the positional runs and every option that affects the figures, keyed by
 * the long option's name, each value as the option takes it (a number, a
 * word, a list).  Read back (record.h), it is a list of options with their
 * arguments as text, in a fixed order, each with where it stands in the
 * file, for the command's own option parsers to take again. */
#ifndef FP_REPORT_INVOCATION_H
#define FP_REPORT_INVOCATION_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "price/guards.h"

struct jcur;
struct diag;

/* What the command line said, borrowed from the command's options.  The
 * noise options are the values in effect (defaults filled in), so that a
 * record does not depend on a later version's defaults. */
struct record_invocation {
	const char *command;
	size_t nruns;
	char *const *runs; /* BEFORE [AFTER] as given */
	size_t nside_runs[2];
	const char *const *side_runs[2]; /* --before ..., --after ... */
	const char *metric, *scenario, *input_format, *split_by;
	size_t ncontrol;
	const char *const *control; /* --control RUN... */
	const char *results[2];     /* --results-before, --results */
	const char *missing, *estimator, *time, *pass_policy;
	bool have_factor;
	double runtime_factor;
	size_t nsets, nweights, npass, nfail, ncolumns, ncases, nexclude;
	char *const *set_name;
	const double *set_value;
	char *const *weight_glob;
	const double *weight_value;
	const char *const *pass, *const *fail, *const *cases, *const *exclude;
	char *const *column_to;
	const char *const *column_from;
	size_t bootstrap;
	double confidence;
	uint64_t seed;
	bool guard_off[GUARD_COUNT]; /* each guard's option, as given */
	bool margin_given;
	double margin;
};

/* The "invocation" object; NULL when out of memory. */
json_t *record_invocation_json(const struct record_invocation *inv);

/* The i-th option the invocation keeps and verify replays, or NULL past
 * the last: what each option's `replay` names (cmd/options.h). */
const char *record_invocation_key(size_t i);

/* One option read back: its long name, its argument as the option takes
 * it typed ("alpha=0.5", "2000"; NULL for a switch), where it stands. */
struct rv_option {
	char *name, *arg;
	uint32_t line, col;
};

/* The invocation read back (rv_invocation_free). */
struct rv_invocation {
	char *command;
	size_t nruns, nopts;
	char **runs;
	uint32_t *run_line, *run_col;
	struct rv_option *opts;
};

/* Reads the "invocation" object o, which the cursor at stands on, from the
 * record file named file.  A member of the wrong type is an error at its
 * line and column. */
int record_invocation_read(const char *file, json_t *o, const struct jcur *at,
                           struct rv_invocation *out, struct diag *d);
void rv_invocation_free(struct rv_invocation *v);

/* Appends an option (arg copied; NULL for a switch), or a run (at most
 * two), to v; FP_ERR only when out of memory (or a third run). */
int rv_invocation_add(struct rv_invocation *v, const char *name,
                      const char *arg, uint32_t line, uint32_t col,
                      struct diag *d);
int rv_invocation_add_run(struct rv_invocation *v, const char *path,
                          uint32_t line, uint32_t col, struct diag *d);

/* For a record made before records carried an invocation: one rebuilt
 * from what the record says (its inputs by role, the metric's path and
 * parameters, the scenario, the --weight rules, how the runs were read,
 * the verdict's estimator, policy, margin and bootstrap).  What such a
 * record does not hold (--cases, --exclude, --input-format, --time) is
 * left at its default; a control run, whose path it does not hold, is an
 * error. */
int record_invocation_guess(const char *file, json_t *root,
                            struct rv_invocation *out, struct diag *d);

#endif
