/* grow.h: the growable arrays of the formula compiler. */
#ifndef FP_FORMULA_GROW_H
#define FP_FORMULA_GROW_H

#include <stdbool.h>
#include <stdlib.h>

/* Array v of *cap elements of size bytes, made room for at least need
 * (capacity doubled): returns the array, perhaps moved.  When out of
 * memory, sets *oom and returns v unchanged (still owned by the caller). */
static inline void *fx_grow(void *v, int *cap, int need, size_t size, bool *oom)
{
	int n = *cap ? *cap : 8;
	void *nv;

	if (need <= *cap)
		return v;
	while (n < need)
		n *= 2;
	nv = realloc(v, (size_t)n * size);
	if (!nv) {
		*oom = true;
		return v;
	}
	*cap = n;
	return nv;
}

#endif
