/* Tests for price/candidate.c: compare's candidate told apart as an after
 * run or a scenario by the document the loader reads once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "price/candidate.h"
#include "util/sha256.h"

static char tmpdir[] = "/tmp/fixprice-candidate-XXXXXX";
static char path[sizeof tmpdir + 16];

static int make_tmpdir(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
	(void)state;
	return rmdir(tmpdir);
}

/* Writes text to tmpdir/name and reads it as a candidate. */
static int read_as(const char *name, const char *text, struct scenario **s,
                   struct run **r, struct diag *d)
{
	FILE *f;
	int rc;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	rc = candidate_read(path, NULL, s, r, d);
	unlink(path);
	return rc;
}

/* A mapping without cases is a scenario, hashed from the bytes read; a
 * comment or a name before it changes nothing. */
static void test_scenario(void **state)
{
	static const char text[] = "# halve\nname: x\nerrors: {\"*\": 0.5}\n";
	struct scenario *s;
	struct run *r;
	struct diag d;
	char want[65];

	(void)state;
	assert_int_equal(read_as("s.yaml", text, &s, &r, &d), FP_OK);
	assert_non_null(s);
	assert_null(r);
	assert_string_equal(s->name, "x");
	sha256_hex(text, sizeof text - 1, want);
	assert_string_equal(s->sha256, want);
	scenario_free(s);
}

/* A mapping with cases (after a name and a comment, which once fooled a
 * look at the first line) and a list are runs, hashed likewise. */
static void test_runs(void **state)
{
	static const char mapping[] = "# run\nname: r\ncases:\n"
	                              "  - {case: a, runtime: 2, passed: 1}\n";
	static const char list[] = "- {case: a, runtime: 2, passed: 1}\n"
	                           "- {case: b, runtime: 3, passed: 0}\n";
	struct scenario *s;
	struct run *r;
	struct diag d;
	char want[65];

	(void)state;
	assert_int_equal(read_as("r.yml", mapping, &s, &r, &d), FP_OK);
	assert_null(s);
	assert_non_null(r);
	assert_int_equal(r->n, 1);
	sha256_hex(mapping, sizeof mapping - 1, want);
	assert_string_equal(r->sha256, want);
	run_free(r);
	assert_int_equal(read_as("l.YAML", list, &s, &r, &d), FP_OK);
	assert_null(s);
	assert_non_null(r);
	assert_int_equal(r->n, 2);
	run_free(r);
}

/* Any other name is left to the run loader, unread; a bad document is an
 * error at its place. */
static void test_other(void **state)
{
	struct scenario *s;
	struct run *r;
	struct diag d;

	(void)state;
	assert_int_equal(candidate_read("/nonexistent/a.csv", NULL, &s, &r, &d),
	                 FP_OK);
	assert_null(s);
	assert_null(r);
	assert_int_equal(read_as("bad.yaml", "a: [1\n", &s, &r, &d), FP_ERR);
	assert_null(s);
	assert_null(r);
	assert_string_equal(d.file, path);
	assert_int_equal(d.line, 2);
	assert_int_equal(
	    candidate_read("/nonexistent/a.yaml", NULL, &s, &r, &d), FP_ERR);
	assert_string_equal(d.msg, "cannot open: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_scenario),
	    cmocka_unit_test(test_runs),
	    cmocka_unit_test(test_other),
	};

	return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
