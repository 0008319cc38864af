/* test_harness.c: what pricing does with real harness runs before
 * the join (price/harness.h: --missing fail and drop, the context facts),
 * --column runtime=FROM (run_replace), and a whole load and price of a
 * Google Benchmark pair through load_job, against values worked by hand. */
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

#include "run/builder.h"
#include "run/context.h"
#include "run/estimate.h"
#include "run/formats/csvrows.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"
#include "run/load.h"
#include "price/harness.h"
#include "price/load.h"
#include "price/price.h"
#include "price/session.h"

#define HARNESS TEST_SRCDIR "/tests/data/harness/"
#define TMP_DIR TEST_BUILDDIR "/tests/"

/* A run of CSV text, written to a scratch file called name. */
static struct run *csv_run(const char *name, const char *text)
{
	char path[4096];
	struct run *r = NULL;
	struct diag d;
	FILE *f;

	snprintf(path, sizeof path, TMP_DIR "test_harness-%s", name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	if (run_load(path, NULL, &r, &d) != FP_OK)
		diag_print(&d, stderr);
	unlink(path); /* read once: the file is no longer needed */
	assert_non_null(r);
	return r;
}

static long case_index(const struct run *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->case_name[i], name) == 0)
			return (long)i;
	return -1;
}

static void test_replace(void **state)
{
	struct run *r =
	    csv_run("replace.csv", "case,runtime,passed,t\na,2,1,5\nb,3,0,7\n");
	const struct column *c;
	struct diag d;

	/* runtime exists: t's cells replace it, t stays. */
	assert_int_equal(run_replace(r, "runtime", "t", &d), FP_OK);
	c = run_find(r, "runtime");
	assert_true(c->v[0] == 5 && c->v[1] == 7);
	assert_non_null(run_find(r, "t"));
	/* x does not: a rename, as run_rename. */
	assert_int_equal(run_replace(r, "x", "t", &d), FP_OK);
	assert_null(run_find(r, "t"));
	assert_true(run_find(r, "x")->v[1] == 7);
	assert_int_equal(run_replace(r, "runtime", "nope", &d), FP_ERR);
	assert_non_null(strstr(d.msg, "cannot rename column 'nope' to "
	                              "'runtime': no column 'nope' in "));
	run_free(r);
}

static void test_missing_parse(void **state)
{
	enum load_missing m;

	assert_true(missing_parse("error", &m) && m == MISSING_ERROR);
	assert_true(missing_parse("fail", &m) && m == MISSING_FAIL);
	assert_true(missing_parse("drop", &m) && m == MISSING_DROP);
	assert_false(missing_parse("skip", &m));
}

/* before has a, b (b passes); after has a, c (c passes). */
static void two_runs(struct run **b, struct run **a)
{
	*b = csv_run("b.csv", "case,runtime,passed\na,2,1\nb,3,1\n");
	*a = csv_run("a.csv", "case,runtime,passed\na,2,1\nc,4,1\n");
}

static void test_missing_fail(void **state)
{
	struct run *b, *a;
	struct run_facts f = {0};
	struct diag d;
	long i;

	two_runs(&b, &a);
	assert_int_equal(missing_apply(MISSING_FAIL, b, a, &f, &d), FP_OK);
	/* c fails before with no runtime; b fails after with none. */
	assert_int_equal(b->n, 3);
	i = case_index(b, "c");
	assert_true(i == 2);
	assert_true(run_find(b, "passed")->v[i] == 0);
	assert_true(isnan(run_find(b, "runtime")->v[i]));
	i = case_index(a, "b");
	assert_true(i == 2);
	assert_true(run_find(a, "passed")->v[i] == 0);
	assert_true(isnan(run_find(a, "runtime")->v[i]));
	assert_int_equal(f.failing[0].n, 1);
	assert_string_equal(f.failing[0].v[0], "c");
	assert_int_equal(f.failing[1].n, 1);
	assert_string_equal(f.failing[1].v[0], "b");
	assert_int_equal(f.changing.n, 0);
	run_facts_free(&f);
	run_free(b);
	run_free(a);
}

static void test_missing_drop(void **state)
{
	struct run *b, *a;
	struct run_facts f = {0};
	struct diag d;

	two_runs(&b, &a);
	assert_int_equal(missing_apply(MISSING_DROP, b, a, &f, &d), FP_OK);
	assert_int_equal(b->n, 2);
	assert_int_equal(a->n, 2);
	/* c passes only after, b only before: both change state. */
	assert_int_equal(f.changing.n, 2);
	assert_string_equal(f.changing.v[0], "c");
	assert_int_equal(f.changing_side[0], 1);
	assert_string_equal(f.changing.v[1], "b");
	assert_int_equal(f.changing_side[1], 0);
	run_facts_free(&f);
	run_free(b);
	run_free(a);
}

static void test_context(void **state)
{
	struct run *b, *a;
	struct run_facts f = {0};
	struct diag d;

	two_runs(&b, &a);
	assert_int_equal(run_context_set(b, "host_name", "x", &d), FP_OK);
	assert_int_equal(run_context_set(a, "host_name", "y", &d), FP_OK);
	assert_int_equal(run_context_set(b, "date", "1", &d), FP_OK);
	assert_int_equal(run_context_set(a, "date", "2", &d), FP_OK);
	assert_int_equal(run_context_set(a, "cpu_scaling_enabled", "true", &d),
	                 FP_OK);
	assert_int_equal(facts_context(&f, b, a, &d), FP_OK);
	/* date always differs and is left out. */
	assert_int_equal(f.ctx_diff.n, 2);
	assert_string_equal(f.ctx_diff.v[0], "host_name");
	assert_string_equal(f.ctx_diff.v[1], "cpu_scaling_enabled");
	assert_int_equal(f.unreliable[0].n, 0);
	assert_int_equal(f.unreliable[1].n, 1);
	assert_string_equal(f.unreliable[1].v[0],
	                    "cpu_scaling_enabled is true");
	run_facts_free(&f);
	run_free(b);
	run_free(a);
}

/* The Google Benchmark pair with 3 repetitions, --estimator mean, through
 * the loader and a price: BM_err fails with no runtime before and passes
 * after.  gain = 0.8 / 7 * 100; cost = 50 / 7 * 1.2099368 = 8.6424 (the
 * arithmetic is in tests/cli/harness.sh). */
static void test_load_gbench(void **state)
{
	const char *const in[] = {HARNESS "gbench/before-reps.json",
	                          HARNESS "gbench/after-reps.json"};
	const struct load_request rq = {
	    .inputs = in, .ninputs = 2, .estimator = RUN_MEAN};
	struct job job;
	struct session *ses = NULL;
	struct price *p = NULL;
	struct diag d;
	long err;

	if (load_job(&rq, &job, &d) != FP_OK)
		diag_print(&d, stderr);
	assert_string_equal(job.facts.estimator[0], "mean");
	assert_string_equal(job.facts.estimator[1], "mean");
	assert_non_null(job.facts.runtime_n[0]);
	assert_int_equal(job.facts.unreliable[0].n, 1);
	assert_string_equal(job.facts.unreliable[0].v[0],
	                    "library_build_type is debug");
	assert_int_equal(job.facts.ctx_diff.n, 0);
	err = case_index(job.runs.before, "BM_err");
	assert_true(err >= 0);
	assert_true(job.facts.runtime_n[0][err] == 0);
	assert_true(job.facts.runtime_n[1][err] == 3);
	assert_int_equal(session_open(job.metric, &job.runs, NULL, &ses, &d),
	                 FP_OK);
	if (price_compute(ses, &p, &d) != FP_OK)
		diag_print(&d, stderr);
	assert_non_null(p);
	assert_true(p->has_runtime[0][err] == 0 && p->has_runtime[1][err] == 1);
	assert_true(fabs(p->gain - 0.8 / 7 * 100) <= 1e-12);
	assert_true(fabs(p->cost - 8.6424) <= 5e-5);
	assert_true(fabs(p->gain_share[err] - 0.8 / 7 * 100) <= 1e-12);
	assert_true(fabs(p->cost_share[err]) <= 1e-12);
	price_free(p);
	session_close(ses);
	job_free(&job);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_replace),
	    cmocka_unit_test(test_missing_parse),
	    cmocka_unit_test(test_missing_fail),
	    cmocka_unit_test(test_missing_drop),
	    cmocka_unit_test(test_context),
	    cmocka_unit_test(test_load_gbench),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
