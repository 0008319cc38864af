/* steady.h: what the bootstrap's sweeps learn once about a price whose
 * weights, has_runtime and (steady_passed) pass states stay as they are
 * from resample to resample (struct price_steady, price.h), and the
 * transitions from pass states, block by block or whole. */
#ifndef FP_PRICE_STEADY_H
#define FP_PRICE_STEADY_H

#include <stddef.h>

#include "price/price.h"

/* Transitions of cases [0, len) from pass states before b and after a,
 * into t[k] (newly passing, newly failing, still passing, still failing)
 * where not NULL. */
void price_transitions(double *const t[4], const double *b, const double *a,
                       size_t len);

/* Learns, once, which of p's weight and has_runtime columns are one
 * number over every case (memo->one, memo->v). */
void price_steady_learn(struct price_steady *memo, const struct price *p);

/* Makes, once, the transitions p's formulas read (p->transition[k] not
 * NULL) from pass states before b and after a, whole, into memo->trans;
 * out of memory, none (they are then made block by block). */
void price_steady_transitions(struct price_steady *memo, const struct price *p,
                              const double *b, const double *a);

#endif
