/* test_breakeven_sim.c: the coverage of break-even's interval by
 * simulation, in seeded trials against a known true break-even.
 *
 * The interval of a break-even is the set of values at which price's
 * interval of net holds 0 (noise/sens_noise.h): inverted, it holds the
 * true break-even p* exactly when price's interval of net at p* holds the
 * true net there, 0.  So it covers p* as often as that interval covers
 * the true net, at the nominal rate if the method is right; here that is
 * measured directly, on the whole path `breakeven` takes (the measured
 * crossing, the grid of bands, the bisections).
 *
 * pypto-gym, 20 cases of which 2 newly pass, 5 samples per case of 5 %
 * lognormal noise, pass_reward searched over [0.003, 30] (its default
 * range).  The true break-even is the crossing of the true runtimes' net
 * (checked against the hand-worked value for every case 20 % slower:
 * net = (2 p + 1 / 1.2) * 5 - 20 * 0.5 (1 - 1 / 1.2) * 5 is 0 at
 * p* = 5 - 5.5 / 1.2 = 0.41667).  Configurations: every case 20 %
 * slower, and half the cases unchanged (their score at its clip, the
 * others 30 % slower: p* = 0.13462), for the median and the mean.
 *
 * FIXPRICE_SIM_FULL=1 (set once by .ci/run) runs 200 trials of each
 * (about 3.5 minutes each); else 20 trials (6 under a sanitizer;
 * FIXPRICE_SIM_TRIALS=N sets the count) of the first.  The nominal 95 %
 * must lie within the Wilson 99.9 % bounds of the measured rate, which a
 * method at the nominal rate leaves once in 1,000 runs, and one at 90 %
 * over 200 trials most of the time.  Each coverage is printed with its
 * Wilson 95 % bounds; doc/noise.md, "In the sensitivity commands", keeps
 * the numbers. */
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
#include "noise/sens_noise.h"
#include "price/price.h"
#include "price/session.h"
#include "sens/sensitivity.h"
#include "sim_heap.h"
#include "test_mem_run.h"
#include "test_noise_util.h"
#include "test_normal.h"
#include "test_sim_runs.h"

#define PARAM "pass_reward"
#define LO 0.003
#define HI 30.0

enum { N = 20, K = 5 };

struct config {
	const char *name;
	enum run_estimator est;
	bool half_same; /* odd cases unchanged, even ones 30 % slower */
	double truth;   /* the true break-even, worked by hand */
};

static const struct config configs[] = {
    {"every case slower, median", RUN_MEDIAN, false, 5 - 5.5 / 1.2},
    {"every case slower, mean", RUN_MEAN, false, 5 - 5.5 / 1.2},
    /* cost 10 * 0.5 (1 - 1 / 1.3) * 5 = 25 - 25 / 1.3, gain (2 p +
     * 0.5 / 1.3 + 0.5) * 5 (case 0 slower, case 1 unchanged): p* =
     * 2.25 - 2.75 / 1.3 */
    {"half unchanged (clip), median", RUN_MEDIAN, true, 2.25 - 2.75 / 1.3},
    {"half unchanged (clip), mean", RUN_MEAN, true, 2.25 - 2.75 / 1.3},
};

/* The crossings of the runs in j over [LO, HI] (*cross malloc'd). */
static void crossings(const struct metric *m, const struct joined *j,
                      double **cross, size_t *n)
{
	struct session *s = NULL;
	struct price *p = NULL;
	struct sens sens = {0};
	struct knob k;
	struct diag d;

	if (session_open(m, j, NULL, &s, &d) != FP_OK ||
	    price_compute(s, &p, &d) != FP_OK ||
	    sens_open(&sens, s, p, &d) != FP_OK ||
	    sens_knob(&sens, PARAM, &k, &d) != FP_OK ||
	    sens_breakeven(&sens, &k, LO, HI, cross, NULL, n, &d) != FP_OK)
		fail_msg("%s", d.msg);
	sens_close(&sens);
	price_free(p);
	session_close(s);
}

static struct run *mk(size_t k, const double *x, const unsigned char *pass,
                      enum run_estimator e)
{
	struct run *r = sampled(N, k, x, pass, e);

	if (k == 1)
		mem_run_drop_samples(r);
	return r;
}

/* Trial t: whether the interval of the measured break-even holds the
 * true one (a run that crosses 0 nowhere in the range is a miss: its
 * record gives no interval). */
static bool trial(const struct metric *m, const struct config *c, size_t t,
                  double truth)
{
	double xb[N * K], xa[N * K];
	unsigned char pb[N * K], pa[N * K];
	struct normal g = {5000 + t * 7919};
	struct boot_opts o = {
	    .B = 1000, .confidence = 0.95, .seed = 1 + t, .threads = 1};
	struct noise_side side[2];
	struct sens_noise sn = {0};
	struct diag d;
	double *cross = NULL;
	size_t n = 0;
	bool hit = false;

	for (size_t i = 0; i < N; i++) {
		double tr = 1 + 0.1 * (double)(i % 10);
		double f = c->half_same ? (i % 2 ? 1 : 1.3) : 1.2;

		for (size_t q = 0; q < K; q++) {
			xb[i * K + q] = tr * exp(0.05 * gauss(&g));
			xa[i * K + q] = tr * f * exp(0.05 * gauss(&g));
			pb[i * K + q] = i >= 2;
			pa[i * K + q] = 1;
		}
	}
	struct joined j = {mk(K, xb, pb, c->est), mk(K, xa, pa, c->est), 0};
	crossings(m, &j, &cross, &n);
	if (n == 1) {
		if (noise_sides(&j, PASS_ALL, side, &d) != FP_OK ||
		    sens_noise_breakeven(m, &j, side, &o, PARAM, LO, HI, cross,
		                         n, &sn, &d) != FP_OK)
			fail_msg("%s", d.msg);
		hit = sn.cross[0].lo <= truth && truth <= sn.cross[0].hi;
		sens_noise_free(&sn);
	}
	free(cross);
	joined_free(&j);
	return hit;
}

/* The true break-even: the crossing of the true runtimes' net, which
 * must be the hand-worked one. */
static double true_breakeven(const struct metric *m, const struct config *c)
{
	double tb[N], ta[N], *cross = NULL;
	unsigned char qb[N], qa[N];
	size_t n = 0;
	double x;

	for (size_t i = 0; i < N; i++) {
		tb[i] = 1 + 0.1 * (double)(i % 10);
		ta[i] = tb[i] * (c->half_same ? (i % 2 ? 1 : 1.3) : 1.2);
		qb[i] = i >= 2;
		qa[i] = 1;
	}
	struct joined j = {mk(1, tb, qb, c->est), mk(1, ta, qa, c->est), 0};
	crossings(m, &j, &cross, &n);
	assert_int_equal(n, 1);
	x = cross[0];
	assert_true(fabs(x - c->truth) < 1e-12);
	free(cross);
	joined_free(&j);
	return x;
}

static void test_coverage(void **state)
{
	size_t trials = sim_full() ? 200 : sim_trial_count();
	struct metric *m = NULL;
	struct diag d;
	size_t off = 0;

	(void)state;
	if (getenv("FIXPRICE_SIM_TRIALS"))
		trials = sim_trial_count();
	if (metric_load(SIM_PYPTO, &m, &d) != FP_OK)
		fail_msg("%s", d.msg);
	for (size_t q = 0; q < sizeof configs / sizeof *configs; q++) {
		const struct config *c = &configs[q];
		double truth = true_breakeven(m, c), lo, hi, rate;
		size_t covered = 0;

		if (!sim_full() && q > 0)
			continue;
		for (size_t t = 0; t < trials; t++)
			covered += trial(m, c, t, truth);
		rate = (double)covered / (double)trials;
		sim_wilson(covered, trials, 1.959964, &lo, &hi);
		printf("break-even %-32s p* %.5f: 95 %% interval covered "
		       "%3zu of %zu (%5.1f %%, Wilson 95 %% bounds %4.1f-%5.1f "
		       "%%)\n",
		       c->name, truth, covered, trials, 100 * rate, 100 * lo,
		       100 * hi);
		sim_wilson(covered, trials, 3.290527, &lo, &hi);
		if (!(lo <= 0.95 && 0.95 <= hi)) {
			printf("  ^ not at the nominal rate\n");
			off++;
		}
		fflush(stdout);
	}
	metric_free(m);
	assert_int_equal(off, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_coverage),
	};

	sim_heap_keep();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
