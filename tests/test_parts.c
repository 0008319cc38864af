/* test_parts.c: a CSV, JSON or YAML run whose `run` or `round` column
 * labels each row's run (run/parts.c): read as one run per label, each
 * exactly the run a file of that label's rows would be (same_run), in
 * ascending label order; the errors at FILE:LINE:COL; the reserved
 * column names' table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "run/merge.h"
#include "test_alloc_fault.h"
#include "test_formats_util.h"
#include "test_run_util.h"

const char scratch_prefix[] = "test_parts";

/* Runs of two labels, given out of order (3 before 1), with a repetition
 * column (rows are samples), a context-free CSV. */
static const char runs_csv[] = "case,run,repetition,runtime,passed,note\n"
                               "x,3,1,9,pass,a\n"
                               "x,3,2,10,pass,a\n"
                               "y,3,1,4,fail,b\n"
                               "x,1,1,10,pass,a\n"
                               "y,1,1,5,pass,b\n"
                               "y,1,2,6,pass,b\n";
static const char run1_csv[] = "case,repetition,runtime,passed,note\n"
                               "x,1,10,pass,a\n"
                               "y,1,5,pass,b\n"
                               "y,2,6,pass,b\n";
static const char run3_csv[] = "case,repetition,runtime,passed,note\n"
                               "x,1,9,pass,a\n"
                               "x,2,10,pass,a\n"
                               "y,1,4,fail,b\n";

static void test_csv_runs(void **state)
{
	struct run *r = load_text("runs.csv", runs_csv);
	struct run *one = load_text("run1.csv", run1_csv);
	struct run *three = load_text("run3.csv", run3_csv);

	(void)state;
	/* Labels ascending: run 1 first, whatever the file's order. */
	assert_non_null(r->part_next);
	assert_null(r->part_next->part_next);
	assert_string_equal(r->part_by, "run");
	assert_true(r->part_label == 1 && r->part_next->part_label == 3);
	/* The column is named on line 1; its first cell is at 2:3. */
	assert_int_equal(r->part_line, 2);
	assert_int_equal(r->part_col, 3);
	same_run(r, one);
	same_run(r->part_next, three);
	/* Run 3's y failed; its median of 9 and 10 is 9.5. */
	assert_true(run_find(r->part_next, "runtime")->v[0] == 9.5);
	assert_true(run_find(r->part_next, "passed")->v[1] == 0);
	assert_null(run_find(r, "run"));
	run_free(r);
	run_free(one);
	run_free(three);
}

/* JSON items and YAML entries with a `round` member and samples: the same
 * two runs either way. */
static void test_json_yaml_rounds(void **state)
{
	struct run *j = load_text(
	    "rounds.json",
	    "[{\"case\": \"x\", \"round\": 2, \"samples\": [3, 4]},\n"
	    " {\"case\": \"x\", \"round\": 1, \"samples\": [5]},\n"
	    " {\"case\": \"y\", \"round\": 1, \"samples\": [6, 7, 8]},\n"
	    " {\"case\": \"y\", \"round\": 2, \"samples\": [1]}]\n");
	struct run *y = load_text("rounds.yaml", "- {case: x, round: 2, "
	                                         "samples: [3, 4]}\n"
	                                         "- {case: x, round: 1, "
	                                         "samples: [5]}\n"
	                                         "- {case: y, round: 1, "
	                                         "samples: [6, 7, 8]}\n"
	                                         "- {case: y, round: 2, "
	                                         "samples: [1]}\n");

	(void)state;
	assert_string_equal(j->part_by, "round");
	assert_string_equal(y->part_by, "round");
	/* Round 1: x [5], y [6 7 8]; round 2: x [3 4], y [1]. */
	assert_int_equal(j->sample_off[1], 1);
	assert_int_equal(j->sample_off[2], 4);
	assert_true(j->samples[0] == 5 && j->samples[3] == 8);
	assert_int_equal(j->part_next->sample_off[1], 2);
	assert_true(j->part_next->samples[2] == 1);
	assert_true(j->part_next->part_label == 2);
	assert_int_equal(y->sample_off[2], 4);
	assert_true(y->part_next->samples[1] == 4);
	run_free(j);
	run_free(y);
}

static void test_errors(void **state)
{
	static char many[1024] = "case,run,runtime\n";
	static const struct refusal bad[] = {
	    {"t.csv", "case,run,runtime\nx,1,1\ny,one,2\n", 3, 3,
	     "'run' is 'one', not a number (it labels the run (rerun of "
	     "the benchmark process) each row was measured in: 1, 2, 3)"},
	    /* An empty cell is said to be one (it was "a pass word or a
	     * quoted number"). */
	    {"t.csv", "case,run,runtime\nx,,1\ny,1,2\n", 2, 3,
	     "'run' is empty, not a number (it labels the run (rerun of "
	     "the benchmark process) each row was measured in: 1, 2, 3)"},
	    {"t.json",
	     "[{\"case\": \"x\", \"run\": 1, \"runtime\": 1},\n"
	     " {\"case\": \"y\", \"runtime\": 2}]",
	     2, 11,
	     "no 'run' here: a file with a 'run' column gives every case's "
	     "(the run (rerun of the benchmark process) each row was "
	     "measured in)"},
	    {"t.csv", "case,run,round,runtime\nx,1,1,1\n", 2, 5,
	     "columns 'run' and 'round': give one (a row is of a run or of "
	     "a round of both sides, not both)"},
	    /* Rows of one case in one run are samples only with a
	     * repetition column, as in a file of its own. */
	    {"t.csv", "case,run,runtime\nx,1,1\nx,2,1\nx,1,2\n", 4, 1,
	     "duplicate case 'x' (first on line 2): rows of one case are "
	     "its samples only in a file with a 'repetition' column"},
	    {"t.csv", "case,pass_from,runtime\nx,1,1\n", 1, 6,
	     "column 'pass_from' is reserved: fixprice records there where "
	     "each case's pass state came from; rename it"},
	};

	(void)state;
	EXPECT_REFUSALS(bad);
	/* A 17th run, on line 18. */
	for (int j = 1; j <= RUN_MAX_MERGED + 1; j++)
		sprintf(many + strlen(many), "x,%d,1\n", j);
	expect_error("many.csv", many, 18, 3,
	             "run 17: more than 16 runs (at most 16 per side)");
}

/* run and round are ordinary columns of a format that is no CSV, JSON or
 * YAML run written for fixprice (Google Benchmark's user counters). */
static void test_reserved(void **state)
{
	(void)state;
	assert_int_equal(run_reserved_find("run", 3)->role, RUN_RESERVED_LABEL);
	assert_int_equal(run_reserved_find("round", 5)->role,
	                 RUN_RESERVED_LABEL);
	assert_int_equal(run_reserved_find(RUN_PASS_FROM, 9)->role,
	                 RUN_RESERVED_REFUSED);
	assert_null(run_reserved_find("runs", 4));
	assert_null(run_reserved_find("ru", 2));
}

static void test_out_of_memory(void **state)
{
	(void)state;
	sweep_load("oom.csv", runs_csv, NULL, 20);
	sweep_load("oom.json",
	           "[{\"case\": \"x\", \"round\": 2, \"samples\": [3, 4]},\n"
	           " {\"case\": \"x\", \"round\": 1, \"samples\": [5]}]\n",
	           NULL, 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_csv_runs),
	    cmocka_unit_test(test_json_yaml_rounds),
	    cmocka_unit_test(test_errors),
	    cmocka_unit_test(test_reserved),
	    cmocka_unit_test(test_out_of_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
