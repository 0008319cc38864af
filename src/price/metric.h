/* metric.h: a benchmark's scoring, written down once.
 *
 * A metric is loaded from YAML (a shipped one by name, a file by path, or
 * the built-in default pypto-gym), checked, and compiled against its own
 * two formula environments.
 *
 * Once loaded and checked, a metric is IMMUTABLE: a definition, not an
 * evaluation state.  The loader (load.h) applies the user's edits (--set
 * with metric_set_param, --weight with metric_add_weight_rule) before it
 * hands the metric out, and from then on everything takes a
 * `const struct metric *`.  Its environments are templates: a pricing
 * session (session.h) clones them and binds run columns and parameter
 * values into its own copies, so any number of sessions may evaluate one
 * metric at once, and freeing a price leaves nothing in the metric
 * pointing at freed memory.  Parameters are slots, so sessions and sweeps
 * change them without recompiling.
 *
 * Names the formulas may use (all per-case unless marked "one number"):
 *
 *  In the per-side formulas `score`, `value`, `total` (each evaluated once
 *  for the before run and once for the after run):
 *    runtime, passed, every column listed under `columns:`, and, after it is
 *    computed, `score` (in value and total) and `value` (in total).
 *  In the cross-side formulas `gain`, `cost`, `decide` and `define`s:
 *    runtime_before, runtime_after, passed_before, passed_after,
 *    score_before, score_after, value_before, value_after,
 *    total_before, total_after (one number each),
 *    COL_before, COL_after for every column under `columns:`, and COL alone
 *    for the before run's value (columns such as ref_runtime are the same
 *    in both runs), newly_passing, newly_failing, still_passing,
 *    still_failing (1/0), and every define, in order; gain and cost may be
 *    used in decide.
 *  Everywhere: weight (per case), N (number of cases), W (sum of weights),
 *    every parameter (one number each).
 */
#ifndef FP_METRIC_H
#define FP_METRIC_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/formula.h"
#include "price/param.h"
#include "util/diag.h"

#define METRIC_DEFAULT "pypto-gym"
/* The suspicious gains' ratio when the metric does not set one. */
#define METRIC_SUSPICIOUS_RATIO 0.1
/* How near its gate a case is listed when the metric does not say. */
#define METRIC_GATE_NEAR "1"
#define METRIC_MAX_DEFINES 256
#define METRIC_MAX_PARAMS 256

enum metric_side { SIDE_BEFORE = 0, SIDE_AFTER = 1 };

/* One formula of the metric, with where it stands in the file. */
struct metric_formula {
	const char *key;   /* "score", "gain", a define's name, ... (owned) */
	struct fx_src src; /* strings owned by the metric */
	struct fx_prog *prog; /* compiled; owned by the metric */
};

/* Case weights: `default`, then rules in file order, then --weight rules.
 * The LAST rule whose glob (fnmatch) matches a case name wins, so that a
 * later, more specific line and the command line override earlier ones. */
struct weight_rule {
	char *glob;
	double weight;
	char *origin; /* "FILE:LINE:COL" or "--weight", for messages */
};

struct metric {
	char *path; /* file read, or "<builtin>/pypto-gym.yaml" */
	char *name, *version, *description, *source;
	char sha256[65]; /* hex SHA-256 of the file's bytes */

	size_t nparams;
	struct param *params;

	double weight_default;
	size_t nrules;
	struct weight_rule *rules;

	size_t ncolumns; /* extra run columns the formulas need */
	char **columns;
	/* Parallel to columns: a formula over runtime_before, runtime_after,
	 * passed_before, passed_after and N to use when the runs lack the
	 * column (`columns: [{ref_runtime: runtime_before}]`), or NULL. */
	char **column_default;
	/* ... compiled once at load, in column_env (declares runtime_before,
	 * runtime_after, passed_*, has_runtime_* and N): NULL where none. */
	struct fx_prog **column_prog;
	struct fx_env *column_env;

	struct metric_formula score, value, total; /* per side */
	struct metric_formula gain, cost, decide;  /* cross side */
	size_t ndefines;
	struct metric_formula *defines; /* cross side, in order */

	/* The verdict's guards (src/noise/verdict.h), key `guards`: on
	 * unless the metric turns them off. */
	bool guard_newly_failing, guard_control;
	/* Key `margin`: points of net within which a fix has no material
	 * effect (the verdict's rule, src/noise/verdict.h); 0 when absent. */
	double margin;
	/* Key `suspicious`: a case passing after with an after runtime
	 * below this times its before runtime is flagged in the record
	 * (price/suspect.h); METRIC_SUSPICIOUS_RATIO when absent, 0: off. */
	double suspicious_ratio;

	/* The accuracy gate (price/gate.h), keys `gate`, `gate_margin`,
	 * `gate_near`, `gate_errors`: per-case formulas of the side
	 * environment that may read neither passed nor score nor value.
	 * gate.prog NULL: no gate, pass states are the runs'.  gate_margin
	 * (prog NULL: none) is how far a case is from its gate in the gate's
	 * units, >= 0 inside; gate_near (a number or per case; its text
	 * METRIC_GATE_NEAR when absent) how close counts as near.
	 * gate_errors: the columns a scenario's `errors` scales. */
	struct metric_formula gate, gate_margin, gate_near;
	size_t ngate_errors;
	char **gate_errors;

	/* Environments: `side` for score/value/total, `cross` for the rest.
	 * Templates, never bound: a session evaluates in clones of them
	 * (fx_env_clone).  Slots are found with fx_env_lookup by the names
	 * above, in a template or a clone alike. */
	struct fx_env *side, *cross;
};

/* Loads a metric: name_or_path is a path (it has a '/' or ends in
 * .yaml/.yml), or a name (NULL: METRIC_DEFAULT), looked up as NAME.yaml or
 * NAME.yml in each folder of $FIXPRICE_METRICS_PATH (colon-separated), then
 * in $XDG_CONFIG_HOME/fixprice/metrics (default ~/.config/fixprice/metrics),
 * then in FP_DATADIR/metrics (the installed copies), then the built-in
 * copies of the shipped metrics; else the error "no metric named 'x'
 * (shipped: a, b)".  Everything is checked and compiled here.  Caller owns
 * *out (metric_free). */
int metric_load(const char *name_or_path, struct metric **out, struct diag *d);

/* Whether metric_load takes name_or_path as a file's path (it has a '/'
 * or ends in .yaml/.yml) rather than a metric's name. */
bool metric_is_path(const char *name_or_path);

/* The largest metric file metric_read reads. */
#define METRIC_MAX_BYTES ((size_t)64 << 20)

struct source;
/* The text metric_load(name_or_path) would load, found the same way but
 * not checked: *out (source_free) and *path, the file it came from or
 * "<builtin>/NAME.yaml" (caller frees).  A file on the search path that is
 * the open file skip_fd (-1: none) is passed over, so that
 * `--show NAME > ~/.config/fixprice/metrics/NAME.yaml` copies the metric
 * below the one the shell has just created empty. */
int metric_read(const char *name_or_path, int skip_fd, struct source *out,
                char **path, struct diag *d);

/* Loads from text in memory (tests, the built-in default). */
int metric_load_text(const char *path, const char *text, size_t len,
                     struct metric **out, struct diag *d);

void metric_free(struct metric *m);

/* Loading only, before the metric is handed out as const.
 *
 * Sets a parameter's value (for --set); fails naming the known parameters
 * if name is not one.  Updates both template environments. */
int metric_set_param(struct metric *m, const char *name, double value,
                     struct diag *d);
struct param *metric_find_param(const struct metric *m, const char *name);

/* Loading only: appends a --weight GLOB=W rule (highest precedence so
 * far).  A session adds its own rules for sensitivity knobs instead. */
int metric_add_weight_rule(struct metric *m, const char *glob, double weight,
                           struct diag *d);

/* The weights of names[0..n) under the metric's rules as loaded (a
 * session's are session_weights'); both come from price/weigh.h. */
int metric_weights(const struct metric *m, const char *const *names, size_t n,
                   double *w, struct diag *d);

/* Names of the shipped metrics with their descriptions, for `fixprice
 * metrics`: calls fn once per metric found, sorted by name.  Searches the
 * folders metric_load does (first occurrence of a name wins), plus the
 * built-in copy of each shipped metric no folder has.  A file that cannot
 * be read is listed with the reason as its description. */
int metric_list(void (*fn)(const char *name, const char *path,
                           const char *description, void *arg),
                void *arg, struct diag *d);

/* Every shipped metric, built into the binary so that -m NAME works from
 * any folder, installed or not: metrics/NAME.yaml byte for byte (so a
 * record's hash is the file's).  Generated by make; ends in {0}. */
struct metric_builtin {
	const char *name;
	const char *text;
	size_t len;
};
extern const struct metric_builtin metric_builtins[];

/* True if a cross-side formula of m (a define, gain, cost or decide) reads
 * slot of the cross environment; false for a slot < 0. */
bool metric_cross_reads(const struct metric *m, int slot);

#endif
