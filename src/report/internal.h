/* internal.h: helpers shared by the record writers in src/report/ only. */
#ifndef FP_REPORT_INTERNAL_H
#define FP_REPORT_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "price/price.h"
#include "util/numfmt.h"
#include "util/diag.h"

/* Decimals for the numbers people read (gain, cost, net, totals, scores,
 * shares) in text and Markdown; JSON and CSV are exact instead. */
#define REPORT_DECIMALS 4
/* Significant digits for runtimes, weights and break-even values. */
#define REPORT_DIGITS 6

/* Flushes out and reports a write error on it as "cannot write the FORM
 * report: REASON".  Every writer ends with it. */
int report_finish(FILE *out, const char *form, struct diag *d);

/* Fills idx with the (at most k) cases whose gain share minus cost share is
 * largest in size, largest first, ties in case order; returns how many.
 * Cases where the two are equal are left out.  0 when the shares are
 * undefined. */
size_t report_top_cases(const struct price *p, size_t k, size_t *idx);

/* Number of characters (UTF-8 code points) in s, for lining up columns. */
size_t report_width(const char *s);

#endif
