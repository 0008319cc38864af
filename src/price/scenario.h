/* scenario.h: a predicted after-run, made from the before run.
 *
 *   name: fp32 cube matmul
 *   params: { runtime_factor: 2 }      # optional, sweepable like metric params
 *   runtime: runtime * runtime_factor  # per-case formula over before's columns
 *   pass: [m512_k4096]                 # names or globs that pass afterwards
 *   fail: []                           # names or globs that fail afterwards
 *   errors: {"*": 0.5}                 # error columns times a factor
 *
 * Cases not named keep their before pass state.  A case matched by both
 * pass and fail is an error.  `errors` scales the columns the metric's
 * gate_errors names (price/gate.h) by the factor of the last glob that
 * matches a case (1 when none does), so that the gate predicts the after
 * run's pass states (under a gate, pass and fail are refused: load.c).  A glob that matches no case is an error (it is
 * almost always a typo).  Shorthands from the command line (--runtime-factor,
 * --pass, --fail) build the same structure.
 *
 * Like a metric, a scenario is only changed while it is loaded (the setters
 * and scenario_bind below); afterwards it is const, and a session predicts
 * in its own copy of the scenario's environment (scenario_predict). */
#ifndef FP_SCENARIO_H
#define FP_SCENARIO_H

#include <stddef.h>

#include "formula/formula.h"
#include "price/param.h"
#include "run/run.h"
#include "util/diag.h"

/* Where a scenario made from command-line shorthands says it comes from. */
#define SCENARIO_COMMAND_LINE "<command line>"

struct scenario {
	char *path;      /* NULL when built from command-line shorthands */
	char sha256[65]; /* of the file, "" when there is none */
	char *name;
	char *description; /* NULL when the file gives none */
	size_t nparams;
	struct param *params;
	struct fx_src
	    runtime; /* strings owned; text NULL: runtimes unchanged */
	size_t npass, nfail;
	char **pass, **fail; /* globs */
	/* Where each glob is written (line, column; 0 for one given on the
	 * command line), beside pass, fail and error_glob. */
	int (*pass_pos)[2], (*fail_pos)[2], (*error_pos)[2];
	/* Where the file names its pass: and fail: keys (line, column; 0
	 * when it does not), for the refusal under a gate (price/load.c). */
	int pass_at[2], fail_at[2];
	size_t nerrors; /* errors: glob -> factor, in file order */
	char **error_glob;
	double *error_factor;
	struct fx_env *env;   /* before run's columns + params; a template */
	struct fx_prog *prog; /* runtime formula, compiled at scenario_bind */
};

/* Reads a scenario file (YAML); formulas are compiled later, against the
 * before run, by scenario_bind.  Caller owns *out. */
int scenario_load(const char *path, struct scenario **out, struct diag *d);

/* The same from a YAML document already loaded (named and hashed as its
 * path and text), for a loader that read the file once to tell a scenario
 * from a run (price/load.c). */
struct ydoc;
int scenario_of_doc(const struct ydoc *doc, struct scenario **out,
                    struct diag *d);

/* An empty scenario for command-line shorthands (name "command line"). */
struct scenario *scenario_new(void);

/* Shorthands: --runtime-factor F sets param runtime_factor and the runtime
 * formula `runtime * runtime_factor` (an error if the file already gives a
 * runtime formula that does not use runtime_factor); --pass/--fail globs. */
int scenario_set_runtime_factor(struct scenario *s, double factor,
                                struct diag *d);
int scenario_add_glob(struct scenario *s, int pass, const char *glob,
                      struct diag *d);
int scenario_set_param(struct scenario *s, const char *name, double value,
                       struct diag *d);

/* Compiles the runtime formula against before's columns. */
int scenario_bind(struct scenario *s, const struct run *before, struct diag *d);

/* Builds the predicted after-run: runtime from the formula (each result must
 * be finite and > 0, else an error naming the case), passed from before with
 * pass/fail globs applied (none when before has no passed column and no
 * glob is given), the error columns errcols[0..nerr) (the metric's
 * gate_errors) scaled by `errors`, other columns copied.  Caller owns
 * *out. */
int scenario_apply(const struct scenario *s, const struct run *before,
                   const char *const *errcols, size_t nerr, struct run **out,
                   struct diag *d);

/* Writes the predicted runtimes (n = before->n values, each checked > 0)
 * into out, evaluating the formula in env (a copy of s->env, made with
 * fx_env_clone, holding the parameter values to use): for sweeps over a
 * scenario parameter, which re-predict in place instead of building a new
 * run. */
int scenario_predict(const struct scenario *s, struct fx_env *env,
                     const struct run *before, double *out, struct diag *d);

void scenario_free(struct scenario *s);

#endif
