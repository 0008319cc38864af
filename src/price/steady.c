/* steady.c: what sweeps learn once about a price (steady.h). */
#include "price/steady.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* One loop per transition, each without a branch (one loop testing all
 * four per case was 7 % of a bootstrap). */
void price_transitions(double *const t[4], const double *b, const double *a,
                       size_t len)
{
	if (t[0])
		for (size_t i = 0; i < len; i++)
			t[0][i] = a[i] * (1 - b[i]);
	if (t[1])
		for (size_t i = 0; i < len; i++)
			t[1][i] = (1 - a[i]) * b[i];
	if (t[2])
		for (size_t i = 0; i < len; i++)
			t[2][i] = a[i] * b[i];
	if (t[3])
		for (size_t i = 0; i < len; i++)
			t[3][i] = (1 - a[i]) * (1 - b[i]);
}

/* Whether the n numbers at a are one number, bit for bit. */
static bool all_same(const double *a, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (memcmp(&a[i], &a[0], sizeof *a) != 0)
			return false;
	return true;
}

void price_steady_learn(struct price_steady *memo, const struct price *p)
{
	const double *col[3] = {p->weight, p->has_runtime[0],
	                        p->has_runtime[1]};

	if (memo->known)
		return;
	for (int k = 0; k < 3; k++) {
		memo->one[k] = col[k] && all_same(col[k], p->n);
		memo->v[k] = col[k] ? col[k][0] : 0;
	}
	memo->known = true;
}

void price_steady_transitions(struct price_steady *memo, const struct price *p,
                              const double *b, const double *a)
{
	size_t n = p->n ? p->n : 1;
	bool ok = true;

	if (memo->trans_known)
		return;
	for (int k = 0; k < 4 && ok; k++)
		ok = !p->transition[k] ||
		     (memo->trans[k] = malloc(n * sizeof(double)));
	if (ok)
		price_transitions(memo->trans, b, a, p->n);
	else
		price_steady_free(memo);
	memo->trans_known = true;
}

void price_steady_free(struct price_steady *memo)
{
	for (int k = 0; k < 4; k++) {
		free(memo->trans[k]);
		memo->trans[k] = NULL;
	}
}
