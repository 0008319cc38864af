/* agg.h: aggregates over cases (sum, mean, count, median, geomean,
 * percentile, minof, maxof), fed a block or a value at a time.
 *
 * Sums are compensated and deterministic: case i goes to lane i % FX_LANES,
 * each lane is an error-free (TwoSum) compensated sum, and the lanes are
 * merged in a fixed order at the end.  The result therefore does not depend
 * on the block size, the vector width, or on whether cases were fed by the
 * block evaluator or one by one by the diagnostic evaluator; the lanes give
 * the compiler independent chains to vectorise. */
#ifndef FP_FORMULA_AGG_H
#define FP_FORMULA_AGG_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/ops.h"

#define FX_LANES 8

struct fx_acc {
	double s[FX_LANES], c[FX_LANES]; /* lane sums and their compensations */
	double ext;                      /* minof, maxof: running extreme */
	size_t zeros;                    /* geomean: cases equal to 0 */
	double *vals;                    /* median, percentile: per case */
	size_t n;                        /* cases seen */
};

/* True for the aggregates that need every value (vals of N doubles). */
bool fx_agg_needs_values(enum fx_fn fn);

/* vals: N doubles owned by the caller when fx_agg_needs_values, else NULL. */
void fx_acc_init(struct fx_acc *acc, enum fx_fn fn, double *vals);

/* Feeds cases base..base+n-1; base must be a multiple of FX_LANES. */
void fx_acc_block(struct fx_acc *acc, enum fx_fn fn, const double *x,
                  size_t base, size_t n);

/* Feeds case index alone.  Cases must come in order 0, 1, 2, ... */
void fx_acc_one(struct fx_acc *acc, enum fx_fn fn, double x, size_t index);

/* The aggregate's value (p: percentile's 0..100).  NaN for no cases (except
 * sum and count: 0), for any NaN fed, and for domain problems (geomean of a
 * negative number, p outside 0..100).  Reorders vals. */
double fx_acc_final(struct fx_acc *acc, enum fx_fn fn, double p);

#endif
