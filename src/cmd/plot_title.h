/* plot_title.h: what a chart's title says, the same on every chart: the
 * metric, what is drawn, the verdict (or the decision where there is no
 * verdict) and whether the numbers are a PREDICTION or MEASURED. */
#ifndef FP_PLOT_TITLE_H
#define FP_PLOT_TITLE_H

#include <stdbool.h>

#include "price/metric.h"
#include "util/diag.h"

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

/* The outcome a sensitivity command's chart states for the current
 * values: price's verdict on the same inputs, judged as price judges it
 * (cmd_judge: the same resamples, confidence and seed; these commands
 * take no control run), "verdict now: inconclusive"; where price judges
 * no noise, the point estimate's decision, "point estimate now: accept".
 * buf holds at least 48 bytes. */
struct cmd_noise;
int plot_outcome_now(const struct priced *pr, const struct cmd_noise *o,
                     char *buf, size_t size, struct diag *d);

/* The title of a sensitivity command's chart with that outcome.  Caller
 * frees with free(); NULL when out of memory. */
char *plot_title_now(const char *what, const struct priced *pr,
                     const char *outcome);

#endif
