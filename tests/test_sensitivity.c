/* test_sensitivity.c: knobs, break-even points, sweeps, tornado order and
 * maps, against values worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "price/load.h"
#include "sens/sensitivity.h"

#define EX TEST_SRCDIR "/examples/fp32-cube-matmul/"

#define assert_close(x, want) \
	assert_true(fabs((x) - (double)(want)) <= \
	            1e-12 * fmax(1, fabs((double)(want))))

/* An analysis on the session's price, as the pricing frame opens one
 * (close_priced frees that price). */
static int open_priced(struct sens *s, struct session *ses, struct diag *d)
{
	struct price *base;

	if (price_compute(ses, &base, d) != FP_OK)
		return FP_ERR;
	if (sens_open(s, ses, base, d) != FP_OK) {
		s->base = base;
		return FP_ERR;
	}
	return FP_OK;
}

static void close_priced(struct sens *s)
{
	struct price *base = (struct price *)s->base;

	sens_close(s);
	price_free(base);
}

/* The worked example, as a prediction (every score 1 -> 1/f, m512_k4096
 * newly passing), loaded the way the commands load it, with metric_text
 * (if not NULL) for the metric; then a session over it, priced. */
static void open_example(struct job *job, struct session **ses, struct sens *s,
                         const char *metric_text)
{
	static const char *const inputs[1] = {EX "before.csv"};
	struct load_request rq = {
	    .inputs = inputs, .ninputs = 1, .scenario = EX "fp32-cube.yaml"};
	struct metric *m = NULL;
	struct diag d;

	if (load_job(&rq, job, &d) != FP_OK)
		fail_msg("%s", d.msg);
	if (metric_text) {
		if (metric_load_text("t.yaml", metric_text, strlen(metric_text),
		                     &m, &d) != FP_OK)
			fail_msg("%s", d.msg);
		metric_free((struct metric *)job->metric);
		job->metric = m;
	}
	if (session_open(job->metric, &job->runs, job->scenario, ses, &d) !=
	        FP_OK ||
	    open_priced(s, *ses, &d) != FP_OK)
		fail_msg("%s", d.msg);
}

static void close_example(struct job *job, struct session *ses, struct sens *s)
{
	close_priced(s);
	session_close(ses);
	job_free(job);
}

/* pass_reward is read by gain only, affinely: closed form.  runtime_factor
 * moves every score: real evaluation. */
static void test_knobs(void **state)
{
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob k;
	struct diag d;

	open_example(&job, &ses, &s, NULL);
	assert_close(s.base_net, -22.25);
	assert_int_equal(sens_knob(&s, "pass_reward", &k, &d), FP_OK);
	assert_true(k.kind == KNOB_METRIC && k.affine && k.redo == 0);
	/* gain = (p + 0.25) * 5: g0 = 2.75 at p = 0.3, slope 5; cost 25 flat */
	assert_close(k.g0, 2.75);
	assert_close(k.g1, 5);
	assert_close(k.c1, 0);
	assert_int_equal(sens_knob(&s, "runtime_factor", &k, &d), FP_OK);
	assert_true(k.kind == KNOB_SCENARIO && !k.affine);
	assert_true(k.redo & PRICE_SIDES);
	/* perf_weight is in value, which net does not read, and gain and cost
	 * are affine in it: gain = 1.5 + 2.5 q, cost = 50 q. */
	assert_int_equal(sens_knob(&s, "perf_weight", &k, &d), FP_OK);
	assert_true(k.redo == 0 && k.affine);
	assert_close(k.g1, 2.5);
	assert_close(k.c1, 50);
	assert_int_equal(sens_knob(&s, "nosuch", &k, &d), FP_ERR);
	assert_string_equal(d.msg, "no parameter 'nosuch' (there are: "
	                           "pass_reward, perf_weight, runtime_factor; "
	                           "or weight:GLOB)");
	close_example(&job, ses, &s);
}

/* Break-evens by hand:  p = 4.75;  f = 52.5/48.5;  w = 95/6;  q = 1.5/47.5 */
static void test_breakeven(void **state)
{
	static const struct {
		const char *name;
		double want;
	} cases[] = {
	    {"pass_reward", 4.75},
	    {"runtime_factor", 52.5 / 48.5},
	    {"weight:m512_k4096", 95.0 / 6},
	    {"perf_weight", 1.5 / 47.5},
	};
	struct job job;
	struct session *ses;
	struct sens s;
	struct diag d;

	open_example(&job, &ses, &s, NULL);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct knob k;
		double lo, hi, *cross = NULL;
		size_t n = 0;

		assert_int_equal(sens_knob(&s, cases[i].name, &k, &d), FP_OK);
		sens_default_range(&k, &lo, &hi);
		assert_int_equal(
		    sens_breakeven(&s, &k, lo, hi, &cross, NULL, &n, &d),
		    FP_OK);
		assert_int_equal(n, 1);
		/* Solved to adjacent doubles: within a few ulps of the truth. */
		assert_true(fabs(cross[0] - cases[i].want) <=
		            4 * nextafter(cases[i].want, INFINITY) -
		                4 * cases[i].want);
		free(cross);
		/* Back at the base point, the price is as before. */
		assert_close(s.price->net, -22.25);
	}
	close_example(&job, ses, &s);
}

/* A sign change without a 0 is a jump: a pole (gain 1 / (p - 0.3)), a
 * step (if(p > 2, 10, -10)); a steep but continuous net (1e9 (p - 2)) is
 * a zero. */
static void test_jumps(void **state)
{
	static const char *const gains[] = {
	    "sum(newly_passing) / (p - 0.3)",
	    "sum(newly_passing) * if(p > 2, 10, -10)",
	    "sum(newly_passing) * 1e9 * (p - 2)",
	};
	static const bool is_jump[] = {true, true, false};
	static const double at[] = {0.3, 2, 2};

	(void)state;
	for (size_t g = 0; g < 3; g++) {
		char metric[512];
		struct job job;
		struct session *ses;
		struct sens s;
		struct knob k;
		struct diag d;
		double *cross = NULL;
		bool *jump = NULL;
		size_t n = 0;

		snprintf(metric, sizeof metric,
		         "name: jumps\nversion: 1\nparams: { p: 1 }\n"
		         "score: passed\nvalue: passed\ntotal: sum(value)\n"
		         "gain: %s\ncost: 0\n",
		         gains[g]);
		open_example(&job, &ses, &s, metric);
		assert_int_equal(sens_knob(&s, "p", &k, &d), FP_OK);
		assert_int_equal(
		    sens_breakeven(&s, &k, 0, 10, &cross, &jump, &n, &d),
		    FP_OK);
		assert_int_equal(n, 1);
		assert_true(fabs(cross[0] - at[g]) < 1e-12);
		assert_int_equal(jump[0], is_jump[g]);
		free(cross);
		free(jump);
		close_example(&job, ses, &s);
	}
}

/* net quadratic in p, zero at p = 1 and p = 3:
 *   gain = sum(newly_passing) * (p - 1) * (p - 3) = (p - 1)(p - 3), cost 0. */
static void test_two_crossings(void **state)
{
	static const char metric[] =
	    "name: quadratic\nversion: 1\nparams: { p: 2 }\n"
	    "score: passed\nvalue: passed\ntotal: sum(value)\n"
	    "gain: sum(newly_passing) * (p - 1) * (p - 3)\ncost: 0\n";
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob k;
	struct diag d;
	double *cross = NULL;
	size_t n = 0;

	open_example(&job, &ses, &s, metric);
	assert_close(s.base_net, -1); /* (2-1)(2-3) */
	assert_int_equal(sens_knob(&s, "p", &k, &d), FP_OK);
	assert_false(k.affine); /* p appears twice in a product */
	assert_int_equal(sens_breakeven(&s, &k, 0, 10, &cross, NULL, &n, &d),
	                 FP_OK);
	assert_int_equal(n, 2);
	assert_close(cross[0], 1);
	assert_close(cross[1], 3);
	free(cross);
	/* Between 1.5 and 2.5 the sign never flips. */
	assert_int_equal(sens_breakeven(&s, &k, 1.5, 2.5, &cross, NULL, &n, &d),
	                 FP_OK);
	assert_int_equal(n, 0);
	free(cross);
	close_example(&job, ses, &s);
}

/* The sweep's points are the same numbers a fresh price gives, and its
 * crossing is breakeven's. */
static void test_sweep(void **state)
{
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob k;
	struct sweep w;
	struct diag d;

	open_example(&job, &ses, &s, NULL);
	assert_int_equal(sens_knob(&s, "pass_reward", &k, &d), FP_OK);
	assert_int_equal(sens_sweep(&s, &k, 0, 6, 0.5, &w, &d), FP_OK);
	assert_int_equal(w.n, 13);
	for (size_t i = 0; i < w.n; i++) {
		double p = 0.5 * (double)i;
		assert_close(w.pts[i].x, p);
		assert_close(w.pts[i].gain, (p + 0.25) * 5);
		assert_close(w.pts[i].cost, 25);
		assert_true(w.pts[i].accept == (p > 4.75));
	}
	assert_int_equal(w.ncross, 1);
	assert_close(w.cross[0], 4.75);
	sweep_free(&w);
	close_example(&job, ses, &s);
}

/* Swings at +/-25% by hand: runtime_factor 14, perf_weight 11.875,
 * pass_reward 0.75, in that order; none flips the decision. */
static void test_tornado(void **state)
{
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob *knobs = NULL;
	struct tornado_row *rows = NULL;
	size_t n = 0;
	struct diag d;

	open_example(&job, &ses, &s, NULL);
	assert_int_equal(sens_all_knobs(&s, &knobs, &n, &d), FP_OK);
	assert_int_equal(n, 3);
	assert_int_equal(sens_tornado(&s, knobs, n, 0.25, &rows, &d), FP_OK);
	assert_string_equal(rows[0].knob->name, "runtime_factor");
	assert_close(rows[0].net_low, -13.5);
	assert_close(rows[0].net_high, -27.5);
	assert_close(rows[0].swing, 14);
	assert_string_equal(rows[1].knob->name, "perf_weight");
	assert_close(rows[1].swing, 11.875);
	assert_string_equal(rows[2].knob->name, "pass_reward");
	assert_close(rows[2].swing, 0.75);
	for (size_t i = 0; i < n; i++)
		assert_false(rows[i].flips);
	free(rows);
	/* At +/-50% the runtime factor reaches 1: no slowdown, accept. */
	assert_int_equal(sens_tornado(&s, knobs, n, 0.5, &rows, &d), FP_OK);
	assert_true(rows[0].flips);
	free(rows);
	free(knobs);
	close_example(&job, ses, &s);
}

/* A map with an affine axis agrees with real evaluation at every point. */
static void test_map(void **state)
{
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob kx, ky;
	struct netmap m;
	struct diag d;

	open_example(&job, &ses, &s, NULL);
	assert_int_equal(sens_knob(&s, "runtime_factor", &kx, &d), FP_OK);
	assert_int_equal(sens_knob(&s, "pass_reward", &ky, &d), FP_OK);
	assert_int_equal(sens_map(&s, &kx, 1, 3, &ky, 0, 6, 7, &m, &d), FP_OK);
	for (size_t j = 0; j < m.ny; j++)
		for (size_t i = 0; i < m.nx; i++) {
			double f = m.x[i], p = m.y[j];
			/* net = (p + 0.5/f) * 5 - 50 (1 - 1/f) */
			assert_close(m.net[j * m.nx + i],
			             (p + 0.5 / f) * 5 - 50 * (1 - 1 / f));
		}
	netmap_free(&m);
	assert_close(s.price->net, -22.25);
	close_example(&job, ses, &s);
}

/* Writes text to a new temporary file; returns its path (static buffer
 * per call site: caller passes one). */
static void write_temp(char *path, const char *text)
{
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Two runs priced under metric (a name), a session and the analysis on
 * it; the files are removed at once (loading has read them). */
static void open_runs(struct job *job, struct session **ses, struct sens *s,
                      const char *metric, const char *before, const char *after)
{
	char pb[] = "/tmp/fp-sens-XXXXXX", pa[] = "/tmp/fp-sens-XXXXXX";
	const char *inputs[2] = {pb, pa};
	struct load_request rq = {.metric = metric,
	                          .inputs = inputs,
	                          .ninputs = 2,
	                          .input_format = "csv"};
	struct diag d;

	write_temp(pb, before);
	write_temp(pa, after);
	if (load_job(&rq, job, &d) != FP_OK)
		fail_msg("%s", d.msg);
	unlink(pb);
	unlink(pa);
	if (session_open(job->metric, &job->runs, job->scenario, ses, &d) !=
	        FP_OK ||
	    open_priced(s, *ses, &d) != FP_OK)
		fail_msg("%s", d.msg);
}

/* KernelBench's fast_p is a step function of p.  Case x is 1.5x faster
 * than the reference before and 3x after (y never changes): for p < 1.5
 * both count, for 1.5 <= p < 3 only after does (net = 50), from p = 3 on
 * neither.  So net is 0, then 50, then 0 again: the break-evens are the
 * edges of the stretches where net is 0, the last point below 1.5 (the
 * double before it) and 3, and not every sample where net is 0. */
static void test_breakeven_plateau(void **state)
{
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob k;
	struct sweep w;
	struct diag d;
	double *cross = NULL;
	size_t n = 0;

	open_runs(&job, &ses, &s, "kernelbench",
	          "case,runtime,passed,ref_runtime\nx,2,pass,3\ny,1,pass,1\n",
	          "case,runtime,passed,ref_runtime\nx,1,pass,3\ny,1,pass,1\n");
	assert_int_equal(sens_knob(&s, "p", &k, &d), FP_OK);
	assert_int_equal(sens_breakeven(&s, &k, 0, 5, &cross, NULL, &n, &d),
	                 FP_OK);
	assert_int_equal(n, 2);
	assert_true(cross[0] == nextafter(1.5, 0));
	assert_true(cross[1] == 3);
	assert_false(k.zero_everywhere);
	free(cross);
	/* A sweep over the plateau adds its two edges, nothing more. */
	assert_int_equal(sens_sweep(&s, &k, 0, 5, 1, &w, &d), FP_OK);
	assert_int_equal(w.n, 6);
	assert_int_equal(w.ncross, 2);
	assert_false(w.zero_everywhere);
	sweep_free(&w);
	close_example(&job, ses, &s);
}

/* Two identical runs: net is 0 at every value, no point is a break-even,
 * and the search says so. */
static void test_breakeven_zero_everywhere(void **state)
{
	static const char run[] =
	    "case,runtime,passed,ref_runtime\na,2,pass,2\nb,4,fail,2\n";
	struct job job;
	struct session *ses;
	struct sens s;
	struct knob k;
	struct sweep w;
	struct diag d;
	double *cross = NULL;
	size_t n = 5;

	open_runs(&job, &ses, &s, NULL, run, run);
	assert_int_equal(sens_knob(&s, "pass_reward", &k, &d), FP_OK);
	assert_int_equal(sens_breakeven(&s, &k, 0, 10, &cross, NULL, &n, &d),
	                 FP_OK);
	assert_int_equal(n, 0);
	assert_true(k.zero_everywhere);
	free(cross);
	assert_int_equal(sens_sweep(&s, &k, 0, 1, 0.01, &w, &d), FP_OK);
	assert_int_equal(w.n, 101);
	assert_int_equal(w.ncross, 0);
	assert_true(w.zero_everywhere);
	sweep_free(&w);
	close_example(&job, ses, &s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_knobs),
	    cmocka_unit_test(test_breakeven),
	    cmocka_unit_test(test_two_crossings),
	    cmocka_unit_test(test_jumps),
	    cmocka_unit_test(test_sweep),
	    cmocka_unit_test(test_tornado),
	    cmocka_unit_test(test_map),
	    cmocka_unit_test(test_breakeven_plateau),
	    cmocka_unit_test(test_breakeven_zero_everywhere),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
