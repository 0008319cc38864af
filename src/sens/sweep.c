/* sweep.c: a knob swept over a grid, its points priced and its break-evens
 * found (sensitivity.h: sens_sweep).  Apart from sensitivity.c, which the
 * break-even search prices points through, so that no file calls back. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sens/sensitivity.h"
#include "util/progress.h"

/* Point i of a grid from lo by step: lo + i step, read as the decimal of
 * 15 significant digits it is meant to be where that is within a
 * billionth of a step of it (0.2 + 0.1 is 0.30000000000000004, and the
 * point 0.3 is to be priced as --set 0.3 prices it). */
static double grid_point(double lo, double step, size_t i)
{
	char buf[32];
	double x = lo + (double)i * step, y;

	snprintf(buf, sizeof buf, "%.15g", x);
	y = strtod(buf, NULL);
	return fabs(y - x) <= 1e-9 * fabs(step) ? y : x;
}

int sens_sweep(struct sens *s, struct knob *k, double lo, double hi,
               double step, struct sweep *out, struct diag *d)
{
	double span = (hi - lo) / step;
	struct progress pg;

	memset(out, 0, sizeof *out);
	if (!(span < 1e7))
		return diag_set(
		    d, NULL, 0, 0,
		    "%s: a sweep from %g to %g by %g has too many points "
		    "(at most 10000000)",
		    k->name, lo, hi, step);
	/* The last point is hi when the steps reach it up to rounding. */
	out->n = (size_t)floor(span + 1e-9) + 1;
	out->pts = malloc(out->n * sizeof *out->pts);
	if (!out->pts)
		return diag_oom(d);
	progress_start(&pg, "sweep", out->n, 64);
	for (size_t i = 0; i < out->n; i++) {
		double x =
		    i + 1 == out->n && fabs(lo + i * step - hi) <= 1e-9 * step
		        ? hi
		        : grid_point(lo, step, i);
		if (sens_eval(s, k, x, &out->pts[i], d) != FP_OK) {
			progress_done(&pg);
			diag_prefix(d, "%s = %g", k->name, x);
			return FP_ERR;
		}
		progress_tick(&pg, 1);
	}
	progress_done(&pg);
	if (sens_breakeven(s, k, lo, hi, &out->cross, &out->jump, &out->ncross,
	                   d) != FP_OK)
		return FP_ERR;
	out->zero_everywhere = k->zero_everywhere;
	out->every_crossing = k->every_crossing;
	return FP_OK;
}

void sweep_free(struct sweep *w)
{
	free(w->pts);
	free(w->cross);
	free(w->jump);
	memset(w, 0, sizeof *w);
}
