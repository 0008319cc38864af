/* common.c: small helpers the record writers share. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/internal.h"

int report_finish(FILE *out, const char *form, struct diag *d)
{
	int err = 0;

	if (fflush(out) != 0)
		err = errno;
	else if (ferror(out))
		err = errno ? errno : EIO; /* most likely the failed write's */
	if (err)
		return diag_set(d, NULL, 0, 0, "cannot write the %s report: %s",
		                form, strerror(err));
	return FP_OK;
}

size_t report_top_cases(const struct price *p, size_t k, size_t *idx)
{
	size_t have = 0;

	if (!p->gain_share || !p->cost_share)
		return 0;
	/* k is a handful: keep the best k seen so far, sorted, by insertion. */
	for (size_t i = 0; i < p->n; i++) {
		double m = fabs(p->gain_share[i] - p->cost_share[i]);
		size_t at = have;

		/* A case whose shares cancel does not move net at all. */
		if (m == 0)
			continue;

		while (at > 0 && m > fabs(p->gain_share[idx[at - 1]] -
		                          p->cost_share[idx[at - 1]]))
			at--;
		if (at >= k)
			continue;
		if (have < k)
			have++;
		memmove(idx + at + 1, idx + at, (have - 1 - at) * sizeof *idx);
		idx[at] = i;
	}
	return have;
}

size_t report_width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}
