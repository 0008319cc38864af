/* bench_noise.c: the bootstrap against hand-written C and numpy
 * (`make bench`).
 *
 * 1,000 resamples over 10^5 cases with 5 samples per case and side,
 * priced with the default metric (pypto-gym) through `fixprice price`'s
 * code path (src/noise/bootstrap.c: one pricing session per thread, the
 * formulas evaluated by the VM), against
 *   - a hand-written C loop, on one thread, that resamples the same
 *     samples (sorted once per case beforehand, as the engine does) with
 *     the same draws (one multiset per case from the alias table,
 *     src/noise/draws.h), reads the median off its counts, and sums the
 *     metric's per-case terms written out in C (score_before 1, as the
 *     reference runtime is the before runtime; score_after
 *     min(1, rb/ra));
 *   - the same bootstrap vectorised in numpy (python3 -c), timed over a
 *     few resamples and scaled, skipped with a message without numpy.
 * Targets: the engine at least as fast as the C loop, and at least 10x
 * faster than numpy.  Both C versions agree on every resample's net (the
 * largest difference is printed).
 *
 * Then the size of a real pytest-benchmark pair: 4 cases of 7,000 to
 * 66,000 samples per side, 2,000 resamples, median, on one thread, against
 * the resampler before the order-statistic draws (each resample gathers
 * every case's k draws and takes their median by sorting them), timed
 * over a few resamples and scaled; CPU time, alternating, best of 3.
 * Target: at least 100x. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "noise/bootstrap.h"
#include "noise/draws.h"
#include "noise/rng.h"
#include "price/metric.h"
#include "run/estimate.h"

#define CASES 100000
#define SAMPLES 5
#ifndef RESAMPLES
#define RESAMPLES 1000
#endif
#define NUMPY_RESAMPLES 20

static double clock_of(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double now(void)
{
	return clock_of(CLOCK_MONOTONIC);
}

/* A run of n cases, SAMPLES samples each, as a reader makes it. */
static struct run *make_run(size_t n, double slow, bool before)
{
	struct run *r = calloc(1, sizeof *r);
	double *passed = malloc(n * sizeof *passed);
	struct diag d;
	uint64_t s = before ? 1 : 2;

	r->path = strdup("synthetic");
	r->format = strdup("csv");
	r->n = n;
	r->case_name = calloc(n, sizeof *r->case_name);
	r->case_line = calloc(n, sizeof *r->case_line);
	r->samples = malloc(n * SAMPLES * sizeof *r->samples);
	r->sample_off = malloc((n + 1) * sizeof *r->sample_off);
	for (size_t i = 0; i < n; i++) {
		char name[32];
		double base = 1 + (double)(noise_mix(i) >> 11) / 9007199254740992.0;

		snprintf(name, sizeof name, "case%zu", i);
		r->case_name[i] = strdup(name);
		r->sample_off[i] = i * SAMPLES;
		for (size_t t = 0; t < SAMPLES; t++)
			r->samples[i * SAMPLES + t] = base * slow *
				(1 + 0.1 * (noise_uniform(noise_key(s, i, t, 0), 0) - 0.5));
		/* One case in a hundred fails before the fix. */
		passed[i] = !(before && i % 100 == 0);
	}
	r->sample_off[n] = n * SAMPLES;
	if (run_add_column(r, "passed", COL_PASS, passed, &d) != FP_OK ||
	    run_estimate(r, RUN_MEDIAN, &d) != FP_OK) {
		fprintf(stderr, "bench_noise: %s\n", d.msg);
		exit(1);
	}
	return r;
}

/* Sorts x[0..SAMPLES) and returns the middle one. */
static double median5(double *x)
{
	for (int i = 1; i < SAMPLES; i++) {
		double v = x[i];
		int j = i;

		while (j > 0 && x[j - 1] > v) {
			x[j] = x[j - 1];
			j--;
		}
		x[j] = v;
	}
	return x[SAMPLES / 2];
}

/* The median of one resample of a case's sorted samples x: its multiset
 * in one draw from the alias table (as the engine draws it), as its draws
 * in ascending order: the median is the middle one. */
static double median_of(const struct noise_multisets *t, uint64_t key,
                        const double *x)
{
	return x[noise_multiset_draw(t, key)[SAMPLES / 2]];
}

/* The hand-written loop: net of resample r, from each case's samples
 * sorted once beforehand (sb, sa), as the engine draws them. */
static double hand_net(const double *sb, const double *sa, size_t n,
                       const double *newly, size_t r, uint64_t seed,
                       const struct noise_multisets *t)
{
	double gain = 0, cost = 0;

	uint64_t rb0 = noise_resample_key(seed, r, 0);
	uint64_t ra0 = noise_resample_key(seed, r, 1);

	for (size_t i = 0; i < n; i++) {
		uint64_t kb = noise_case_key(rb0, i), ka = noise_case_key(ra0, i);
		double rb = median_of(t, kb, sb + i * SAMPLES);
		double ra = median_of(t, ka, sa + i * SAMPLES);
		double score = rb / ra < 1 ? rb / ra : 1;

		gain += newly[i] * (0.3 + 0.5 * score);
		cost += 0.5 * (1 - score);
	}
	return gain / (double)n * 100 - cost / (double)n * 100;
}

static const char numpy_script[] =
	"import sys, time\n"
	"try:\n"
	"    import numpy as np\n"
	"except ImportError:\n"
	"    print('none'); sys.exit(0)\n"
	"n, k, B = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])\n"
	"g = np.random.default_rng(1)\n"
	"base = 1 + g.random(n)\n"
	"sb = base[:, None] * (1 + 0.1 * (g.random((n, k)) - 0.5))\n"
	"sa = 1.02 * base[:, None] * (1 + 0.1 * (g.random((n, k)) - 0.5))\n"
	"newly = (np.arange(n) % 100 == 0).astype(float)\n"
	"rows = np.arange(n)[:, None]\n"
	"t = time.perf_counter()\n"
	"for r in range(B):\n"
	"    rb = np.median(sb[rows, g.integers(0, k, (n, k))], axis=1)\n"
	"    ra = np.median(sa[rows, g.integers(0, k, (n, k))], axis=1)\n"
	"    score = np.minimum(1, rb / ra)\n"
	"    net = (newly * (0.3 + 0.5 * score)).sum() / n * 100 - \\\n"
	"          (0.5 * (1 - score)).sum() / n * 100\n"
	"print((time.perf_counter() - t) / B)\n";

/* Seconds per resample of the numpy version under python, or -1 without
 * numpy there. */
static double numpy_with(const char *python)
{
	char cmd[4096], line[64] = "";
	FILE *p;
	int k = snprintf(cmd, sizeof cmd, "%s -c \"$(cat <<'EOF'\n%s"
	                 "EOF\n)\" %d %d %d 2>/dev/null", python, numpy_script,
	                 CASES, SAMPLES, NUMPY_RESAMPLES);

	if (k < 0 || (size_t)k >= sizeof cmd || !(p = popen(cmd, "r")))
		return -1;
	if (!fgets(line, sizeof line, p))
		line[0] = '\0';
	pclose(p);
	if (line[0] == '\0' || strncmp(line, "none", 4) == 0)
		return -1;
	return atof(line);
}

/* The python3 on PATH, else Debian's (python3-numpy installs there). */
static double numpy_per_resample(void)
{
	double t = numpy_with("python3");

	return t >= 0 ? t : numpy_with("/usr/bin/python3");
}

/* The pytest-benchmark pair: PT_CASES cases, pt_sizes[i] samples each. */
#define PT_CASES 4
#define PT_B 2000
#define PT_REF_B 10
static const size_t pt_sizes[PT_CASES] = {7000, 18000, 35000, 66000};

static struct run *pt_run(double slow, uint64_t seed)
{
	size_t total = 0;
	struct run *r = calloc(1, sizeof *r);
	double *passed = malloc(PT_CASES * sizeof *passed);
	struct diag d;

	for (size_t i = 0; i < PT_CASES; i++)
		total += pt_sizes[i];
	r->path = strdup("synthetic");
	r->format = strdup("pytest");
	r->n = PT_CASES;
	r->case_name = calloc(PT_CASES, sizeof *r->case_name);
	r->case_line = calloc(PT_CASES, sizeof *r->case_line);
	r->samples = malloc(total * sizeof *r->samples);
	r->sample_off = malloc((PT_CASES + 1) * sizeof *r->sample_off);
	r->sample_off[0] = 0;
	for (size_t i = 0; i < PT_CASES; i++) {
		char name[64];
		size_t o = r->sample_off[i];

		snprintf(name, sizeof name, "test_bench.py::test_%zu", i);
		r->case_name[i] = strdup(name);
		/* Rounds of a few microseconds, a long right tail. */
		for (size_t t = 0; t < pt_sizes[i]; t++) {
			double u = noise_uniform(noise_key(seed, i, t, 0), 0);

			r->samples[o + t] =
			    1e-6 * (double)(i + 2) * slow * (1 + 0.05 / (1.01 - u));
		}
		r->sample_off[i + 1] = o + pt_sizes[i];
		passed[i] = 1;
	}
	if (run_add_column(r, "passed", COL_PASS, passed, &d) != FP_OK ||
	    run_estimate(r, RUN_MEDIAN, &d) != FP_OK) {
		fprintf(stderr, "bench_noise: %s\n", d.msg);
		exit(1);
	}
	return r;
}

/* The resampler before the order-statistic draws: every case's k draws
 * gathered and their median taken by sorting, both sides, resamples
 * [0, B); returns a sum of the medians so that nothing is left out. */
static double pt_reference(const struct joined *j, size_t B, double *buf)
{
	const struct run *r[2] = {j->before, j->after};
	double sum = 0;

	for (size_t b = 0; b < B; b++)
		for (unsigned s = 0; s < 2; s++) {
			uint64_t rk = noise_resample_key(1, b, s);

			for (size_t i = 0; i < PT_CASES; i++) {
				size_t k = pt_sizes[i];
				const double *x = r[s]->samples + r[s]->sample_off[i];

				noise_gather(noise_case_key(rk, i), k, x, k, buf);
				sum += run_estimators[RUN_MEDIAN].point(buf, k);
			}
		}
	return sum;
}

static void pytest_case(const struct metric *m)
{
	struct joined j = {pt_run(1, 3), pt_run(0.98, 4), 0};
	struct noise_side side[2];
	struct boot_opts o = {.B = PT_B, .confidence = 0.95, .seed = 1,
	                      .threads = 1, .policy = PASS_ALL};
	double *buf = malloc(pt_sizes[PT_CASES - 1] * sizeof *buf);
	double eng = 1e300, ref = 1e300, keep = 0;
	struct diag d;

	if (noise_sides(&j, PASS_ALL, side, &d) != FP_OK) {
		fprintf(stderr, "bench_noise: %s\n", d.msg);
		exit(1);
	}
	for (int round = 0; round < 3; round++) {
		struct boot b;
		double t = clock_of(CLOCK_PROCESS_CPUTIME_ID);

		if (noise_bootstrap(m, &j, side, &o, &b, &d) != FP_OK) {
			fprintf(stderr, "bench_noise: %s\n", d.msg);
			exit(1);
		}
		t = clock_of(CLOCK_PROCESS_CPUTIME_ID) - t;
		eng = t < eng ? t : eng;
		keep += b.net_ci.lo;
		boot_free(&b);
		t = clock_of(CLOCK_PROCESS_CPUTIME_ID);
		keep += pt_reference(&j, PT_REF_B, buf);
		t = (clock_of(CLOCK_PROCESS_CPUTIME_ID) - t) * PT_B / PT_REF_B;
		ref = t < ref ? t : ref;
	}
	printf("pytest-benchmark size: %d cases of %zu-%zu samples per side, "
	       "%d resamples, median, 1 thread\n",
	       PT_CASES, pt_sizes[0], pt_sizes[PT_CASES - 1], PT_B);
	printf("  engine (order statistics): %8.4f s CPU (best of 3)\n", eng);
	printf("  resampler before (k draws gathered and sorted, %d resamples "
	       "timed, scaled): %8.3f s CPU\n",
	       PT_REF_B, ref);
	printf("  engine %.0fx its speed (target >= 100x)%s\n", ref / eng,
	       keep == 12345 ? " " : "");
	free(buf);
	joined_free(&j);
}

int main(void)
{
	struct joined j = {make_run(CASES, 1, true), make_run(CASES, 1.02, false),
	                   0};
	struct metric *m = NULL;
	struct noise_side side[2];
	struct boot_opts o = {.B = RESAMPLES, .confidence = 0.95, .seed = 1,
	                      .threads = 0, .policy = PASS_ALL};
	struct boot b;
	struct diag d;
	double *newly = malloc(CASES * sizeof *newly), *sb, *sa;
	double t0, engine, hand, np, cpu, worst = 0;
	struct noise_multisets tab;

	for (size_t i = 0; i < CASES; i++)
		newly[i] = i % 100 == 0;
	if (metric_load(NULL, &m, &d) != FP_OK ||
	    noise_sides(&j, PASS_ALL, side, &d) != FP_OK) {
		fprintf(stderr, "bench_noise: %s\n", d.msg);
		return 1;
	}
	t0 = now();
	cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID);
	if (noise_bootstrap(m, &j, side, &o, &b, &d) != FP_OK) {
		fprintf(stderr, "bench_noise: %s\n", d.msg);
		return 1;
	}
	engine = now() - t0;
	cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID) - cpu;
	if (!noise_multisets(SAMPLES, SAMPLES, &tab))
		return 1;
	t0 = now();
	sb = malloc(CASES * SAMPLES * sizeof *sb);
	sa = malloc(CASES * SAMPLES * sizeof *sa);
	memcpy(sb, j.before->samples, CASES * SAMPLES * sizeof *sb);
	memcpy(sa, j.after->samples, CASES * SAMPLES * sizeof *sa);
	for (size_t i = 0; i < CASES; i++) {
		median5(sb + i * SAMPLES);
		median5(sa + i * SAMPLES);
	}
	for (size_t r = 0; r < RESAMPLES; r++) {
		double net = hand_net(sb, sa, CASES, newly, r, 1, &tab);
		double diff = fabs(net - b.net[r]) / fmax(1, fabs(net));

		if (diff > worst)
			worst = diff;
	}
	hand = now() - t0;
	printf("bootstrap: %d resamples x %d cases x %d samples per side\n",
	       RESAMPLES, CASES, SAMPLES);
	printf("  split: %zu thread%s (one per CPU), each a pricing session "
	       "over the one metric, resamples in contiguous blocks of %zu-%zu\n",
	       b.threads, b.threads == 1 ? "" : "s", RESAMPLES / b.threads,
	       (RESAMPLES + b.threads - 1) / b.threads);
	printf("  engine (fixprice price):   %8.3f s   (CPU time %.3f s: the "
	       "threads ran %.2f at a time on average)\n", engine, cpu,
	       cpu / engine);
	printf("  hand-written C, 1 thread:  %8.3f s   engine %.2fx its speed "
	       "(target >= 1x)\n", hand, hand / engine);
	printf("  largest relative difference in net: %.3g\n", worst);
	np = numpy_per_resample();
	if (np < 0)
		printf("  numpy: skipped (python3 with numpy not found; Debian "
		       "package python3-numpy)\n");
	else
		printf("  numpy, vectorised:         %8.3f s (%d resamples timed, "
		       "scaled)   engine %.1fx its speed (target >= 10x)\n",
		       np * RESAMPLES, NUMPY_RESAMPLES, np * RESAMPLES / engine);
	boot_free(&b);
	joined_free(&j);
	pytest_case(m);
	metric_free(m);
	free(newly);
	free(sb);
	free(sa);
	return 0;
}
