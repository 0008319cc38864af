/* rank.h: the k cases of largest value, by a selection that reads each
 * case once (for the control's cases in price.c, and the cases that widen
 * the bootstrap's interval most in noise/). */
#ifndef FP_PRICE_RANK_H
#define FP_PRICE_RANK_H

#include <stddef.h>

enum rank_by {
	RANK_ABS,      /* every case, by |x| */
	RANK_POSITIVE, /* only cases with x > 0, by x */
};

/* Writes the indices of (at most) the k cases of largest x by `by` into
 * idx[0..k), largest first, ties in case order (so records are
 * deterministic); returns how many. */
size_t price_top(const double *x, size_t n, size_t k, enum rank_by by,
                 size_t *idx);

/* The same into a new array of k (caller frees; NULL when out of
 * memory), for the control's cases: RANK_ABS. */
size_t *price_rank_cases(const double *diff, size_t n, size_t k);

#endif
