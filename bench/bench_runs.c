/* bench_runs.c: the hierarchical bootstrap against the one-level one on
 * the same samples (`make bench`, issue 21).
 *
 * 5 runs x 5 samples per case and side, 10^4 cases, 2,000 resamples, the
 * default metric (pypto-gym): once as several runs per side (each
 * resample draws 5 runs, then each drawn run's samples:
 * src/noise/resample.c), once with each case's 25 samples pooled as one
 * run (what one run of 25 samples costs today).  CPU time on one thread,
 * alternating, best of 3.  Target: the hierarchical bootstrap within 2x
 * the one-level time. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "noise/bootstrap.h"
#include "noise/rng.h"
#include "price/metric.h"
#include "run/estimate.h"
#include "run/merge.h"

#define CASES 10000
#define RUNS 5
#define SAMPLES 5
#define RESAMPLES 2000

static double cpu_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void die(const char *msg)
{
	fprintf(stderr, "bench_runs: %s\n", msg);
	exit(1);
}

/* Sample q of run j of case i on side s: a base per case, an offset of
 * a few percent per run, a few percent per sample. */
static double sample(size_t s, size_t j, size_t i, size_t q)
{
	double base = 1 + (double)(noise_mix(i) >> 11) / 9007199254740992.0;
	double off = 1 + 0.06 * (noise_uniform(noise_key(7, s, j, 1), 0) - 0.5);

	return base * (s ? 1.05 : 1) * off *
	       (1 + 0.04 * (noise_uniform(noise_key(s, i, j * 8 + q, 0), 0) -
	                    0.5));
}

/* A run of CASES cases with k samples each: run j of side s (j RUNS:
 * all runs' samples pooled). */
static struct run *make_run(size_t s, size_t j, size_t k)
{
	struct run *r = calloc(1, sizeof *r);
	double *passed = malloc(CASES * sizeof *passed);
	struct diag d;

	r->path = strdup("synthetic");
	r->format = strdup("csv");
	r->n = CASES;
	r->case_name = calloc(CASES, sizeof *r->case_name);
	r->case_line = calloc(CASES, sizeof *r->case_line);
	r->samples = malloc(CASES * k * sizeof *r->samples);
	r->sample_off = malloc((CASES + 1) * sizeof *r->sample_off);
	for (size_t i = 0; i < CASES; i++) {
		char name[32];

		snprintf(name, sizeof name, "case%zu", i);
		r->case_name[i] = strdup(name);
		r->sample_off[i] = i * k;
		for (size_t q = 0; q < k; q++)
			r->samples[i * k + q] =
			    j < RUNS ? sample(s, j, i, q)
			             : sample(s, q / SAMPLES, i, q % SAMPLES);
		passed[i] = !(s == 0 && i % 100 == 0);
	}
	r->sample_off[CASES] = CASES * k;
	if (run_add_column(r, "passed", COL_PASS, passed, &d) != FP_OK ||
	    run_estimate(r, RUN_MEDIAN, &d) != FP_OK)
		die(d.msg);
	return r;
}

/* Side s as RUNS runs merged, as --before B1 .. B5 gives it. */
static struct run *merged(size_t s)
{
	struct run *r[RUNS];
	struct diag d;
	double lo, hi;

	for (size_t j = 0; j < RUNS; j++)
		r[j] = make_run(s, j, SAMPLES);
	if (run_merge(r, RUNS, RUN_MEDIAN, PASS_ALL, &lo, &hi, &d) != FP_OK)
		die(d.msg);
	r[0]->run_off = malloc((CASES * RUNS + 1) * sizeof *r[0]->run_off);
	for (size_t q = 0; q <= CASES * RUNS; q++)
		r[0]->run_off[q] = q * SAMPLES;
	return r[0];
}

/* CPU seconds of one bootstrap of j; its interval of net into *ci. */
static double timed(const struct metric *m, const struct joined *j,
                    struct interval *ci)
{
	struct boot_opts o = {.B = RESAMPLES, .confidence = 0.95, .seed = 1,
	                      .threads = 1, .policy = PASS_ALL};
	struct noise_side side[2];
	struct boot b;
	struct diag d;
	double t0;

	if (noise_sides(j, PASS_ALL, side, &d) != FP_OK)
		die(d.msg);
	t0 = cpu_now();
	if (noise_bootstrap(m, j, side, &o, &b, &d) != FP_OK)
		die(d.msg);
	t0 = cpu_now() - t0;
	*ci = b.net_ci;
	boot_free(&b);
	return t0;
}

int main(void)
{
	struct joined h = {merged(0), merged(1), 0};
	struct joined p = {make_run(0, RUNS, RUNS * SAMPLES),
	                   make_run(1, RUNS, RUNS * SAMPLES), 0};
	struct metric *m = NULL;
	struct interval ch, cp;
	double th = INFINITY, tp = INFINITY;
	struct diag d;

	if (metric_load(NULL, &m, &d) != FP_OK)
		die(d.msg);
	for (int k = 0; k < 3; k++) {
		th = fmin(th, timed(m, &h, &ch));
		tp = fmin(tp, timed(m, &p, &cp));
	}
	printf("runs: %d resamples x %d cases x %d runs x %d samples per "
	       "side, CPU time on one thread, best of 3\n",
	       RESAMPLES, CASES, RUNS, SAMPLES);
	printf("  hierarchical (runs, then samples): %8.3f s   net in "
	       "[%.4g, %.4g]\n",
	       th, ch.lo, ch.hi);
	printf("  one level (25 samples pooled):     %8.3f s   net in "
	       "[%.4g, %.4g]\n",
	       tp, cp.lo, cp.hi);
	printf("  ratio %.2fx (target <= 2x)\n", th / tp);
	joined_free(&h);
	joined_free(&p);
	metric_free(m);
	return 0;
}
