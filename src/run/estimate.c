/* estimate.c: the estimator table, and the runtime columns of a run made
 * from its samples (estimate.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/estimate.h"
#include "util/names.h"
#include "util/ksum.h"
#include "util/rows.h"

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void run_sort_small(double *x, size_t n)
{
	if (n > 32) {
		qsort(x, n, sizeof *x, by_value);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		double v = x[i];
		size_t j = i;

		while (j > 0 && x[j - 1] > v) {
			x[j] = x[j - 1];
			j--;
		}
		x[j] = v;
	}
}

static double median(double *x, size_t n)
{
	run_sort_small(x, n);
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

static double mean(double *x, size_t n)
{
	struct ksum s = {0, 0};

	for (size_t i = 0; i < n; i++)
		ksum_add(&s, x[i]);
	return ksum_value(&s) / (double)n;
}

static double minimum(double *x, size_t n)
{
	double m = x[0];

	for (size_t i = 1; i < n; i++)
		m = x[i] < m ? x[i] : m;
	return m;
}

/* The k-th smallest draws: the sample where the running count passes
 * (k - 1) / 2 and k / 2, the two middle ones. */
static double median_counted(const double *x, const unsigned char *c, size_t m,
                             size_t k)
{
	size_t lo = (k - 1) / 2, hi = k / 2, acc = 0, j = 0;
	double a = 0;
	bool have_lo = false;

	for (; j < m; j++) {
		acc += c[j];
		if (!have_lo && acc > lo) {
			a = x[j];
			have_lo = true;
		}
		if (acc > hi)
			break;
	}
	return k % 2 ? x[j] : (a + x[j]) / 2;
}

static double mean_counted(const double *x, const unsigned char *c, size_t m,
                           size_t k)
{
	struct ksum s = {0, 0};

	for (size_t q = 0; q < m; q++)
		for (unsigned t = 0; t < c[q]; t++)
			ksum_add(&s, x[q]);
	return ksum_value(&s) / (double)k;
}

static double min_counted(const double *x, const unsigned char *c, size_t m,
                          size_t k)
{
	size_t j = 0;

	while (j + 1 < m && c[j] == 0)
		j++;
	return x[j];
}

#ifdef FP_TEST_ROWS
#define FP_TEST_EXTRA_ROWS 1
/* A test's row (tests/cli/rows.sh): the mean less the smallest and the
 * largest sample, of three or more. */
static double midmean(double *x, size_t n)
{
	run_sort_small(x, n);
	return n > 2 ? mean(x + 1, n - 2) : mean(x, n);
}

static double midmean_counted(const double *x, const unsigned char *c, size_t m,
                              size_t k)
{
	double y[256];
	size_t n = 0;

	for (size_t q = 0; q < m; q++)
		for (unsigned t = 0; t < c[q] && n < 256; t++)
			y[n++] = x[q];
	return midmean(y, n < k ? n : k);
}
#else
#define FP_TEST_EXTRA_ROWS 0
#endif

/* The middle one of k, or the two middle ones for even k: what median()
 * takes. */
static size_t median_ranks(size_t k, size_t rank[2])
{
	rank[0] = (k + 1) / 2;
	rank[1] = rank[0] + 1;
	return k % 2 ? 1 : 2;
}

static size_t min_ranks(size_t k, size_t rank[2])
{
	rank[0] = 1;
	return 1;
}

/* The bias rules were fitted on the battery's trials and 400 of other
 * seeds (tests/sim_rules.py --grid), checked on 400 more (doc/noise.md,
 * step 4): a share of the formula's factor (made for a kink under normal
 * noise: it removes more than the bias of a median of few samples, and
 * than a smooth curvature's), the excess less a guard of Monte Carlo
 * errors of the resamples' mean, and the doubt that then covers cases at
 * a clip, near it and far from it.  The mean's doubt away from the
 * measured price has a ceiling: where the bias is large against the
 * spread (an A/A rerun) it would carry the interval past a bound of net's
 * range at every confidence.  The median's centre, less corrected, needs
 * its whole doubt there.  The min was not calibrated: it keeps the
 * mean's rule. */
const struct run_estimator_def run_estimators[] = {
    [RUN_MEDIAN] = {.name = "median",
                    .point = median,
                    .counted = median_counted,
                    .ranks = median_ranks,
                    .bias = {0.4, 1.5, 2, 1.6, INFINITY}},
    [RUN_MEAN] = {.name = "mean",
                  .point = mean,
                  .counted = mean_counted,
                  .linear = true,
                  .bias = {0.6, 2.5, 3, 1.4, 1.65}},
    [RUN_MIN] = {.name = "min",
                 .point = minimum,
                 .counted = min_counted,
                 .ranks = min_ranks,
                 .extreme = true,
                 .bias = {0.6, 2.5, 3, 1.4, 1.65}},
#ifdef FP_TEST_ROWS
    /* tests/cli/rows.sh: a row added here alone reaches every command. */
    [RUN_ESTIMATOR_COUNT] = {.name = "test-midmean",
                             .point = midmean,
                             .counted = midmean_counted,
                             .bias = {0.6, 2.5, 3, 1.4, 1.65}},
#endif
};
const size_t run_nestimators = sizeof run_estimators / sizeof *run_estimators;
FP_ROWS(run_estimators, RUN_ESTIMATOR_COUNT + FP_TEST_EXTRA_ROWS);

enum run_estimator run_estimator_of(const struct run *r)
{
	enum run_estimator e = RUN_MEDIAN;

	if (r->estimator)
		run_estimator_parse(r->estimator, &e);
	return e;
}

enum run_estimator run_estimator_linear(void)
{
	size_t e = 0;

	while (!run_estimators[e].linear)
		e++;
	return (enum run_estimator)e;
}

static const char *const policy_names[] = {"all", "majority", "any"};
FP_ROWS(policy_names, PASS_POLICY_COUNT);

bool run_policy_parse(const char *s, enum pass_policy *out)
{
	for (int p = PASS_ALL; p <= PASS_ANY; p++)
		if (strcmp(s, policy_names[p]) == 0) {
			*out = (enum pass_policy)p;
			return true;
		}
	return false;
}

const char *run_policy_name(enum pass_policy p)
{
	return policy_names[p];
}

/* The pass state of n samples of which `passed` passed. */
double run_pass_of_count(size_t passed, size_t n, enum pass_policy p)
{
	switch (p) {
	case PASS_ANY:
		return passed > 0;
	case PASS_MAJORITY:
		return 2 * passed > n;
	default:
		return n > 0 && passed == n;
	}
}

double run_pass(const unsigned char *pass, size_t n, enum pass_policy p)
{
	size_t passed = 0;

	for (size_t k = 0; k < n; k++)
		passed += pass[k] != 0;
	return run_pass_of_count(passed, n, p);
}

bool run_estimator_parse(const char *s, enum run_estimator *out)
{
	for (size_t i = 0; i < run_nestimators; i++)
		if (strcmp(s, run_estimators[i].name) == 0) {
			*out = (enum run_estimator)i;
			return true;
		}
	return false;
}

const char *run_estimator_name(enum run_estimator e)
{
	return (size_t)e < run_nestimators ? run_estimators[e].name : "?";
}

const char *run_estimator_list(char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < run_nestimators; i++)
		names_append(buf, size, run_estimators[i].name);
	return buf;
}

enum { E_RUNTIME, E_N, E_MIN, E_MAX, E_SD, E_HAS, NEST };
static const char *const est_cols[NEST] = {
    "runtime",     "runtime_n",  "runtime_min",
    "runtime_max", "runtime_sd", "has_runtime",
};

/* Drops the column called name, if there is one. */
static void drop_column(struct run *run, const char *name)
{
	struct column *c = run_find(run, name);
	size_t i;

	if (!c)
		return;
	i = (size_t)(c - run->cols);
	free(c->name);
	free(c->v);
	free(c->line);
	free(c->col);
	free(c->bad_text);
	memmove(c, c + 1, (run->ncols - i - 1) * sizeof *c);
	run->ncols--;
}

/* Fills row i of the columns v[] from the samples x[0..n), which it may
 * reorder. */
static void one_case(double *const v[NEST], size_t i, double *x, size_t n,
                     enum run_estimator e)
{
	struct ksum s = {0, 0}, dev = {0, 0};
	double lo = x[0], hi = x[0], mean;

	v[E_N][i] = (double)n;
	for (size_t k = 0; k < n; k++) {
		ksum_add(&s, x[k]);
		lo = x[k] < lo ? x[k] : lo;
		hi = x[k] > hi ? x[k] : hi;
	}
	mean = ksum_value(&s) / (double)n;
	for (size_t k = 0; k < n; k++)
		ksum_add(&dev, (x[k] - mean) * (x[k] - mean));
	v[E_MIN][i] = lo;
	v[E_MAX][i] = hi;
	v[E_SD][i] = n > 1 ? sqrt(ksum_value(&dev) / (double)(n - 1)) : 0;
	v[E_HAS][i] = 1;
	v[E_RUNTIME][i] = run_estimators[e].point(x, n);
}

static void no_runtime(double *const v[NEST], size_t i)
{
	v[E_N][i] = 0;
	v[E_HAS][i] = 0;
	v[E_RUNTIME][i] = v[E_MIN][i] = v[E_MAX][i] = v[E_SD][i] = NAN;
}

/* The samples of from[0..n) that have a runtime (a failing repetition
 * without one is NaN, a sample of the pass state only) into x; returns
 * how many. */
static size_t timed(double *x, const double *from, size_t n)
{
	size_t m = 0;

	for (size_t k = 0; k < n; k++)
		if (!isnan(from[k]))
			x[m++] = from[k];
	return m;
}

int run_estimate(struct run *run, enum run_estimator e, struct diag *d)
{
	double *v[NEST] = {0}, *x = NULL;
	size_t most = 1, rows = run->n ? run->n : 1;
	int k;

	if (!run->sample_off)
		return FP_OK;
	for (size_t i = 0; i < run->n; i++)
		if (run_sample_count(run, i) > most)
			most = run_sample_count(run, i);
	x = malloc(most * sizeof *x);
	for (k = 0; k < NEST; k++)
		v[k] = malloc(rows * sizeof *v[k]);
	for (k = 0; k < NEST && x; k++)
		if (!v[k])
			break;
	if (!x || k < NEST) {
		free(x);
		for (k = 0; k < NEST; k++)
			free(v[k]);
		return diag_oom(d);
	}
	for (size_t i = 0; i < run->n; i++) {
		size_t n = run_sample_count(run, i);
		if (n == 0) {
			no_runtime(v, i);
			continue;
		}
		n = timed(x, run->samples + run->sample_off[i], n);
		if (n == 0)
			no_runtime(v, i);
		else
			one_case(v, i, x, n, e);
	}
	free(x);
	for (k = 0; k < NEST; k++) {
		drop_column(run, est_cols[k]);
		if (run_add_column(run, est_cols[k],
		                   k == E_HAS ? COL_PASS : COL_NUMBER, v[k],
		                   d) != FP_OK) {
			while (++k < NEST)
				free(v[k]);
			return FP_ERR;
		}
	}
	run->estimator = run_estimator_name(e);
	return FP_OK;
}

int run_apply_policy(struct run *r, enum pass_policy policy)
{
	struct column *c = run_find(r, "passed");

	if (policy == PASS_ALL || !c || !c->v || !r->sample_pass)
		return FP_OK;
	for (size_t i = 0; i < r->n; i++) {
		size_t cnt = run_sample_count(r, i);

		if (cnt > 0)
			c->v[i] = run_pass(r->sample_pass + r->sample_off[i],
			                   cnt, policy);
	}
	return FP_OK;
}
