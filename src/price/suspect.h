/* suspect.h: suspicious gains: cases a fix may have made fast by making
 * them wrong.  A case that passes after the fix with an after runtime
 * below `ratio` times its before runtime (the metric's key
 * `suspicious`, default METRIC_SUSPICIOUS_RATIO) is flagged: a
 * speedup of that size is more often a kernel that skips its work than a
 * better one, and a metric that rewards speed pays for it.  A warning in the
 * record, not a guard: the verdict does not change. */
#ifndef FP_PRICE_SUSPECT_H
#define FP_PRICE_SUSPECT_H

#include <stddef.h>

#include "price/price.h"
#include "util/diag.h"

struct suspects {
	double ratio; /* the threshold used; 0: the check is off */
	size_t n;
	size_t *idx; /* the flagged cases, in case order */
};

/* Finds the suspicious cases of p (both runtimes present and above 0,
 * passing after, after < ratio * before).  Caller frees
 * (suspects_free, also after a failure, which is out of memory). */
int price_suspects(const struct price *p, double ratio, struct suspects *out,
                   struct diag *d);
void suspects_free(struct suspects *s);

#endif
