/* editdist.c: optimal string alignment distance with three rolling rows. */
#include "util/editdist.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

int edit_distance(const char *a, size_t alen, const char *b, size_t blen,
                  int limit)
{
	int *rows, *prev2, *prev, *cur, result;

	if ((alen > blen ? alen - blen : blen - alen) > (size_t)limit)
		return limit + 1;
	rows = malloc(3 * (blen + 1) * sizeof *rows);
	if (!rows)
		return limit + 1;
	prev2 = rows;
	prev = rows + blen + 1;
	cur = rows + 2 * (blen + 1);
	for (size_t j = 0; j <= blen; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= alen; i++) {
		int row_min, *t;

		cur[0] = row_min = (int)i;
		for (size_t j = 1; j <= blen; j++) {
			int cost = a[i - 1] != b[j - 1];
			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
			              prev[j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
			if (cur[j] < row_min)
				row_min = cur[j];
		}
		/* Every later row is at least this row's minimum. */
		if (row_min > limit) {
			free(rows);
			return limit + 1;
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	result = prev[blen];
	free(rows);
	return result;
}

const char *closest_word(const char *word, size_t len, const char *const *cands,
                         size_t ncands, int limit)
{
	const char *best = NULL;
	int best_dist = limit + 1;

	for (size_t i = 0; i < ncands; i++) {
		size_t clen = strlen(cands[i]);
		int dist =
		    clen == len && strncasecmp(word, cands[i], len) == 0
		        ? 0
		        : edit_distance(word, len, cands[i], clen, limit);
		if (dist < best_dist) {
			best = cands[i];
			best_dist = dist;
		}
	}
	return best;
}
