/* interval.c: the interval of a resampled price, its bias at a clip and
 * P(decide) (bootstrap.h, top). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/bootstrap.h"
#include "util/ksum.h"

double noise_quantile(const double *sorted, size_t n, double q)
{
	double h = q * (double)(n - 1);
	size_t lo = (size_t)floor(h);

	if (n == 0)
		return NAN;
	if (lo + 1 >= n)
		return sorted[n - 1];
	return sorted[lo] + (h - (double)lo) * (sorted[lo + 1] - sorted[lo]);
}

int noise_interval(const double *x, size_t B, double conf, double widen,
                   struct interval *ci, double *median)
{
	double *s = malloc(B * sizeof *s);
	double lo, hi, mid;

	if (!s)
		return FP_ERR;
	memcpy(s, x, B * sizeof *s);
	qsort(s, B, sizeof *s, noise_cmp_double);
	lo = noise_quantile(s, B, (1 - conf) / 2);
	hi = noise_quantile(s, B, (1 + conf) / 2);
	mid = noise_quantile(s, B, 0.5);
	/* Widened, but never beyond the resamples: each is a price the
	 * metric can give, so the interval stays in the range it can take. */
	ci->lo = fmax(s[0], mid - widen * (mid - lo));
	ci->hi = fmin(s[B - 1], mid + widen * (hi - mid));
	if (median)
		*median = mid;
	free(s);
	return FP_OK;
}

/* The range a quantity can take, as far as its prices show: 0, the
 * measured price, the corners (boot.h) and every resample. */
static struct interval range_of(const double *x, size_t B, double point,
                                double c0, double c1)
{
	struct interval r = {fmin(fmin(0, point), fmin(c0, c1)),
	                     fmax(fmax(0, point), fmax(c0, c1))};

	for (size_t q = 0; q < B; q++) {
		r.lo = fmin(r.lo, x[q]);
		r.hi = fmax(r.hi, x[q]);
	}
	return r;
}

static double mean_of(const double *x, size_t B)
{
	struct ksum s = {0, 0};

	for (size_t q = 0; q < B; q++)
		ksum_add(&s, x[q]);
	return ksum_value(&s) / (double)B;
}

/* One of b's quantities, gain (0), cost (1) or net (2): its resamples,
 * its resamples priced on runtimes alone (the same when no pass state
 * flips), its measured price, and its prices at the expected estimates
 * and at the drawn estimates' means (boot.h). */
struct series {
	const double *x, *xr;
	double point, ref, drawn;
};

static struct series series_of(const struct boot *b, int which)
{
	const double *all[3] = {b->gain, b->cost, b->net};
	const double *rt[3] = {b->rt_gain, b->rt_cost, b->rt_net};
	const double pt[3] = {b->point.gain, b->point.cost, b->point.net};
	const double ref[3] = {b->ref.gain, b->ref.cost, b->ref.net};
	const double drawn[3] = {b->drawn.gain, b->drawn.cost, b->drawn.net};

	return (struct series){all[which], rt[which] ? rt[which] : all[which],
	                       pt[which], ref[which], drawn[which]};
}

/* How far the resamples' mean on runtimes alone lies above the price at
 * the mean of their estimates (Efron's centring, tally.h), taken less
 * `guard` Monte Carlo errors of the resamples' mean towards 0 (and as 0
 * within them).  Draw by draw, what is linear in runtime is the same in
 * both prices and cancels: the excess is what nonlinearity adds, 0 for a
 * metric linear in runtime but for rounding (the tally's, 2^-38 of a
 * case's largest sample at most, far inside the guard and the 1e-6 of
 * the spread below), and its own Monte Carlo error is smaller than the
 * mean's, which bounds it.  *centre is where the
 * resamples centre: their mean, or exactly ref (the price at the
 * expected estimates, with no Monte Carlo error) when the excess is 0,
 * so that a linear metric's resamples are its interval as drawn. */
static double excess(const struct series *v, size_t B, double guard,
                     double *centre)
{
	double m = mean_of(v->xr, B), ss = 0, d = m - v->drawn, sd, g;

	for (size_t q = 0; q < B; q++)
		ss += (v->xr[q] - m) * (v->xr[q] - m);
	sd = B > 1 ? sqrt(ss / (double)(B - 1)) : 0;
	g = guard * sd / sqrt((double)B);
	if (fabs(d) <= g + 1e-6 * sd + 1e-12 * (fabs(m) + fabs(v->drawn))) {
		*centre = v->ref;
		return 0;
	}
	*centre = m;
	return d - copysign(g, d);
}

double noise_fit_centred(const struct boot *b, int which, double *z,
                         double *centre)
{
	struct series v = series_of(b, which);
	double mean, bias = b->fit.kink * excess(&v, b->B, b->fit.guard, &mean);

	*centre = v.point - bias;
	for (size_t q = 0; q < b->B; q++)
		z[q] = *centre + b->fit.correction * (v.xr[q] - mean) +
		       (v.x[q] - v.xr[q]);
	return bias;
}

double noise_fit_spread(const double *z, double *sorted, size_t B)
{
	if (B < 2)
		return 0;
	memcpy(sorted, z, B * sizeof *sorted);
	qsort(sorted, B, sizeof *sorted, noise_cmp_double);
	return (noise_quantile(sorted, B, 0.9) -
	        noise_quantile(sorted, B, 0.1)) /
	       2.563103;
}

/* The bias removed is itself uncertain: exact at a clip and far from it,
 * too large in between (bias.h), and measured on the same runs.  It is
 * doubted by a multiple of itself on each side, the estimator's
 * (bias.c).  Where the bias is large against the spread (an A/A rerun,
 * every case at its clip) the doubt away from the measured price would
 * reach past a bound of net's range at every confidence, and the 80 %
 * intervals there cover at the one-sided rate (90 %): the estimator's
 * ceiling holds it (doc/noise.md, step 4). */
struct interval noise_fit_doubt(const struct noise_fitting *f, double bias,
                                double s)
{
	double meas = f->doubt_measured * fabs(bias);
	double other = f->doubt_other * fabs(bias);

	if (s > 0 && isfinite(f->ceiling))
		other = fmin(other, s * sqrt(f->ceiling * f->ceiling - 1));
	/* The measured price is the centre plus the bias: above it when the
	 * bias is > 0. */
	return bias > 0 ? (struct interval){other, meas}
	                : (struct interval){meas, other};
}

/* Each side's spread about c widened by its doubt, added in quadrature
 * to the resamples' own spread s: one factor per side, so the same at
 * every confidence. */
void noise_fit_widen(double *z, size_t B, double c, struct interval doubt,
                     double s)
{
	double f_lo, f_hi;

	if ((doubt.lo == 0 && doubt.hi == 0) || !(s > 0))
		return;
	f_lo = sqrt(1 + (doubt.lo / s) * (doubt.lo / s));
	f_hi = sqrt(1 + (doubt.hi / s) * (doubt.hi / s));
	for (size_t q = 0; q < B; q++)
		z[q] = c + (z[q] < c ? f_lo : f_hi) * (z[q] - c);
}

/* A resample whose gain is 0 as drawn (no newly passing case passes in
 * it, a flaky one failing) has no gain for noise to bias or spread: its
 * gain stays 0 and its net at most 0 less the least cost there can be.
 * Without it the bias removed where a cost clips lifted such resamples
 * above 0.  (Only there: holding every resample's net below its own
 * gain would clip each resample's cost at 0 again, the bias step 3
 * removed.) */
static void keep_no_gain(const struct boot *b, int which, double *z)
{
	double most;

	if (which == 1)
		return;
	most = -noise_fit_range(b, 1).lo;
	for (size_t q = 0; q < b->B; q++)
		if (b->gain[q] == 0)
			z[q] = which == 0 ? 0 : fmin(z[q], most);
}

/* b's resamples of gain (0), cost (1) or net (2) as its interval takes
 * them (noise_fit_centred, noise_fit_widen, keep_no_gain)
 * into z[0..b->B), and the doubt they were widened by into *doubt if not
 * NULL.  FP_ERR when out of memory. */
static int fit_resamples(const struct boot *b, int which, double *z,
                         struct interval *doubt)
{
	double *sorted = malloc((b->B ? b->B : 1) * sizeof *sorted), centre;
	double bias, s;
	struct interval d;

	if (!sorted)
		return FP_ERR;
	bias = noise_fit_centred(b, which, z, &centre);
	s = noise_fit_spread(z, sorted, b->B);
	d = noise_fit_doubt(&b->fit, bias, s);
	noise_fit_widen(z, b->B, centre, d, s);
	free(sorted);
	keep_no_gain(b, which, z);
	if (doubt)
		*doubt = d;
	return FP_OK;
}

struct interval noise_fit_range(const struct boot *b, int which)
{
	/* Net is gain - cost: its range is theirs. */
	struct interval g = range_of(b->gain, b->B, b->point.gain,
	                             b->corner[0].gain, b->corner[1].gain);
	struct interval c = range_of(b->cost, b->B, b->point.cost,
	                             b->corner[0].cost, b->corner[1].cost);

	return which == 0   ? g
	       : which == 1 ? c
	                    : (struct interval){g.lo - c.hi, g.hi - c.lo};
}

void noise_fit_bounds(double *z, size_t B, double conf, struct interval range,
                      struct interval *ci)
{
	qsort(z, B, sizeof *z, noise_cmp_double);
	ci->lo = noise_quantile(z, B, (1 - conf) / 2);
	ci->hi = noise_quantile(z, B, (1 + conf) / 2);
	ci->lo = fmin(fmax(ci->lo, range.lo), range.hi);
	ci->hi = fmax(fmin(ci->hi, range.hi), range.lo);
}

int noise_fit_interval(const struct boot *b, int which, double conf,
                       struct interval *ci)
{
	double *z = malloc((b->B ? b->B : 1) * sizeof *z);

	if (!z || fit_resamples(b, which, z, NULL) != FP_OK) {
		free(z);
		return FP_ERR;
	}
	noise_fit_bounds(z, b->B, conf, noise_fit_range(b, which), ci);
	free(z);
	return FP_OK;
}

/* The bias of the measured price at a clip: kink times the excess
 * (bias.h). */
static double bias_of(const struct boot *b, int which)
{
	struct series v = series_of(b, which);
	double centre;

	return b->fit.kink * excess(&v, b->B, b->fit.guard, &centre);
}

bool noise_about_net(const struct boot *b)
{
	bool above = true, from = true;

	for (size_t r = 0; r < b->B && (above || from); r++) {
		above &= b->decide[r] == (b->net[r] > 0);
		from &= b->decide[r] == (b->net[r] >= 0);
	}
	return above || from;
}

/* The share of resamples in which decide holds: where decide is about
 * net, of the resamples of net above 0 as the interval takes them, so
 * that the two agree; else of decide as drawn. */
static int p_decide(struct boot *b)
{
	double *z = malloc((b->B ? b->B : 1) * sizeof *z);
	size_t yes = 0;
	bool about_net = noise_about_net(b);

	if (!z || fit_resamples(b, 2, z, &b->doubt) != FP_OK) {
		free(z);
		return FP_ERR;
	}
	for (size_t r = 0; r < b->B; r++)
		yes += about_net ? z[r] > 0 : b->decide[r];
	b->p_decide = (double)yes / (double)b->B;
	free(z);
	return FP_OK;
}

int noise_fit(struct boot *b)
{
	b->bias =
	    (struct boot_gcn){bias_of(b, 0), bias_of(b, 1), bias_of(b, 2)};
	return p_decide(b);
}
