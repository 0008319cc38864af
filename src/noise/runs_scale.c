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

/* Cases the model sums: fewer widen less, more hardly more (at 3 runs,
 * 1.32 for one case, 1.37 for 2, 1.45 for 8, 1.46 for 20: doc/noise.md). */
#define RUNS_CASES 8

/* The ratios of a case's spread from its samples to the offsets' that
 * the factor is the largest over: 0, where the mean's peaks, and where
 * the median's does (about 1/4 at 3 runs, 1/3 at 5, 1/2 at 10). */
static const double runs_within[] = {0, 0.25, 0.354, 0.5};
#define RUNS_WITHIN (sizeof runs_within / sizeof *runs_within)

/* The model's normals: a pool of 65,536 drawn once (Box-Muller), looked
 * up by 16 bits of a word at a time, four to a word, for a calibration
 * takes millions.  The pool's tails reach 4 standard deviations, and
 * are normal's (the mean's factor at 3 runs rests on a t's tails). */
#define POOL_BITS 16
static double pool[1 << POOL_BITS];
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;

static void fill_pool(void)
{
	for (uint64_t q = 0; q < (1 << POOL_BITS); q += 2) {
		double u = noise_uniform(RUNS_SEED, q),
		       v = noise_uniform(RUNS_SEED, q + 1);
		double r = sqrt(-2 * log1p(-u));

		pool[q] = r * cos(6.283185307179586 * v);
		pool[q + 1] = r * sin(6.283185307179586 * v);
	}
}

/* The model's draws: word c of key, and what is left of the last word
 * (left normals' worth of it). */
struct draws {
	uint64_t key, c, word;
	unsigned left;
};

static uint64_t next_word(struct draws *g)
{
	return noise_mix(g->key + ++g->c * NOISE_GOLDEN);
}

static double next_normal(struct draws *g)
{
	double z;

	if (g->left == 0) {
		g->word = next_word(g);
		g->left = 64 / POOL_BITS;
	}
	z = pool[g->word & ((1 << POOL_BITS) - 1)];
	g->word >>= POOL_BITS;
	g->left--;
	return z;
}

/* One side of a trial: R runs' offsets o and each case's own part e,
 * whose run estimates are o[j] + w e[c][j] at ratio w. */
struct side_draw {
	double o[RUN_MAX_MERGED], e[RUNS_CASES][RUN_MAX_MERGED];
};

/* Sum over the cases of the estimator est over the runs pick[0..R) of
 * side d at ratio w, each case's estimate moved by extra[c][t] times w
 * (a resample's draw of its samples; 0 for the measured runs). */
static double side_sum(const struct side_draw *d, enum run_estimator est,
                       size_t cases, size_t R, const size_t *pick, double w,
                       const double extra[][RUN_MAX_MERGED])
{
	double z[RUN_MAX_MERGED], sum = 0;

	for (size_t c = 0; c < cases; c++) {
		for (size_t t = 0; t < R; t++)
			z[t] = d->o[pick[t]] +
			       w * (d->e[c][pick[t]] + extra[c][t]);
		sum += run_estimators[est].point(z, R);
	}
	return sum;
}

/* The model of one calibration: cases summed, the first ratios of
 * runs_within looked at. */
struct model {
	size_t R[2], cases, ratios;
	enum run_estimator e[2];
	bool paired;
	double conf;
};

/* Runs drawn with replacement (the same for every case: a run's offset
 * is its cases'), or each once. */
static void pick_runs(size_t R, struct draws *g, bool drawn, size_t *pick)
{
	for (size_t t = 0; t < R; t++)
		pick[t] =
		    drawn ? (size_t)(((next_word(g) >> 32) * R) >> 32) : t;
}

static void fill_normal(struct draws *g, size_t cases, size_t R,
                        double x[][RUN_MAX_MERGED])
{
	for (size_t c = 0; c < cases; c++)
		for (size_t t = 0; t < R; t++)
			x[c][t] = next_normal(g);
}

/* The least factor whose interval holds the true difference 0, from
 * resamples x[0..RUNS_RESAMPLES) sorted and the measured point. */
static double least_factor(double *x, double point, double conf)
{
	double mean = 0, lo, hi;

	for (size_t b = 0; b < RUNS_RESAMPLES; b++)
		mean += x[b] / RUNS_RESAMPLES;
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

/* Trial t at every ratio at once (the same draws: the maximum over the
 * ratios is then not the maximum of their noise): the least factor at
 * ratio q into f[q]; x room for RUNS_WITHIN x RUNS_RESAMPLES. */
static void trial(const struct model *m, uint64_t t, double *x, double *f)
{
	struct draws g = {noise_mix(RUNS_SEED ^ (t * NOISE_GOLDEN)), 0, 0, 0};
	static const double none[RUNS_CASES][RUN_MAX_MERGED];
	struct side_draw d[2];
	double point[RUNS_WITHIN] = {0}, extra[RUNS_CASES][RUN_MAX_MERGED];
	size_t pick[2][RUN_MAX_MERGED];

	for (int s = 0; s < 2; s++) {
		for (size_t j = 0; j < m->R[s]; j++)
			d[s].o[j] = next_normal(&g);
		fill_normal(&g, m->cases, m->R[s], d[s].e);
	}
	/* Paired rounds: a round's offset shared by both sides, plus after's
	 * own. */
	for (size_t j = 0; m->paired && j < m->R[1]; j++)
		d[1].o[j] += d[0].o[j];
	for (int s = 0; s < 2; s++) {
		pick_runs(m->R[s], &g, false, pick[s]);
		for (size_t q = 0; q < m->ratios; q++)
			point[q] += (s ? 1 : -1) *
			            side_sum(&d[s], m->e[s], m->cases, m->R[s],
			                     pick[s], runs_within[q], none);
	}
	for (size_t b = 0; b < RUNS_RESAMPLES; b++) {
		for (size_t q = 0; q < m->ratios; q++)
			x[q * RUNS_RESAMPLES + b] = 0;
		for (int s = 0; s < 2; s++) {
			if (s == 0 || !m->paired)
				pick_runs(m->R[s], &g, m->R[s] > 1, pick[s]);
			else
				memcpy(pick[1], pick[0], sizeof pick[0]);
			fill_normal(&g, m->cases, m->R[s], extra);
			for (size_t q = 0; q < m->ratios; q++)
				x[q * RUNS_RESAMPLES + b] +=
				    (s ? 1 : -1) *
				    side_sum(&d[s], m->e[s], m->cases, m->R[s],
				             pick[s], runs_within[q], extra);
		}
	}
	for (size_t q = 0; q < m->ratios; q++)
		f[q] = least_factor(x + q * RUNS_RESAMPLES, point[q], m->conf);
}

/* The last factors computed, for a bootstrap of the same run counts is
 * often made again (a command's verdict and its sensitivity bands; the
 * simulations' trials). */
#define RUNS_CACHE 8
static struct cached {
	struct model m;
	double f;
} cache[RUNS_CACHE];
static size_t cached_n;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static bool same(const struct model *a, const struct model *b)
{
	return a->R[0] == b->R[0] && a->R[1] == b->R[1] && a->e[0] == b->e[0] &&
	       a->e[1] == b->e[1] && a->paired == b->paired &&
	       a->conf == b->conf;
}

static bool lookup(const struct model *m, double *f)
{
	bool hit = false;

	pthread_mutex_lock(&cache_lock);
	for (size_t q = 0; q < cached_n && q < RUNS_CACHE && !hit; q++)
		if (same(&cache[q].m, m)) {
			*f = cache[q].f;
			hit = true;
		}
	pthread_mutex_unlock(&cache_lock);
	return hit;
}

static void remember(const struct model *m, double f)
{
	pthread_mutex_lock(&cache_lock);
	cache[cached_n++ % RUNS_CACHE] = (struct cached){*m, f};
	pthread_mutex_unlock(&cache_lock);
}

/* The largest over the ratios of the conf-quantile of the least factors
 * of `trials` trials. */
static double calibrate(const struct model *m, size_t trials)
{
	double *c, *x, f[RUNS_WITHIN], most = 0;

	pthread_once(&pool_once, fill_pool);
	c = malloc(RUNS_WITHIN * (trials + RUNS_RESAMPLES) * sizeof *c);
	if (!c)
		return 1e3; /* the widest: never surer than the evidence */
	x = c + RUNS_WITHIN * trials;
	for (uint64_t t = 0; t < trials; t++) {
		trial(m, t, x, f);
		for (size_t q = 0; q < m->ratios; q++)
			c[q * trials + t] = f[q];
	}
	for (size_t q = 0; q < m->ratios; q++) {
		double *cq = c + q * trials;

		qsort(cq, trials, sizeof *cq, noise_cmp_double);
		most = fmax(most, quantile(cq, trials, m->conf));
	}
	free(c);
	/* Never narrower than the resamples themselves spread. */
	return isfinite(most) && most > 1 ? most : isfinite(most) ? 1 : 1e3;
}

/* The model for these arguments, false when no widening is needed. */
static bool model_of(const size_t runs[2], const enum run_estimator est[2],
                     bool paired, double conf, struct model *m)
{
	bool offsets_only;

	*m = (struct model){.e = {est[0], est[1]}, .conf = conf};
	for (int s = 0; s < 2; s++)
		m->R[s] = runs[s] < 1                ? 1
		          : runs[s] > RUN_MAX_MERGED ? RUN_MAX_MERGED
		                                     : runs[s];
	if ((m->R[0] < 2 && m->R[1] < 2) || !(conf > 0 && conf < 1))
		return false;
	m->paired = paired && m->R[0] == m->R[1];
	/* The mean's factor is largest where a case's samples add nothing
	 * to the resamples (they only widen them), and then every case is
	 * the same: one case, ratio 0.  So for the median beyond
	 * RUNS_TABLE_MAX runs, where the samples move its factor by a few
	 * hundredths (1.07 at most at 10 runs) and the model would cost
	 * seconds; not for the min, whose samples bias it at every count
	 * (1.73 at 10 runs). */
	offsets_only =
	    (run_estimators[est[0]].linear && run_estimators[est[1]].linear) ||
	    ((m->R[0] > RUNS_TABLE_MAX || m->R[1] > RUNS_TABLE_MAX) &&
	     !run_estimators[est[0]].extreme &&
	     !run_estimators[est[1]].extreme);
	m->cases = offsets_only ? 1 : RUNS_CASES;
	m->ratios = offsets_only ? 1 : RUNS_WITHIN;
	return true;
}

double noise_runs_calibrate(const size_t runs[2],
                            const enum run_estimator est[2], bool paired,
                            double conf, size_t trials)
{
	struct model m;

	return model_of(runs, est, paired, conf, &m) ? calibrate(&m, trials)
	                                             : 1;
}

/* The factors at the table's extent (runs_scale.h), from
 * RUNS_TABLE_TRIALS trials each. */
static const struct runs_tabled runs_table[] = {
#include "noise/runs_table.inc"
};

/* The factor of the table, or 0 where it has none. */
static double tabled(const struct model *m)
{
	for (size_t q = 0; q < sizeof runs_table / sizeof *runs_table; q++) {
		const struct runs_tabled *t = &runs_table[q];

		if (m->conf == RUNS_TABLE_CONF && t->runs == m->R[0] &&
		    t->runs == m->R[1] && t->est == m->e[0] &&
		    t->est == m->e[1] && t->paired == m->paired)
			return t->factor;
	}
	return 0;
}

double noise_runs_scale(const size_t runs[2], const enum run_estimator est[2],
                        bool paired, double conf)
{
	struct model m;
	double f;

	if (!model_of(runs, est, paired, conf, &m))
		return 1;
	if (!(f = tabled(&m)) && !lookup(&m, &f)) {
		f = calibrate(&m, RUNS_TRIALS);
		remember(&m, f);
	}
	return f;
}
