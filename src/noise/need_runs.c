/* need_runs.c: more runs or more samples per run (need_runs.h). */
#include <math.h>

#include "noise/need_runs.h"

/* Beyond this many samples per run, "would decide it" names no count a
 * harness would run (as verdict.c's NEED_MAX). */
#define NEED_RUNS_MAX_SAMPLES 1e6

void need_runs_solve(double f, double r, size_t R, double k, size_t max_runs,
                     need_widen_fn *widen, void *ctx, struct need_runs *out)
{
	double room = 1 / (r * r) - (1 - f), w0 = widen(R, ctx), kk;

	*out = (struct need_runs){true, f, R, k, 0, 0};
	/* The samples' part must shrink into what the runs' part leaves. */
	if (room > 0 && f > 0) {
		kk = ceil(f * k / room - 1e-9);
		if (kk <= k)
			kk = floor(k) + 1;
		if (kk <= NEED_RUNS_MAX_SAMPLES)
			out->samples_needed = kk;
	}
	for (size_t q = R + 1; q <= max_runs; q++)
		if (widen(q, ctx) * sqrt((double)R / (double)q) <=
		    w0 / r + 1e-12) {
			out->runs_needed = q;
			break;
		}
}
