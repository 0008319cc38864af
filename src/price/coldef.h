/* coldef.h: a metric column's default (`columns: [{ref_runtime:
 * runtime_before}]`), evaluated for a price from the program the metric
 * compiled at load (metric.h: column_prog), in a clone of its own
 * environment: nothing is compiled while pricing. */
#ifndef FP_PRICE_COLDEF_H
#define FP_PRICE_COLDEF_H

#include <stddef.h>

#include "price/join.h"
#include "price/metric.h"
#include "util/diag.h"

/* What a column default may read: both sides' runtimes, pass states and
 * has_runtime, n cases each, and N. */
struct coldef_in {
	size_t n;
	double N;
	const double *runtime[2], *passed[2], *has_runtime[2];
};

/* Evaluates the default of column k into v, in->n values; a fault names
 * the case (and says when it has no runtime). */
int price_column_default(const struct coldef_in *in, const struct metric *m,
                         size_t k, const struct joined *runs, double *v,
                         struct diag *d);

#endif
