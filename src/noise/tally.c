/* tally.c: resampled estimates summed in fixed point (tally.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formula/kernels.h"
#include "noise/tally.h"
#include "util/diag.h"

/* 1.5 * 2^52: a double of magnitude below 2^51 added to it is rounded to
 * a whole number (to even), which the low bits of the sum then hold as
 * an integer: one add, where a call to llround took most of the sum's
 * time. */
#define TALLY_ROUND 6755399441055744.0

/* The power of two that takes m (> 0) to [2^37, 2^38), or 0 beyond a
 * float's normal range (runtimes of 2^-88 or 2^126 and more). */
static float scale_of(double m)
{
	int e;

	frexp(m, &e); /* m in [2^(e-1), 2^e) */
	return 38 - e > -126 && 38 - e < 127 ? ldexpf(1, 38 - e) : 0;
}

/* Whether case i's timed samples differ, and their largest magnitude. */
static bool spread(const struct noise_side *s, size_t i, double *m)
{
	double lo = INFINITY, hi = -INFINITY;

	for (size_t j = s->off[i]; j < s->off[i + 1]; j++)
		if (isfinite(s->v[j])) {
			lo = fmin(lo, s->v[j]);
			hi = fmax(hi, s->v[j]);
		}
	*m = fmax(fabs(lo), fabs(hi));
	return lo < hi && (*m > 0);
}

int noise_tally_scales(const struct noise_side side[2], size_t n, float **scale)
{
	float *c = calloc(2 * (n ? n : 1), sizeof *c);
	double m;

	if (!c)
		return FP_ERR;
	for (unsigned s = 0; s < 2; s++)
		for (size_t i = 0; i < n && side[s].off; i++)
			if (spread(&side[s], i, &m))
				c[s * n + i] = scale_of(m);
	*scale = c;
	return FP_OK;
}

int noise_tally_open(struct noise_tally *t, size_t n, const float *scale)
{
	size_t m = 2 * (n ? n : 1);

	t->n = n;
	t->scale = scale;
	t->resamples = 0;
	t->sum = calloc(m, sizeof *t->sum);
	t->missing = calloc(m, sizeof *t->missing);
	if (!t->sum || !t->missing) {
		noise_tally_close(t);
		return FP_ERR;
	}
	return FP_OK;
}

void noise_tally_close(struct noise_tally *t)
{
	free(t->sum);
	free(t->missing);
	t->sum = NULL;
	t->missing = NULL;
}

/* y (|y| below 2^51) rounded to a whole number. */
static int64_t whole(double y)
{
	double r = y + TALLY_ROUND, m = TALLY_ROUND;
	int64_t a, b;

	memcpy(&a, &r, sizeof a);
	memcpy(&b, &m, sizeof b);
	return a - b;
}

/* One estimate summed: times its scale, rounded to a whole number; NaN
 * (no time) counted as missing instead.  A case not tallied (scale 0)
 * adds 0 and is never read back. */
static void add_one(int64_t *sum, uint32_t *missing, float scale, double x)
{
	if (isnan(x))
		(*missing)++;
	else
		*sum += whole(x * (double)scale);
}

/* Four at a time, in vector extensions (formula/kernels.h; built for
 * AVX2 as well): the same operations as add_one, so the same sums; a
 * quad with a NaN (rare) one by one. */
typedef int64_t tally_quad __attribute__((vector_size(32)));

FX_CLONES static void add_block(int64_t *restrict sum,
                                uint32_t *restrict missing,
                                const float *restrict scale,
                                const double *restrict x, size_t len)
{
	const fx_quad round = {TALLY_ROUND, TALLY_ROUND, TALLY_ROUND,
	                       TALLY_ROUND};
	tally_quad bits;
	size_t i = 0;

	memcpy(&bits, &round, sizeof bits);
	for (; i + 4 <= len; i += 4) {
		fx_quad v, r;
		const fx_quad k = {scale[i], scale[i + 1], scale[i + 2],
		                   scale[i + 3]};
		tally_quad q, acc, nan;

		memcpy(&v, x + i, sizeof v);
		nan = v != v;
		if (nan[0] | nan[1] | nan[2] | nan[3]) {
			for (size_t j = i; j < i + 4; j++)
				add_one(&sum[j], &missing[j], scale[j], x[j]);
			continue;
		}
		r = v * k + round;
		memcpy(&q, &r, sizeof q);
		memcpy(&acc, sum + i, sizeof acc);
		acc += q - bits;
		memcpy(sum + i, &acc, sizeof acc);
	}
	for (; i < len; i++)
		add_one(&sum[i], &missing[i], scale[i], x[i]);
}

void noise_tally_add(struct noise_tally *t, unsigned s, size_t i0, size_t len,
                     const double *x)
{
	size_t at = (size_t)s * t->n + i0;

	add_block(t->sum + at, t->missing + at, t->scale + at, x, len);
}

void noise_tally_merge(struct noise_tally *into, const struct noise_tally *from)
{
	for (size_t i = 0; i < 2 * into->n; i++) {
		into->sum[i] += from->sum[i];
		into->missing[i] += from->missing[i];
	}
}

bool noise_tally_mean(const struct noise_tally *t, unsigned s, size_t i,
                      double *mean)
{
	size_t at = (size_t)s * t->n + i;
	int64_t c, q;

	if (!t->sum || t->scale[at] == 0 || t->missing[at] >= t->resamples)
		return false;
	/* The quotient exactly, the remainder's share beside it. */
	c = (int64_t)(t->resamples - t->missing[at]);
	q = t->sum[at] / c;
	*mean = ((double)q + (double)(t->sum[at] - q * c) / (double)c) /
	        (double)t->scale[at];
	return true;
}
