/* need_runs.c: more runs or more samples per run (need_runs.h). */
#include <math.h>
#include <stdlib.h>

#include "noise/need_runs.h"
#include "noise/runs_scale.h"
#include "run/merge.h"
#include "price/price.h"

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
	/* The widening is at least 1, so no count below R (r / w0)^2 can
	 * do; each one looked up is a calibration (runs_scale.h). */
	double from = ceil((double)R * (r / w0) * (r / w0) - 1e-9);
	size_t q0 = from > (double)max_runs ? max_runs + 1
	            : from > (double)R      ? (size_t)from
	                                    : R + 1;

	for (size_t q = q0; q <= max_runs; q++)
		if (widen(q, ctx) * sqrt((double)R / (double)q) <=
		    w0 / r + 1e-12) {
			out->runs_needed = q;
			break;
		}
}

/* Resamples kept for the split: its share needs a variance, not tails. */
#define SPLIT_RESAMPLES 1000

/* The variance of x[0..n). */
static double variance(const double *x, size_t n)
{
	double m = 0, ss = 0;

	for (size_t q = 0; q < n; q++)
		m += x[q] / (double)n;
	for (size_t q = 0; q < n; q++)
		ss += (x[q] - m) * (x[q] - m);
	return n > 1 ? ss / (double)(n - 1) : 0;
}

/* The widening at R runs on both sides (ctx: a struct widening). */
struct widening {
	enum run_estimator e[2];
	bool paired;
	double conf;
};

static double widen_at(size_t R, void *ctx)
{
	const struct widening *w = ctx;
	size_t runs[2] = {R, R};

	return noise_runs_scale(runs, w->e, w->paired, w->conf);
}

/* noise_visit's callback: resample r's net into slot r. */
static int keep_net(void *ctx, size_t r, size_t thread, struct session *ses,
                    struct price *p, struct diag *d)
{
	(void)thread;
	(void)ses;
	(void)d;
	((double *)ctx)[r] = p->net;
	return FP_OK;
}

int need_runs_within(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     double **net, size_t *nB, struct diag *d)
{
	struct noise_side in[2] = {side[0], side[1]};
	struct boot_opts wo = *o;

	in[0].runs_kept = in[1].runs_kept = true;
	if (wo.B > SPLIT_RESAMPLES)
		wo.B = SPLIT_RESAMPLES;
	*nB = wo.B;
	if (!(*net = malloc(wo.B * sizeof **net)))
		return diag_oom(d);
	if (noise_visit(m, runs, in, &wo, keep_net, PRICE_LEAN, *net, d) !=
	    FP_OK) {
		free(*net);
		*net = NULL;
		diag_prefix(d, "samples within runs");
		return FP_ERR;
	}
	return FP_OK;
}

double need_runs_share(const double *within, size_t nw, const double *all,
                       size_t na)
{
	double vw = variance(within, nw), vh = variance(all, na);

	/* Below 1e-12 of it, vw is the sums' rounding, not a spread. */
	return vh > 0 ? vw < 1e-12 * vh ? 0 : fmin(1, vw / vh) : 1;
}

void need_runs_for(double f, double r, const struct noise_side side[2],
                   double confidence, double k, struct need_runs *out)
{
	struct widening wd = {
	    {side[0].est, side[1].est}, side[0].paired, confidence};

	need_runs_solve(f, r, side[0].nruns, k, RUN_MAX_MERGED, widen_at, &wd,
	                out);
}
