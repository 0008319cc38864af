/* expect_runs.c: a case's expected resampled estimate over several runs,
 * worked out instead of drawn (expect_runs.h, doc/noise.md).
 *
 * A resample draws R runs with replacement and resamples each drawn run's
 * samples with keys of its own, so for one case the R estimates it
 * reduces are independent draws from one mixture: pick a run (1/R each),
 * then that run's resampled estimate.  The estimator over them is the mean
 * of one or two of their order statistics (or their mean), whose
 * expectation follows from the mixture's distribution function. */
#include <math.h>
#include <stdlib.h>

#include "noise/expect_runs.h"
#include "run/estimate.h"
#include "run/merge.h"

/* An atom of a distribution: a value and its odds. */
struct atom {
	double v, p;
};

static int by_value(const void *a, const void *b)
{
	double x = ((const struct atom *)a)->v, y = ((const struct atom *)b)->v;

	return (x > y) - (x < y);
}

/* P(Binomial(n, p) >= r), n <= TAIL_MAX: by products, not pow(). */
#define TAIL_MAX \
	(NOISE_EXACT_MAX > RUN_MAX_MERGED ? NOISE_EXACT_MAX : RUN_MAX_MERGED)

static double tail(size_t n, double p, size_t r)
{
	double miss[TAIL_MAX + 1], hit = 1, sum = 0, c = 1;

	if (r == 0)
		return 1;
	miss[0] = 1; /* miss[q] = (1 - p)^q */
	for (size_t q = 1; q <= n; q++)
		miss[q] = miss[q - 1] * (1 - p);
	for (size_t q = 0; q <= n; q++) { /* c = C(n, q), hit = p^q */
		if (q >= r)
			sum += c * hit * miss[n - q];
		c = c * (double)(n - q) / (double)(q + 1);
		hit *= p;
	}
	return sum;
}

/* The odds that the smallest-but-(r-1) of k draws from m sorted samples is
 * sample a or below: at least r of the k draws fall on 0 .. a. */
static double at_most(size_t k, size_t m, size_t a, size_t r)
{
	return tail(k, (double)(a + 1) / (double)m, r);
}

/* The distribution of one run's resampled estimate, k draws from its m
 * sorted samples x at the estimator's ranks (one, or two adjacent: their
 * mean), appended to out with odds times w; returns how many atoms. */
static size_t run_atoms(const double *x, size_t m, const size_t rank[2],
                        size_t nr, double w, struct atom *out)
{
	size_t k = m, r = rank[0], n = 0;
	double c = 1; /* C(k, r) */

	for (size_t q = 0; q < r; q++)
		c = c * (double)(k - q) / (double)(q + 1);
	for (size_t a = 0; a < m; a++) {
		/* P(the draw of rank r is sample a). */
		double pa =
		    at_most(k, m, a, r) - (a ? at_most(k, m, a - 1, r) : 0);
		double rest = pa;

		if (nr == 2) {
			/* Exactly r draws on 0 .. a, one of them on a; the
			 * k - r others above a, the least of them on b. */
			double lo =
			    pow((double)(a + 1) / (double)m, (double)r) -
			    pow((double)a / (double)m, (double)r);

			for (size_t b = a + 1; b < m; b++) {
				double hi = pow((double)(m - b) / (double)m,
				                (double)(k - r)) -
				            pow((double)(m - b - 1) / (double)m,
				                (double)(k - r));
				double pab = c * lo * hi;

				out[n++] =
				    (struct atom){(x[a] + x[b]) / 2, pab * w};
				rest -= pab;
			}
		}
		/* One rank at a, or both ranks on a. */
		out[n++] = (struct atom){x[a], (rest > 0 ? rest : 0) * w};
	}
	return n;
}

/* E of the r-th smallest of n independent draws from the sorted atoms. */
static double order_mean(const struct atom *t, size_t na, size_t n, size_t r)
{
	double cum = 0, below = 0, e = 0;

	for (size_t q = 0; q < na; q++) {
		double now;

		cum += t[q].p;
		now = tail(n, fmin(cum, 1), r);
		e += t[q].v * (now - below);
		below = now;
	}
	return e;
}

/* Case i's samples of run j, and how many. */
static const double *run_samples(const struct noise_side *s, size_t i, size_t j,
                                 size_t *m)
{
	size_t seg = i * s->nruns + j;

	*m = s->run_off[seg + 1] - s->run_off[seg];
	return s->v + s->run_off[seg];
}

#define STACK_ATOMS 256

bool noise_runs_exact(const struct noise_side *s, size_t i, double *out)
{
	const struct run_estimator_def *e = &run_estimators[s->est];
	size_t R = s->nruns, rank[2], orank[2], nr, onr, na = 0, m;
	struct atom stack[STACK_ATOMS], *t;
	double sum = 0;

	if (R < 2 || s->draws)
		return false;
	for (size_t j = 0; j < R; j++) {
		const double *x = run_samples(s, i, j, &m);

		if (m == 0 || m > NOISE_EXACT_MAX)
			return false;
		for (size_t q = 0; q < m; q++)
			if (isnan(x[q]))
				return false;
	}
	if (!e->ranks) { /* the mean of means: the mean of the runs' means */
		for (size_t j = 0; j < R; j++) {
			const double *x = run_samples(s, i, j, &m);
			double rs = 0;

			for (size_t q = 0; q < m; q++)
				rs += x[q];
			sum += rs / (double)m;
		}
		*out = sum / (double)R;
		return true;
	}
	for (size_t j = 0; j < R; j++) { /* run_atoms' count */
		run_samples(s, i, j, &m);
		na += e->ranks(m, rank) == 2 ? m * (m + 1) / 2 : m;
	}
	/* Most cases fit on the stack: a few runs of a few samples. */
	t = na <= STACK_ATOMS ? stack : malloc(na * sizeof *t);
	if (!t)
		return false;
	na = 0;
	for (size_t j = 0; j < R; j++) {
		double x[NOISE_EXACT_MAX];
		const double *v = run_samples(s, i, j, &m);

		for (size_t q = 0; q < m; q++)
			x[q] = v[q];
		qsort(x, m, sizeof *x, noise_cmp_double);
		nr = e->ranks(m, rank);
		na += run_atoms(x, m, rank, nr, 1 / (double)R, t + na);
	}
	qsort(t, na, sizeof *t, by_value);
	onr = e->ranks(R, orank);
	for (size_t q = 0; q < onr; q++)
		sum += order_mean(t, na, R, orank[q]);
	if (t != stack)
		free(t);
	*out = sum / (double)onr;
	return true;
}
