/* test_flips.c: break-even search looks where a branch of the metric flips,
 * so a stretch of another sign narrower than the sampling step is found:
 * the forms read off formulas (formula/pieces.c), the flip points of a
 * knob (sens/flips.c), the narrow step of issue 16, and random KernelBench
 * problems against a dense brute-force scan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formula/ops.h"
#include "price/load.h"
#include "sens/sensitivity.h"

/* ---- forms read off a formula ----------------------------------------- */

struct form_case {
	const char *text;
	enum fx_dform form;
	bool piecewise;
	size_t nflips;
	bool incomplete;
};

/* x is the knob; y a per-case column free of it; p a free scalar. */
static void test_forms(void **state)
{
	static const struct form_case cases[] = {
	    {"3 * x + y", FX_AFFINE, false, 0, false},
	    {"y / x", FX_MOBIUS, false, 0, false},
	    {"(x + 1) / (2 * x - y)", FX_MOBIUS, false, 0, false},
	    {"x * x", FX_NONLINEAR, false, 0, false},
	    {"y > x", FX_FREE, true, 1, false},
	    {"min(1, y / x)", FX_MOBIUS, true, 1, false},
	    {"if(y > x, x, 2 * x)", FX_AFFINE, true, 1, false},
	    {"sum(y * (y > x)) / 2", FX_FREE, true, 1, false},
	    {"max(0, (y > x) - (y > 2))", FX_FREE, true, 1, false},
	    {"abs(x - y) + p", FX_AFFINE, true, 1, false},
	    {"floor(x)", FX_FREE, true, 0, true},
	    {"median(y * x)", FX_NONLINEAR, true, 0, true},
	    {"min(x, x * x)", FX_NONLINEAR, true, 0, true},
	    {"sum(y / x)", FX_NONLINEAR, false, 0, false},
	    {"exp(p) + y", FX_FREE, false, 0, false},
	};
	struct fx_env *env = fx_env_new();
	int x = fx_env_declare(env, "x", FX_SCALAR);
	struct fx_dep deps[8] = {{0}};

	fx_env_declare(env, "y", FX_PERCASE);
	fx_env_declare(env, "p", FX_SCALAR);
	deps[x] = (struct fx_dep){FX_AFFINE, false};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct fx_src src = {"t", 1, 1, NULL, cases[k].text};
		struct fx_prog *prog;
		struct fx_flips fl = {0};
		struct fx_dep r;
		struct diag d;

		assert_int_equal(fx_compile(env, &src, &prog, &d), FP_OK);
		assert_int_equal(fx_prog_pieces(prog, deps, 8, &r, &fl), FP_OK);
		if (r.form != cases[k].form ||
		    r.piecewise != cases[k].piecewise ||
		    fl.n != cases[k].nflips ||
		    fl.incomplete != cases[k].incomplete)
			fail_msg("%s: form %d piecewise %d flips %zu "
			         "incomplete %d",
			         cases[k].text, r.form, r.piecewise, fl.n,
			         fl.incomplete);
		fx_flips_free(&fl);
		fx_prog_free(prog);
	}
	fx_env_free(env);
}

/* The difference a flip compares, case by case, with the env's values. */
static void test_flip_values(void **state)
{
	static const double y[3] = {1, 2, 4};
	struct fx_env *env = fx_env_new();
	int x = fx_env_declare(env, "x", FX_SCALAR);
	int ys = fx_env_declare(env, "y", FX_PERCASE);
	struct fx_dep deps[2] = {{0}};
	struct fx_src src = {"t", 1, 1, NULL, "min(1, y / x) + (y > sum(y))"};
	struct fx_prog *prog;
	struct fx_flips fl = {0};
	struct fx_dep r;
	struct diag d;
	double out[3];
	size_t n;

	deps[x] = (struct fx_dep){FX_AFFINE, false};
	fx_env_bind(env, ys, y);
	fx_env_set_ncases(env, 3);
	fx_env_set_scalar(env, x, 2);
	assert_int_equal(fx_compile(env, &src, &prog, &d), FP_OK);
	assert_int_equal(fx_prog_pieces(prog, deps, 2, &r, &fl), FP_OK);
	assert_int_equal(fl.n, 1); /* y > sum(y) does not move with x */
	assert_int_equal(fl.at[0].form, FX_MOBIUS);
	assert_int_equal(fx_flip_values(prog, env, &fl.at[0], out, &n), FP_OK);
	assert_int_equal(n, 3);
	assert_true(out[0] == 0.5 && out[1] == 0 && out[2] == -1);
	fx_flips_free(&fl);
	fx_prog_free(prog);
	fx_env_free(env);
}

/* Over more cases than one block (formula/kernels.h: 512) and a partial
 * one: the same bits as the operations of ops.h case by case, with NaN
 * conditions and divisions by zero. */
static double flip_want(size_t k, double c, double y, double z)
{
	return k == 0 ? fx_sub(1, fx_div(fx_if(c, y, z), 3))
	              : fx_sub(fx_div(y, z), 3);
}

static void test_flip_values_blocks(void **state)
{
	enum { N = 1300 };
	struct fx_env *env = fx_env_new();
	int x = fx_env_declare(env, "x", FX_SCALAR);
	int ys = fx_env_declare(env, "y", FX_PERCASE);
	int zs = fx_env_declare(env, "z", FX_PERCASE);
	int cs = fx_env_declare(env, "c", FX_PERCASE);
	struct fx_dep deps[4] = {{0}};
	struct fx_src src = {"t", 1, 1, NULL,
	                     "min(1, if(c, y, z) / x) + max(y / z, x)"};
	struct fx_prog *prog;
	struct fx_flips fl = {0};
	struct fx_dep r;
	struct diag d;
	static double y[N], z[N], c[N], out[N];
	size_t n;

	(void)state;
	for (size_t i = 0; i < N; i++) {
		y[i] = (double)(i * 37 % 101) / 13;
		z[i] = i % 7 == 3 ? 0 : (double)(i % 5) - 2;
		c[i] = i % 11 == 5 ? NAN : (double)(i % 3);
	}
	deps[x] = (struct fx_dep){FX_AFFINE, false};
	fx_env_bind(env, ys, y);
	fx_env_bind(env, zs, z);
	fx_env_bind(env, cs, c);
	fx_env_set_ncases(env, N);
	fx_env_set_scalar(env, x, 3);
	assert_int_equal(fx_compile(env, &src, &prog, &d), FP_OK);
	assert_int_equal(fx_prog_pieces(prog, deps, 4, &r, &fl), FP_OK);
	assert_int_equal(fl.n, 2);
	for (size_t k = 0; k < fl.n; k++) {
		assert_int_equal(fx_flip_values(prog, env, &fl.at[k], out, &n),
		                 FP_OK);
		assert_int_equal(n, N);
		for (size_t i = 0; i < N; i++) {
			double want = flip_want(k, c[i], y[i], z[i]);

			assert_memory_equal(&out[i], &want, sizeof want);
		}
	}
	fx_flips_free(&fl);
	fx_prog_free(prog);
	fx_env_free(env);
}

/* ---- knobs over real runs --------------------------------------------- */

struct fixture {
	struct job job;
	struct session *ses;
	struct price *base;
	struct sens s;
};

static void write_temp(char *path, const char *text)
{
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Two CSV runs priced under metric, and an analysis on the price. */
static void open_runs(struct fixture *x, const char *metric, const char *before,
                      const char *after, const char *scenario)
{
	char pb[] = "/tmp/fp-flips-XXXXXX", pa[] = "/tmp/fp-flips-XXXXXX";
	const char *inputs[2] = {pb, pa};
	struct load_request rq = {.metric = metric,
	                          .inputs = inputs,
	                          .ninputs = after ? 2 : 1,
	                          .input_format = "csv",
	                          .scenario = scenario};
	struct diag d;

	write_temp(pb, before);
	if (after)
		write_temp(pa, after);
	if (load_job(&rq, &x->job, &d) != FP_OK)
		fail_msg("%s", d.msg);
	unlink(pb);
	if (after)
		unlink(pa);
	if (session_open(x->job.metric, &x->job.runs, x->job.scenario, &x->ses,
	                 &d) != FP_OK ||
	    price_compute(x->ses, &x->base, &d) != FP_OK ||
	    sens_open(&x->s, x->ses, x->base, &d) != FP_OK)
		fail_msg("%s", d.msg);
}

static void close_runs(struct fixture *x)
{
	sens_close(&x->s);
	price_free(x->base);
	session_close(x->ses);
	job_free(&x->job);
}

/* Issue 16's narrow step: case x is 2.2425 / 1.5 = 1.495 times faster
 * than the reference before and 2.2425 / 1.495 = 1.5 after, so net is 50
 * for p in [1.495, 1.5) and 0 elsewhere; no sample of 0.01..100 lies in
 * that stretch, so only the flip points find it. */
#define KB_HEAD "case,runtime,passed,ref_runtime\n"
static void test_narrow_step(void **state)
{
	struct fixture x;
	struct knob k;
	struct sweep w;
	struct diag d;
	double *cross, sb = 2.2425 / 1.5, sa = 2.2425 / 1.495;
	size_t n;

	open_runs(&x, "kernelbench", KB_HEAD "x,1.5,pass,2.2425\ny,1,pass,1\n",
	          KB_HEAD "x,1.495,pass,2.2425\ny,1,pass,1\n", NULL);
	assert_int_equal(sens_knob(&x.s, "p", &k, &d), FP_OK);
	assert_int_equal(
	    sens_breakeven(&x.s, &k, 0.01, 100, &cross, NULL, &n, &d), FP_OK);
	assert_int_equal(n, 2);
	assert_true(cross[0] == nextafter(sb, 0)); /* last 0 below */
	assert_true(cross[1] == sa);               /* first 0 above */
	assert_true(k.every_crossing);
	assert_false(k.zero_everywhere);
	free(cross);
	/* A sweep by 1 from 0.01 marks both edges. */
	assert_int_equal(sens_sweep(&x.s, &k, 0.01, 100, 1, &w, &d), FP_OK);
	assert_int_equal(w.ncross, 2);
	assert_true(w.cross[0] == nextafter(sb, 0) && w.cross[1] == sa);
	assert_true(w.every_crossing);
	sweep_free(&w);
	assert_true(x.s.price->net == 0); /* the knob is back at p = 1 */
	close_runs(&x);
}

/* Identical runs: net is 0 everywhere, and since every flip was looked
 * at, the search may say so. */
static void test_zero_everywhere_exact(void **state)
{
	static const char run[] = KB_HEAD "x,1.5,pass,2.2425\ny,1,pass,1\n";
	struct fixture x;
	struct knob k;
	struct diag d;
	double *cross;
	size_t n;

	open_runs(&x, "kernelbench", run, run, NULL);
	assert_int_equal(sens_knob(&x.s, "p", &k, &d), FP_OK);
	assert_int_equal(
	    sens_breakeven(&x.s, &k, 0.01, 100, &cross, NULL, &n, &d), FP_OK);
	assert_int_equal(n, 0);
	assert_true(k.zero_everywhere && k.every_crossing);
	free(cross);
	close_runs(&x);
}

/* A scenario's runtime factor under KernelBench (no column defaults):
 * x is 1.495 times faster than the reference, y as fast; at runtime *
 * f, x stays fast while 1.495 / f > 1 and y while 1 / f > 1, so net is
 * +50 for f < 1, 0 up to 1.495 and -50 beyond.  score = ref / runtime
 * is a ratio of affine functions of f, its comparison with p flips at
 * each case's speedup, and net is piecewise constant: every crossing. */
static void test_kernelbench_factor(void **state)
{
	char pb[] = "/tmp/fp-flips-XXXXXX";
	const char *inputs[1] = {pb};
	struct load_request rq = {.metric = "kernelbench",
	                          .inputs = inputs,
	                          .ninputs = 1,
	                          .input_format = "csv",
	                          .have_factor = true,
	                          .runtime_factor = 1.2};
	struct fixture x;
	struct knob k;
	struct diag d;
	double *cross;
	size_t n;

	write_temp(pb, KB_HEAD "x,1.5,pass,2.2425\ny,1,pass,1\n");
	if (load_job(&rq, &x.job, &d) != FP_OK)
		fail_msg("%s", d.msg);
	unlink(pb);
	if (session_open(x.job.metric, &x.job.runs, x.job.scenario, &x.ses,
	                 &d) != FP_OK ||
	    price_compute(x.ses, &x.base, &d) != FP_OK ||
	    sens_open(&x.s, x.ses, x.base, &d) != FP_OK)
		fail_msg("%s", d.msg);
	assert_int_equal(sens_knob(&x.s, "runtime_factor", &k, &d), FP_OK);
	assert_int_equal(
	    sens_breakeven(&x.s, &k, 0.012, 120, &cross, NULL, &n, &d), FP_OK);
	assert_int_equal(n, 2);
	assert_true(cross[0] == 1);
	assert_true(fabs(cross[1] - 1.495) < 1e-12);
	assert_true(k.every_crossing);
	free(cross);
	close_runs(&x);
}

/* The worked example's runtime factor: min(1, ref / runtime) flips where
 * the predicted runtime reaches the reference, at f = 1 for every case
 * (ref_runtime is the before runtime there); net is not one ratio of
 * affine functions between flips (cost is a sum of them), so the search
 * is not exact, and its break-even stays 52.5 / 48.5 to the last digit. */
static void test_runtime_factor(void **state)
{
	static const char *const inputs[1] = {
	    TEST_SRCDIR "/examples/fp32-cube-matmul/before.csv"};
	struct load_request rq = {.inputs = inputs,
	                          .ninputs = 1,
	                          .scenario = TEST_SRCDIR
	                          "/examples/fp32-cube-matmul/fp32-cube.yaml"};
	struct fixture x;
	struct knob k;
	struct diag d;
	double *pts, *cross;
	size_t n;
	bool exact;

	if (load_job(&rq, &x.job, &d) != FP_OK ||
	    session_open(x.job.metric, &x.job.runs, x.job.scenario, &x.ses,
	                 &d) != FP_OK ||
	    price_compute(x.ses, &x.base, &d) != FP_OK ||
	    sens_open(&x.s, x.ses, x.base, &d) != FP_OK)
		fail_msg("%s", d.msg);
	assert_int_equal(sens_knob(&x.s, "runtime_factor", &k, &d), FP_OK);
	assert_int_equal(sens_flips(&x.s, &k, 0.02, 200, &pts, &n, &exact, &d),
	                 FP_OK);
	assert_false(exact);
	/* 1 (to rounding, case by case) and a point on either side */
	assert_true(n >= 3);
	assert_true(pts[0] < 1 && pts[n - 1] > 1);
	for (size_t i = 0; i < n; i++)
		assert_true(fabs(pts[i] - 1) < 1e-9);
	free(pts);
	assert_int_equal(
	    sens_breakeven(&x.s, &k, 0.02, 200, &cross, NULL, &n, &d), FP_OK);
	assert_int_equal(n, 1);
	assert_true(cross[0] == 1.0824742268041236);
	assert_false(k.every_crossing);
	free(cross);
	close_runs(&x);
}

/* A small generator, the same numbers on every machine. */
static uint64_t rng_state;
static double uniform(void)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* A random KernelBench problem: speedups near each other, so that the
 * stretches where a case enters or leaves fast_p are often narrower than
 * the sampling step; some cases fail on one side. */
static void random_runs(char *before, char *after, size_t size, int ncases)
{
	size_t ob = snprintf(before, size, KB_HEAD),
	       oa = snprintf(after, size, KB_HEAD);

	for (int c = 0; c < ncases; c++) {
		double ref = 1 + 9 * uniform();
		double sb = 0.5 + 2.5 * uniform();
		double sa = uniform() < 0.5
		                ? sb * (1 + 0.01 * (uniform() - 0.5))
		                : 0.5 + 2.5 * uniform();
		ob +=
		    snprintf(before + ob, size - ob, "c%d,%.17g,%s,%.17g\n", c,
		             ref / sb, uniform() < 0.9 ? "pass" : "fail", ref);
		oa +=
		    snprintf(after + oa, size - oa, "c%d,%.17g,%s,%.17g\n", c,
		             ref / sa, uniform() < 0.9 ? "pass" : "fail", ref);
	}
}

/* Every sign change a dense scan of p sees lies on or between its two
 * scan points next to a crossing breakeven found; counts them. */
static size_t check_against_scan(struct fixture *x, struct knob *k,
                                 const double *cross, size_t ncross)
{
	const double lo = 0.5, hi = 3, step = 1.0 / 4096;
	double prev = NAN, prev_x = lo;
	size_t seen = 0;
	struct diag d;

	for (double p = lo; p <= hi; p += step) {
		struct sens_point pt;
		bool found = false;

		assert_int_equal(sens_eval(&x->s, k, p, &pt, &d), FP_OK);
		if (!isnan(prev) &&
		    (prev > 0) - (prev < 0) != (pt.net > 0) - (pt.net < 0)) {
			for (size_t c = 0; c < ncross && !found; c++)
				found = cross[c] >= prev_x && cross[c] <= p;
			if (!found)
				fail_msg("a sign change between %.17g and "
				         "%.17g is missed",
				         prev_x, p);
			seen++;
		}
		prev = pt.net;
		prev_x = p;
	}
	return seen;
}

static void test_random_kernelbench(void **state)
{
	char before[4096], after[4096];
	size_t changes = 0;

	rng_state = 20261202;
	for (int t = 0; t < 60; t++) {
		struct fixture x;
		struct knob k;
		struct diag d;
		double *cross;
		size_t n;

		random_runs(before, after, sizeof before, 2 + t % 7);
		open_runs(&x, "kernelbench", before, after, NULL);
		assert_int_equal(sens_knob(&x.s, "p", &k, &d), FP_OK);
		assert_int_equal(
		    sens_breakeven(&x.s, &k, 0.5, 3, &cross, NULL, &n, &d),
		    FP_OK);
		assert_true(k.every_crossing);
		changes += check_against_scan(&x, &k, cross, n);
		free(cross);
		close_runs(&x);
	}
	print_message("%zu sign changes of the dense scan, all found\n",
	              changes);
	assert_true(changes > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_forms),
	    cmocka_unit_test(test_flip_values),
	    cmocka_unit_test(test_flip_values_blocks),
	    cmocka_unit_test(test_narrow_step),
	    cmocka_unit_test(test_zero_everywhere_exact),
	    cmocka_unit_test(test_kernelbench_factor),
	    cmocka_unit_test(test_runtime_factor),
	    cmocka_unit_test(test_random_kernelbench),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
