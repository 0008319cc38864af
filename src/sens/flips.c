/* flips.c: the values of a knob where a branch of the metric flips
 * (sensitivity.h, sens_flips).
 *
 * The knob's dependence is followed through the formulas in the order
 * pricing evaluates them: the scenario's runtime (a scenario parameter),
 * column defaults, score, value and total of each side, the defines, gain
 * and cost (formula/pieces.c reads each tree).  Each branch that flips
 * has a difference that is affine in the knob, or a ratio of affine
 * functions, in every case; its values at two or three points give each
 * case's root. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sens/sensitivity.h"

/* Beyond this many flip points the search costs more than it tells. */
#define SENS_MAX_FLIPS 20000

/* A formula whose branches flip, and where to evaluate it. */
struct site {
	const struct fx_prog *prog;
	int side; /* 0 or 1: the side environment of that side; -1: cross */
	struct fx_flips fl;
};

struct deps {
	struct fx_dep *side[2], *cross, *col;
	int nside, ncross, ncol;
	struct site sites[16 + 2 * METRIC_MAX_DEFINES];
	size_t nsites;
	bool incomplete;
	struct fx_dep net;
};

static void set(struct fx_dep *deps, int n, const struct fx_env *env,
                const char *name, struct fx_dep d)
{
	int slot = fx_env_lookup(env, name, NULL);

	if (slot >= 0 && slot < n)
		deps[slot] = d;
}

/* Follows one formula: its result's dependence, and its flips as a site. */
static int follow(struct deps *D, const struct fx_prog *prog, int side,
                  struct fx_dep *out, struct diag *d)
{
	struct site *st = &D->sites[D->nsites];
	const struct fx_dep *deps = side < 0 ? D->cross : D->side[side];
	int n = side < 0 ? D->ncross : D->nside;

	memset(st, 0, sizeof *st);
	st->prog = prog;
	st->side = side;
	if (fx_prog_pieces(prog, deps, n, out, &st->fl) != FP_OK)
		return diag_oom(d);
	D->incomplete |= st->fl.incomplete;
	if (st->fl.n > 0)
		D->nsites++;
	else
		fx_flips_free(&st->fl);
	return FP_OK;
}

/* Where the knob enters: its own slot, the predicted runtime, or the
 * weights. */
static int sources(struct deps *D, const struct session *ses,
                   const struct knob *k, struct fx_dep *rt)
{
	const struct metric *m = ses->metric;
	const struct fx_dep aff = {FX_AFFINE, false};
	struct fx_flips fl = {0};
	int rc = FP_OK;

	*rt = (struct fx_dep){FX_FREE, false};
	if (k->kind == KNOB_METRIC) {
		for (int s = 0; s < 2; s++)
			set(D->side[s], D->nside, m->side, k->name, aff);
		set(D->cross, D->ncross, m->cross, k->name, aff);
	} else if (k->kind == KNOB_WEIGHT) {
		static const char *const w[2] = {"weight", "W"};
		for (int j = 0; j < 2; j++) {
			for (int s = 0; s < 2; s++)
				set(D->side[s], D->nside, m->side, w[j], aff);
			set(D->cross, D->ncross, m->cross, w[j], aff);
		}
	} else if (ses->scenario->prog) {
		const struct scenario *sc = ses->scenario;
		int n = fx_env_count(sc->env);
		struct fx_dep *sd = calloc((size_t)n + 1, sizeof *sd);

		if (!sd)
			return FP_ERR;
		set(sd, n, sc->env, k->name, aff);
		rc = fx_prog_pieces(sc->prog, sd, n, rt, &fl);
		/* Branches of the runtime formula are not looked into. */
		D->incomplete |= fl.incomplete || fl.n > 0;
		fx_flips_free(&fl);
		free(sd);
		set(D->side[1], D->nside, m->side, "runtime", *rt);
		set(D->cross, D->ncross, m->cross, "runtime_after", *rt);
	}
	return rc;
}

/* Column defaults made of a runtime the knob moves. */
static int columns(struct deps *D, const struct session *ses, struct fx_dep rt)
{
	const struct metric *m = ses->metric;
	char name[256];

	if ((rt.form == FX_FREE && !rt.piecewise) || !m->column_env)
		return FP_OK;
	set(D->col, D->ncol, m->column_env, "runtime_after", rt);
	for (size_t k = 0; k < m->ncolumns; k++) {
		struct fx_flips fl = {0};
		struct fx_dep c;

		if (run_find(ses->runs->before, m->columns[k]) ||
		    !m->column_prog || !m->column_prog[k])
			continue;
		if (fx_prog_pieces(m->column_prog[k], D->col, D->ncol, &c,
		                   &fl) != FP_OK)
			return FP_ERR;
		D->incomplete |= fl.incomplete || fl.n > 0;
		fx_flips_free(&fl);
		for (int s = 0; s < 2; s++)
			set(D->side[s], D->nside, m->side, m->columns[k], c);
		set(D->cross, D->ncross, m->cross, m->columns[k], c);
		snprintf(name, sizeof name, "%s_before", m->columns[k]);
		set(D->cross, D->ncross, m->cross, name, c);
		snprintf(name, sizeof name, "%s_after", m->columns[k]);
		set(D->cross, D->ncross, m->cross, name, c);
	}
	return FP_OK;
}

/* Score, value and total of each side, into the cross side's names. */
static int sides(struct deps *D, const struct metric *m, struct diag *d)
{
	static const char *const suffix[2] = {"_before", "_after"};
	const struct metric_formula *f[3] = {&m->score, &m->value, &m->total};
	const char *stem[3] = {"score", "value", "total"};
	struct fx_dep g[2];
	char name[64];

	/* The gate's pass states first, as pricing makes them, and the
	 * transitions made of them. */
	for (int s = 0; s < 2 && m->gate.prog; s++) {
		static const char *const moves[4] = {
		    "newly_passing", "newly_failing", "still_passing",
		    "still_failing"};
		if (follow(D, m->gate.prog, s, &g[s], d) != FP_OK)
			return FP_ERR;
		set(D->side[s], D->nside, m->side, "passed", g[s]);
		snprintf(name, sizeof name, "passed%s", suffix[s]);
		set(D->cross, D->ncross, m->cross, name, g[s]);
		for (int k = 0; s == 1 && k < 4; k++)
			set(D->cross, D->ncross, m->cross, moves[k],
			    fx_dep_diff(g[0], g[1]));
	}
	for (int s = 0; s < 2; s++)
		for (int j = 0; j < 3; j++) {
			struct fx_dep r;
			if (follow(D, f[j]->prog, s, &r, d) != FP_OK)
				return FP_ERR;
			set(D->side[s], D->nside, m->side, stem[j], r);
			snprintf(name, sizeof name, "%s%s", stem[j], suffix[s]);
			set(D->cross, D->ncross, m->cross, name, r);
		}
	return FP_OK;
}

static int cross(struct deps *D, const struct metric *m, struct diag *d)
{
	struct fx_dep g, c;

	for (size_t k = 0; k < m->ndefines; k++) {
		struct fx_dep r;
		if (follow(D, m->defines[k].prog, -1, &r, d) != FP_OK)
			return FP_ERR;
		set(D->cross, D->ncross, m->cross, m->defines[k].key, r);
	}
	if (follow(D, m->gain.prog, -1, &g, d) != FP_OK ||
	    follow(D, m->cost.prog, -1, &c, d) != FP_OK)
		return FP_ERR;
	D->net = fx_dep_diff(g, c);
	return FP_OK;
}

static void deps_free(struct deps *D)
{
	for (size_t i = 0; i < D->nsites; i++)
		fx_flips_free(&D->sites[i].fl);
	free(D->side[0]);
	free(D->side[1]);
	free(D->cross);
	free(D->col);
}

static int read_deps(struct deps *D, const struct session *ses,
                     const struct knob *k, struct diag *d)
{
	const struct metric *m = ses->metric;
	struct fx_dep rt;

	memset(D, 0, sizeof *D);
	D->nside = fx_env_count(m->side);
	D->ncross = fx_env_count(m->cross);
	D->ncol = m->column_env ? fx_env_count(m->column_env) : 0;
	D->side[0] = calloc((size_t)D->nside + 1, sizeof *D->side[0]);
	D->side[1] = calloc((size_t)D->nside + 1, sizeof *D->side[1]);
	D->cross = calloc((size_t)D->ncross + 1, sizeof *D->cross);
	D->col = calloc((size_t)D->ncol + 1, sizeof *D->col);
	if (!D->side[0] || !D->side[1] || !D->cross || !D->col ||
	    sources(D, ses, k, &rt) != FP_OK || columns(D, ses, rt) != FP_OK)
		return diag_oom(d);
	return sides(D, m, d) == FP_OK ? cross(D, m, d) : FP_ERR;
}

/* Point t (0..1) of [lo, hi], spaced as the search samples it. */
static double at(double lo, double hi, double t)
{
	if (t <= 0)
		return lo;
	if (t >= 1)
		return hi;
	if (lo > 0 && hi / lo >= 100)
		return exp(log(lo) + t * (log(hi) - log(lo)));
	return lo + t * (hi - lo);
}

/* Every flip's difference at three valid points x[0..3), far apart:
 * v[f][j * n + i] for flip f (in site order), point j, case i. */
struct probe {
	double x[3];
	size_t nflips, n;
	double **v;
	size_t *nv; /* values per flip: n, or 1 for a one-number node */
};

static int probe_at(struct sens *s, struct deps *D, struct probe *P, int j)
{
	size_t f = 0;

	for (size_t i = 0; i < D->nsites; i++) {
		const struct site *st = &D->sites[i];
		const struct fx_env *env =
		    st->side < 0 ? s->session->cross : s->session->side;

		if (st->side >= 0)
			price_bind_side(s->session, s->price, st->side);
		for (size_t k = 0; k < st->fl.n; k++, f++)
			if (fx_flip_values(st->prog, env, &st->fl.at[k],
			                   P->v[f] + (size_t)j * P->n,
			                   &P->nv[f]) != FP_OK)
				return FP_ERR;
	}
	price_bind_side(s->session, s->price, 1);
	return FP_OK;
}

/* Finds three points where the knob can be set, and probes each. */
static int probe(struct sens *s, struct knob *k, struct deps *D, double lo,
                 double hi, struct probe *P, bool *ok, struct diag *d)
{
	static const double t[3][3] = {
	    {0, 1, 0.5}, {0.01, 0.99, 0.5}, {0.1, 0.9, 0.37}};

	*ok = false;
	for (int tries = 0; tries < 3 && !*ok; tries++) {
		*ok = true;
		for (int j = 0; j < 3 && *ok; j++) {
			struct diag ignored;
			P->x[j] = at(lo, hi, t[tries][j]);
			*ok = sens_set(s, k, P->x[j], &ignored) == FP_OK;
			if (*ok && probe_at(s, D, P, j) != FP_OK)
				return diag_oom(d);
		}
	}
	return FP_OK;
}

/* The root of a difference from its values y at x: affine from the two
 * ends; a ratio of affine functions from all three, which it maps as it
 * maps their cross-ratio.  NaN when there is none. */
static double root(enum fx_dform form, const double x[3], const double y[3])
{
	double K, a;

	if (form == FX_AFFINE)
		return y[1] == y[0]
		           ? NAN
		           : x[0] - y[0] * (x[1] - x[0]) / (y[1] - y[0]);
	if (y[1] == y[0] || y[2] == y[0] || y[1] == 0 || y[2] == 0)
		return y[0] == 0 ? x[0] : NAN;
	/* CR(r, x0; x1, x2) = CR(0, y0; y1, y2) = K */
	K = y[1] * (y[2] - y[0]) / ((y[1] - y[0]) * y[2]);
	a = K * (x[1] - x[0]);
	return (a * x[2] - x[1] * (x[2] - x[0])) / (a - (x[2] - x[0]));
}

static int add_point(double **pts, size_t *n, size_t *cap, double x)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		double *g = realloc(*pts, c * sizeof *g);
		if (!g)
			return FP_ERR;
		*pts = g;
		*cap = c;
	}
	(*pts)[(*n)++] = x;
	return FP_OK;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Each root in [lo, hi], and a point on either side of it beyond the
 * rounding of its computation. */
static int roots(const struct deps *D, const struct probe *P, double lo,
                 double hi, double **pts, size_t *n)
{
	double scale = fmax(fabs(P->x[0]), fmax(fabs(P->x[1]), fabs(P->x[2])));
	size_t f = 0, cap = 0;

	for (size_t i = 0; i < D->nsites; i++)
		for (size_t k = 0; k < D->sites[i].fl.n; k++, f++)
			for (size_t c = 0; c < P->nv[f]; c++) {
				const double *v = P->v[f];
				double y[3] = {v[c], v[P->n + c],
				               v[2 * P->n + c]};
				double r = root(D->sites[i].fl.at[k].form, P->x,
				                y),
				       e = 1024 * DBL_EPSILON *
				           fmax(scale, fabs(r));
				if (!(r >= lo && r <= hi))
					continue;
				if (add_point(pts, n, &cap, r) != FP_OK ||
				    add_point(pts, n, &cap, fmax(lo, r - e)) !=
				        FP_OK ||
				    add_point(pts, n, &cap, fmin(hi, r + e)) !=
				        FP_OK)
					return FP_ERR;
			}
	if (*n > 1)
		qsort(*pts, *n, sizeof **pts, cmp_double);
	f = 0; /* now the number of distinct points */
	for (size_t i = 0; i < *n; i++)
		if (f == 0 || (*pts)[i] != (*pts)[f - 1])
			(*pts)[f++] = (*pts)[i];
	*n = f;
	return FP_OK;
}

static void probe_free(struct probe *P)
{
	for (size_t f = 0; P->v && f < P->nflips; f++)
		free(P->v[f]);
	free(P->v);
	free(P->nv);
}

static int probe_alloc(const struct deps *D, size_t n, struct probe *P)
{
	memset(P, 0, sizeof *P);
	P->n = n ? n : 1;
	for (size_t i = 0; i < D->nsites; i++)
		P->nflips += D->sites[i].fl.n;
	P->v = calloc(P->nflips + 1, sizeof *P->v);
	P->nv = calloc(P->nflips + 1, sizeof *P->nv);
	if (!P->v || !P->nv)
		return FP_ERR;
	for (size_t f = 0; f < P->nflips; f++)
		if (!(P->v[f] = malloc(3 * P->n * sizeof *P->v[f])))
			return FP_ERR;
	return FP_OK;
}

int sens_flips(struct sens *s, struct knob *k, double lo, double hi,
               double **pts, size_t *npts, bool *exact, struct diag *d)
{
	struct deps D;
	struct probe P = {0};
	bool ok = true;
	int rc = FP_ERR;

	*pts = NULL;
	*npts = 0;
	*exact = false;
	if (k->affine) { /* net is a + b x: one crossing at most */
		*exact = true;
		return FP_OK;
	}
	if (read_deps(&D, s->session, k, d) != FP_OK)
		goto out;
	if (D.nsites > 0) {
		if (probe_alloc(&D, s->price->n, &P) != FP_OK) {
			diag_oom(d);
			goto out;
		}
		if (probe(s, k, &D, lo, hi, &P, &ok, d) != FP_OK)
			goto out;
		if (ok && roots(&D, &P, lo, hi, pts, npts) != FP_OK) {
			diag_oom(d);
			goto out;
		}
		if (*npts > 3 * SENS_MAX_FLIPS) {
			free(*pts);
			*pts = NULL;
			*npts = 0;
			ok = false;
		}
	}
	/* Between flips net is one piece: affine or a ratio of affine
	 * functions has one root at most, and it lies between two points
	 * of opposite sign. */
	*exact = ok && !D.incomplete && D.net.form <= FX_MOBIUS;
	rc = sens_set(s, k, k->base, d);
out:
	probe_free(&P);
	deps_free(&D);
	return rc;
}
