/* rank.c: the cases with the largest differences (rank.h).  A selection,
 * not a sort of all n: only the first few are read, and a sort of 10^6
 * cases took a tenth of pricing's time and 40 bytes a case. */
#include <math.h>
#include <stdlib.h>

#include "price/rank.h"

size_t *price_rank_cases(const double *diff, size_t n, size_t k)
{
	size_t *top = malloc((k ? k : 1) * sizeof *top), m = 0;

	for (size_t i = 0; top && i < n; i++) {
		double size = fabs(diff[i]);
		size_t j;
		/* An equal size ranks after: its case comes later. */
		if (m == k && !(size > fabs(diff[top[m - 1]])))
			continue;
		for (j = m < k ? m++ : m - 1;
		     j > 0 && fabs(diff[top[j - 1]]) < size; j--)
			top[j] = top[j - 1];
		top[j] = i;
	}
	return top;
}
