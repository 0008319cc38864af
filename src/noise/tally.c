/* tally.c: resampled estimates summed in fixed point (tally.h). */
#include <math.h>
#include <stdlib.h>

#include "noise/tally.h"
#include "util/diag.h"

/* 2^36 steps from a case's anchor to its furthest sample; estimates up
 * to twice that far are summed as they are, beyond it (none are) held
 * there. */
#define TALLY_STEPS 68719476736.0
#define TALLY_MAX (2 * TALLY_STEPS)

/* Case i's anchor: its observed runtime, else its first timed sample;
 * NaN when it has neither. */
static double anchor_of(const struct noise_side *s, size_t i)
{
	if (isfinite(s->runtime[i]))
		return s->runtime[i];
	for (size_t j = s->off[i]; j < s->off[i + 1]; j++)
		if (isfinite(s->v[j]))
			return s->v[j];
	return NAN;
}

/* The largest distance of case i's timed samples from its anchor a. */
static double reach(const struct noise_side *s, size_t i, double a)
{
	double m = 0;

	for (size_t j = s->off[i]; j < s->off[i + 1]; j++)
		if (isfinite(s->v[j]) && fabs(s->v[j] - a) > m)
			m = fabs(s->v[j] - a);
	return m;
}

int noise_tally_steps(const struct noise_side side[2], size_t n, double **at)
{
	double *u = malloc(4 * (n ? n : 1) * sizeof *u);

	if (!u)
		return FP_ERR;
	for (unsigned s = 0; s < 2; s++)
		for (size_t i = 0; i < n; i++) {
			double a = side[s].off ? anchor_of(&side[s], i) : NAN;
			double r = isnan(a) ? 0 : reach(&side[s], i, a);

			u[2 * (s * n + i)] = a;
			u[2 * (s * n + i) + 1] = r / TALLY_STEPS;
		}
	*at = u;
	return FP_OK;
}

int noise_tally_open(struct noise_tally *t, size_t n, const double *at)
{
	size_t m = 2 * (n ? n : 1);

	t->n = n;
	t->at = at;
	t->sum = calloc(m, sizeof *t->sum);
	t->count = calloc(m, sizeof *t->count);
	if (!t->sum || !t->count) {
		noise_tally_close(t);
		return FP_ERR;
	}
	return FP_OK;
}

void noise_tally_close(struct noise_tally *t)
{
	free(t->sum);
	free(t->count);
	t->sum = NULL;
	t->count = NULL;
}

void noise_tally_add(struct noise_tally *t, unsigned s, size_t i0, size_t len,
                     const double *x)
{
	size_t at = (size_t)s * t->n + i0;

	for (size_t i = 0; i < len; i++) {
		const double *c = &t->at[2 * (at + i)];
		double q;

		if (c[1] == 0 || isnan(x[i]))
			continue;
		q = round((x[i] - c[0]) / c[1]);
		t->sum[at + i] += (int64_t)fmin(fmax(q, -TALLY_MAX), TALLY_MAX);
		t->count[at + i]++;
	}
}

void noise_tally_merge(struct noise_tally *into, const struct noise_tally *from)
{
	for (size_t i = 0; i < 2 * into->n; i++) {
		into->sum[i] += from->sum[i];
		into->count[i] += from->count[i];
	}
}

bool noise_tally_mean(const struct noise_tally *t, unsigned s, size_t i,
                      double *mean)
{
	size_t at = (size_t)s * t->n + i;

	int64_t c, q;

	if (!t->sum || !t->count[at])
		return false;
	/* The quotient exactly, the remainder's share beside it. */
	c = (int64_t)t->count[at];
	q = t->sum[at] / c;
	*mean = t->at[2 * at] +
	        ((double)q + (double)(t->sum[at] - q * c) / (double)c) *
	            t->at[2 * at + 1];
	return true;
}
