/* rank.h: the cases with the largest per-case differences, for the
 * control (price.c). */
#ifndef FP_PRICE_RANK_H
#define FP_PRICE_RANK_H

#include <stddef.h>

/* The indices of the (at most) k cases of largest |diff|, largest first,
 * ties in case order (so records are deterministic).  Caller frees; NULL
 * when out of memory. */
size_t *price_rank_cases(const double *diff, size_t n, size_t k);

#endif
