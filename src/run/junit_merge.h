/* junit_merge.h: a JUnit report's pass states merged into a run by test
 * name (the report is read by run/formats/junit.h). */
#ifndef FP_RUN_JUNIT_MERGE_H
#define FP_RUN_JUNIT_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "run/formats/junit.h"
#include "run/run.h"
#include "util/diag.h"

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
 *   3. NAME alone (CTest, Catch2, Go), if only one test has that name,
 *   4. for a Catch2 run (catch2.c), its test case: a case
 *      "TESTCASE/BENCHMARK" matches as TESTCASE does.
 * With add_failing set, a test that failed and matches no case is added
 * as a case that fails with no runtime (no samples; NaN in every number
 * column, has_runtime 0), named as in 1 (or NAME without a classname):
 * pytest-benchmark leaves out a benchmark whose timed function raised.
 * The cases matched or added count in run->pass_merged.
 * Fails only on a `passed` column that is not pass states, or on OOM. */
int junit_merge(struct run *run, const struct junit_report *rep,
                bool add_failing, struct junit_merged *out, struct diag *d);

#endif
