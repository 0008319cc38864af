/* runs_scale.c: the widening of a hierarchical bootstrap's interval for
 * few runs, by calibration (runs_scale.h). */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "noise/resample.h"
#include "noise/rng.h"
#include "noise/runs_scale.h"
#include "run/merge.h"

/* The trials' seed: a property of the run counts, not of --seed. */
#define RUNS_SEED UINT64_C(0x72756e7363616c65)
#define RUNS_TRIALS 2000
#define RUNS_RESAMPLES 200

/* The q-quantile of sorted x[0..n), interpolated (as bootstrap.h's
 * noise_quantile, which this module may not reach: bootstrap.c calls
 * it). */
static double quantile(const double *x, size_t n, double q)
{
	double h = q * (double)(n - 1);
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return x[n - 1];
	return x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

/* A standard normal from words c and c + 1 of key (Box-Muller). */
static double gauss(uint64_t key, uint64_t c)
{
	double u = noise_uniform(key, c), v = noise_uniform(key, c + 1);

	return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);
}

/* The estimator e over x[0..n), x left as it is. */
static double est_of(enum run_estimator e, const double *x, size_t n)
{
	double y[RUN_MAX_MERGED];

	memcpy(y, x, n * sizeof *y);
	return run_estimators[e].point(y, n);
}

/* One resample of side s's runs y[0..R) under key: the estimator over R
 * runs drawn with replacement. */
static double resampled(enum run_estimator e, const double *y, size_t R,
                        uint64_t key)
{
	double z[RUN_MAX_MERGED];

	if (R < 2)
		return y[0];
	noise_gather(key, R, y, R, z);
	return run_estimators[e].point(z, R);
}

/* One trial: the least factor whose interval holds the true difference
 * 0, x room for RUNS_RESAMPLES. */
static double trial(const size_t R[2], const enum run_estimator e[2],
                    bool paired, double conf, uint64_t t, double *x)
{
	uint64_t key = noise_mix(RUNS_SEED ^ (t * NOISE_GOLDEN));
	double y[2][RUN_MAX_MERGED], point, mean = 0, lo, hi;

	for (int s = 0; s < 2; s++)
		for (size_t j = 0; j < R[s]; j++)
			y[s][j] = gauss(key, 2 * (s * RUN_MAX_MERGED + j));
	/* Paired rounds: a round's offset shared by both sides, plus after's
	 * own. */
	for (size_t j = 0; paired && j < R[1]; j++)
		y[1][j] += y[0][j];
	point = est_of(e[1], y[1], R[1]) - est_of(e[0], y[0], R[0]);
	for (size_t b = 0; b < RUNS_RESAMPLES; b++) {
		uint64_t k = noise_case_key(key, b);

		x[b] = resampled(e[1], y[1], R[1], noise_case_key(k, 1)) -
		       resampled(e[0], y[0], R[0],
		                 noise_case_key(k, paired ? 1 : 0));
		mean += x[b];
	}
	mean /= RUNS_RESAMPLES;
	qsort(x, RUNS_RESAMPLES, sizeof *x, noise_cmp_double);
	lo = quantile(x, RUNS_RESAMPLES, (1 - conf) / 2);
	hi = quantile(x, RUNS_RESAMPLES, (1 + conf) / 2);
	/* The interval is point + c (q - mean) for q from lo to hi. */
	if (point > 0)
		return mean > lo ? point / (mean - lo) : HUGE_VAL;
	if (point < 0)
		return hi > mean ? -point / (hi - mean) : HUGE_VAL;
	return 0;
}

/* The last factors computed, for a bootstrap of the same run counts is
 * often made again (a command's verdict and its sensitivity bands; the
 * simulations' trials). */
#define RUNS_CACHE 8
static struct cached {
	size_t R[2];
	enum run_estimator e[2];
	bool paired;
	double conf, f;
} cache[RUNS_CACHE];
static size_t cached_n;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static bool lookup(const size_t R[2], const enum run_estimator e[2],
                   bool paired, double conf, double *f)
{
	bool hit = false;

	pthread_mutex_lock(&cache_lock);
	for (size_t q = 0; q < cached_n && q < RUNS_CACHE && !hit; q++)
		if (cache[q].R[0] == R[0] && cache[q].R[1] == R[1] &&
		    cache[q].e[0] == e[0] && cache[q].e[1] == e[1] &&
		    cache[q].paired == paired && cache[q].conf == conf) {
			*f = cache[q].f;
			hit = true;
		}
	pthread_mutex_unlock(&cache_lock);
	return hit;
}

static void remember(const size_t R[2], const enum run_estimator e[2],
                     bool paired, double conf, double f)
{
	pthread_mutex_lock(&cache_lock);
	cache[cached_n++ % RUNS_CACHE] =
	    (struct cached){{R[0], R[1]}, {e[0], e[1]}, paired, conf, f};
	pthread_mutex_unlock(&cache_lock);
}

static double calibrate(const size_t R[2], const enum run_estimator est[2],
                        bool paired, double conf)
{
	double *c = malloc((RUNS_TRIALS + RUNS_RESAMPLES) * sizeof *c), *x, f;

	if (!c)
		return 1;
	x = c + RUNS_TRIALS;
	for (uint64_t t = 0; t < RUNS_TRIALS; t++)
		c[t] = trial(R, est, paired, conf, t, x);
	qsort(c, RUNS_TRIALS, sizeof *c, noise_cmp_double);
	f = quantile(c, RUNS_TRIALS, conf);
	free(c);
	/* Never narrower than the resamples themselves spread. */
	return isfinite(f) && f > 1 ? f : isfinite(f) ? 1 : 1e3;
}

double noise_runs_scale(const size_t runs[2], const enum run_estimator est[2],
                        bool paired, double conf)
{
	size_t R[2];
	double f;

	for (int s = 0; s < 2; s++)
		R[s] = runs[s] < 1                ? 1
		       : runs[s] > RUN_MAX_MERGED ? RUN_MAX_MERGED
		                                  : runs[s];
	if ((R[0] < 2 && R[1] < 2) || !(conf > 0 && conf < 1))
		return 1;
	paired &= R[0] == R[1];
	if (!lookup(R, est, paired, conf, &f)) {
		static const enum run_estimator mean[2] = {RUN_MEAN, RUN_MEAN};

		/* The larger of the sides' estimators' factor and the mean's:
		 * a case's estimate from each run carries that run's sample
		 * noise, so the median over few runs, case by case, moves
		 * with every run as the mean does, and its resamples are not
		 * the three runs' values the median's own factor counts on
		 * (doc/noise.md). */
		f = fmax(calibrate(R, est, paired, conf),
		         calibrate(R, mean, paired, conf));
		remember(R, est, paired, conf, f);
	}
	return f;
}
