/* rank.c: cases ordered by the size of a per-case difference (rank.h). */
#include <math.h>
#include <stdlib.h>

#include "price/rank.h"

/* A case and the size of its difference, sorted together: qsort has no
 * context argument, and a static one would not let sessions run at once. */
struct ranked {
	double size;
	size_t i;
};

static int by_size_desc(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->size != y->size)
		return x->size < y->size ? 1 : -1;
	/* Ties in file order, so records are deterministic. */
	return x->i < y->i ? -1 : 1;
}

size_t *price_rank_cases(const double *diff, size_t n)
{
	struct ranked *r = malloc((n ? n : 1) * sizeof *r);
	size_t *order = malloc((n ? n : 1) * sizeof *order);

	if (!r || !order) {
		free(r);
		free(order);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		r[i] = (struct ranked){fabs(diff[i]), i};
	qsort(r, n, sizeof *r, by_size_desc);
	for (size_t i = 0; i < n; i++)
		order[i] = r[i].i;
	free(r);
	return order;
}
