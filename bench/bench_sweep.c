/* bench_sweep.c: sensitivity analysis against hand-written C (`make bench`).
 *
 * Sweep: 1,000 values of pass_reward over 10^5 cases, through `fixprice
 * sweep`'s code path (the job loaded once, nothing re-parsed, scores not
 * recomputed since pass_reward does not move them, and gain/cost in closed
 * form because they are affine in it), against a hand-written C loop that
 * re-evaluates every value from the runtimes, as a tool without that
 * analysis would.  Both give the same gain and cost at every point; the
 * largest difference is printed.  Target: the engine at least 2x faster.
 *
 * Map: a 200 x 200 grid of runtime_factor x pass_reward over 10^4 cases
 * (a prediction: the runtime factor re-predicts every runtime), timed.
 * Target: well under a second.
 *
 * Inputs are synthetic (fixed seed), written as CSV and loaded the way the
 * commands load them. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "price/load.h"
#include "sens/sensitivity.h"
#include "util/ksum.h"

#define SWEEP_CASES 100000
#define SWEEP_POINTS 1000
#define MAP_CASES 10000
#define MAP_RES 200
#define REPEATS 5

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static double uniform(void) /* splitmix64, in [0, 1) */
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The synthetic runs: before and after, and the columns the hand loop
 * reads. */
struct data {
	size_t n;
	double *rb, *ra, *ref, *pb, *pa;
};

static void make_data(struct data *x, size_t n, const char *before,
                      const char *after)
{
	FILE *fb = fopen(before, "w"), *fa = after ? fopen(after, "w") : NULL;

	x->n = n;
	x->rb = malloc(n * sizeof *x->rb);
	x->ra = malloc(n * sizeof *x->ra);
	x->ref = malloc(n * sizeof *x->ref);
	x->pb = malloc(n * sizeof *x->pb);
	x->pa = malloc(n * sizeof *x->pa);
	if (!fb || (after && !fa) || !x->rb || !x->ra || !x->ref || !x->pb ||
	    !x->pa) {
		perror("bench_sweep");
		exit(1);
	}
	fputs("case,runtime,passed,ref_runtime\n", fb);
	if (fa)
		fputs("case,runtime,passed,ref_runtime\n", fa);
	for (size_t i = 0; i < n; i++) {
		/* %.17g so that the files hold exactly these doubles. */
		x->ref[i] = 1 + 99 * uniform();
		x->rb[i] = x->ref[i] * (0.5 + uniform());
		x->ra[i] = x->rb[i] * (0.8 + 0.6 * uniform());
		x->pb[i] = uniform() < 0.9;
		x->pa[i] = x->pb[i] || uniform() < 0.5;
		fprintf(fb, "c%zu,%.17g,%d,%.17g\n", i, x->rb[i], (int)x->pb[i],
		        x->ref[i]);
		if (fa)
			fprintf(fa, "c%zu,%.17g,%d,%.17g\n", i, x->ra[i],
			        (int)x->pa[i], x->ref[i]);
	}
	fclose(fb);
	if (fa)
		fclose(fa);
}

/* What a tool without sensitivity analysis does: every value of the
 * parameter priced from the runtimes again, one fused loop each. */
static void hand_sweep(const struct data *x, const double *p, size_t np,
                       double *gain, double *cost)
{
	const double w = (double)x->n; /* every weight 1: W = N */

	for (size_t k = 0; k < np; k++) {
		struct ksum g = {0, 0}, c = {0, 0};
		for (size_t i = 0; i < x->n; i++) {
			double sb = fmin(1, x->ref[i] / x->rb[i]);
			double sa = fmin(1, x->ref[i] / x->ra[i]);
			double newly = x->pa[i] * (1 - x->pb[i]);
			ksum_add(&g, newly * (p[k] + 0.5 * sa));
			ksum_add(&c, 0.5 * (sb - sa));
		}
		gain[k] = ksum_value(&g) / w * 100;
		cost[k] = ksum_value(&c) / w * 100;
	}
}

static void load(struct job *job, const char *before, const char *after,
                 double factor)
{
	static const char *pass_globs[] = {"c1*"};
	const char *inputs[2] = {before, after};
	struct load_request rq = {.inputs = inputs, .ninputs = after ? 2 : 1};
	struct diag d;

	if (!after) {
		rq.have_factor = true;
		rq.runtime_factor = factor;
		rq.pass = pass_globs;
		rq.npass = 1;
	}
	if (load_job(&rq, job, &d) != FP_OK) {
		diag_print(&d, stderr);
		exit(1);
	}
}

/* A session over the job, and the analysis on it, as the commands open
 * them; exits on failure. */
static void open_sens(const struct job *job, struct session **ses,
                      struct sens *s)
{
	struct price *base;
	struct diag d;

	if (session_open(job->metric, &job->runs, job->scenario, ses,
	                 &d) != FP_OK ||
	    price_compute(*ses, &base, &d) != FP_OK ||
	    sens_open(s, *ses, base, &d) != FP_OK) {
		diag_print(&d, stderr);
		exit(1);
	}
}

/* Closes the analysis and frees the price it was opened on. */
static void close_sens(struct sens *s)
{
	struct price *base = (struct price *)s->base;

	sens_close(s);
	price_free(base);
}

static int bench_sweep_pass_reward(const char *dir)
{
	char before[4096], after[4096];
	struct data x;
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob k;
	struct sweep w = {0};
	struct diag d;
	double p[SWEEP_POINTS], hg[SWEEP_POINTS], hc[SWEEP_POINTS];
	double best_engine = INFINITY, best_hand = INFINITY, worst = 0;

	snprintf(before, sizeof before, "%s/before.csv", dir);
	snprintf(after, sizeof after, "%s/after.csv", dir);
	make_data(&x, SWEEP_CASES, before, after);
	load(&job, before, after, 0);
	for (size_t i = 0; i < SWEEP_POINTS; i++)
		p[i] = 2.0 * (double)i / (SWEEP_POINTS - 1);
	for (int r = 0; r < REPEATS; r++) {
		double t0 = now(), t1, t2;
		/* The whole analysis as `fixprice sweep` runs it after loading:
		 * price once, find the knob, sweep. */
		open_sens(&job, &ses, &s);
		if (sens_knob(&s, "pass_reward", &k, &d) != FP_OK ||
		    sens_sweep(&s, &k, 0, 2, 2.0 / (SWEEP_POINTS - 1), &w,
		               &d) != FP_OK) {
			diag_print(&d, stderr);
			return 1;
		}
		t1 = now();
		hand_sweep(&x, p, SWEEP_POINTS, hg, hc);
		t2 = now();
		best_engine = fmin(best_engine, t1 - t0);
		best_hand = fmin(best_hand, t2 - t1);
		for (size_t i = 0; i < SWEEP_POINTS && i < w.n; i++) {
			worst = fmax(worst, fabs(w.pts[i].gain - hg[i]) /
			                        fmax(1, fabs(hg[i])));
			worst = fmax(worst, fabs(w.pts[i].cost - hc[i]) /
			                        fmax(1, fabs(hc[i])));
		}
		sweep_free(&w);
		close_sens(&s);
		session_close(ses);
	}
	printf(
	    "sweep: %d values of pass_reward over %d cases\n"
	    "  engine (price once, closed form): %9.4f s\n"
	    "  hand-written loop per value:      %9.4f s\n"
	    "  speedup %.1fx (target >= 2x)   largest relative difference %.3g\n",
	    SWEEP_POINTS, SWEEP_CASES, best_engine, best_hand,
	    best_hand / best_engine, worst);
	job_free(&job);
	return best_hand / best_engine >= 2 ? 0 : 1;
}

static int bench_map(const char *dir)
{
	char before[4096];
	struct data x;
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob kx, ky;
	struct netmap m;
	struct diag d;
	double best = INFINITY;

	snprintf(before, sizeof before, "%s/map.csv", dir);
	make_data(&x, MAP_CASES, before, NULL);
	load(&job, before, NULL, 2);
	for (int r = 0; r < REPEATS; r++) {
		double t0 = now();
		open_sens(&job, &ses, &s);
		if (sens_knob(&s, "runtime_factor", &kx, &d) != FP_OK ||
		    sens_knob(&s, "pass_reward", &ky, &d) != FP_OK ||
		    sens_map(&s, &kx, 1, 3, &ky, 0, 2, MAP_RES, &m, &d) !=
		        FP_OK) {
			diag_print(&d, stderr);
			return 1;
		}
		best = fmin(best, now() - t0);
		netmap_free(&m);
		close_sens(&s);
		session_close(ses);
	}
	printf(
	    "map: %d x %d grid of runtime_factor x pass_reward over %d cases\n"
	    "  engine: %.4f s (target well under 1 s)\n",
	    MAP_RES, MAP_RES, MAP_CASES, best);
	job_free(&job);
	return best < 1 ? 0 : 1;
}

int main(void)
{
	char dir[] = "/tmp/fixprice-bench-XXXXXX";
	int rc;

	if (!mkdtemp(dir)) {
		perror("bench_sweep");
		return 1;
	}
	rc = bench_sweep_pass_reward(dir) | bench_map(dir);
	{
		char path[4096];
		static const char *const files[] = {"before.csv", "after.csv",
		                                    "map.csv"};
		for (size_t i = 0; i < 3; i++) {
			snprintf(path, sizeof path, "%s/%s", dir, files[i]);
			unlink(path);
		}
		rmdir(dir);
	}
	return rc;
}
