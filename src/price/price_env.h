/* price_env.h: binding a price's arrays and numbers to the session's
 * formula environments (bindings.c; internal to price.c and
 * price_fused.c).  It does not include price.h, which price.c
 * implements: the functions are in a file of another name. */
#ifndef FP_PRICE_ENV_H
#define FP_PRICE_ENV_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/formula.h"
#include "price/session.h"

struct price;

extern const char *const price_side_suffix[2]; /* "_before", "_after" */

/* One n-long array of zeros that p owns (price_free frees it); NULL when
 * out of memory. */
double *price_env_owned(struct price *p, size_t n);
/* The same for an array about to be written whole (a formula's column):
 * its pages are made in one call, not a fault each (bigmem_populate). */
double *price_env_written(struct price *p, size_t n);

/* Binds the column (or sets the number) called name, when env has it. */
void price_env_name(struct fx_env *env, const char *name, const double *v);
void price_env_scalar(struct fx_env *env, const char *name, double v);

/* The same for stem + "_before" (side 0) or "_after" (side 1). */
void price_env_sided(struct fx_env *env, const char *stem, int side,
                     const double *v);

/* N, W, weight in both environments; runtimes, pass states and
 * has_runtime of both sides in the cross one. */
void price_env_common(struct price *p, struct session *ses);

/* The metric's extra columns in the cross environment. */
void price_env_extras(struct price *p, struct session *ses);

/* The transition columns (newly_passing & co) that a formula reads:
 * allocated the first time, bound, and filled for cases [i0, i1) from the
 * two pass states (price_env_transitions: all of them).  FP_ERR when out
 * of memory. */
int price_env_transitions_bind(struct price *p, struct session *ses);
void price_env_transitions_fill(struct price *p, size_t i0, size_t i1);
int price_env_transitions(struct price *p, struct session *ses);

/* gate.c (gate.h): evaluates the gate of both sides into p->gate_pass[]
 * (1 or 0), points p->passed[] at them and binds them where formulas
 * read pass states.
 * check: a run's own `passed` cell that disagrees (a cell the run's
 * file gave) is an error at that cell naming the case.  A case the gate
 * passes without a runtime is an error too.  p is the price last
 * computed on ses. */
int price_gate_derive(struct price *p, struct session *ses, bool check,
                      struct diag *d);

#endif
