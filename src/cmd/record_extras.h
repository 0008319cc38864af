/* record_extras.h: what `price --record` adds to a record beyond the price
 * itself: the break-even value of every parameter, and the shares plot. */
#ifndef FP_RECORD_EXTRAS_H
#define FP_RECORD_EXTRAS_H

#include <stdio.h>

#include "cmd/cli.h"
#include "plot/plot.h"
#include "report/report.h"
#include "sens/sensitivity.h"

struct record_extras {
	struct param_breakeven *breakeven; /* nbreakeven, each cross malloc'd */
	size_t nbreakeven;
	struct record_plot plot;
	struct plot_result shares;
	char *link; /* plot.file when it is not in the record folder */
	bool have_plot;
};

/* Fills x and points r at it: r->price is the price, the break-evens are
 * searched on session s (which is left bound to no price).  Break-evens
 * only for a record folder; the shares plot into o->plot_dir, else into
 * record_dir. */
int record_extras_fill(struct record_extras *x, struct session *s,
                       const char *record_dir, const struct output_opts *o,
                       struct record *r, struct diag *d);

/* Prints what the reader should know about the plots (gnuplot missing). */
void record_extras_notes(const struct record_extras *x,
                         const struct output_opts *o, FILE *out);

void record_extras_free(struct record_extras *x);

#endif
