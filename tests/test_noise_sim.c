/* test_noise_sim.c: the coverage of the interval of net by simulation,
 * on the default metric (pypto-gym: its score clips at min(1, ...)), in
 * seeded trials against a known true net (the price of the true
 * runtimes): 20 cases of which 2 newly pass, 5 % lognormal noise per
 * sample, every case 12 % slower, 5 samples per case; each configuration
 * below changes one of these, for the mean and for the median.  Each
 * coverage is printed with its Wilson 95 % bounds.
 *
 * FIXPRICE_SIM_FULL=1 (set once by .ci/run) runs 400 trials of every
 * configuration; otherwise 60 trials (20 under a sanitizer;
 * FIXPRICE_SIM_TRIALS=N sets the count) of the quick ones, and the
 * nominal rate must lie within the Wilson 99.9 % bounds of the measured
 * one; FIXPRICE_SIM_ONLY=TEXT runs the configurations whose name holds
 * TEXT.  Over 400 trials a configuration marked nominal must cover 93-97 %
 * (80 %: 77-83 %), or else over 2,000 (at_nominal_again), where the true
 * net lies on a bound of the range net can take (an A/A rerun: 0, which
 * net can only fall below; no case slower: gain at its largest) as
 * elsewhere.  The others are measured and printed only
 * (doc/noise.md, "How well the interval covers"), and the test keeps
 * their numbers in view.
 * FIXPRICE_SIM_TRACE=FILE writes each trial's row to FILE, and
 * FIXPRICE_SIM_NESTED=COPIES adds a nested bootstrap's ratio to it, for
 * studying a miss (sim_trace.h, tests/sim_rules.py); FIXPRICE_SIM_FROM=T
 * numbers the trials from T (each trial's seeds are its number's), so
 * that a rule chosen on the usual trials can be tried on others. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise/bootstrap.h"
#include "noise/resample.h"
#include "noise/rng.h"
#include "sim_heap.h"
#include "sim_trace.h"
#include "test_mem_run.h"
#include "test_noise_util.h"
#include "test_normal.h"
#include "test_sim_runs.h"
#include "price/price.h"

#define PYPTO TEST_SRCDIR "/metrics/pypto-gym.yaml"

/* A run of n cases, k samples each (k 1: no samples, x is the runtime). */
static struct run *mk(size_t n, size_t k, const double *x,
                      const unsigned char *pass, enum run_estimator e)
{
	struct run *r = sampled(n, k, x, pass, e);

	if (k == 1)
		mem_run_drop_samples(r);
	return r;
}

enum shape {
	ALL_SLOWER,  /* every case 12 % slower */
	HALF_SAME,   /* half the cases unchanged: their score at the clip */
	NONE_SLOWER, /* no case slower: net from the newly passing only */
	AA,          /* an A/A rerun: the same code twice, true net 0 */
	NEAR_CLIP,   /* every case 3 % slower: about one standard error of
	              * its ratio from the clip, where the bias is hardest */
};

struct config {
	const char *name;
	size_t n, k;
	enum run_estimator est;
	bool heavy; /* 10 % of samples with 5 times the spread */
	enum shape shape;
	bool nominal; /* must cover at the nominal rate */
	bool quick;   /* also in the reduced battery */
};

enum { NMAX = 100, KMAX = 10 };

static double slowdown(const struct config *c, size_t i)
{
	switch (c->shape) {
	case ALL_SLOWER:
		return 1.12;
	case HALF_SAME:
		return i % 2 ? 1 : 1.12;
	case NEAR_CLIP:
		return 1.03;
	default:
		return 1;
	}
}

/* One trial: whether the 95 % and the 80 % intervals (of the same
 * resamples) cover the true net, into cov[0] and cov[1]; a row of it in
 * trace, if not NULL (sim_trace.h). */
static void trial(const struct metric *m, const struct config *c, size_t t,
                  FILE *trace, bool cov[2])
{
	static double xb[NMAX * KMAX], xa[NMAX * KMAX], tb[NMAX], ta[NMAX];
	static unsigned char pb[NMAX * KMAX], pa[NMAX * KMAX], qb[NMAX],
	    qa[NMAX];
	const double sd = 0.05;
	struct normal g = {1000 + t * 7919};
	struct boot_opts o = {
	    .B = 1000, .confidence = 0.95, .seed = 1 + t, .threads = 1};
	struct interval at80;
	struct noise_side side[2];
	struct boot b;
	struct diag d;
	double truth;

	for (size_t i = 0; i < c->n; i++) {
		double tr = 1 + 0.1 * (double)(i % 10), f = slowdown(c, i);
		bool fixed = c->shape != AA && i < 2;

		/* Only ratios of runtimes enter the price, and the noise is
		 * the same on both sides: the true runtimes' ratio is f for
		 * the median and the mean alike. */
		tb[i] = tr;
		ta[i] = tr * f;
		qb[i] = !fixed;
		qa[i] = 1;
		for (size_t q = 0; q < c->k; q++) {
			double z1 = gauss(&g), z2 = gauss(&g);

			if (c->heavy && uniform01(&g) < 0.1)
				z1 *= 5;
			if (c->heavy && uniform01(&g) < 0.1)
				z2 *= 5;
			xb[i * c->k + q] = tr * exp(sd * z1);
			xa[i * c->k + q] = tr * f * exp(sd * z2);
			pb[i * c->k + q] = !fixed;
			pa[i * c->k + q] = 1;
		}
	}
	struct joined tj = {mk(c->n, 1, tb, qb, c->est),
	                    mk(c->n, 1, ta, qa, c->est), 0};
	truth = sim_net(m, &tj);
	joined_free(&tj);
	struct joined j = {mk(c->n, c->k, xb, pb, c->est),
	                   mk(c->n, c->k, xa, pa, c->est), 0};
	if (noise_sides(&j, PASS_ALL, side, &d) != FP_OK ||
	    noise_bootstrap(m, &j, side, &o, &b, &d) != FP_OK)
		fail_msg("%s", d.msg);
	assert_int_equal(noise_fit_interval(&b, 2, 0.80, &at80), FP_OK);

	if (trace) {
		struct sim_trace_runs r = {c->n, c->k, xb, xa, pb, pa, c->est};
		sim_trace_row(trace, c->name, t, truth, &b, &at80,
		              sim_trace_nested(m, &r, t));
	}
	cov[0] = b.net_ci.lo <= truth && truth <= b.net_ci.hi;
	cov[1] = at80.lo <= truth && truth <= at80.hi;
	boot_free(&b);
	joined_free(&j);
}

static void report(const struct config *c, double conf, size_t covered,
                   size_t trials)
{
	double lo, hi;

	sim_wilson(covered, trials, 1.959964, &lo, &hi);
	printf("%-34s %g %% interval: covered %3zu of %zu (%5.1f %%, Wilson "
	       "95 %% bounds %4.1f-%5.1f %%)%s\n",
	       c->name, conf * 100, covered, trials,
	       100.0 * (double)covered / (double)trials, 100 * lo, 100 * hi,
	       c->nominal ? "" : "  [measured only]");
}

/* Covered trials out of `trials`, numbered from `first` (after
 * FIXPRICE_SIM_FROM), at 95 % (cov[0]) and 80 % (cov[1]). */
static void coverage(const struct metric *m, const struct config *c,
                     size_t first, size_t trials, size_t cov[2])
{
	FILE *trace = sim_trace_open();
	const char *from = getenv("FIXPRICE_SIM_FROM");
	size_t t0 = first + (from ? (size_t)strtoul(from, NULL, 10) : 0);

	cov[0] = cov[1] = 0;
	for (size_t t = 0; t < trials; t++) {
		bool hit[2];

		trial(m, c, t0 + t, trace, hit);
		cov[0] += hit[0];
		cov[1] += hit[1];
	}
	if (trace && fclose(trace) != 0)
		fail_msg("FIXPRICE_SIM_TRACE: cannot write the rows");
}

/* Whether the measured rate agrees with the nominal one over 400 trials:
 * 93-97 % at 95 %, 77-83 % at 80 %, else the nominal rate within the
 * Wilson 99.9 % bounds of fewer trials.  At a bound of net's range too:
 * an interval that held the bound whenever it would pass it would cover
 * at the one-sided rate there (up to 97.5 %, 90 %), and the mean's
 * ceiling on its bias's doubt is what keeps it from that (bias.c). */
static bool nominal(size_t covered, size_t trials, double conf)
{
	double lo, hi, rate = (double)covered / (double)trials;
	/* 93-97 % about 95 %, 77-83 % about 80 % */
	double tol = conf > 0.9 ? 0.02 : 0.03;

	if (trials >= 400)
		return rate >= conf - tol - 1e-12 &&
		       rate <= conf + tol + 1e-12;
	sim_wilson(covered, trials, 3.290527, &lo, &hi);
	return lo <= conf && conf <= hi;
}

static bool at_nominal(const size_t cov[2], size_t trials)
{
	return nominal(cov[0], trials, 0.95) && nominal(cov[1], trials, 0.80);
}

/* An interval that covers at exactly the nominal rate falls outside
 * 93-97 % over 400 trials in 5.0 % of batteries and outside 77-83 % in
 * 11.8 % (the binomial's tails): of the battery's 18 configurations held
 * to the bands, about two miss one by chance alone, whatever the method.
 * The full battery runs such a configuration on for 1,600 trials more
 * and holds the 2,000 to the same bands, which the nominal rate then
 * leaves once in 22,000 (95 %) and in 1,400 (80 %): a configuration that
 * still misses misses by more than chance. */
static bool at_nominal_again(const struct metric *m, const struct config *c,
                             size_t cov[2], size_t trials)
{
	enum { MORE = 1600 };
	size_t more[2];

	if (!sim_full() || trials != 400)
		return false;
	printf("  ^ outside the bands over %zu trials; %d trials more:\n",
	       trials, MORE);
	coverage(m, c, trials, MORE, more);
	cov[0] += more[0];
	cov[1] += more[1];
	report(c, 0.95, cov[0], trials + MORE);
	report(c, 0.80, cov[1], trials + MORE);
	return at_nominal(cov, trials + MORE);
}

/* Each shape for the mean and the median; mean_ok and median_ok say
 * whether each must cover at the nominal rate (the others miss it by a
 * little, doc/noise.md says why, and are measured). */
#define BOTH(name, n, k, heavy, shape, mean_ok, median_ok, quick) \
	{"mean, " name, n, k, RUN_MEAN, heavy, shape, mean_ok, quick}, \
	{ \
		"median, " name, n, k, RUN_MEDIAN, heavy, shape, median_ok, \
		    quick \
	}

static const struct config configs[] = {
    BOTH("5 samples", 20, 5, false, ALL_SLOWER, true, true, true),
    BOTH("3 samples", 20, 3, false, ALL_SLOWER, true, true, false),
    BOTH("10 samples", 20, 10, false, ALL_SLOWER, true, true, false),
    BOTH("5 cases", 5, 5, false, ALL_SLOWER, true, true, false),
    BOTH("100 cases", 100, 5, false, ALL_SLOWER, true, true, false),
    BOTH("heavy-tailed", 20, 5, true, ALL_SLOWER, true, true, false),
    BOTH("half unchanged (clip)", 20, 5, false, HALF_SAME, true, true, true),
    BOTH("no case slower", 20, 5, false, NONE_SLOWER, true, true, false),
    BOTH("A/A rerun (holds 0)", 20, 5, false, AA, true, true, true),
    BOTH("3 % slower (near the clip)", 20, 5, false, NEAR_CLIP, false, false,
         false),
};

/* 400 trials for the full battery; 60 otherwise, 20 under a sanitizer
 * (ten times slower); FIXPRICE_SIM_TRIALS=N sets it. */
static size_t trial_count(void)
{
	const char *e = getenv("FIXPRICE_SIM_TRIALS");
	long n = e ? strtol(e, NULL, 10) : 0;

	if (n > 0)
		return (size_t)n;
	if (sim_full())
		return 400;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
	return 20;
#else
	return 60;
#endif
}

static void test_battery(void **state)
{
	size_t trials = trial_count();
	struct metric *m = NULL;
	struct diag d;
	size_t off = 0;

	if (metric_load(PYPTO, &m, &d) != FP_OK)
		fail_msg("%s", d.msg);
	for (size_t q = 0; q < sizeof configs / sizeof *configs; q++) {
		const struct config *c = &configs[q];
		size_t cov[2];

		if (!sim_full() && !c->quick)
			continue;
		if (getenv("FIXPRICE_SIM_ONLY") &&
		    !strstr(c->name, getenv("FIXPRICE_SIM_ONLY")))
			continue;
		coverage(m, c, 0, trials, cov);
		report(c, 0.95, cov[0], trials);
		report(c, 0.80, cov[1], trials);
		if (c->nominal && !at_nominal(cov, trials) &&
		    !at_nominal_again(m, c, cov, trials)) {
			printf("  ^ not at the nominal rate\n");
			off++;
		}
		fflush(stdout);
	}
	metric_free(m);
	/* Every configuration is run and printed before the verdict. */
	assert_int_equal(off, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_battery),
	};

	sim_heap_keep();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
