/* test_control_sim.c: the coverage of the verdict's interval with an A/A
 * control run folded in (noise/fold.c), by simulation, on the default
 * metric (pypto-gym: its score clips at min(1, ...)), against a known
 * true net (the price of the true runtimes): 20 cases of which 2 newly
 * pass, every case 12 % slower (or none: an A/A rerun, true net 0; or
 * half), 5 samples per case and run.  Each trial resamples the fix and the
 * control against the one before run as `price --control` does (the
 * before run's draws shared, each after side keyed apart) and folds them:
 * the interval of net less the control's net must hold the true net (the
 * control's true net is 0).  Beside it the fix's own interval, measured
 * on the same trials, and the mean width of each.
 *
 * FIXPRICE_SIM_FULL=1 runs 400 seeded trials of each configuration, and
 * the folded interval must cover at least 93 % (it is the difference of
 * two intervals each made as doc/noise.md says, and with several runs
 * each widened for few runs: never surer than the evidence); otherwise 20
 * trials (6 under a sanitizer; FIXPRICE_SIM_TRIALS=N), and 95 % must lie
 * within the Wilson 99.9 % bounds of the measured rate.  Coverage is
 * printed with Wilson 95 % bounds; FIXPRICE_SIM_ONLY=TEXT runs the
 * configurations whose name holds TEXT. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise/fold.h"
#include "noise/resample.h"
#include "sim_heap.h"
#include "test_normal.h"
#include "test_sim_runs.h"

enum { N = SIM_N, K = SIM_K };

struct config {
	const char *name;
	size_t R;          /* runs per side, the control's too */
	double per_run;    /* lognormal offset of a run, shared by its cases */
	double per_sample; /* lognormal noise of a sample */
	double slower;     /* every changed case's slowdown */
	bool half;         /* only every other case changed */
	bool aa;           /* an A/A rerun: nothing passes newly */
};

static const struct config configs[] = {
    {"one run each, 5 % per sample", 1, 0, 0.05, 1.12, false, false},
    {"one run each, half unchanged (clip)", 1, 0, 0.05, 1.12, true, false},
    {"one run each, A/A rerun (holds 0)", 1, 0, 0.05, 1, false, true},
    {"3 runs each, 3 % per run, 2 % per sample", 3, 0.03, 0.02, 1.12, false,
     false},
};

/* Side samples: run j's case i's at x[(j * N + i) * K]. */
static void draw(struct normal *g, const struct config *c, const double *t,
                 double *x)
{
	for (size_t j = 0; j < c->R; j++) {
		double o = exp(c->per_run * gauss(g));

		for (size_t i = 0; i < N; i++)
			for (size_t q = 0; q < K; q++)
				x[(j * N + i) * K + q] =
				    t[i] * o * exp(c->per_sample * gauss(g));
	}
}

static struct run *side_run(const struct config *c, const double *x,
                            const unsigned char *pass)
{
	return c->R > 1 ? sim_merged(c->R, x, pass, false)
	                : sim_run(K, x, pass);
}

static void boot_of(const struct metric *m, struct joined *j,
                    const struct boot_opts *o, struct boot *b)
{
	struct noise_side side[2];
	struct diag d;

	if (noise_sides(j, PASS_ALL, side, &d) != FP_OK ||
	    noise_bootstrap(m, j, side, o, b, &d) != FP_OK)
		fail_msg("%s", d.msg);
}

/* One trial: whether the folded (cov[0]) and the fix's own (cov[1])
 * intervals hold the true net, and their widths. */
static void trial(const struct metric *m, const struct config *c, size_t t,
                  bool cov[2], double width[2])
{
	static double xb[SIM_RMAX * N * K], xa[SIM_RMAX * N * K],
	    xc[SIM_RMAX * N * K], tb[N], ta[N];
	static unsigned char qb[N], qa[N];
	struct normal g = {9000 + t * 7919};
	struct boot_opts o = {
	    .B = 1000, .confidence = 0.95, .seed = 1 + t, .threads = 1};
	struct boot fix, ctl, fold;

	for (size_t i = 0; i < N; i++) {
		tb[i] = 1 + 0.1 * (double)(i % 10);
		ta[i] = tb[i] * (c->half && i % 2 ? 1 : c->slower);
		qb[i] = c->aa || i >= 2;
		qa[i] = 1;
	}
	draw(&g, c, tb, xb);
	draw(&g, c, ta, xa);
	draw(&g, c, tb, xc);
	struct joined tj = {sim_run(1, tb, qb), sim_run(1, ta, qa), 0};
	double truth = sim_net(m, &tj);
	joined_free(&tj);
	struct joined jf = {side_run(c, xb, qb), side_run(c, xa, qa), 0};
	struct joined jc = {side_run(c, xb, qb), side_run(c, xc, qb), 0};
	boot_of(m, &jf, &o, &fix);
	o.control_after = true;
	boot_of(m, &jc, &o, &ctl);
	assert_int_equal(noise_fold(&fix, &ctl, &fold), FP_OK);
	cov[0] = fold.net_ci.lo <= truth && truth <= fold.net_ci.hi;
	cov[1] = fix.net_ci.lo <= truth && truth <= fix.net_ci.hi;
	width[0] = fold.net_ci.hi - fold.net_ci.lo;
	width[1] = fix.net_ci.hi - fix.net_ci.lo;
	boot_free(&fix);
	boot_free(&ctl);
	boot_free(&fold);
	joined_free(&jf);
	joined_free(&jc);
}

static void test_battery(void **state)
{
	static const char *const what[2] = {"folded", "fix alone"};
	const char *only = getenv("FIXPRICE_SIM_ONLY");
	size_t trials = sim_trial_count(), off = 0;
	struct metric *m = NULL;
	struct diag d;

	(void)state;
	if (metric_load(SIM_PYPTO, &m, &d) != FP_OK)
		fail_msg("%s", d.msg);
	for (size_t q = 0; q < sizeof configs / sizeof *configs; q++) {
		const struct config *c = &configs[q];
		size_t covered[2] = {0, 0};
		double width[2] = {0, 0};

		if (only && !strstr(c->name, only))
			continue;
		for (size_t t = 0; t < trials; t++) {
			bool cov[2];
			double w[2];

			trial(m, c, t, cov, w);
			covered[0] += cov[0];
			covered[1] += cov[1];
			width[0] += w[0] / (double)trials;
			width[1] += w[1] / (double)trials;
		}
		for (int k = 0; k < 2; k++) {
			double lo, hi;

			sim_wilson(covered[k], trials, 1.959964, &lo, &hi);
			printf("%-42s %-9s 95 %% interval covers %5.1f %% "
			       "[%.1f, %.1f] of %zu trials, %.2f points wide\n",
			       c->name, what[k],
			       100.0 * (double)covered[k] / (double)trials,
			       100 * lo, 100 * hi, trials, width[k]);
		}
		fflush(stdout);
		if (!sim_nominal(covered[0], trials)) {
			printf("  ^ the folded interval is not at the "
			       "nominal rate\n");
			off++;
		}
	}
	metric_free(m);
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
