/* plot_title.h: what a chart's title says, the same on every chart: the
 * metric, what is drawn, the verdict (or the decision where there is no
 * verdict) and whether the numbers are a PREDICTION or MEASURED. */
#ifndef FP_PLOT_TITLE_H
#define FP_PLOT_TITLE_H

#include <stdbool.h>

#include "price/metric.h"

/* "METRIC: WHAT -- OUTCOME -- PREDICTION" (or MEASURED), the metric's name
 * cut with "..." so that the outcome is never cut; outcome e.g. "verdict:
 * accept".  Caller frees with free(); NULL when out of memory. */
char *plot_title(const char *what, const struct metric *m, const char *outcome,
                 bool prediction);

struct priced;
struct record;

/* The title of a record's chart: its verdict, or its decision when it has
 * none.  Caller frees with free(); NULL when out of memory. */
char *plot_title_record(const char *what, const struct record *r);

/* The title of a sensitivity command's chart: the decision at the current
 * values.  Caller frees with free(); NULL when out of memory. */
char *plot_title_now(const char *what, const struct priced *pr);

#endif
