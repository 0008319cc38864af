/* suspect.c: suspicious gains (suspect.h). */
#include <stdlib.h>

#include "price/suspect.h"

int price_suspects(const struct price *p, double ratio, struct suspects *out,
                   struct diag *d)
{
	const double *before = p->runtime[SIDE_BEFORE];
	const double *after = p->runtime[SIDE_AFTER];

	*out = (struct suspects){.ratio = ratio};
	if (!(ratio > 0))
		return FP_OK;
	for (size_t i = 0; i < p->n; i++) {
		/* NaN (no runtime) fails every comparison: not flagged. */
		if (!(before[i] > 0 && after[i] > 0 &&
		      p->passed[SIDE_AFTER][i] != 0 &&
		      after[i] < ratio * before[i]))
			continue;
		if (!out->idx && !(out->idx = malloc(p->n * sizeof *out->idx)))
			return diag_oom(d);
		out->idx[out->n++] = i;
	}
	return FP_OK;
}

void suspects_free(struct suspects *s)
{
	free(s->idx);
	*s = (struct suspects){0};
}
