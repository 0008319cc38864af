/* rank.h: cases ordered by the size of a per-case difference, for the
 * control (price.c). */
#ifndef FP_PRICE_RANK_H
#define FP_PRICE_RANK_H

#include <stddef.h>

/* The indices 0..n-1 ordered by |diff[i]|, largest first, ties in case
 * order.  Caller frees; NULL when out of memory. */
size_t *price_rank_cases(const double *diff, size_t n);

#endif
