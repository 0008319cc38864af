/* grow.h: a growable array of size_t-counted elements, doubled as it
 * fills (the run builder, the readers).  formula/grow.h is the formula
 * compiler's own, counted in int. */
#ifndef FP_UTIL_GROW_H
#define FP_UTIL_GROW_H

#include <stdlib.h>

#include "util/bigmem.h"
#include "util/diag.h"

/* Grows *p, an array of *cap elements of `size` bytes, to hold at least
 * need; FP_ERR (nothing changed) when out of memory. */
static inline int grow_array(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return FP_OK;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		return FP_ERR;
	bigmem_advise(q, n * size);
	*p = q;
	*cap = n;
	return FP_OK;
}

/* grow_array for an array the caller is about to write up to need (a
 * reader's forecast of its cases, rb_expect, or one more): the new
 * pages are made at once (bigmem_populate), not a fault each. */
static inline int grow_array_written(void **p, size_t *cap, size_t need,
                                     size_t size)
{
	size_t old = *cap;

	if (grow_array(p, cap, need, size) != FP_OK)
		return FP_ERR;
	if (need > old)
		bigmem_populate((char *)*p + old * size, (need - old) * size);
	return FP_OK;
}

#endif
