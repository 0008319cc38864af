/* rank.c: the cases with the largest values (rank.h).  A selection, not a
 * sort of all n: k is a handful, and a sort of 10^6 cases took a tenth of
 * pricing's time and 40 bytes a case. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "price/rank.h"

size_t price_top(const double *x, size_t n, size_t k, enum rank_by by,
                 size_t *idx)
{
	size_t m = 0;

	if (k == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		double size = by == RANK_ABS ? fabs(x[i]) : x[i];
		size_t j;

		if (by == RANK_POSITIVE && !(size > 0))
			continue;
		/* An equal size ranks after: its case comes later. */
		if (m == k && !(size > (by == RANK_ABS ? fabs(x[idx[m - 1]])
		                                       : x[idx[m - 1]])))
			continue;
		for (j = m < k ? m++ : m - 1; j > 0; j--) {
			double prev = by == RANK_ABS ? fabs(x[idx[j - 1]])
			                             : x[idx[j - 1]];
			if (!(prev < size))
				break;
			idx[j] = idx[j - 1];
		}
		idx[j] = i;
	}
	return m;
}

size_t *price_rank_cases(const double *diff, size_t n, size_t k)
{
	size_t *top = malloc((k ? k : 1) * sizeof *top);

	if (top)
		price_top(diff, n, k, RANK_ABS, top);
	return top;
}
