/* agg.c: aggregate accumulators and their final values. */
#include "formula/agg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formula/kernels.h"
#include "util/ksum.h"

bool fx_agg_needs_values(enum fx_fn fn)
{
	return fn == FN_MEDIAN || fn == FN_PERCENTILE;
}

void fx_acc_init(struct fx_acc *acc, enum fx_fn fn, double *vals)
{
	memset(acc, 0, sizeof *acc);
	acc->ext = fn == FN_MAXOF ? -INFINITY : INFINITY;
	acc->vals = vals;
}

/* What a case adds to the lane sums: x itself, or its transform. */
static inline double lane_value(enum fx_fn fn, double x, size_t *zeros)
{
	switch (fn) {
	case FN_COUNT:
		return isnan(x) ? x : (double)(x != 0);
	case FN_GEOMEAN:
		if (x == 0)
			++*zeros;
		/* NaN for negative (domain) and NaN input alike. */
		return x > 0 ? log(x) : (x == 0 ? 0.0 : NAN);
	default:
		return x;
	}
}

/* Knuth's TwoSum: the exact rounding error of s + x whatever their
 * magnitudes, without the branch of Neumaier's variant. */
static inline void lane_add(double *s, double *c, double x)
{
	double t = *s + x, bp = t - *s;
	*c += (*s - (t - bp)) + (x - bp);
	*s = t;
}

/* One full block into the lanes.  The eight lanes are two quads held in
 * registers (vector extensions of gcc and clang: four doubles each, one
 * AVX2 register or two SSE2 ones), lane l being element l % 4 of quad
 * l / 4: eight independent chains, and the same per-lane order as
 * fx_acc_one.  FX_LANES is 8 for this. */
typedef fx_quad quad;

/* One lane quad: TwoSum of x[0..3] into s, error into c. */
#define QUAD_ADD(s, c, x) \
	do { \
		quad v_, t_, bp_; \
		memcpy(&v_, (x), sizeof v_); \
		t_ = (s) + v_; \
		bp_ = t_ - (s); \
		(c) += ((s) - (t_ - bp_)) + (v_ - bp_); \
		(s) = t_; \
	} while (0)

FX_CLONES static void lanes_block(struct fx_acc *acc, const double *x)
{
	/* Named, not an array: gcc -O2 keeps them in registers then. */
	quad s0, s1, c0, c1;

	memcpy(&s0, acc->s, sizeof s0);
	memcpy(&s1, acc->s + 4, sizeof s1);
	memcpy(&c0, acc->c, sizeof c0);
	memcpy(&c1, acc->c + 4, sizeof c1);
	for (size_t i = 0; i < FX_BLOCK; i += FX_LANES) {
		QUAD_ADD(s0, c0, x + i);
		QUAD_ADD(s1, c1, x + i + 4);
	}
	memcpy(acc->s, &s0, sizeof s0);
	memcpy(acc->s + 4, &s1, sizeof s1);
	memcpy(acc->c, &c0, sizeof c0);
	memcpy(acc->c + 4, &c1, sizeof c1);
}

void fx_acc_one(struct fx_acc *acc, enum fx_fn fn, double x, size_t index)
{
	size_t l = index % FX_LANES;

	acc->n++;
	switch (fn) {
	case FN_MINOF:
		acc->ext = fx_min(acc->ext, x);
		break;
	case FN_MAXOF:
		acc->ext = fx_max(acc->ext, x);
		break;
	case FN_MEDIAN:
	case FN_PERCENTILE:
		acc->vals[index] = x;
		break;
	default:
		lane_add(&acc->s[l], &acc->c[l],
		         lane_value(fn, x, &acc->zeros));
		break;
	}
}

void fx_acc_block(struct fx_acc *acc, enum fx_fn fn, const double *x,
                  size_t base, size_t n)
{
	if (n == FX_BLOCK && (fn == FN_SUM || fn == FN_MEAN)) {
		lanes_block(acc, x);
		acc->n += n;
		return;
	}
	if (fx_agg_needs_values(fn)) {
		memcpy(acc->vals + base, x, n * sizeof *x);
		acc->n += n;
		return;
	}
	for (size_t i = 0; i < n; i++)
		fx_acc_one(acc, fn, x[i], base + i);
}

static double lanes_total(const struct fx_acc *acc)
{
	struct ksum k = {0, 0};

	for (size_t l = 0; l < FX_LANES; l++)
		ksum_add(&k, acc->s[l]);
	for (size_t l = 0; l < FX_LANES; l++)
		ksum_add(&k, acc->c[l]);
	return ksum_value(&k);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Puts the k-th smallest of v[0..n) at v[k], smaller ones before it and
 * larger ones after (quickselect; falls back to sorting if the data make
 * it degrade).  v holds no NaN. */
static void select_kth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;
	int budget = 64;

	while (hi > lo) {
		size_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
		double a = v[lo], b = v[mid], c = v[hi], pivot, t;

		if (budget-- == 0) {
			qsort(v + lo, hi - lo + 1, sizeof *v, cmp_double);
			return;
		}
		pivot = a < b ? (b < c ? b : (a < c ? c : a))
		              : (a < c ? a : (b < c ? c : b));
		/* Hoare partition: [lo, j] <= pivot <= [i, hi]. */
		for (;;) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i >= j)
				break;
			t = v[i], v[i] = v[j], v[j] = t;
			i++;
			j--;
		}
		if (k <= j)
			hi = j;
		else
			lo = j + 1;
	}
}

/* numpy's default ("linear") percentile: position h = (n-1) p/100 between
 * the closest ranks, interpolated as numpy does it. */
static double percentile(double *v, size_t n, double p)
{
	double h = (double)(n - 1) * (p / 100), lo_v, hi_v, t;
	size_t lo = (size_t)floor(h);

	if (lo >= n - 1) {
		select_kth(v, n, n - 1);
		return v[n - 1];
	}
	select_kth(v, n, lo);
	lo_v = v[lo];
	hi_v = v[lo + 1];
	for (size_t i = lo + 2; i < n; i++)
		if (v[i] < hi_v)
			hi_v = v[i];
	t = h - (double)lo;
	if (t == 0)
		return lo_v;
	return t >= 0.5 ? hi_v - (hi_v - lo_v) * (1 - t)
	                : lo_v + (hi_v - lo_v) * t;
}

double fx_acc_final(struct fx_acc *acc, enum fx_fn fn, double p)
{
	double total;

	if (acc->n == 0)
		return fn == FN_SUM || fn == FN_COUNT ? 0.0 : NAN;
	switch (fn) {
	case FN_SUM:
	case FN_COUNT:
		return lanes_total(acc);
	case FN_MEAN:
		return lanes_total(acc) / (double)acc->n;
	case FN_GEOMEAN:
		total = lanes_total(acc);
		if (isnan(total))
			return total;
		return acc->zeros ? 0.0 : exp(total / (double)acc->n);
	case FN_MINOF:
	case FN_MAXOF:
		return acc->ext;
	case FN_MEDIAN:
		p = 50;
		/* fall through */
	case FN_PERCENTILE:
		if (isnan(p) || p < 0 || p > 100)
			return NAN;
		for (size_t i = 0; i < acc->n; i++)
			if (isnan(acc->vals[i]))
				return NAN;
		return percentile(acc->vals, acc->n, p);
	default:
		return NAN;
	}
}
