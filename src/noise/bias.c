/* bias.c: the spread and the clip's bias of a resampled price (bias.h). */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "noise/bias.h"
#include "noise/rng.h"
#include "run/estimate.h"

/* The seed of the scale's trials: a property of the runs, not of the
 * user's --seed. */
#define SCALE_SEED UINT64_C(0x5ca1ab1e20261202)
#define SCALE_TRIALS 4000
#define SCALE_RESAMPLES 32
/* Cases whose estimates a trial sums, at most: net is a sum over cases,
 * whose spread goes from one case's quantiles (heavy tails) towards its
 * variances (many cases) as they add up; by 8 the sum is most of the
 * way (doc/noise.md). */
#define SCALE_CASES 8
/* Fewer distinct pooled residuals than this many times the samples per
 * case say too little about the noise's shape (or the runs were made
 * up): the scale is then 1. */
#define SCALE_MIN_DISTINCT 4
/* At most this many residuals enter the pool (every j-th beyond). */
#define SCALE_MAX_RESIDUALS 65536

/* Timed samples of case i of a sorted side: a NaN (a repetition that
 * failed without a time) sorts last. */
static size_t timed(const struct noise_side *s, size_t i)
{
	size_t off = s->off[i], t = s->off[i + 1] - off;

	while (t > 0 && isnan(s->v[off + t - 1]))
		t--;
	return t;
}

/* P(Binomial(k, p) >= r), summed from the pmf: k <= RESAMPLE_COUNTED. */
static double tail(size_t k, double p, size_t r)
{
	double pmf, sum = 0;

	if (r == 0 || p >= 1)
		return 1;
	if (p <= 0)
		return 0;
	pmf = pow(1 - p, (double)k);
	for (size_t q = 0; q <= k; q++) {
		if (q >= r)
			sum += pmf;
		pmf *= (double)(k - q) / (double)(q + 1) * p / (1 - p);
	}
	return fmin(1, sum);
}

/* E of the r-th smallest of k draws from sorted x[0..t). */
static double order_mean(const double *x, size_t t, size_t k, size_t r)
{
	double e = 0, below = 0;

	for (size_t j = 1; j <= t; j++) {
		double upto = tail(k, (double)j / (double)t, r);

		e += x[j - 1] * (upto - below);
		below = upto;
	}
	return e;
}

double noise_expected(const struct noise_side *s, size_t i)
{
	const struct run_estimator_def *e;
	size_t t, k, rank[2], nr;
	const double *x;
	double sum = 0;

	if (!s->off || !s->sorted || (t = timed(s, i)) == 0)
		return s->runtime[i];
	x = s->v + s->off[i];
	e = &run_estimators[s->est];
	k = s->draws ? s->draws : t;
	if (!e->ranks) {
		for (size_t j = 0; j < t; j++)
			sum += x[j];
		return sum / (double)t;
	}
	if (t > RESAMPLE_COUNTED || k > RESAMPLE_COUNTED)
		return s->runtime[i];
	nr = e->ranks(k, rank);
	for (size_t q = 0; q < nr; q++)
		sum += order_mean(x, t, k, rank[q]);
	return sum / (double)nr;
}

double noise_kink(double scale)
{
	return 1 / (sqrt(1 + 1 / (scale * scale)) - 1);
}

const struct run_bias_rule *noise_bias_rule(enum run_estimator e)
{
	return &run_estimators[e].bias;
}

enum run_estimator noise_sides_estimator(const struct noise_side side[2])
{
	return side[1].off ? side[1].est : side[0].est;
}

/* The residuals of the logs of every case with two or more positive
 * timed samples about their mean, times sqrt(t / (t - 1)) so that their
 * variance is the noise's; and the cases' mean count of samples. */
struct pool {
	double *e;
	size_t n, cap, cases;
	double samples;
};

static bool pool_add(struct pool *p, double v)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 256;
		double *e = realloc(p->e, cap * sizeof *e);

		if (!e)
			return false;
		p->e = e;
		p->cap = cap;
	}
	p->e[p->n++] = v;
	return true;
}

/* Case x[0..c): its timed samples (a NaN, a repetition that failed
 * without a time, is skipped), if there are two or more and all are
 * positive. */
static bool pool_case(struct pool *p, const double *x, size_t c, size_t stride,
                      size_t *seen)
{
	double mean = 0, f;
	size_t t = 0;

	for (size_t j = 0; j < c; j++) {
		if (isnan(x[j]))
			continue;
		if (!(x[j] > 0))
			return true;
		mean += log(x[j]);
		t++;
	}
	if (t < 2)
		return true;
	mean /= (double)t;
	f = sqrt((double)t / (double)(t - 1));
	p->samples += (double)t;
	p->cases++;
	for (size_t j = 0; j < c; j++)
		if (!isnan(x[j]) && (*seen)++ % stride == 0 &&
		    !pool_add(p, (log(x[j]) - mean) * f))
			return false;
	return true;
}

static bool pool_fill(struct pool *p, const struct noise_side side[2], size_t n,
                      size_t stride)
{
	size_t seen = 0;

	for (int s = 0; s < 2; s++)
		for (size_t i = 0; side[s].off && i < n; i++)
			if (!pool_case(p, side[s].v + side[s].off[i],
			               side[s].off[i + 1] - side[s].off[i],
			               stride, &seen))
				return false;
	return true;
}

static double uniform(uint64_t key, uint64_t c)
{
	return (double)(noise_mix(key + c * NOISE_GOLDEN) >> 11) * 0x1p-53;
}

/* log of the estimator over y[0..k) (reordered). */
static double log_est(enum run_estimator e, double *y, size_t k)
{
	return log(run_estimators[e].point(y, k));
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The spread of x[0..n) (reordered): between its quartiles. */
static double iqr(double *x, size_t n)
{
	qsort(x, n, sizeof *x, by_double);
	return x[(3 * n) / 4] - x[n / 4];
}

/* Case c of a trial: k distinct residuals drawn from the pool into y
 * (the pool stands for a continuous noise, whose k fresh samples have no
 * ties), from word *w of key on. */
static void draw_case(const struct pool *p, size_t k, uint64_t key, uint64_t *w,
                      double *y)
{
	size_t pick[RESAMPLE_COUNTED];

	for (size_t j = 0; j < k; j++) {
		size_t q;
		bool again;

		do {
			q = (size_t)(uniform(key, (*w)++) * (double)p->n);
			again = false;
			for (size_t h = 0; h < j; h++)
				again |= pick[h] == q;
		} while (again);
		pick[j] = q;
		y[j] = exp(p->e[q]);
	}
}

/* One trial of C cases of k samples, y room for C k, z for k: the sum of
 * their log estimates into *m, and the spread of SCALE_RESAMPLES
 * resampled sums.  A case's samples are sorted once, so that a resample
 * is its counts and the estimator reads them (run_estimators' counted),
 * with no copy and no sort per resample. */
static double trial(const struct pool *p, enum run_estimator e, size_t k,
                    size_t C, uint64_t t, double *y, double *z, double *m)
{
	uint64_t key = noise_mix(SCALE_SEED ^ (t * NOISE_GOLDEN)), c = 0;
	double v[SCALE_RESAMPLES];
	unsigned char cnt[RESAMPLE_COUNTED];

	/* An estimator that picks one sample (the min, the median of an odd
	 * count) has the log of the sample it picks: the logs are taken
	 * once, not per resample. */
	size_t rank[2];
	bool picks =
	    run_estimators[e].ranks && run_estimators[e].ranks(k, rank) == 1;

	*m = 0;
	for (size_t i = 0; i < C; i++) {
		draw_case(p, k, key, &c, y + i * k);
		run_sort_small(y + i * k, k);
		for (size_t j = 0; j < k; j++)
			z[j] = y[i * k + j];
		*m += log_est(e, z, k);
		for (size_t j = 0; picks && j < k; j++)
			y[i * k + j] = log(y[i * k + j]);
	}
	/* The resamples' draws, several from each word (rng.h). */
	struct noise_stream st = noise_stream(noise_mix(key ^ c), k);

	for (size_t b = 0; b < SCALE_RESAMPLES; b++) {
		v[b] = 0;
		for (size_t i = 0; i < C; i++) {
			double est;

			memset(cnt, 0, k);
			for (size_t j = 0; j < k; j++)
				cnt[noise_next(&st)]++;
			est = run_estimators[e].counted(y + i * k, cnt, k, k);
			v[b] += picks ? est : log(est);
		}
	}
	return iqr(v, SCALE_RESAMPLES);
}

/* The spread of the sum of C cases' estimates over the trials against
 * the resampled one's. */
static double simulate(const struct pool *p, enum run_estimator e, size_t k,
                       size_t C)
{
	double *y = malloc((C * k + k + SCALE_TRIALS) * sizeof *y), boot = 0, s;

	if (!y)
		return 1;
	for (uint64_t t = 0; t < SCALE_TRIALS; t++)
		boot += trial(p, e, k, C, t, y, y + C * k, &y[C * k + k + t]);
	s = iqr(y + C * k + k, SCALE_TRIALS);
	free(y);
	boot /= SCALE_TRIALS;
	return boot > 0 && s > 0 ? s / boot : 1;
}

/* Cases a trial sums for estimator e, of `cases` with samples: one for
 * the mean, whose variances' ratio is k / (k - 1) whatever the noise,
 * and whose quantiles' (1.14 at 5 samples against sqrt(5/4) = 1.118)
 * keep the intervals at a clip from narrowing further (sums of 8 were
 * measured to take them from 92.2 % to 90.5 %, doc/noise.md). */
static size_t cases_summed(enum run_estimator e, size_t cases)
{
	if (run_estimators[e].linear)
		return 1;
	return cases < SCALE_CASES ? cases : SCALE_CASES;
}

/* How many distinct values the pool holds (it is sorted here). */
static size_t distinct(struct pool *p)
{
	size_t d = p->n > 0;

	qsort(p->e, p->n, sizeof *p->e, by_double);
	for (size_t q = 1; q < p->n; q++)
		d += p->e[q] != p->e[q - 1];
	return d;
}

static size_t total_samples(const struct noise_side side[2], size_t n)
{
	size_t total = 0;

	for (int s = 0; s < 2; s++)
		if (side[s].off)
			total += side[s].off[n] - side[s].off[0];
	return total;
}

double noise_scale(const struct noise_side side[2], size_t n)
{
	size_t total = total_samples(side, n);
	size_t stride = total / SCALE_MAX_RESIDUALS + 1, k;
	struct pool p = {0};
	enum run_estimator e = noise_sides_estimator(side);
	double scale = 1;

	for (int s = 0; s < 2; s++)
		if (side[s].off && side[s].draws)
			return 1;
	if (!pool_fill(&p, side, n, stride) || p.cases == 0)
		goto out;
	p.samples /= (double)p.cases;
	k = (size_t)lround(p.samples);
	if (k >= 2 && k <= RESAMPLE_COUNTED &&
	    distinct(&p) >= SCALE_MIN_DISTINCT * k) {
		scale = simulate(&p, e, k, cases_summed(e, p.cases));
		/* A mean's resampled variance is (k - 1) / k of the true one
		 * whatever the noise, and net sums many cases, whose spread
		 * goes to their variances': one case's quartiles, narrow in a
		 * heavy tail, must not take the scale below it. */
		if (run_estimators[e].linear)
			scale = fmax(scale, sqrt((double)k / (double)(k - 1)));
	}
out:
	free(p.e);
	return scale;
}
