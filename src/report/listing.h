/* listing.h: what check, metrics and eval print: a metric's definition,
 * the list of metrics, a formula's value.  For people, on a terminal: user
 * text is passed through escape_terminal; numbers are exact. */
#ifndef FP_REPORT_LISTING_H
#define FP_REPORT_LISTING_H

#include <stddef.h>
#include <stdio.h>

#include "price/metric.h"
#include "run/run.h"
#include "util/diag.h"

/* Name, version, file, hash, parameters, weights, columns and each formula
 * with its shape. */
int report_metric(const struct metric *m, FILE *out, struct diag *d);

/* Two lines per metric: the name, padded to the longest, and the
 * description on one line; then, under the description, "from: " and
 * where -m NAME finds it (a path, or "built in"). */
struct metric_row {
	const char *name, *description;
	const char *from; /* the file, or NULL: the built-in copy */
};
int report_metric_list(const struct metric_row *rows, size_t n, FILE *out,
                       struct diag *d);

/* One number, exact. */
int report_value(double v, FILE *out, struct diag *d);

/* "case,value" CSV: each case of run with v[i]. */
int report_per_case(const struct run *run, const double *v, FILE *out,
                    struct diag *d);

#endif
