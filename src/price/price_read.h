/* price_read.h: the runs' basic columns as pricing reads them (internal to
 * price.c): runtimes and pass states checked, and has_runtime made. */
#ifndef FP_PRICE_READ_H
#define FP_PRICE_READ_H

#include "formula/formula.h"
#include "price/join.h"
#include "price/metric.h"
#include "price/session.h"
#include "util/diag.h"

/* Fills passed[s], runtime[s] (a prediction's after runtimes are the
 * session's) and has_runtime[s] (n-long arrays of the caller), checking each
 * case: a pass state is 0 or 1; a runtime is a finite number above 0, or
 * missing (NaN: the case has no samples) in a case that fails on that
 * side.  A passing case without a runtime is an error naming the case and
 * the file.  With a gate (gate.h), a run without a `passed` column reads
 * as failing, from fallback[s] (n zeros of the caller's), until the gate
 * decides. */
int price_read_basics(const struct session *ses, double *const fallback[2],
                      const double *passed[2], const double *runtime[2],
                      double *const has_runtime[2], struct diag *d);

/* A fault of formula f (key + side) at a case, as an error at the
 * operator in the metric file; when the case has no runtime on a side, the
 * message says so and how a formula tells (has_runtime). */
int price_fault(const struct metric_formula *f, const struct fx_fault *fault,
                const struct joined *j, const char *side, struct diag *d);

#endif
