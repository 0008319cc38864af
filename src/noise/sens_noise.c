/* sens_noise.c: sweeps and break-evens over the bootstrap's resamples
 * (sens_noise.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/sens_noise.h"
#include "price/price.h"
#include "sens/sensitivity.h"

/* What every resample does, and where it writes: slot r of out. */
struct visit_ctx {
	const char *param;
	const double *x; /* sweep points, or NULL for break-evens */
	size_t npts;
	double lo, hi;
	const double *cross; /* the measured crossings */
	size_t ncross;
	/* A sweep: the rows of noise_visit_fit (those on runtimes alone
	 * only when pass states vary: rt; the measured and expected prices
	 * then follow the resamples at row `refs`) of npts points' gain,
	 * cost and net; break-evens: B rows of ncross values. */
	double *out;
	size_t B, refs;
	bool rt;
};

/* Where noise_visit_fit's row r is kept. */
static size_t row_of(const struct visit_ctx *v, size_t r)
{
	return r >= 2 * v->B ? v->refs + (r - 2 * v->B) : r;
}

/* The measured crossing c's nearest in got[0..n), or NaN when none. */
static double nearest(double c, const double *got, size_t n)
{
	double best = NAN;

	for (size_t k = 0; k < n; k++)
		if (isnan(best) || fabs(got[k] - c) < fabs(best - c))
			best = got[k];
	return best;
}

static int analyse(struct visit_ctx *v, size_t r, struct sens *s,
                   struct knob *k, struct diag *d)
{
	double *got = NULL;
	size_t ngot = 0;

	if (v->x) {
		for (size_t i = 0; i < v->npts; i++) {
			struct sens_point pt;

			double *at = &v->out[3 * (row_of(v, r) * v->npts + i)];

			if (sens_eval(s, k, v->x[i], &pt, d) != FP_OK)
				return FP_ERR;
			at[0] = pt.gain;
			at[1] = pt.cost;
			at[2] = pt.net;
		}
		return FP_OK;
	}
	if (sens_breakeven(s, k, v->lo, v->hi, &got, &ngot, d) != FP_OK)
		return FP_ERR;
	for (size_t j = 0; j < v->ncross; j++)
		v->out[r * v->ncross + j] = nearest(v->cross[j], got, ngot);
	free(got);
	return FP_OK;
}

/* One resample: an analysis on the thread's session, its price moved to
 * the resample's runtimes and pass states. */
static int visit(void *ctx, size_t r, size_t thread, struct session *ses,
                 struct price *p, struct diag *d)
{
	struct visit_ctx *v = ctx;
	struct sens s = {0};
	struct knob k;
	int rc = FP_ERR;

	(void)thread;
	if (sens_open(&s, ses, p, d) != FP_OK)
		goto out;
	if (sens_knob(&s, v->param, &k, d) == FP_OK)
		rc = analyse(v, r, &s, &k, d);
out:
	sens_close(&s);
	return rc;
}

/* Column j of B rows of `width` values, without NaN, into col; how many. */
static size_t column(const double *x, size_t B, size_t width, size_t j,
                     double *col)
{
	size_t n = 0;

	for (size_t r = 0; r < B; r++)
		if (!isnan(x[r * width + j]))
			col[n++] = x[r * width + j];
	return n;
}

/* The interval of each column of B rows of `width` into ci[], and the
 * resamples without a value into never[]. */
static int intervals(const double *x, size_t B, size_t width, double conf,
                     double widen, struct interval *ci, size_t *never,
                     struct diag *d)
{
	double *col = malloc((B ? B : 1) * sizeof *col);

	if (!col)
		return diag_oom(d);
	for (size_t j = 0; j < width; j++) {
		size_t n = column(x, B, width, j, col);

		never[j] = B - n;
		ci[j] = (struct interval){NAN, NAN};
		if (n > 0 && noise_interval(col, n, conf, widen, &ci[j],
		                            NULL) != FP_OK) {
			free(col);
			return diag_oom(d);
		}
	}
	free(col);
	return FP_OK;
}

static void set_meta(struct sens_noise *sn, const struct boot_opts *o)
{
	sn->B = o->B;
	sn->confidence = o->confidence;
	sn->seed = o->seed;
}

/* The break-evens' intervals: the percentile interval of each crossing
 * over the resamples that have it, widened by the spread's scale. */
static int run(const struct metric *m, const struct joined *runs,
               const struct noise_side side[2], const struct boot_opts *o,
               struct visit_ctx *v, size_t width, struct sens_noise *sn,
               struct diag *d)
{
	int rc;

	set_meta(sn, o);
	if (!(v->out = malloc((o->B * width + 1) * sizeof *v->out)))
		return diag_oom(d);
	rc = noise_visit(m, runs, side, o, visit, 0, v, d);
	if (rc == FP_OK)
		rc = intervals(
		    v->out, o->B, width, o->confidence,
		    noise_correction(side, runs->before->n, o->confidence),
		    sn->cross, sn->never, d);
	free(v->out);
	return rc;
}

/* Column i of a sweep's rows [r0, r0 + B): quantity q (gain 0, cost 1,
 * net 2) at point i, into col. */
static void sweep_column(const struct visit_ctx *v, size_t r0, size_t B,
                         size_t i, int q, double *col)
{
	for (size_t r = 0; r < B; r++)
		col[r] = v->out[3 * ((r0 + r) * v->npts + i) + (size_t)q];
}

/* The band at point i: price's interval of net there (noise_fit_*), made
 * of the resamples' gain, cost and net at it, on runtimes alone too when
 * pass states vary, and its measured and expected prices. */
static int sweep_band(const struct visit_ctx *v, const struct boot_opts *o,
                      double correction, double kink, size_t i, double *cols,
                      struct interval *band)
{
	size_t B = o->B;
	const double *pt = &v->out[3 * (v->refs * v->npts + i)];
	const double *ref = &v->out[3 * ((v->refs + 1) * v->npts + i)];
	struct boot b = {.B = B,
	                 .confidence = o->confidence,
	                 .correction = correction,
	                 .kink = kink,
	                 .point = {pt[0], pt[1], pt[2]},
	                 .ref = {ref[0], ref[1], ref[2]}};
	double *c[6];

	for (int q = 0; q < 6; q++) {
		c[q] = cols + (size_t)q * B;
		if (q < 3 || v->rt)
			sweep_column(v, q < 3 ? 0 : B, B, i, q % 3, c[q]);
	}
	b.gain = c[0];
	b.cost = c[1];
	b.net = c[2];
	if (v->rt) {
		b.rt_gain = c[3];
		b.rt_cost = c[4];
		b.rt_net = c[5];
	}
	return noise_fit_interval(&b, 2, o->confidence, band);
}

int sens_noise_sweep(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     const char *param, const double *x, size_t npts,
                     struct sens_noise *sn, struct diag *d)
{
	size_t B = o->B, n = runs->before->n;
	bool rt = noise_pass_varies(side, n);
	struct visit_ctx v = {.param = param,
	                      .x = x,
	                      .npts = npts,
	                      .B = B,
	                      .rt = rt,
	                      .refs = rt ? 2 * B : B};
	double correction, kink, *cols = NULL;
	int rc = FP_ERR;

	set_meta(sn, o);
	sn->npts = npts;
	sn->band = calloc(npts + 1, sizeof *sn->band);
	v.out = malloc((3 * (v.refs + 2) * npts + 1) * sizeof *v.out);
	cols = malloc((6 * B + 1) * sizeof *cols);
	if (!sn->band || !v.out || !cols) {
		diag_oom(d);
		goto out;
	}
	if (noise_visit_fit(m, runs, side, o, visit, &v, d) != FP_OK)
		goto out;
	noise_fit_scales(side, n, o->confidence, &correction, &kink);
	for (size_t i = 0; i < npts; i++)
		if (sweep_band(&v, o, correction, kink, i, cols,
		               &sn->band[i]) != FP_OK) {
			diag_oom(d);
			goto out;
		}
	rc = FP_OK;
out:
	free(cols);
	free(v.out);
	return rc;
}

int sens_noise_breakeven(const struct metric *m, const struct joined *runs,
                         const struct noise_side side[2],
                         const struct boot_opts *o, const char *param,
                         double lo, double hi, const double *cross,
                         size_t ncross, struct sens_noise *sn, struct diag *d)
{
	struct visit_ctx v = {.param = param,
	                      .lo = lo,
	                      .hi = hi,
	                      .cross = cross,
	                      .ncross = ncross};

	sn->ncross = ncross;
	sn->cross = calloc(ncross + 1, sizeof *sn->cross);
	sn->never = calloc(ncross + 1, sizeof *sn->never);
	if (!sn->cross || !sn->never)
		return diag_oom(d);
	return run(m, runs, side, o, &v, ncross, sn, d);
}

void sens_noise_free(struct sens_noise *sn)
{
	free(sn->band);
	free(sn->cross);
	free(sn->never);
	memset(sn, 0, sizeof *sn);
}
