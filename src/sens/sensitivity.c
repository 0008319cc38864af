/* sensitivity.c: knobs, points, tornado and maps (sensitivity.h); sweeps,
 * which find their break-evens, are in sweep.c, above the break-even
 * search (breakeven.c) and its flip points (flips.c), which price points
 * here. */
#include "sens/sensitivity.h"

#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/numfmt.h"
#include "util/progress.h"

int sens_open(struct sens *s, struct session *session, const struct price *base,
              struct diag *d)
{
	memset(s, 0, sizeof *s);
	s->session = session;
	s->base = base;
	if (price_copy(base, session, &s->price, d) != FP_OK)
		return FP_ERR;
	s->base_net = base->net;
	s->base_accept = base->accept;
	return FP_OK;
}

void sens_close(struct sens *s)
{
	if (s->price && s->base)
		price_bind((struct price *)s->base, s->session);
	price_free(s->price);
	s->price = NULL;
}

/* Real evaluation: apply x, then redo what the knob needs. */
int sens_set(struct sens *s, const struct knob *k, double x, struct diag *d)
{
	struct session *ses = s->session;
	int rc = FP_ERR;

	switch (k->kind) {
	case KNOB_METRIC:
		rc = session_set_param(ses, k->index, x, d);
		break;
	case KNOB_SCENARIO: /* re-predicts the after runtimes */
		rc = session_set_scenario_param(ses, k->index, x, d);
		break;
	case KNOB_WEIGHT:
		rc = session_set_weight(ses, k->index, x, k->name, d);
		break;
	}
	if (rc != FP_OK)
		return FP_ERR;
	return price_recompute(ses, s->price, k->redo, d);
}

int sens_eval(struct sens *s, struct knob *k, double x, struct sens_point *pt,
              struct diag *d)
{
	pt->x = x;
	if (!k->affine) {
		if (sens_set(s, k, x, d) != FP_OK)
			return FP_ERR;
		pt->gain = s->price->gain;
		pt->cost = s->price->cost;
		pt->net = s->price->net;
		pt->accept = s->price->accept;
		return FP_OK;
	}
	/* Closed form; decide itself is still evaluated, with the parameter
	 * set, as it may read the parameter directly. */
	pt->gain = k->g0 + k->g1 * (x - k->base);
	pt->cost = k->c0 + k->c1 * (x - k->base);
	pt->net = pt->gain - pt->cost;
	/* The closed form rounds differently from the formulas themselves; so
	 * near net = 0, where that can change the decision, ask the formulas. */
	if (fabs(pt->net) <=
	    1e-9 * fmax(1, fmax(fabs(pt->gain), fabs(pt->cost)))) {
		k->affine = false;
		int rc = sens_eval(s, k, x, pt, d);
		k->affine = true;
		return rc;
	}
	if (session_set_param(s->session, k->index, x, d) != FP_OK)
		return FP_ERR;
	return price_decide(s->session, pt->gain, pt->cost, &pt->accept, d);
}

/* Does any cross-side formula (what net and the decision come from) read
 * one of the names? */
static bool cross_reads(const struct metric *m, const char *const *names,
                        size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (metric_cross_reads(m,
		                       fx_env_lookup(m->cross, names[i], NULL)))
			return true;
	return false;
}

/* Must the per-side formulas be redone for net when the metric parameter
 * changes?  Yes if score reads it (scores feed gain and cost); if only
 * value or total read it, only when net's formulas read their results.
 * (In the default metric, pass_reward is in value, which net ignores.) */
static bool sides_matter(const struct metric *m, const char *name)
{
	static const char *const side_results[] = {
	    "value_before", "value_after", "total_before", "total_after"};
	int slot = fx_env_lookup(m->side, name, NULL);

	if (slot < 0)
		return false;
	/* A gate parameter moves pass states (price/gate.h). */
	if (fx_prog_reads(m->score.prog, slot) ||
	    (m->gate.prog && fx_prog_reads(m->gate.prog, slot)))
		return true;
	return (fx_prog_reads(m->value.prog, slot) ||
	        fx_prog_reads(m->total.prog, slot)) &&
	       cross_reads(m, side_results, 4);
}

/* Net is affine in a metric parameter when the per-case scores do not read
 * it, no define reads it, and gain and cost are affine in it.  The two
 * coefficients then come from two real evaluations. */
static int setup_affine(struct sens *s, struct knob *k, struct diag *d)
{
	const struct metric *m = s->session->metric;
	int slot = fx_env_lookup(m->cross, k->name, NULL);
	double x1 = k->base + fmax(1, fabs(k->base));

	k->affine = false;
	if (k->kind != KNOB_METRIC || (k->redo & PRICE_SIDES) || slot < 0)
		return FP_OK;
	for (size_t i = 0; i < m->ndefines; i++)
		if (fx_prog_reads(m->defines[i].prog, slot))
			return FP_OK;
	if (!fx_prog_affine(m->gain.prog, slot) ||
	    !fx_prog_affine(m->cost.prog, slot))
		return FP_OK;
	if (sens_set(s, k, k->base, d) != FP_OK)
		return FP_ERR;
	k->g0 = s->price->gain;
	k->c0 = s->price->cost;
	if (sens_set(s, k, x1, d) != FP_OK)
		return FP_ERR;
	k->g1 = (s->price->gain - k->g0) / (x1 - k->base);
	k->c1 = (s->price->cost - k->c0) / (x1 - k->base);
	k->affine = true;
	return sens_set(s, k, k->base, d);
}

static int weight_knob(struct sens *s, const char *glob, struct knob *k,
                       struct diag *d)
{
	const struct price *p = s->price;
	size_t matched = 0;

	for (size_t i = 0; i < p->n; i++) {
		if (fnmatch(glob, p->case_name[i], 0) != 0)
			continue;
		if (matched++ && p->weight[i] != k->base)
			return diag_set(
			    d, NULL, 0, 0,
			    "%s: the cases it matches have different weights "
			    "(%s and others); narrow the glob",
			    k->name, p->case_name[i]);
		k->base = p->weight[i];
	}
	if (!matched)
		return diag_set(d, NULL, 0, 0, "%s: no case matches '%s'",
		                k->name, glob);
	if (session_add_weight_rule(s->session, glob, k->base, &k->index, d) !=
	    FP_OK)
		return FP_ERR;
	k->kind = KNOB_WEIGHT;
	k->redo = PRICE_WEIGHTS | PRICE_SIDES;
	return FP_OK;
}

int sens_knob(struct sens *s, const char *name, struct knob *k, struct diag *d)
{
	const struct session *ses = s->session;
	const struct metric *m = ses->metric;
	const struct scenario *sc = ses->scenario;

	memset(k, 0, sizeof *k);
	snprintf(k->name, sizeof k->name, "%s", name);
	if (strncmp(name, "weight:", 7) == 0)
		return weight_knob(s, name + 7, k, d);
	for (size_t i = 0; i < m->nparams; i++)
		if (strcmp(m->params[i].name, name) == 0) {
			k->kind = KNOB_METRIC;
			k->index = i;
			k->base = session_param(ses, i);
			k->redo = sides_matter(m, name) ? PRICE_SIDES : 0;
			return setup_affine(s, k, d);
		}
	for (size_t i = 0; sc && i < sc->nparams; i++)
		if (strcmp(sc->params[i].name, name) == 0) {
			k->kind = KNOB_SCENARIO;
			k->index = i;
			k->base = session_scenario_param(ses, i);
			k->redo = PRICE_SIDES;
			return FP_OK;
		}
	/* Here the weights of cases can vary too. */
	return param_unknown(m->params, m->nparams, sc ? sc->params : NULL,
	                     sc ? sc->nparams : 0, name, "; or weight:GLOB", d);
}

int sens_all_knobs(struct sens *s, struct knob **out, size_t *n, struct diag *d)
{
	const struct metric *m = s->session->metric;
	const struct scenario *sc = s->session->scenario;
	size_t total = m->nparams + (sc ? sc->nparams : 0);
	struct knob *k = calloc(total ? total : 1, sizeof *k);

	*out = k;
	*n = 0;
	if (!k)
		return diag_oom(d);
	for (size_t i = 0; i < m->nparams; i++)
		if (sens_knob(s, m->params[i].name, &k[(*n)++], d) != FP_OK)
			return FP_ERR;
	for (size_t i = 0; sc && i < sc->nparams; i++)
		if (sens_knob(s, sc->params[i].name, &k[(*n)++], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

void sens_default_range(const struct knob *k, double *lo, double *hi)
{
	double v = k->base;

	if (v > 0) {
		*lo = v / 100;
		*hi = v * 100;
	} else if (v < 0) {
		*lo = v * 100;
		*hi = v / 100;
	} else {
		*lo = -1;
		*hi = 1;
	}
}

int sens_tornado(struct sens *s, struct knob *knobs, size_t n, double delta,
                 struct tornado_row **rows, struct diag *d)
{
	struct tornado_row *r = calloc(n ? n : 1, sizeof *r);

	*rows = r;
	if (!r)
		return diag_oom(d);
	for (size_t i = 0; i < n; i++) {
		struct knob *k = &knobs[i];
		struct sens_point lo, hi;
		double dx = k->base != 0 ? fabs(k->base) * delta : delta;

		r[i].knob = k;
		r[i].x_low = k->base - dx;
		r[i].x_high = k->base + dx;
		if (sens_eval(s, k, r[i].x_low, &lo, d) != FP_OK ||
		    sens_eval(s, k, r[i].x_high, &hi, d) != FP_OK ||
		    sens_set(s, k, k->base, d) != FP_OK) {
			diag_prefix(d, "%s", k->name);
			return FP_ERR;
		}
		r[i].net_low = lo.net;
		r[i].net_high = hi.net;
		r[i].swing = fabs(hi.net - lo.net);
		r[i].flips =
		    lo.accept != s->base_accept || hi.accept != s->base_accept;
	}
	/* Widest swing first; insertion sort is stable (ties keep parameter
	 * order, so output is deterministic) and n is small. */
	for (size_t i = 1; i < n; i++) {
		struct tornado_row t = r[i];
		size_t j = i;
		while (j > 0 && r[j - 1].swing < t.swing) {
			r[j] = r[j - 1];
			j--;
		}
		r[j] = t;
	}
	return FP_OK;
}

/* Grid coordinate i of n from lo to hi, ends exact. */
static double grid(double lo, double hi, size_t i, size_t n)
{
	return i + 1 == n ? hi : lo + (hi - lo) * (double)i / (double)(n - 1);
}

/* Fills one line of the map: the inner knob varies along it, the outer one
 * is already set.  An inner knob that is affine is refitted here, since its
 * coefficients depend on where the outer one stands. */
static int map_line(struct sens *s, struct knob *inner, const double *xs,
                    size_t n, double *net, bool *accept, size_t stride,
                    struct diag *d)
{
	if (inner->affine && setup_affine(s, inner, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < n; i++) {
		struct sens_point pt;
		if (sens_eval(s, inner, xs[i], &pt, d) != FP_OK) {
			diag_prefix(d, "%s = %g", inner->name, xs[i]);
			return FP_ERR;
		}
		net[i * stride] = pt.net;
		accept[i * stride] = pt.accept;
	}
	return FP_OK;
}

/* Fills the grid line by line along the outer knob. */
static int map_lines(struct sens *s, struct knob *kx, struct knob *ky,
                     bool y_inner, struct netmap *out, struct diag *d)
{
	size_t n = out->nx;
	struct progress pg;
	int rc = FP_OK;

	progress_start(&pg, "map", n * n, 1);
	for (size_t o = 0; o < n && rc == FP_OK; o++) {
		struct knob *outer = y_inner ? kx : ky;
		double v = y_inner ? out->x[o] : out->y[o];

		if (sens_set(s, outer, v, d) != FP_OK) {
			diag_prefix(d, "%s = %g", outer->name, v);
			rc = FP_ERR;
		} else if (y_inner) { /* column o: net[j * n + o] */
			rc = map_line(s, ky, out->y, n, out->net + o,
			              out->accept + o, n, d);
		} else { /* row o: net[o * n + i] */
			rc = map_line(s, kx, out->x, n, out->net + o * n,
			              out->accept + o * n, 1, d);
		}
		progress_tick(&pg, n);
	}
	progress_done(&pg);
	return rc;
}

int sens_map(struct sens *s, struct knob *kx, double xlo, double xhi,
             struct knob *ky, double ylo, double yhi, size_t resolution,
             struct netmap *out, struct diag *d)
{
	size_t n = resolution;
	/* Vary the affine knob along the inner lines: its points are then
	 * closed-form, and only the outer knob costs real evaluations. */
	bool y_inner = ky->affine || !kx->affine;

	memset(out, 0, sizeof *out);
	out->nx = out->ny = n;
	out->x = malloc(n * sizeof *out->x);
	out->y = malloc(n * sizeof *out->y);
	out->net = malloc(n * n * sizeof *out->net);
	out->accept = malloc(n * n * sizeof *out->accept);
	if (!out->x || !out->y || !out->net || !out->accept)
		return diag_oom(d);
	for (size_t i = 0; i < n; i++) {
		out->x[i] = grid(xlo, xhi, i, n);
		out->y[i] = grid(ylo, yhi, i, n);
	}
	if (map_lines(s, kx, ky, y_inner, out, d) != FP_OK)
		return FP_ERR;
	if (sens_set(s, kx, kx->base, d) != FP_OK ||
	    sens_set(s, ky, ky->base, d) != FP_OK)
		return FP_ERR;
	if (ky->affine && setup_affine(s, ky, d) != FP_OK)
		return FP_ERR;
	return kx->affine ? setup_affine(s, kx, d) : FP_OK;
}

void netmap_free(struct netmap *m)
{
	free(m->x);
	free(m->y);
	free(m->net);
	free(m->accept);
	memset(m, 0, sizeof *m);
}
