/* junit.h: pass states from a JUnit XML test report (pytest --junitxml,
 * Catch2 -r junit, CTest --output-junit, go-junit-report), merged into a
 * run by test name, for harnesses whose timing file does not say which
 * cases failed.
 *
 * The report is read with libxml2: no network (XML_PARSE_NONET), no DTD
 * loaded, entities not substituted, at most JUNIT_MAX_FILE bytes.  Every
 * <testcase> anywhere in it is a test: failed if it has a <failure> or
 * <error> child, skipped if it has a <skipped> child, else passed. */
#ifndef FP_JUNIT_H
#define FP_JUNIT_H

#include <stddef.h>
#include <stdint.h>

#include "price/run.h"
#include "util/diag.h"

#define JUNIT_MAX_FILE ((size_t)256 << 20)

enum junit_state { JUNIT_PASSED, JUNIT_FAILED, JUNIT_SKIPPED };

struct junit_test {
	char *classname; /* "" when the testcase has none */
	char *name;
	enum junit_state state;
	uint32_t line; /* of the <testcase> element */
};

struct junit_report {
	char *path;
	char sha256[65]; /* of the bytes read, hex */
	size_t n;
	struct junit_test *tests; /* in document order */
};

/* Reads the report at path ("-": standard input).  Errors, with
 * FILE:LINE:COL where libxml2 gives them: not well-formed XML (libxml2's
 * message), "no <testcase> in the report", a <testcase> without a name.
 * On success the caller owns *out (junit_free). */
int junit_load(const char *path, struct junit_report **out, struct diag *d);
void junit_free(struct junit_report *r);

/* What junit_merge did. */
struct junit_merged {
	size_t matched; /* cases of the run that a test matched */
	size_t failed;  /* of those, cases the report failed/skipped */
	size_t added;   /* failing tests added as cases */
};

/* Merges the report's states into run's `passed` column (made, all 1, if
 * the run has none): a case the report says failed or was skipped gets
 * passed 0; a case it says passed keeps the run's own state (a failure in
 * either is a failure).
 *
 * Names: a test matches a case whose name is, in this order of trial,
 *   1. "CLASSNAME.NAME" of the test (Catch2: "tests.global.spin"),
 *   2. the pytest form: a case "dir/test_x.py::TestC::test_m[p]" (what
 *      pytest-benchmark calls fullname) is "dir.test_x.TestC.test_m[p]"
 *      ("/" and "::" as ".", ".py" dropped), which pytest's report writes
 *      as classname "dir.test_x.TestC", name "test_m[p]",
 *   3. NAME alone (CTest, Catch2, Go), if only one test has that name.
 * With add_failing set, a test that failed and matches no case is added
 * as a case that fails with no runtime (no samples; NaN in every number
 * column, has_runtime 0), named as in 1 (or NAME without a classname):
 * pytest-benchmark leaves out a benchmark whose timed function raised.
 * Fails only on a `passed` column that is not pass states, or on OOM. */
int junit_merge(struct run *run, const struct junit_report *rep,
                bool add_failing, struct junit_merged *out, struct diag *d);

#endif
