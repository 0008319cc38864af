/* Tests for scenario.c: reading scenario files, the command-line
 * shorthands, and predicted after-runs worked out by hand, with every error
 * (exact message and position). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "price/scenario.h"
#include "test_metric_util.h"
#include "util/sha256.h"

#define DATA TEST_SRCDIR "/tests/data/scenarios/"

/* The before run of every test:
 *   case        runtime passed ref_runtime note
 *   m1_k1       10      1      8           fine
 *   m128_k1     20      1      16          ok
 *   m512_k4096  40      0      32          (text: "n/a" on line 4) */
static struct run *before_run(void)
{
	static const char *const names[] = { "m1_k1", "m128_k1", "m512_k4096" };
	static const double runtime[] = { 10, 20, 40 }, passed[] = { 1, 1, 0 };
	static const double ref[] = { 8, 16, 32 };
	const double *values[] = { runtime, passed, ref };
	static const char *const cols[] = { "runtime", "passed", "ref_runtime" };
	struct run *r = calloc(1, sizeof *r);

	assert_non_null(r);
	r->path = strdup("before.csv");
	r->format = strdup("csv");
	r->n = 3;
	r->case_name = calloc(3, sizeof *r->case_name);
	for (size_t i = 0; i < 3; i++)
		r->case_name[i] = strdup(names[i]);
	r->ncols = 4;
	r->cols = calloc(4, sizeof *r->cols);
	for (size_t c = 0; c < 3; c++) {
		r->cols[c].name = strdup(cols[c]);
		r->cols[c].kind = c == 1 ? COL_PASS : COL_NUMBER;
		r->cols[c].v = malloc(3 * sizeof(double));
		memcpy(r->cols[c].v, values[c], 3 * sizeof(double));
	}
	r->cols[3].name = strdup("note");
	r->cols[3].kind = COL_TEXT;
	r->cols[3].bad_line = 4;
	r->cols[3].bad_col = 22;
	r->cols[3].bad_text = strdup("n/a");
	return r;
}

static const double *column(const struct run *r, const char *name)
{
	for (size_t c = 0; c < r->ncols; c++)
		if (strcmp(r->cols[c].name, name) == 0)
			return r->cols[c].v;
	fail_msg("no column %s", name);
	return NULL;
}

static struct scenario *load(const char *path)
{
	struct scenario *s = NULL;
	struct diag d;

	if (scenario_load(path, &s, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	return s;
}

/* Binds s to before and applies it; the caller frees the result. */
static struct run *apply(struct scenario *s, const struct run *before)
{
	struct run *after = NULL;
	struct diag d;

	if (scenario_bind(s, before, &d) != FP_OK ||
	    scenario_apply(s, before, NULL, 0, &after, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	return after;
}

static void test_load(void **state)
{
	struct scenario *s = load(DATA "fp32.yaml");
	char hex[65];
	struct diag d;

	assert_string_equal(s->path, DATA "fp32.yaml");
	assert_int_equal(sha256_file(DATA "fp32.yaml", hex, &d), FP_OK);
	assert_string_equal(s->sha256, hex);
	assert_string_equal(s->name, "fp32 cube matmul");
	assert_string_equal(s->description,
	                    "switch one matmul to fp32 mode; every case about "
	                    "2x slower");
	assert_int_equal(s->nparams, 1);
	assert_string_equal(s->params[0].name, "runtime_factor");
	assert_near(s->params[0].value, 2, 0);
	assert_string_equal(s->runtime.text,
	                    "runtime * runtime_factor - ref_runtime / 8");
	assert_string_equal(s->runtime.file, DATA "fp32.yaml");
	assert_int_equal(s->runtime.line, 7);
	assert_int_equal(s->runtime.col, 10);
	assert_string_equal(s->runtime.prefix, "runtime: ");
	assert_int_equal(s->npass, 1);
	assert_string_equal(s->pass[0], "m512_*");
	assert_int_equal(s->nfail, 0);
	scenario_free(s);

	/* No name: the file's; pass may be one glob alone. */
	s = load(DATA "plain.yaml");
	assert_string_equal(s->name, "plain");
	assert_null(s->description);
	assert_int_equal(s->npass, 1);
	assert_string_equal(s->pass[0], "m512_k4096");
	scenario_free(s);
}

static void test_apply(void **state)
{
	struct scenario *s = load(DATA "fp32.yaml");
	struct run *before = before_run(), *after;
	const double *rt, *passed, *ref;
	struct diag d;

	after = apply(s, before);
	assert_int_equal(after->n, 3);
	assert_string_equal(after->case_name[2], "m512_k4096");
	assert_string_equal(after->path, DATA "fp32.yaml");
	/* runtime * 2 - ref / 8: 20 - 1 = 19, 40 - 2 = 38, 80 - 4 = 76. */
	rt = column(after, "runtime");
	assert_near(rt[0], 19, 0);
	assert_near(rt[1], 38, 0);
	assert_near(rt[2], 76, 0);
	/* pass [m512_*]: m512_k4096 now passes; the others keep passing. */
	passed = column(after, "passed");
	assert_near(passed[0], 1, 0);
	assert_near(passed[1], 1, 0);
	assert_near(passed[2], 1, 0);
	/* Other numeric columns are copied; text columns left out. */
	ref = column(after, "ref_runtime");
	assert_near(ref[2], 32, 0);
	assert_int_equal(after->ncols, 3);
	run_free(after);

	/* A parameter is a slot: changed after binding, no recompiling.
	 * runtime * 3 - ref / 8: 30 - 1 = 29, 60 - 2 = 58, 120 - 4 = 116. */
	assert_int_equal(scenario_set_param(s, "runtime_factor", 3, &d), FP_OK);
	assert_int_equal(scenario_apply(s, before, NULL, 0, &after, &d), FP_OK);
	rt = column(after, "runtime");
	assert_near(rt[0], 29, 0);
	assert_near(rt[1], 58, 0);
	assert_near(rt[2], 116, 0);
	run_free(after);
	/* The same prediction, in place (for sweeps over runtime_factor). */
	{
		double v[3];
		assert_int_equal(scenario_predict(s, s->env, before, v, &d), FP_OK);
		assert_near(v[0], 29, 0);
		assert_near(v[2], 116, 0);
	}

	assert_int_equal(scenario_set_param(s, "x", 1, &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "no parameter 'x' (there are: runtime_factor)");
	assert_int_equal(scenario_set_param(s, "runtime_factor", 1.0 / 0.0, &d),
	                 FP_ERR);
	assert_string_equal(d.msg,
	                    "parameter 'runtime_factor' must be a finite number");
	/* --runtime-factor on a formula that uses runtime_factor sets it. */
	assert_int_equal(scenario_set_runtime_factor(s, 4, &d), FP_OK);
	assert_near(s->params[0].value, 4, 0);
	assert_int_equal(s->nparams, 1);
	scenario_free(s);
	run_free(before);
}

static void test_shorthands(void **state)
{
	struct scenario *s = scenario_new();
	struct run *before = before_run(), *after;
	const double *rt, *passed;
	struct diag d;

	assert_non_null(s);
	assert_string_equal(s->name, "command line");
	assert_null(s->path);
	assert_string_equal(s->sha256, "");
	assert_int_equal(scenario_set_runtime_factor(s, 1.5, &d), FP_OK);
	assert_string_equal(s->runtime.text, "runtime * runtime_factor");
	assert_string_equal(s->runtime.file, "<command line>");
	assert_int_equal(scenario_add_glob(s, 1, "m512_k4096", &d), FP_OK);
	assert_int_equal(scenario_add_glob(s, 0, "m1_*", &d), FP_OK);
	after = apply(s, before);
	/* runtime * 1.5: 15, 30, 60. */
	rt = column(after, "runtime");
	assert_near(rt[0], 15, 0);
	assert_near(rt[1], 30, 0);
	assert_near(rt[2], 60, 0);
	/* --fail m1_*: m1_k1 fails; --pass m512_k4096 passes. */
	passed = column(after, "passed");
	assert_near(passed[0], 0, 0);
	assert_near(passed[1], 1, 0);
	assert_near(passed[2], 1, 0);
	assert_string_equal(after->path, "<command line>");
	run_free(after);

	assert_int_equal(scenario_add_glob(s, 1, "", &d), FP_ERR);
	assert_string_equal(d.msg, "--pass: the case name or glob is empty");
	assert_int_equal(scenario_add_glob(s, 0, "", &d), FP_ERR);
	assert_string_equal(d.msg, "--fail: the case name or glob is empty");
	assert_int_equal(scenario_set_runtime_factor(s, 0, &d), FP_ERR);
	assert_string_equal(d.msg, "--runtime-factor 0: must be a number > 0");
	scenario_free(s);

	/* Without a runtime formula runtimes are copied. */
	s = scenario_new();
	assert_int_equal(scenario_add_glob(s, 1, "m512_*", &d), FP_OK);
	after = apply(s, before);
	rt = column(after, "runtime");
	assert_near(rt[0], 10, 0);
	assert_near(rt[2], 40, 0);
	run_free(after);
	scenario_free(s);

	/* A file formula that ignores runtime_factor cannot take it. */
	s = load(DATA "plain.yaml");
	assert_int_equal(scenario_set_runtime_factor(s, 2, &d), FP_ERR);
	assert_string_equal(d.file, DATA "plain.yaml");
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 10);
	assert_string_equal(d.msg, "--runtime-factor needs a runtime formula "
	                           "that uses runtime_factor, and this one "
	                           "does not");
	scenario_free(s);
	run_free(before);
}

/* ---- Errors ----------------------------------------------------------- */

static char tmpdir[] = "/tmp/fixprice-scenario-XXXXXX";
static char tmppath[sizeof tmpdir + 16];

static int make_tmpdir(void **state)
{
	if (!mkdtemp(tmpdir))
		return -1;
	snprintf(tmppath, sizeof tmppath, "%s/s.yaml", tmpdir);
	return 0;
}

static int remove_tmpdir(void **state)
{
	unlink(tmppath);
	return rmdir(tmpdir);
}

/* Writes text to the scenario file of the test. */
static void write_scenario(const char *text)
{
	FILE *f = fopen(tmppath, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void expect_load(const char *text, int line, int col, const char *msg)
{
	struct scenario *s = (struct scenario *)1;
	struct diag d;

	write_scenario(text);
	if (scenario_load(tmppath, &s, &d) == FP_OK)
		fail_msg("loaded, but wanted: %s", msg);
	assert_null(s);
	assert_string_equal(d.msg, msg);
	assert_string_equal(d.file, tmppath);
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
}

static void test_load_errors(void **state)
{
	struct scenario *s;
	struct diag d;

	expect_load("pas: [m1_k1]\n", 1, 1,
	            "unknown key 'pas'; did you mean 'pass'?");
	expect_load("speedup: 2\n", 1, 1,
	            "unknown key 'speedup' (known: name, description, params, "
	            "runtime, pass, fail, errors)");
	expect_load("", 0, 0,
	            "empty scenario file: give at least runtime, pass, fail "
	            "or errors");
	expect_load("- runtime\n", 1, 1,
	            "a scenario file must be a mapping of keys (name, runtime, "
	            "pass, fail, ...)");
	expect_load("name: ''\n", 1, 7, "name must not be empty");
	expect_load("description: [a]\n", 1, 14, "description must be text");
	expect_load("params: [2]\n", 1, 9,
	            "params must be a mapping of name: number");
	expect_load("params: { runtime_factor: two }\n", 1, 27,
	            "params.runtime_factor must be a number");
	expect_load("params: { 2x: 1 }\n", 1, 11,
	            "parameter name '2x' is not a valid name (letters, digits "
	            "and _, not starting with a digit)");
	expect_load("params: { N: 1 }\n", 1, 11,
	            "parameter 'N' shadows a built-in name");
	expect_load("runtime: [2]\n", 1, 10, "runtime must be a formula (text)");
	expect_load("runtime: ''\n", 1, 10, "runtime is empty");
	expect_load("pass: { m1: 1 }\n", 1, 7,
	            "pass must be a list of case names or globs");
	expect_load("fail: [[m1]]\n", 1, 8,
	            "fail must be a list of case names or globs");
	expect_load("fail: [m1, '']\n", 1, 12,
	            "fail: a case name or glob must not be empty");
	/* What yamldoc refuses. */
	expect_load("pass: [a]\npass: [b]\n", 2, 1,
	            "duplicate key 'pass' (first on line 1)");
	expect_load("pass: &x [a]\n", 1, 7, "YAML anchors are not allowed (&x)");

	assert_int_equal(scenario_load("/nonexistent/s.yaml", &s, &d), FP_ERR);
	assert_string_equal(d.msg, "cannot open: No such file or directory");
}

/* Loads text, binds it to the before run and applies it, expecting the
 * error msg at file (NULL: the scenario file), line, col. */
static void expect_apply(const char *text, const char *file, int line,
                         int col, const char *msg)
{
	struct run *before = before_run(), *after = (struct run *)1;
	struct scenario *s;
	struct diag d;
	int rc;

	write_scenario(text);
	s = load(tmppath);
	rc = scenario_bind(s, before, &d);
	if (rc == FP_OK)
		rc = scenario_apply(s, before, NULL, 0, &after, &d);
	if (rc == FP_OK)
		fail_msg("applied, but wanted: %s", msg);
	assert_string_equal(d.msg, msg);
	assert_string_equal(d.file, file ? file : tmppath);
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
	scenario_free(s);
	run_free(before);
}

static void test_apply_errors(void **state)
{
	/* At the glob that matches nothing, or at the fail glob that
	 * matches a case a pass glob does. */
	expect_apply("pass: [m9*]\n", NULL, 1, 8,
	             "pass 'm9*' matches no case in before.csv");
	expect_apply("pass: [m1_k1]\nfail: [m2*]\n", NULL, 2, 8,
	             "fail 'm2*' matches no case in before.csv");
	expect_apply("pass: [m512_*]\nfail: [m1_k1, '*_k4096']\n", NULL, 2, 15,
	             "case 'm512_k4096' is matched by both pass 'm512_*' and "
	             "fail '*_k4096'");
	/* 10 - 15 = -5 for the first case. */
	expect_apply("runtime: runtime - 15\n", NULL, 1, 10,
	             "runtime formula gives -5 for case 'm1_k1'; a runtime must "
	             "be > 0");
	expect_apply("runtime: 0 * runtime\n", NULL, 1, 10,
	             "runtime formula gives 0 for case 'm1_k1'; a runtime must "
	             "be > 0");
	/* ref_runtime - 16 is 0 for m128_k1. */
	expect_apply("runtime: runtime / (ref_runtime - 16)\n", NULL, 1, 18,
	             "runtime formula: case 'm128_k1': division by zero");
	expect_apply("runtime: runtime * fctor\n", NULL, 1, 20,
	             "unknown name 'fctor'");
	/* A text column: the position of its first bad cell, in the run. */
	expect_apply("runtime: runtime + note\n", "before.csv", 4, 22,
	             "cell 'n/a' in column 'note' is not a number");
	expect_apply("params: { ref_runtime: 1 }\nruntime: runtime\n", NULL, 0, 0,
	             "scenario parameter 'ref_runtime' has the name of a column "
	             "of before.csv");
}

static void test_apply_needs_columns(void **state)
{
	struct run *before = before_run(), *after;
	struct scenario *s = scenario_new();
	struct diag d;

	/* Without a passed column there is nothing to apply pass/fail to
	 * (without pass or fail, a gated metric's run needs none). */
	free(before->cols[1].name);
	before->cols[1].name = strdup("ok");
	assert_int_equal(scenario_add_glob(s, 1, "m1_k1", &d), FP_OK);
	assert_int_equal(scenario_bind(s, before, &d), FP_OK);
	assert_int_equal(scenario_apply(s, before, NULL, 0, &after, &d), FP_ERR);
	assert_string_equal(d.msg, "no column 'passed' in before.csv (it has: "
	                           "case, runtime, ok, ref_runtime, note)");
	scenario_free(s);
	run_free(before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_apply),
		cmocka_unit_test(test_shorthands),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_apply_errors),
		cmocka_unit_test(test_apply_needs_columns),
	};
	return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
