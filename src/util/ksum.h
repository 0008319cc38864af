/* ksum.h: compensated (Neumaier) summation.
 *
 * Sums over 10^7 cases must not drift, and must not depend on how the
 * compiler vectorises.  Neumaier's variant of Kahan summation keeps the lost
 * low-order bits in a second accumulator and is exact to within one rounding
 * for any order of magnitudes.  The header is all inline so the evaluator's
 * inner loops can use it without a call. */
#ifndef FP_KSUM_H
#define FP_KSUM_H

#include <math.h>

struct ksum {
	double sum, comp;
};

static inline void ksum_add(struct ksum *k, double x)
{
	double t = k->sum + x;
	if (fabs(k->sum) >= fabs(x))
		k->comp += (k->sum - t) + x;
	else
		k->comp += (x - t) + k->sum;
	k->sum = t;
}

/* Adds another accumulator (for merging per-block partial sums). */
static inline void ksum_merge(struct ksum *k, const struct ksum *o)
{
	ksum_add(k, o->sum);
	ksum_add(k, o->comp);
}

static inline double ksum_value(const struct ksum *k)
{
	return k->sum + k->comp;
}

/* Compensated sum of x[0..n). */
static inline double ksum_array(const double *x, size_t n)
{
	struct ksum k = {0, 0};
	for (size_t i = 0; i < n; i++)
		ksum_add(&k, x[i]);
	return ksum_value(&k);
}

#endif
