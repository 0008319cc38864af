/* eval.h: the pieces of `fixprice eval` (eval.c): evaluating a formula in
 * an environment over a run's cases (eval_env.c), and the environment of
 * two runs joined and priced as price does (eval_joined.c). */
#ifndef FP_CMD_EVAL_H
#define FP_CMD_EVAL_H

#include <stdbool.h>

#include "cmd/command.h"
#include "formula/formula.h"
#include "run/run.h"
#include "util/diag.h"

struct eval_own {
	bool per_case, disasm;
};

/* What a formula is evaluated over: its environment (bound), the run that
 * names the cases (names, lines, path for faults), the run whose text
 * columns a formula may not read (or NULL), and the values a formula that
 * is one name alone lists with --per-case as they are, empty where a case
 * has none (or NULL: evaluate it). */
struct eval_over {
	struct fx_env *env;
	const struct run *cases, *text;
	const double *bare;
};

/* Compiles formula in over->env, evaluates it and prints the number, the
 * per-case CSV or the program (o).  FP_OK or FP_ERR with d filled. */
int eval_env(const struct eval_over *over, const char *formula,
             const struct eval_own *o, struct diag *d);

/* Two runs (inputs[0..ninputs): BEFORE AFTER, or one file with
 * --split-by) loaded, joined and priced as price does them, and formula
 * evaluated over the names the metric's gain and cost see
 * (runtime_before, passed_after, newly_passing, weight, the defines, the
 * parameters, ...). */
int eval_joined(const struct cmd_call *call, char *const *inputs,
                size_t ninputs, const char *formula, const struct eval_own *o,
                struct diag *d);

#endif
