/* test_price.c: pricing against values worked out by hand, the record's
 * JSON parsed back by jansson, and sums over a million cases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/context.h"
#include "run/estimate.h"
#include "run/formats/csvrows.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"
#include "run/load.h"
#include "price/price.h"
#include "report/report.h"
#include "sens/sensitivity.h"
#include "test_json_cases.h"
#include "test_mem_run.h"

#define DATA TEST_SRCDIR "/tests/data/cli/"
#define EX TEST_SRCDIR "/examples/fp32-cube-matmul/"

/* Equal to the last bits a sum of a few rounded terms can differ in. */
#define assert_close(x, want) \
	assert_true(fabs((x) - (double)(want)) <= \
	            1e-12 * fmax(1, fabs((double)(want))))

static struct run *load(const char *path)
{
	struct run *r = NULL;
	struct diag d;

	if (run_load(path, NULL, &r, &d) != FP_OK)
		diag_print(&d, stderr);
	assert_non_null(r);
	return r;
}

/* Prices j under m in a session of its own, closed again at once: without
 * a scenario the price borrows nothing from the session. */
static int priced(const struct metric *m, const struct joined *j,
                  struct price **p, struct diag *d)
{
	struct session *s = NULL;
	int rc = session_open(m, j, NULL, &s, d);

	if (rc == FP_OK)
		rc = price_compute(s, p, d);
	session_close(s);
	return rc;
}

static struct metric *default_metric(void)
{
	struct metric *m = NULL;
	struct diag d;

	assert_int_equal(metric_load(NULL, &m, &d), FP_OK);
	return m;
}

static size_t case_index(const struct price *p, const char *name)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->case_name[i], name) == 0)
			return i;
	fail_msg("no case %s", name);
	return 0;
}

/* small-before.csv -> small-after.csv, default metric, W = N = 4:
 *   a: score 1 -> 0.5          b: fail -> pass, score 0.5 -> 1
 *   c: score 1 -> 1            d: pass -> fail, score 0.8 -> 1
 *   gain = (0.3 + 0.5)/4*100 = 20;  cost = 0.5*(0.5 - 0.5 + 0 - 0.2)*25 = -2.5
 *   total_before = (0.8 + 0 + 0.8 + 0.7)*25 = 57.5
 *   total_after  = (0.55 + 0.8 + 0.8 + 0)*25 = 53.75 */
static void test_small_runs(void **state)
{
	struct metric *m = default_metric();
	struct joined j;
	struct price *p = NULL;
	struct diag d;

	assert_int_equal(price_join(load(DATA "small-before.csv"),
	                            load(DATA "small-after.csv"), false, &j,
	                            &d),
	                 FP_OK);
	assert_int_equal(priced(m, &j, &p, &d), FP_OK);
	assert_close(p->gain, 20);
	assert_close(p->cost, -2.5);
	assert_close(p->net, 22.5);
	assert_true(p->accept);
	assert_close(p->total[0], 57.5);
	assert_close(p->total[1], 53.75);
	assert_close(p->delta_total, -3.75);
	assert_true(p->N == 4 && p->W == 4);
	/* Shares: b gains 20; a costs 0.5*0.5*25 = 6.25, b -6.25, d -2.5. */
	assert_non_null(p->gain_share);
	assert_close(p->gain_share[case_index(p, "b")], 20);
	assert_close(p->gain_share[case_index(p, "a")], 0);
	assert_close(p->cost_share[case_index(p, "a")], 6.25);
	assert_close(p->cost_share[case_index(p, "b")], -6.25);
	assert_close(p->cost_share[case_index(p, "c")], 0);
	assert_close(p->cost_share[case_index(p, "d")], -2.5);
	/* The control: net - delta_total = 26.25, from d (20) and b (6.25). */
	assert_false(p->control_ok);
	assert_close(p->control_gap, 26.25);
	assert_int_equal(p->ncontrol_cases, 2);
	assert_string_equal(p->case_name[p->control_cases[0]], "d");
	assert_string_equal(p->case_name[p->control_cases[1]], "b");
	price_free(p);
	joined_free(&j);
	metric_free(m);
}

/* The same cases, after in another order and with a case before lacks:
 * the join matches by name, and --drop-missing counts what it drops. */
static void test_join(void **state)
{
	struct joined j;
	struct diag d;
	FILE *f = fopen("join-after.csv", "w");

	assert_non_null(f);
	fputs("case,runtime,passed,ref_runtime\nd,4,fail,4\nz,1,pass,1\n"
	      "c,1,pass,2\nb,2,pass,2\na,4,pass,2\n",
	      f);
	fclose(f);
	assert_int_equal(price_join(load(DATA "small-before.csv"),
	                            load("join-after.csv"), false, &j, &d),
	                 FP_ERR);
	assert_string_equal(d.msg,
	                    "case 'z' is not in " DATA "small-before.csv "
	                    "(--missing drop leaves such cases out; --missing "
	                    "fail counts them failing there, which is right "
	                    "only for a case that ran there and failed: one "
	                    "that never ran there would be priced as a gain)");
	assert_int_equal(d.line, 3);
	assert_int_equal(price_join(load(DATA "small-before.csv"),
	                            load("join-after.csv"), true, &j, &d),
	                 FP_OK);
	assert_int_equal(j.ndropped, 1);
	assert_int_equal(j.after->n, 4);
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(j.before->case_name[i],
		                    j.after->case_name[i]);
	assert_true(run_find(j.after, "runtime")->v[0] == 4); /* a: 4 */
	joined_free(&j);
	remove("join-after.csv");
}

/* The worked example priced by hand: every score 1 -> 0.5, m512_k4096
 * newly passing:  gain = 0.55/20*100 = 2.75, cost = 20*0.25/20*100 = 25,
 * totals 19*0.8/20*100 = 76 -> 20*0.55/20*100 = 55. */
static void test_worked_example(void **state)
{
	struct metric *m = default_metric();
	struct scenario *s = NULL;
	struct run *before = load(EX "before.csv"), *after = NULL;
	struct joined j;
	struct price *p = NULL;
	struct diag d;

	assert_int_equal(scenario_load(EX "fp32-cube.yaml", &s, &d), FP_OK);
	assert_int_equal(scenario_bind(s, before, &d), FP_OK);
	assert_int_equal(scenario_apply(s, before, NULL, 0, &after, &d), FP_OK);
	assert_int_equal(price_join(before, after, false, &j, &d), FP_OK);
	assert_int_equal(priced(m, &j, &p, &d), FP_OK);
	assert_close(p->gain, 2.75);
	assert_close(p->cost, 25);
	assert_close(p->net, -22.25);
	assert_false(p->accept);
	assert_close(p->total[0], 76);
	assert_close(p->total[1], 55);
	assert_close(p->control_gap, -1.25);
	assert_int_equal(p->ncontrol_cases, 1);
	assert_string_equal(p->case_name[p->control_cases[0]], "m512_k4096");
	price_free(p);
	joined_free(&j);
	scenario_free(s);
	metric_free(m);
}

/* price_compute_sides: the worked example's numbers and scores, without
 * shares or control until a resample asks for them (PRICE_DETAIL), which
 * then makes those of price_compute. */
static void test_compute_sides(void **state)
{
	struct metric *m = default_metric();
	struct joined j;
	struct session *s[2] = {NULL, NULL};
	struct price *p[2] = {NULL, NULL};
	struct diag d;

	assert_int_equal(price_join(load(DATA "small-before.csv"),
	                            load(DATA "small-after.csv"), false, &j,
	                            &d),
	                 FP_OK);
	for (int k = 0; k < 2; k++)
		assert_int_equal(session_open(m, &j, NULL, &s[k], &d), FP_OK);
	assert_int_equal(price_compute(s[0], &p[0], &d), FP_OK);
	assert_int_equal(price_compute_sides(s[1], &p[1], &d), FP_OK);
	assert_close(p[1]->gain, 20);
	assert_close(p[1]->cost, -2.5);
	assert_close(p[1]->total[0], 57.5);
	assert_close(p[1]->total[1], 53.75);
	assert_int_equal(p[1]->accept, p[0]->accept);
	for (int side = 0; side < 2; side++)
		assert_memory_equal(p[1]->score[side], p[0]->score[side],
		                    4 * sizeof(double));
	assert_null(p[1]->gain_share);
	assert_null(p[1]->cost_share);
	assert_int_equal(p[1]->ncontrol_cases, 0);
	assert_int_equal(price_resample(s[1], p[1], p[0]->runtime,
	                                p[0]->passed, PRICE_DETAIL, &d),
	                 FP_OK);
	assert_non_null(p[1]->gain_share);
	assert_memory_equal(p[1]->gain_share, p[0]->gain_share,
	                    4 * sizeof(double));
	assert_memory_equal(p[1]->cost_share, p[0]->cost_share,
	                    4 * sizeof(double));
	assert_int_equal(p[1]->ncontrol_cases, p[0]->ncontrol_cases);
	for (int k = 0; k < 2; k++) {
		price_free(p[k]);
		session_close(s[k]);
	}
	joined_free(&j);
	metric_free(m);
}

/* A metric whose gain is not a sum times one number has no shares. */
static void test_shares_undefined(void **state)
{
	static const char text[] =
	    "name: medians\nversion: 1\n"
	    "score: runtime\nvalue: passed\ntotal: sum(value)\n"
	    "gain: median(newly_passing * runtime_after)\n"
	    "cost: sum(runtime_after - runtime_before) / N\n";
	struct metric *m = NULL;
	struct joined j;
	struct price *p = NULL;
	struct diag d;

	assert_int_equal(
	    metric_load_text("medians.yaml", text, sizeof text - 1, &m, &d),
	    FP_OK);
	assert_int_equal(price_join(load(DATA "small-before.csv"),
	                            load(DATA "small-after.csv"), false, &j,
	                            &d),
	                 FP_OK);
	assert_int_equal(priced(m, &j, &p, &d), FP_OK);
	/* newly_passing * runtime_after = 0, 2, 0, 0: median 0.
	 * cost = ((4-2) + (2-4) + 0 + (4-5)) / 4 = -0.25 */
	assert_close(p->gain, 0);
	assert_close(p->cost, -0.25);
	assert_null(p->gain_share);
	assert_string_equal(p->shares_undefined,
	                    "gain is not a sum over cases times one number, so "
	                    "per-case shares are not defined for it");
	price_free(p);
	joined_free(&j);
	metric_free(m);
}

/* A runtime the formula divides by zero names the formula and the case. */
static void test_domain_fault(void **state)
{
	static const char text[] =
	    "name: bad\nversion: 1\n"
	    "score: 1 / (runtime - 2)\nvalue: passed\ntotal: sum(value)\n"
	    "gain: sum(newly_passing)\ncost: 0\n";
	struct metric *m = NULL;
	struct joined j;
	struct price *p = NULL;
	struct diag d;

	assert_int_equal(
	    metric_load_text("bad.yaml", text, sizeof text - 1, &m, &d), FP_OK);
	assert_int_equal(price_join(load(DATA "small-before.csv"),
	                            load(DATA "small-after.csv"), false, &j,
	                            &d),
	                 FP_OK);
	assert_int_equal(priced(m, &j, &p, &d), FP_ERR);
	assert_string_equal(d.file, "bad.yaml");
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 10);
	assert_string_equal(d.msg,
	                    "score_before: division by zero in case 'a'");
	joined_free(&j);
	metric_free(m);
}

/* The JSON record read back by a real parser: the numbers are the price's
 * doubles bit for bit. */
static void test_json_round_trip(void **state)
{
	struct metric *m = default_metric();
	struct joined j;
	struct price *p = NULL;
	struct record r = {0};
	struct diag d;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	json_error_t err;
	json_t *root, *cases;

	assert_int_equal(price_join(load(DATA "small-before.csv"),
	                            load(DATA "small-after.csv"), false, &j,
	                            &d),
	                 FP_OK);
	assert_int_equal(priced(m, &j, &p, &d), FP_OK);
	r.tool_version = "test";
	r.metric = m;
	r.price = p;
	assert_int_equal(report_json(&r, mem, &d), FP_OK);
	fclose(mem);
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	assert_non_null(root);
	assert_true(json_real_value(json_object_get(root, "gain")) == p->gain);
	assert_true(json_real_value(json_object_get(root, "cost")) == p->cost);
	assert_true(json_real_value(json_object_get(root, "net")) == p->net);
	assert_true(json_real_value(json_object_get(root, "total_before")) ==
	            p->total[0]);
	assert_string_equal(
	    json_string_value(json_object_get(root, "decision")), "accept");
	cases = json_cases(root);
	assert_int_equal(json_array_size(cases), 4);
	for (size_t i = 0; i < 4; i++) {
		json_t *c = json_array_get(cases, i);
		assert_string_equal(
		    json_string_value(json_object_get(c, "case")),
		    p->case_name[i]);
		assert_true(json_number_value(json_object_get(c, "cost")) ==
		            p->cost_share[i]);
		assert_true(json_number_value(json_object_get(
		                c, "score_before")) == p->score[0][i]);
	}
	json_decref(cases);
	json_decref(root);
	free(text);
	price_free(p);
	joined_free(&j);
	metric_free(m);
}

/* Builds a run of n identical cases in memory (as a loader would). */
static struct run *uniform_run(size_t n, double runtime, double passed,
                               double ref)
{
	struct run *r = mem_run(n);
	struct diag d;
	double *v[3];
	const double val[3] = {runtime, passed, ref};
	static const char *const name[3] = {"runtime", "passed", "ref_runtime"};

	for (int k = 0; k < 3; k++) {
		v[k] = malloc(n * sizeof *v[k]);
		for (size_t i = 0; i < n; i++)
			v[k][i] = val[k];
		assert_int_equal(run_add_column(r, name[k],
		                                k == 1 ? COL_PASS : COL_NUMBER,
		                                v[k], &d),
		                 FP_OK);
	}
	return r;
}

/* A million cases, each costing 0.5*(1 - 0.1)/N*100: the sum must come out
 * as one case's cost times N, no drift. */
static void test_million_cases(void **state)
{
	const size_t n = 1000000;
	struct metric *m = default_metric();
	struct joined j;
	struct price *p = NULL;
	struct diag d;

	assert_int_equal(price_join(uniform_run(n, 1, 1, 1),
	                            uniform_run(n, 10, 1, 1), false, &j, &d),
	                 FP_OK);
	assert_int_equal(priced(m, &j, &p, &d), FP_OK);
	/* cost = 0.5 * (1 - 0.1) * 100 = 45; gain 0; totals 80 -> 35. */
	assert_close(p->cost, 45);
	assert_close(p->gain, 0);
	assert_close(p->total[0], 80);
	assert_close(p->total[1], 35);
	price_free(p);
	joined_free(&j);
	metric_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_small_runs),
	    cmocka_unit_test(test_join),
	    cmocka_unit_test(test_worked_example),
	    cmocka_unit_test(test_compute_sides),
	    cmocka_unit_test(test_shares_undefined),
	    cmocka_unit_test(test_domain_fault),
	    cmocka_unit_test(test_json_round_trip),
	    cmocka_unit_test(test_million_cases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
