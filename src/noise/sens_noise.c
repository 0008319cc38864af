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
	const double *x; /* the points */
	size_t npts;
	/* The rows of noise_visit_fit (those on runtimes alone only when
	 * pass states vary: rt; the measured and expected prices and the
	 * corners then follow the resamples at row `refs`) of npts points'
	 * gain, cost and net. */
	double *out;
	size_t B, refs;
	bool rt;
};

/* Where noise_visit_fit's row r is kept. */
static size_t row_of(const struct visit_ctx *v, size_t r)
{
	return r >= 2 * v->B ? v->refs + (r - 2 * v->B) : r;
}

static int analyse(struct visit_ctx *v, size_t r, struct sens *s,
                   struct knob *k, struct diag *d)
{
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

static void set_meta(struct sens_noise *sn, const struct boot_opts *o)
{
	sn->B = o->B;
	sn->confidence = o->confidence;
	sn->seed = o->seed;
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
 * pass states vary, and its measured and expected prices and corners. */
static int sweep_band(const struct visit_ctx *v, const struct boot_opts *o,
                      const struct noise_fitting *fit, size_t i, double *cols,
                      struct interval *band)
{
	size_t B = o->B;
	struct boot b = {.B = B, .confidence = o->confidence, .fit = *fit};
	struct boot_gcn *to[NOISE_REFS] = {&b.point, &b.ref, &b.corner[0],
	                                   &b.corner[1], &b.drawn};
	double *c[6];

	for (size_t k = 0; k < NOISE_REFS; k++) {
		const double *at = &v->out[3 * ((v->refs + k) * v->npts + i)];

		*to[k] = (struct boot_gcn){at[0], at[1], at[2]};
	}

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

/* What a break-even's bands share: the runs, the options and the
 * fitting (noise_fit_scales), measured once. */
struct band_ctx {
	const struct metric *m;
	const struct joined *runs;
	const struct noise_side *side;
	const struct boot_opts *o;
	const char *param;
	struct noise_fitting fit;
};

/* The bands at x[0..npts) into sn (sens_noise_sweep). */
static int bands(const struct band_ctx *c, const double *x, size_t npts,
                 struct sens_noise *sn, struct diag *d)
{
	const struct boot_opts *o = c->o;
	size_t B = o->B, n = c->runs->before->n;
	bool rt = noise_pass_varies(c->side, n);
	struct visit_ctx v = {.param = c->param,
	                      .x = x,
	                      .npts = npts,
	                      .B = B,
	                      .rt = rt,
	                      .refs = rt ? 2 * B : B};
	double *cols = NULL;
	int rc = FP_ERR;

	set_meta(sn, o);
	sn->npts = npts;
	sn->band = calloc(npts + 1, sizeof *sn->band);
	v.out = malloc((3 * (v.refs + NOISE_REFS) * npts + 1) * sizeof *v.out);
	cols = malloc((6 * B + 1) * sizeof *cols);
	if (!sn->band || !v.out || !cols) {
		diag_oom(d);
		goto out;
	}
	if (noise_visit_fit(c->m, c->runs, c->side, o, visit, &v, d) != FP_OK)
		goto out;
	for (size_t i = 0; i < npts; i++)
		if (sweep_band(&v, o, &c->fit, i, cols, &sn->band[i]) !=
		    FP_OK) {
			diag_oom(d);
			goto out;
		}
	rc = FP_OK;
out:
	free(cols);
	free(v.out);
	return rc;
}

static struct band_ctx band_ctx(const struct metric *m,
                                const struct joined *runs,
                                const struct noise_side side[2],
                                const struct boot_opts *o, const char *param)
{
	return (struct band_ctx){
	    .m = m,
	    .runs = runs,
	    .side = side,
	    .o = o,
	    .param = param,
	    .fit = noise_fit_scales(side, runs->before->n, o->confidence)};
}

int sens_noise_sweep(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     const char *param, const double *x, size_t npts,
                     struct sens_noise *sn, struct diag *d)
{
	struct band_ctx c = band_ctx(m, runs, side, o, param);

	return bands(&c, x, npts, sn, d);
}

static bool holds_zero(struct interval band)
{
	return band.lo <= 0 && 0 <= band.hi;
}

/* Whether price's interval of net at x holds 0: *holds, by the band of
 * the one point. */
static int holds_zero_at(const struct band_ctx *c, double x, bool *holds,
                         struct diag *d)
{
	struct sens_noise one = {0};
	int rc = bands(c, &x, 1, &one, d);

	*holds = rc == FP_OK && holds_zero(one.band[0]);
	sens_noise_free(&one);
	return rc;
}

/* The end of the interval of a break-even between in (where price's
 * interval of net holds 0) and out (where it does not), to a millionth
 * of the range's width. */
static int edge(const struct band_ctx *c, double in, double out, double width,
                double *at, struct diag *d)
{
	while (fabs(out - in) > 1e-6 * width) {
		double mid = in + (out - in) / 2;
		bool holds;

		if (holds_zero_at(c, mid, &holds, d) != FP_OK)
			return FP_ERR;
		*(holds ? &in : &out) = mid;
	}
	*at = in;
	return FP_OK;
}

/* The grid the bands are first looked at on: geometric over a range of
 * positive values wider than a decade, else even. */
static void grid(double lo, double hi, double *x, size_t n)
{
	bool geo = lo > 0 && hi / lo > 10;

	for (size_t i = 0; i < n; i++) {
		double t = (double)i / (double)(n - 1);
		x[i] = geo ? lo * pow(hi / lo, t) : lo + t * (hi - lo);
	}
	x[0] = lo;
	x[n - 1] = hi;
}

/* Crossing cx's interval: the values about it at which price's interval
 * of net holds 0 (the test of "the break-even is here" that price's
 * verdict makes), bounded where the bands on the grid stop holding it;
 * *open says which ends the range bounds (1 below, 2 above). */
static int one_crossing(const struct band_ctx *c, const double *x,
                        const struct interval *band, size_t n, double cx,
                        struct interval *ci, unsigned char *open,
                        struct diag *d)
{
	size_t at = 0, a, b;
	double width = x[n - 1] - x[0];

	/* The grid point nearest cx whose band holds 0. */
	for (size_t i = 1; i < n; i++)
		if (fabs(x[i] - cx) < fabs(x[at] - cx))
			at = i;
	for (size_t k = 0; k < n; k++) {
		size_t lo = at >= k ? at - k : n, hi = at + k;
		if (lo < n && holds_zero(band[lo])) {
			at = lo;
			break;
		}
		if (hi < n && holds_zero(band[hi])) {
			at = hi;
			break;
		}
		if (lo >= n && hi >= n) {
			*ci = (struct interval){NAN, NAN};
			return FP_OK;
		}
	}
	for (a = at; a > 0 && holds_zero(band[a - 1]);)
		a--;
	for (b = at; b + 1 < n && holds_zero(band[b + 1]);)
		b++;
	*open = (a == 0) | (b + 1 == n) << 1;
	ci->lo = x[a];
	ci->hi = x[b];
	if (a > 0 && edge(c, x[a], x[a - 1], width, &ci->lo, d) != FP_OK)
		return FP_ERR;
	if (b + 1 < n && edge(c, x[b], x[b + 1], width, &ci->hi, d) != FP_OK)
		return FP_ERR;
	return FP_OK;
}

#define BREAKEVEN_GRID 129

int sens_noise_breakeven(const struct metric *m, const struct joined *runs,
                         const struct noise_side side[2],
                         const struct boot_opts *o, const char *param,
                         double lo, double hi, const double *cross,
                         size_t ncross, struct sens_noise *sn, struct diag *d)
{
	/* The scales once, not at every step of the bisections. */
	struct band_ctx c = band_ctx(m, runs, side, o, param);
	double x[BREAKEVEN_GRID];
	struct sens_noise grid_bands = {0};
	int rc = FP_ERR;

	set_meta(sn, o);
	sn->ncross = ncross;
	sn->cross = calloc(ncross + 1, sizeof *sn->cross);
	sn->open = calloc(ncross + 1, 1);
	if (!sn->cross || !sn->open)
		return diag_oom(d);
	grid(lo, hi, x, BREAKEVEN_GRID);
	if (bands(&c, x, BREAKEVEN_GRID, &grid_bands, d) != FP_OK)
		goto out;
	for (size_t j = 0; j < ncross; j++)
		if (one_crossing(&c, x, grid_bands.band, BREAKEVEN_GRID,
		                 cross[j], &sn->cross[j], &sn->open[j],
		                 d) != FP_OK)
			goto out;
	rc = FP_OK;
out:
	sens_noise_free(&grid_bands);
	return rc;
}

void sens_noise_free(struct sens_noise *sn)
{
	free(sn->band);
	free(sn->cross);
	free(sn->open);
	memset(sn, 0, sizeof *sn);
}
