/* test_junit.c: JUnit reports (pytest, Catch2, CTest, made by running
 * them; tests/data/harness/README.md) and their merge into runs. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run/junit_merge.h"
#include "run/context.h"
#include "run/estimate.h"
#include "run/run.h"
#include "test_run_util.h"

const char scratch_prefix[] = "test_junit";

#define H TEST_SRCDIR "/tests/data/harness/"

static struct junit_report *report(const char *path)
{
	struct junit_report *rep = NULL;
	struct diag d = {0};

	if (junit_load(path, &rep, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	return rep;
}

static void assert_test(const struct junit_report *rep, size_t i,
                        const char *classname, const char *name,
                        enum junit_state state)
{
	assert_string_equal(rep->tests[i].classname, classname);
	assert_string_equal(rep->tests[i].name, name);
	assert_int_equal(rep->tests[i].state, state);
}

static void test_load(void **state)
{
	struct junit_report *rep = report(H "pytest/before-junit.xml");

	assert_int_equal(rep->n, 4);
	assert_test(rep, 0, "test_bench", "test_sum", JUNIT_PASSED);
	assert_test(rep, 1, "test_bench", "test_raises", JUNIT_FAILED);
	assert_test(rep, 2, "test_bench", "test_fails_after", JUNIT_FAILED);
	assert_test(rep, 3, "test_bench", "test_plain", JUNIT_PASSED);
	junit_free(rep);
	rep = report(H "catch2/before-junit.xml");
	assert_int_equal(rep->n, 2);
	assert_test(rep, 0, "tests.global", "spin", JUNIT_PASSED);
	assert_test(rep, 1, "tests.global", "check result", JUNIT_FAILED);
	assert_int_equal(rep->tests[1].line, 5);
	junit_free(rep);
	rep = report(H "ctest/before-junit.xml");
	assert_int_equal(rep->n, 3);
	assert_test(rep, 0, "spin", "spin", JUNIT_PASSED);
	assert_test(rep, 1, "check_result", "check_result", JUNIT_FAILED);
	assert_test(rep, 2, "skipped", "skipped", JUNIT_SKIPPED);
	junit_free(rep);
}

/* pytest-benchmark left test_raises out and wrote test_fails_after like a
 * passing test; the report says both failed.  After the merge:
 * test_fails_after fails, test_raises is a case (in pytest's node id
 * form, as the after run names it) that fails with no runtime. */
static void test_merge_pytest(void **state)
{
	struct run *r = load_ok(H "pytest/before.json", NULL);
	struct junit_report *rep = report(H "pytest/before-junit.xml");
	struct junit_merged m;
	struct diag d = {0};
	const struct column *ps, *rt;

	assert_int_equal(junit_merge(r, rep, true, &m, &d), FP_OK);
	assert_int_equal(m.matched, 2);
	assert_int_equal(m.failed, 1);
	assert_int_equal(m.added, 1);
	assert_int_equal(r->n, 3);
	assert_string_equal(r->case_name[2], "test_bench.py::test_raises");
	ps = run_find(r, "passed");
	assert_true(ps->v[0] == 1 && ps->v[1] == 0 && ps->v[2] == 0);
	rt = run_find(r, "runtime");
	assert_false(isnan(rt->v[1]));
	assert_true(isnan(rt->v[2]));
	assert_true(run_find(r, "has_runtime")->v[2] == 0);
	assert_true(run_find(r, "runtime_n")->v[2] == 0);
	assert_int_equal(run_sample_count(r, 2), 0);
	junit_free(rep);
	run_free(r);
	/* After the fix every test passes: nothing changes. */
	r = load_ok(H "pytest/after.json", NULL);
	rep = report(H "pytest/after-junit.xml");
	assert_int_equal(junit_merge(r, rep, true, &m, &d), FP_OK);
	assert_int_equal(m.matched, 3);
	assert_int_equal(m.failed + m.added, 0);
	junit_free(rep);
	run_free(r);
}

/* Catch2 by CLASSNAME.NAME or the bare name; CTest by name, its skipped
 * test failing; a run without `passed` gets one. */
static void test_merge_names(void **state)
{
	struct run *r =
	    load_text("c.json", "[{\"case\": \"tests.global.spin\","
	                        " \"runtime\": 1}, {\"case\": \"check result\","
	                        " \"runtime\": 2}]");
	struct junit_report *rep = report(H "catch2/before-junit.xml");
	struct junit_merged m;
	struct diag d = {0};

	assert_int_equal(junit_merge(r, rep, false, &m, &d), FP_OK);
	assert_int_equal(m.matched, 2);
	assert_true(run_find(r, "passed")->v[0] == 1);
	assert_true(run_find(r, "passed")->v[1] == 0);
	junit_free(rep);
	run_free(r);
	r = load_text("t.json",
	              "[{\"case\": \"spin\", \"passed\": true}, "
	              "{\"case\": \"check_result\", \"passed\": true}, "
	              "{\"case\": \"skipped\", \"passed\": true}]");
	rep = report(H "ctest/before-junit.xml");
	assert_int_equal(junit_merge(r, rep, true, &m, &d), FP_OK);
	assert_int_equal(m.failed, 2);
	assert_int_equal(m.added, 0);
	assert_true(run_find(r, "passed")->v[0] == 1);
	assert_true(run_find(r, "passed")->v[1] == 0);
	assert_true(run_find(r, "passed")->v[2] == 0);
	junit_free(rep);
	run_free(r);
}

static void expect_junit_error(const char *name, const char *text, int line,
                               int col, const char *msg)
{
	const char *path = scratch(name, text, strlen(text));
	struct junit_report *rep = NULL;
	struct diag d = {0};

	assert_int_equal(junit_load(path, &rep, &d), FP_ERR);
	assert_null(rep);
	unlink(path);
	if (strcmp(d.msg, msg) != 0 || d.line != line || d.col != col)
		fail_msg("got %d:%d: %s\nwant %d:%d: %s", d.line, d.col, d.msg,
		         line, col, msg);
}

static void test_errors(void **state)
{
	struct junit_report *rep;
	const char *path;
	struct diag d = {0};

	expect_junit_error("bad.xml",
	                   "<testsuite>\n<testcase name=\"a\">\n"
	                   "</testsuite>\n",
	                   3, 13,
	                   "not a JUnit XML report: Opening and ending tag "
	                   "mismatch: testcase line 2 and testsuite");
	expect_junit_error("none.xml", "<testsuites/>\n", 0, 0,
	                   "no <testcase> in the report");
	expect_junit_error("noname.xml",
	                   "<testsuite>\n<testcase/>\n"
	                   "</testsuite>\n",
	                   2, 0, "a <testcase> without a name");
	/* An external entity is neither fetched nor read. */
	path = scratch("ent.xml",
	               "<!DOCTYPE t [<!ENTITY e SYSTEM "
	               "\"file:///etc/passwd\">]>\n<testsuite><testcase "
	               "name=\"x&e;\"/></testsuite>\n",
	               96);
	if (junit_load(path, &rep, &d) == FP_OK) {
		assert_null(strstr(rep->tests[0].name, "root"));
		junit_free(rep);
	}
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_load),
	    cmocka_unit_test(test_merge_pytest),
	    cmocka_unit_test(test_merge_names),
	    cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
