/* bench_eval.c: the formula engine against a hand-written fused C loop
 * (`make bench`).
 *
 * The default metric's formulas, with the names metric.h gives them:
 *
 *   score_before = min(1, ref_runtime / runtime_before)    (per case)
 *   score_after  = min(1, ref_runtime / runtime_after)     (per case)
 *   gain = sum(weight * newly_passing * (pass_reward + perf_weight
 *              * score_after)) / W * 100
 *   cost = sum(weight * perf_weight * (score_before - score_after)) / W * 100
 *
 * over N synthetic cases (fixed seed, splitmix64).  Two comparisons, each
 * producing the same outputs both ways:
 *
 *   pipeline:  the four formulas through the engine (two per-case programs
 *              writing the score columns, then gain and cost), against one
 *              fused loop that writes both score columns and sums gain and
 *              cost in the same pass;
 *   gain+cost: with the score columns given, the two sums through the
 *              engine against one fused loop computing both.
 *
 * Each engine side is timed twice: one fx_eval call per formula (a pass
 * over the cases each), and one fx_eval_many call for all of them (one
 * sweep, block by block through every program, so columns shared by the
 * formulas, and the score columns written and read back, cross the memory
 * bus once, as in the fused loop).
 *
 * The hand-written loops use the project's compensated summation
 * (util/ksum.h), as the engine does, so both give the same answer; the
 * agreement is checked and printed.  Engine and hand loop run interleaved
 * in one process, several repetitions each; the best time of each counts.
 *
 * usage: bench_eval [N...]     (default: 10000 1000000 10000000) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "formula/formula.h"
#include "util/ksum.h"

#define PASS_REWARD 0.3
#define PERF_WEIGHT 0.5
#define TARGET 0.5   /* engine speed / hand-loop speed */
#define TOLERANCE 1e-12

struct data {
	size_t n;
	double *ref, *rt_before, *rt_after, *weight, *newly;
	double W;
	double *sb, *sa;         /* engine's score columns */
	double *sb_hand, *sa_hand;
};

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double uniform(uint64_t *state)
{
	return (double)(splitmix64(state) >> 11) * 0x1.0p-53;
}

static double *array(size_t n)
{
	double *a = malloc(n * sizeof *a);
	if (!a) {
		fprintf(stderr, "bench_eval: out of memory\n");
		exit(2);
	}
	return a;
}

/* Runtimes around a reference, some cases faster than it (score 1), the
 * fix slowing every case by 0-50%; 80% pass before, a fifth of the rest
 * pass after; one case in ten weighs 3. */
static void generate(struct data *d, size_t n)
{
	uint64_t seed = 20261129;
	struct ksum w = {0, 0};

	d->n = n;
	d->ref = array(n);
	d->rt_before = array(n);
	d->rt_after = array(n);
	d->weight = array(n);
	d->newly = array(n);
	d->sb = array(n);
	d->sa = array(n);
	d->sb_hand = array(n);
	d->sa_hand = array(n);
	for (size_t i = 0; i < n; i++) {
		bool passed_before = uniform(&seed) < 0.8;
		d->ref[i] = 1 + 9 * uniform(&seed);
		d->rt_before[i] = d->ref[i] * (0.7 + 0.8 * uniform(&seed));
		d->rt_after[i] = d->rt_before[i] * (1 + 0.5 * uniform(&seed));
		d->weight[i] = uniform(&seed) < 0.1 ? 3 : 1;
		d->newly[i] = !passed_before && uniform(&seed) < 0.2;
		ksum_add(&w, d->weight[i]);
	}
	d->W = ksum_value(&w);
}

static void release(struct data *d)
{
	free(d->ref);
	free(d->rt_before);
	free(d->rt_after);
	free(d->weight);
	free(d->newly);
	free(d->sb);
	free(d->sa);
	free(d->sb_hand);
	free(d->sa_hand);
}

/* ---- the engine ------------------------------------------------------- */

struct engine {
	struct fx_env *env;
	struct fx_prog *score_before, *score_after, *gain, *cost;
};

static struct fx_prog *compile(struct fx_env *env, const char *text)
{
	struct fx_src src = {"<bench>", 1, 1, NULL, text};
	struct fx_prog *p;
	struct diag d;

	if (fx_compile(env, &src, &p, &d) != FP_OK) {
		diag_print(&d, stderr);
		exit(2);
	}
	return p;
}

static void engine_init(struct engine *e, struct data *d)
{
	struct fx_env *env = fx_env_new();

	e->env = env;
	fx_env_bind(env, fx_env_declare(env, "ref_runtime", FX_PERCASE), d->ref);
	fx_env_bind(env, fx_env_declare(env, "runtime_before", FX_PERCASE),
	            d->rt_before);
	fx_env_bind(env, fx_env_declare(env, "runtime_after", FX_PERCASE),
	            d->rt_after);
	fx_env_bind(env, fx_env_declare(env, "weight", FX_PERCASE), d->weight);
	fx_env_bind(env, fx_env_declare(env, "newly_passing", FX_PERCASE),
	            d->newly);
	fx_env_bind(env, fx_env_declare(env, "score_before", FX_PERCASE), d->sb);
	fx_env_bind(env, fx_env_declare(env, "score_after", FX_PERCASE), d->sa);
	fx_env_set_scalar(env, fx_env_declare(env, "pass_reward", FX_SCALAR),
	                  PASS_REWARD);
	fx_env_set_scalar(env, fx_env_declare(env, "perf_weight", FX_SCALAR),
	                  PERF_WEIGHT);
	fx_env_set_scalar(env, fx_env_declare(env, "W", FX_SCALAR), d->W);
	fx_env_set_scalar(env, fx_env_declare(env, "N", FX_SCALAR), (double)d->n);
	fx_env_set_ncases(env, d->n);
	e->score_before = compile(env, "min(1, ref_runtime / runtime_before)");
	e->score_after = compile(env, "min(1, ref_runtime / runtime_after)");
	e->gain = compile(env, "sum(weight * newly_passing * (pass_reward + "
	                       "perf_weight * score_after)) / W * 100");
	e->cost = compile(env, "sum(weight * perf_weight * (score_before - "
	                       "score_after)) / W * 100");
}

static void engine_free(struct engine *e)
{
	fx_prog_free(e->score_before);
	fx_prog_free(e->score_after);
	fx_prog_free(e->gain);
	fx_prog_free(e->cost);
	fx_env_free(e->env);
}

static void must(int rc, const struct fx_fault *f)
{
	if (rc != FP_OK) {
		fprintf(stderr, "bench_eval: fault: %s\n", f->what);
		exit(2);
	}
}

static void engine_scores(struct engine *e, struct data *d)
{
	struct fx_fault f;

	must(fx_eval(e->score_before, e->env, d->sb, &f), &f);
	must(fx_eval(e->score_after, e->env, d->sa, &f), &f);
}

static void engine_sums(struct engine *e, double *gain, double *cost)
{
	struct fx_fault f;

	must(fx_eval(e->gain, e->env, gain, &f), &f);
	must(fx_eval(e->cost, e->env, cost, &f), &f);
}

/* All four in one sweep: the scores are written, then read back by gain
 * and cost block by block. */
static void engine_pipeline_many(struct engine *e, struct data *d,
                                 double *gain, double *cost)
{
	const struct fx_prog *progs[4] = {e->score_before, e->score_after,
	                                  e->gain, e->cost};
	double *outs[4] = {d->sb, d->sa, gain, cost};
	struct fx_fault f;

	must(fx_eval_many(progs, 4, e->env, outs, &f, NULL), &f);
}

static void engine_sums_many(struct engine *e, double *gain, double *cost)
{
	const struct fx_prog *progs[2] = {e->gain, e->cost};
	double *outs[2] = {gain, cost};
	struct fx_fault f;

	must(fx_eval_many(progs, 2, e->env, outs, &f, NULL), &f);
}

/* ---- by hand ---------------------------------------------------------- */

static void hand_pipeline(struct data *d, double *gain, double *cost)
{
	struct ksum g = {0, 0}, c = {0, 0};
	const double *ref = d->ref, *rb = d->rt_before, *ra = d->rt_after;
	const double *w = d->weight, *np = d->newly;
	double *sb = d->sb_hand, *sa = d->sa_hand;

	for (size_t i = 0; i < d->n; i++) {
		double b = ref[i] / rb[i], a = ref[i] / ra[i];
		b = b < 1 ? b : 1;
		a = a < 1 ? a : 1;
		sb[i] = b;
		sa[i] = a;
		ksum_add(&g, w[i] * np[i] * (PASS_REWARD + PERF_WEIGHT * a));
		ksum_add(&c, w[i] * PERF_WEIGHT * (b - a));
	}
	*gain = ksum_value(&g) / d->W * 100;
	*cost = ksum_value(&c) / d->W * 100;
}

static void hand_sums(const struct data *d, double *gain, double *cost)
{
	struct ksum g = {0, 0}, c = {0, 0};
	const double *w = d->weight, *np = d->newly;
	const double *sb = d->sb_hand, *sa = d->sa_hand;

	for (size_t i = 0; i < d->n; i++) {
		ksum_add(&g, w[i] * np[i] * (PASS_REWARD + PERF_WEIGHT * sa[i]));
		ksum_add(&c, w[i] * PERF_WEIGHT * (sb[i] - sa[i]));
	}
	*gain = ksum_value(&g) / d->W * 100;
	*cost = ksum_value(&c) / d->W * 100;
}

/* ---- timing ----------------------------------------------------------- */

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double rel_diff(double x, double y)
{
	double m = fmax(fabs(x), fabs(y));
	return m == 0 ? 0 : fabs(x - y) / m;
}

static double max_abs_diff(const double *x, const double *y, size_t n)
{
	double m = 0;
	for (size_t i = 0; i < n; i++)
		m = fmax(m, fabs(x[i] - y[i]));
	return m;
}

static volatile double sink;

/* Best seconds per run over `samples` interleaved samples of `iters` runs:
 * the engine by separate calls, by one fx_eval_many, and the hand loop. */
struct timing {
	double calls, many, hand;
};

/* Whether every ratio met the target so far: [0] per-formula calls,
 * [1] fx_eval_many. */
static void report(const char *what, size_t n, struct timing t, bool met[2])
{
	double r_calls = t.hand / t.calls, r_many = t.hand / t.many;

	printf("  %-10s hand %7.1f Mcases/s | engine, fx_eval per formula "
	       "%7.1f Mcases/s (ratio %.2f) | fx_eval_many %7.1f Mcases/s "
	       "(ratio %.2f)\n", what, (double)n / t.hand * 1e-6,
	       (double)n / t.calls * 1e-6, r_calls, (double)n / t.many * 1e-6,
	       r_many);
	if (r_calls < TARGET)
		met[0] = false;
	if (r_many < TARGET)
		met[1] = false;
}

static int bench(size_t n, bool met[2])
{
	struct data d;
	struct engine e;
	double eg = 0, ec = 0, hg = 0, hc = 0, t0;
	struct timing pipe = {INFINITY, INFINITY, INFINITY};
	struct timing sums = {INFINITY, INFINITY, INFINITY};
	int iters = n >= 20000000 ? 1 : (int)(20000000 / n);
	int samples = 7, bad = 0;
	double dg, dc, ds, mg = 0, mc = 0;

	generate(&d, n);
	engine_init(&e, &d);
	for (int s = 0; s < samples; s++) {
		t0 = now();
		for (int k = 0; k < iters; k++) {
			engine_scores(&e, &d);
			engine_sums(&e, &eg, &ec);
			sink = eg + ec;
		}
		pipe.calls = fmin(pipe.calls, (now() - t0) / iters);
		t0 = now();
		for (int k = 0; k < iters; k++) {
			engine_pipeline_many(&e, &d, &mg, &mc);
			sink = mg + mc;
		}
		pipe.many = fmin(pipe.many, (now() - t0) / iters);
		t0 = now();
		for (int k = 0; k < iters; k++) {
			hand_pipeline(&d, &hg, &hc);
			sink = hg + hc;
		}
		pipe.hand = fmin(pipe.hand, (now() - t0) / iters);
		t0 = now();
		for (int k = 0; k < iters; k++) {
			engine_sums(&e, &eg, &ec);
			sink = eg + ec;
		}
		sums.calls = fmin(sums.calls, (now() - t0) / iters);
		t0 = now();
		for (int k = 0; k < iters; k++) {
			engine_sums_many(&e, &mg, &mc);
			sink = mg + mc;
		}
		sums.many = fmin(sums.many, (now() - t0) / iters);
		t0 = now();
		for (int k = 0; k < iters; k++) {
			hand_sums(&d, &hg, &hc);
			sink = hg + hc;
		}
		sums.hand = fmin(sums.hand, (now() - t0) / iters);
	}

	if (mg != eg || mc != ec) {
		printf("  fx_eval_many and fx_eval DISAGREE\n");
		bad = 1;
	}
	dg = rel_diff(eg, hg);
	dc = rel_diff(ec, hc);
	ds = fmax(max_abs_diff(d.sb, d.sb_hand, n), max_abs_diff(d.sa, d.sa_hand, n));
	printf("N = %zu  (%d samples x %d runs, best)\n", n, samples, iters);
	printf("  gain   engine %.17g  hand %.17g  rel diff %.1e\n", eg, hg, dg);
	printf("  cost   engine %.17g  hand %.17g  rel diff %.1e\n", ec, hc, dc);
	printf("  scores max abs diff %.1e   (tolerance %.0e: %s)\n", ds,
	       TOLERANCE, dg <= TOLERANCE && dc <= TOLERANCE && ds == 0 ? "agree"
	                                                                : "DISAGREE");
	if (!(dg <= TOLERANCE && dc <= TOLERANCE && ds == 0))
		bad = 1;
	report("pipeline", n, pipe, met);
	report("gain+cost", n, sums, met);
	engine_free(&e);
	release(&d);
	return bad;
}

int main(int argc, char **argv)
{
	static const size_t defaults[] = {10000, 1000000, 10000000};
	bool met[2] = {true, true};
	int bad = 0;

	printf("bench_eval: formula engine vs hand-written fused loop "
	       "(ratio = engine speed / hand speed, target >= %.1f)\n", TARGET);
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			bad |= bench((size_t)strtoull(argv[i], NULL, 10), met);
	} else {
		for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
			bad |= bench(defaults[i], met);
	}
	printf("target %.1f: fx_eval per formula %s; fx_eval_many %s\n", TARGET,
	       met[0] ? "met at every N" : "MISSED at some N",
	       met[1] ? "met at every N" : "MISSED at some N");
	return bad ? 1 : 0;
}
