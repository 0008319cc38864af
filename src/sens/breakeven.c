/* breakeven.c: where the sign of net changes (sensitivity.h,
 * sens_breakeven): net at points spread over the range and where a branch
 * of the metric flips (flips.c), each change pinned down by bisection. */
#include <math.h>
#include <stdlib.h>

#include "sens/sensitivity.h"

/* Net at x by real evaluation; *ok false if the inputs are invalid there. */
static int real_net(struct sens *s, struct knob *k, double x, double *net,
                    bool *ok)
{
	struct diag ignored;

	*ok = sens_set(s, k, x, &ignored) == FP_OK;
	*net = *ok ? s->price->net : NAN;
	return FP_OK;
}

static int sign_of(double net)
{
	return (net > 0) - (net < 0);
}

/* Narrows [a, b], whose ends differ in the sign of net (-1, 0 or +1), by
 * bisection until no double lies between.  Across a change from negative
 * to positive (or back) it stops at the first point where net is exactly
 * 0, else returns the end nearer zero.  Where one end is 0, the edge of a
 * stretch where net is 0, it returns the outermost point of that stretch
 * (net = 0 there, and its neighbour beyond has the other end's sign). */
static double bisect(struct sens *s, struct knob *k, double a, double na,
                     double b, double nb, double *least)
{
	bool edge = na == 0 || nb == 0;
	int sa = sign_of(na);

	for (;;) {
		double mid = a + (b - a) / 2, nm;
		bool ok;

		if (mid <= a || mid >= b)
			break;
		real_net(s, k, mid, &nm, &ok);
		if (!ok)
			break;
		if (nm == 0 && !edge) {
			*least = 0;
			return mid;
		}
		if (sign_of(nm) == sa) {
			a = mid;
			na = nm;
		} else {
			b = mid;
			nb = nm;
		}
	}
	/* |net| on the nearer side of the change, its ends adjacent. */
	*least = edge ? 0 : fmin(fabs(na), fabs(nb));
	if (edge)
		return na == 0 ? a : b;
	return fabs(na) < fabs(nb) ? a : b;
}

/* The i-th of SENS_SAMPLES points in [lo, hi]: log-spaced over a wide
 * positive range (where break-evens of factors and rewards live), else
 * evenly spaced.  The ends are exact. */
static double sample_x(double lo, double hi, size_t i)
{
	double t = (double)i / (SENS_SAMPLES - 1);

	if (i == 0)
		return lo;
	if (i == SENS_SAMPLES - 1)
		return hi;
	if (lo > 0 && hi / lo >= 100)
		return exp(log(lo) + t * (log(hi) - log(lo)));
	return lo + t * (hi - lo);
}

/* Adds the point where the sign of net changes between two neighbouring
 * samples (prev_x, prev_net) and (x, net), found by the closed form or the
 * formulas, and pinned down by the formulas.  A change whose adjacent
 * doubles both keep |net| above a millionth of the largest |net| seen
 * (scale) is a jump: a continuous net is within its slope times one ulp
 * of 0 there. */
static void add_change(struct sens *s, struct knob *k, double prev_x, double x,
                       double scale, double *found, bool *jump, size_t *n)
{
	double na, nb, at, least;
	bool oka, okb;

	real_net(s, k, prev_x, &na, &oka);
	real_net(s, k, x, &nb, &okb);
	if (!oka || !okb || sign_of(na) == sign_of(nb))
		return;
	at = bisect(s, k, prev_x, na, x, nb, &least);
	/* Both edges of a stretch of zeros one point wide are that point. */
	if (*n == 0 || at != found[*n - 1]) {
		jump[*n] = least > 1e-6 * scale;
		found[(*n)++] = at;
	}
}

/* The points to search: SENS_SAMPLES spread over [lo, hi] and the
 * flip points, sorted, each once (*xs malloc'd). */
static int search_points(struct sens *s, struct knob *k, double lo, double hi,
                         double **xs, size_t *n, struct diag *d)
{
	double *flips, *x;
	size_t nf, m = 0, i = 0, j = 0;

	*xs = NULL;
	if (sens_flips(s, k, lo, hi, &flips, &nf, &k->every_crossing, d) !=
	    FP_OK)
		return FP_ERR;
	if (!(x = malloc((SENS_SAMPLES + nf) * sizeof *x))) {
		free(flips);
		return diag_oom(d);
	}
	while (i < SENS_SAMPLES || j < nf) {
		double v = j == nf || (i < SENS_SAMPLES &&
		                       sample_x(lo, hi, i) <= flips[j])
		               ? sample_x(lo, hi, i++)
		               : flips[j++];
		if (m == 0 || v > x[m - 1])
			x[m++] = v;
	}
	free(flips);
	*xs = x;
	*n = m;
	return FP_OK;
}

/* Net at each of the n points xs (NaN where the inputs are invalid), and
 * the largest |net| among them. */
static void nets_at(struct sens *s, struct knob *k, const double *xs, size_t n,
                    double *net, double *scale)
{
	*scale = 0;
	for (size_t i = 0; i < n; i++) {
		struct sens_point pt;
		struct diag ignored;

		net[i] = sens_eval(s, k, xs[i], &pt, &ignored) == FP_OK ? pt.net
		                                                        : NAN;
		if (isfinite(net[i]))
			*scale = fmax(*scale, fabs(net[i]));
	}
}

int sens_breakeven(struct sens *s, struct knob *k, double lo, double hi,
                   double **cross, bool **jump, size_t *ncross, struct diag *d)
{
	double prev_x = 0, prev_net = NAN, *xs, *found, *net, scale;
	bool *jumps;
	size_t n = 0, nvalid = 0, nzero = 0, nx = 0;

	*cross = NULL;
	if (jump)
		*jump = NULL;
	*ncross = 0;
	if (search_points(s, k, lo, hi, &xs, &nx, d) != FP_OK)
		return FP_ERR;
	/* At most one change per pair of neighbouring points. */
	found = malloc(nx * sizeof *found);
	net = malloc(nx * sizeof *net);
	jumps = calloc(nx ? nx : 1, sizeof *jumps);
	if (!found || !net || !jumps) {
		free(xs), free(found), free(net), free(jumps);
		return diag_oom(d);
	}
	nets_at(s, k, xs, nx, net, &scale);
	for (size_t i = 0; i < nx; i++) {
		double x = xs[i];

		if (isnan(net[i])) {
			prev_net = NAN; /* no change across an invalid point */
			continue;
		}
		nvalid++;
		nzero += net[i] == 0;
		if (!isnan(prev_net) && sign_of(prev_net) != sign_of(net[i]))
			add_change(s, k, prev_x, x, scale, found, jumps, &n);
		else if (net[i] == 0 && isnan(prev_net) && i > 0)
			found[n++] =
			    x; /* a zero right after an invalid stretch */
		prev_x = x;
		prev_net = net[i];
	}
	free(xs);
	free(net);
	k->zero_everywhere = nvalid > 0 && nzero == nvalid;
	if (sens_set(s, k, k->base, d) != FP_OK) {
		free(found);
		free(jumps);
		return FP_ERR;
	}
	*cross = found;
	*ncross = n;
	if (jump)
		*jump = jumps;
	else
		free(jumps);
	return FP_OK;
}

int sens_all_breakevens(struct session *ses, const struct price *base,
                        struct param_breakeven **out, size_t *n, struct diag *d)
{
	struct sens s = {0};
	struct knob *knobs = NULL;
	size_t nk = 0;
	int rc = FP_ERR;

	*out = NULL;
	*n = 0;
	if (sens_open(&s, ses, base, d) != FP_OK ||
	    sens_all_knobs(&s, &knobs, &nk, d) != FP_OK)
		goto out;
	if (!(*out = calloc(nk ? nk : 1, sizeof **out))) {
		diag_oom(d);
		goto out;
	}
	for (size_t i = 0; i < nk; i++) {
		struct param_breakeven *b = &(*out)[(*n)++];
		const struct knob *k = &knobs[i];

		b->param = k->kind == KNOB_METRIC
		               ? ses->metric->params[k->index].name
		               : ses->scenario->params[k->index].name;
		b->value = k->base;
		sens_default_range(k, &b->lo, &b->hi);
		if (sens_breakeven(&s, &knobs[i], b->lo, b->hi, &b->cross,
		                   &b->jump, &b->ncross, d) != FP_OK)
			goto out;
		b->zero_everywhere = k->zero_everywhere;
		b->every_crossing = k->every_crossing;
	}
	rc = FP_OK;
out:
	free(knobs);
	sens_close(&s);
	return rc;
}

void sens_breakevens_free(struct param_breakeven *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(b[i].cross);
		free(b[i].jump);
	}
	free(b);
}
