/* test_formats_edges.c: the run readers' edge cases that test_run*.c leave out
 * (coverage, `make coverage`): Google Benchmark's older and rarer forms,
 * hyperfine's exit codes, every kind of JSON cell, CSV's lone CRs and long
 * headers, how a format is told from a file's name, and every reader with
 * each of its allocations failing in turn.  Errors are checked by line and
 * message: columns are the business of test_run*.c. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_formats_util.h"

const char scratch_prefix[] = "test_formats_edges";

/* Column name of r is text, its first bad cell shown as bad (NULL: a case
 * without the cell) on line `line`. */
static void text_column(const struct run *r, const char *name, const char *bad,
                        uint32_t line)
{
	const struct column *c = run_find(r, name);

	assert_non_null(c);
	assert_int_equal(c->kind, COL_TEXT);
	if (bad)
		assert_string_equal(c->bad_text, bad);
	else
		assert_null(c->bad_text);
	assert_int_equal(c->bad_line, line);
}

/* ---- Google Benchmark ---------------------------------------------- */

#define GB "{\"context\": {}, \"benchmarks\": ["
#define GB_NL "{\"context\": {},\n\"benchmarks\": ["

static const char gbench_forms[] =
    GB "\n"
       /* no run_name: the name is the case */
       "{\"name\": \"BM_a\", \"real_time\": 2, \"cpu_time\": 1,"
       " \"time_unit\": \"ms\"},\n"
       /* an older file's aggregate: aggregate_name without run_type */
       "{\"name\": \"BM_b/x\", \"run_name\": \"BM_b\", \"real_time\": 1,"
       " \"cpu_time\": 0.5, \"time_unit\": \"s\"},\n"
       "{\"name\": \"BM_b_mean\", \"run_name\": \"BM_b\","
       " \"aggregate_name\": \"mean\", \"real_time\": 99, \"cpu_time\": 99,"
       " \"time_unit\": \"s\"},\n"
       "{\"name\": \"BM_b/x\", \"run_name\": \"BM_b\", \"real_time\": 3,"
       " \"cpu_time\": 1.5, \"time_unit\": \"s\"},\n"
       /* only aggregates: mean (with and without stddev, repetitions) */
       "{\"name\": \"BM_c\", \"run_type\": \"aggregate\","
       " \"aggregate_name\": \"mean\", \"real_time\": 4, \"cpu_time\": 2,"
       " \"time_unit\": \"s\", \"repetitions\": 3},\n"
       "{\"name\": \"BM_d\", \"run_type\": \"aggregate\","
       " \"aggregate_name\": \"mean\", \"real_time\": 4, \"cpu_time\": 4,"
       " \"time_unit\": \"us\"},\n"
       "{\"name\": \"BM_d\", \"run_type\": \"aggregate\","
       " \"aggregate_name\": \"stddev\", \"real_time\": 0.5, \"cpu_time\": 0,"
       " \"time_unit\": \"us\"},\n"
       /* skipped false or null is no skip; nanoseconds by default */
       "{\"name\": \"BM_e\", \"real_time\": 8, \"cpu_time\": 8,"
       " \"skipped\": false},\n"
       "{\"name\": \"BM_f\", \"real_time\": 16, \"cpu_time\": 16,"
       " \"skipped\": null}\n"
       "]}\n";

static void test_gbench_forms(void **state)
{
	struct run *r = load_text("forms.json", gbench_forms);

	assert_string_equal(r->format, "gbench");
	assert_string_equal(r->case_name[0], "BM_a");
	assert_string_equal(r->case_name[1], "BM_b");
	assert_string_equal(r->case_name[2], "BM_c");
	assert_string_equal(r->case_name[3], "BM_d");
	assert_string_equal(r->case_name[5], "BM_f");
	/* BM_b: the iterations 1 s and 3 s; the old-style mean of 99 is
	 * ignored.  Mean 2, sample stddev sqrt((1 + 1) / 1). */
	VALUES(r, "runtime", 2e-3, 2, 4, 4e-6, 8e-9, 16e-9);
	VALUES(r, "cpu_time", 1e-3, 1, 2, 4e-6, 8e-9, 16e-9);
	VALUES(r, "repetitions", 1, 2, 3, 1, 1, 1);
	VALUES(r, "real_time_stddev", 0, sqrt(2), 0, 5e-7, 0, 0);
	VALUES(r, "passed", 1, 1, 1, 1, 1, 1);
	run_free(r);
}

/* An entry with error_occurred or skipped set (SkipWithError, SkipWithMessage)
 * fails and gives no sample, whatever its message: its case has no runtime
 * (NaN, has_runtime 0), no cpu_time and no stddev; passed is 0. */
static void test_gbench_failures(void **state)
{
	static const char *const entries[] = {
	    "\"error_occurred\": true",
	    "\"error_occurred\": true, \"error_message\": \"OOM\"",
	    "\"skipped\": true, \"skip_message\": \"no GPU\"",
	    "\"skipped\": 1",
	};
	char text[512];

	for (size_t i = 0; i < N(entries); i++) {
		struct run *r;

		snprintf(text, sizeof text,
		         GB "\n"
		            "{\"name\": \"BM_x\", %s},\n"
		            "{\"name\": \"BM_y\", \"real_time\": 1, "
		            "\"cpu_time\": 1}]}\n",
		         entries[i]);
		r = load_text("failed.json", text);
		VALUES(r, "runtime", NAN, 1e-9);
		VALUES(r, "has_runtime", 0, 1);
		VALUES(r, "runtime_n", 0, 1);
		VALUES(r, "cpu_time", NAN, 1e-9);
		VALUES(r, "real_time_stddev", NAN, 0);
		VALUES(r, "passed", 0, 1);
		VALUES(r, "repetitions", 1, 1);
		run_free(r);
	}
}

static void test_gbench_errors(void **state)
{
	fails("e.json", GB "1]}", NULL, 1, "a benchmark must be an object");
	fails("e.json", GB "{\"run_name\": 3}]}", NULL, 1,
	      "benchmark has no 'name'");
	fails("e.json",
	      GB_NL "{\"name\": \"BM_a\","
	            " \"time_unit\": 5}]}",
	      NULL, 2,
	      "benchmark 'BM_a': unknown time_unit '?' (known: ns, us, ms, s)");
	fails("e.json",
	      GB "{\"name\": \"BM_a\","
	         " \"time_unit\": \"h\"}]}",
	      NULL, 1,
	      "benchmark 'BM_a': unknown time_unit 'h' (known: ns, us, ms, s)");
	fails("e.json",
	      GB "{\"name\": \"BM_a\","
	         " \"cpu_time\": 1}]}",
	      NULL, 1, "benchmark 'BM_a': 'real_time' must be a number");
	fails("e.json", "{\"context\": {}, \"benchmarks\": {}}", NULL, 1,
	      "'benchmarks' must be a list");
	fails("e.json", GB "]}", NULL, 1, "no benchmarks");
	fails("e.json",
	      GB "\n"
	         "{\"name\": \"BM_e\", \"run_type\": \"aggregate\", "
	         "\"aggregate_name\": \"stddev\", \"real_time\": 1, "
	         "\"cpu_time\": 1}]}",
	      NULL, 2,
	      "benchmark 'BM_e' has no iterations and no 'median' or 'mean' "
	      "aggregate");
}

/* Members of the wrong type: a run_name, run_type or aggregate_name that
 * is no string is ignored, so is repetitions that is no number; any
 * skipped but false and null skips, and only error_occurred true fails. */
static void test_gbench_odd_types(void **state)
{
	struct run *r = load_text(
	    "odd.json",
	    GB "\n"
	       "{\"name\": \"BM_a\", \"run_name\": 7, \"run_type\": 1, "
	       "\"aggregate_name\": 2, \"real_time\": 1, \"cpu_time\": 1, "
	       "\"time_unit\": \"s\", \"error_occurred\": false, "
	       "\"repetitions\": \"3\"},\n"
	       "{\"name\": \"BM_b\", \"error_occurred\": true, "
	       "\"error_message\": 5},\n"
	       "{\"name\": \"BM_c\", \"skipped\": \"yes\", "
	       "\"skip_message\": 5}]}\n");

	/* BM_a, an iteration of 1 s that passed; BM_b and BM_c fail. */
	assert_string_equal(r->case_name[0], "BM_a");
	VALUES(r, "runtime", 1, NAN, NAN);
	VALUES(r, "passed", 1, 0, 0);
	VALUES(r, "repetitions", 1, 1, 1);
	run_free(r);
	r = load_text("odd.json",
	              GB "\n"
	                 "{\"name\": \"BM_c\", \"skipped\": \"yes\", "
	                 "\"skip_message\": 5}]}\n");
	VALUES(r, "has_runtime", 0);
	run_free(r);
	fails("e.json", GB "{\"name\": 5}]}", NULL, 1,
	      "benchmark has no 'name'");
	fails("e.json",
	      GB "{\"name\": \"BM_a\","
	         " \"real_time\": \"1\"}]}",
	      NULL, 1, "benchmark 'BM_a': 'real_time' must be a number");
	fails("e.json", "{\"context\": {}}", "gbench", 1,
	      "'benchmarks' must be a list");
}

/* ---- hyperfine ------------------------------------------------------- */

static void test_hyperfine_exit_codes(void **state)
{
	struct run *r = load_text(
	    "h.json", "{\"results\": [\n"
	              "{\"command\": \"a\", \"mean\": 1.5, \"median\": 1.25, "
	              "\"stddev\": null, \"min\": 1, \"max\": 2, "
	              "\"exit_codes\": [0, 0]},\n"
	              "{\"command\": \"b\", \"mean\": 2, \"median\": 2, "
	              "\"stddev\": 0.5, \"min\": 1, \"max\": 3, "
	              "\"exit_codes\": [0, null]},\n"
	              "{\"command\": \"c\", \"mean\": 3, \"median\": 3, "
	              "\"stddev\": 0, \"min\": 3, \"max\": 3, "
	              "\"exit_codes\": [0, 1]},\n"
	              "{\"command\": \"d\", \"mean\": 4, \"median\": 4, "
	              "\"stddev\": 0, \"min\": 4, \"max\": 4}\n"
	              "]}\n");

	assert_string_equal(r->format, "hyperfine");
	/* A null exit code (killed by a signal) and a 1 fail; no
	 * exit_codes at all (an older hyperfine) passes.  Without times,
	 * each result's one sample is its median (the default estimator). */
	VALUES(r, "passed", 1, 0, 0, 1);
	VALUES(r, "runtime", 1.25, 2, 3, 4);
	VALUES(r, "runtime_n", 1, 1, 1, 1);
	VALUES(r, "median", 1.25, 2, 3, 4);
	VALUES(r, "stddev", 0, 0.5, 0, 0);
	VALUES(r, "min", 1, 1, 3, 4);
	VALUES(r, "max", 2, 3, 3, 4);
	run_free(r);
}

#define HF_OK \
	"{\"command\": \"a\", \"mean\": 1, \"median\": 1, " \
	"\"stddev\": 0, \"min\": 1, \"max\": 1"
#define HF_TIMES \
	"\"mean\": 2, \"median\": 2, \"stddev\": 1, " \
	"\"min\": 1, \"max\": 3"

/* times are the samples, each with the exit code beside it when there are
 * as many; the runtime is their median. */
static void test_hyperfine_times(void **state)
{
	struct run *r = load_text("t.json", "{\"results\": [\n"
	                                    "{\"command\": \"a\", " HF_TIMES
	                                    ", \"times\": [1, 3, 2], "
	                                    "\"exit_codes\": [0, 0, 1]},\n"
	                                    "{\"command\": \"b\", " HF_TIMES
	                                    ", \"times\": [4, 4], "
	                                    "\"exit_codes\": [0]}]}\n");
	static const unsigned char pass[] = {1, 1, 0, 1, 1};

	VALUES(r, "runtime", 2, 4);
	VALUES(r, "runtime_n", 3, 2);
	VALUES(r, "passed", 0, 1);
	/* b's one exit code pairs with no time: no pass state, taken as
	 * passing. */
	assert_non_null(r->sample_pass);
	assert_memory_equal(r->sample_pass, pass, sizeof pass);
	run_free(r);
	fails("t.json", "{\"results\": [" HF_OK ",\n\"times\": 3}]}", NULL, 2,
	      "result 1: 'times' must be a list");
	fails("t.json",
	      "{\"results\": [" HF_OK ", \"times\": [1,\n"
	      "\"2\"]}]}",
	      NULL, 2, "result 1: a time must be a number");
}

static void test_hyperfine_errors(void **state)
{
	fails("h.json", "{\"results\": [" HF_OK ", \"exit_codes\": 0}]}", NULL,
	      1, "'exit_codes' must be a list");
	fails("h.json", "{\"results\": [" HF_OK "},\n5]}", NULL, 2,
	      "result 2 is not an object");
	fails("h.json", "{\"results\": [" HF_OK "},\n{\"mean\": 1}]}", NULL, 2,
	      "result 2 has no 'command' string");
	fails("h.json", "{\"results\": [{\"command\": \"a\", \"mean\": 1}]}",
	      NULL, 1, "result 1: 'median' must be a number");
	fails("h.json", "{\"results\": 3}", "hyperfine", 1,
	      "'results' must be a list");
	fails("h.json", "{\"results\": []}", "hyperfine", 1, "no results");
}

static void test_hyperfine_odd_types(void **state)
{
	struct run *r = load_text("h.json", "{\"results\": [" HF_OK
	                                    ", \"exit_codes\": [\"0\"]}]}");

	/* An exit code that is no number is no success. */
	VALUES(r, "passed", 0);
	run_free(r);
	fails("h.json", "{\"results\": [{\"command\": 1}]}", "hyperfine", 1,
	      "result 1 has no 'command' string");
	fails("h.json",
	      "{\"results\": [{\"command\": \"a\", \"mean\": 1, "
	      "\"median\": 1, \"min\": 1, \"max\": 1}]}",
	      NULL, 1, "result 1: 'stddev' must be a number");
	fails("h.json", "{}", "hyperfine", 1, "'results' must be a list");
	fails("h.json",
	      "{\"results\": [{\"command\": \"a\", "
	      "\"mean\": \"1\"}]}",
	      NULL, 1, "result 1: 'mean' must be a number");
}

/* Only the members that make a document Google Benchmark's or
 * hyperfine's make it so: else it is plain JSON. */
static void test_json_kind(void **state)
{
	static const char *const texts[] = {
	    "{\"context\": {}, \"cases\": [{\"case\": \"a\"}]}",
	    "{\"results\": 3, \"cases\": [{\"case\": \"a\"}]}",
	    "{\"results\": [], \"cases\": [{\"case\": \"a\"}]}",
	    "{\"results\": [{\"x\": 1}], \"cases\": [{\"case\": \"a\"}]}",
	};

	for (size_t i = 0; i < N(texts); i++) {
		struct run *r = load_text("kind.json", texts[i]);
		assert_string_equal(r->format, "json");
		assert_string_equal(r->case_name[0], "a");
		run_free(r);
	}
}

/* ---- plain JSON ------------------------------------------------------ */

static void test_json_cells(void **state)
{
	struct run *r = load_text(
	    "cells.json",
	    "[{\"case\": \"a\", \"runtime\": 1, \"ok\": true, "
	    "\"note\": null,"
	    " \"list\": [1], \"obj\": {\"x\": 1}, \"s\": \"1.5\"},\n"
	    " {\"case\": \"b\", \"ok\": false, \"runtime\": 2.5, "
	    "\"note\": 1,"
	    " \"list\": [], \"obj\": {}, \"s\": \"x\"},\n"
	    " {\"case\": \"c\", \"runtime\": 3, \"runt\": 4, \"ok\": 1}]\n");

	assert_string_equal(r->format, "json");
	/* b gives its fields in another order, c has a field named like the
	 * start of another and lacks some: each lands in its own column. */
	VALUES(r, "runtime", 1, 2.5, 3);
	VALUES(r, "ok", 1, 0, 1);
	assert_int_equal(run_find(r, "ok")->kind, COL_PASS);
	text_column(r, "note", "null", 1);
	text_column(r, "list", "[...]", 1);
	text_column(r, "obj", "{...}", 1);
	/* A number in quotes is text, shown with its quotes. */
	text_column(r, "s", "\"1.5\"", 1);
	/* runt: only c has it; the first case without it is a. */
	text_column(r, "runt", NULL, 1);
	run_free(r);
}

static void test_json_errors(void **state)
{
	fails("j.json", "{\"runs\": []}", NULL, 1,
	      "no 'cases' list: a JSON run is a list of cases, or an object "
	      "with a 'cases' list");
	fails("j.json", "{\"cases\": 3}", NULL, 1,
	      "'cases' must be a list of cases");
	fails("j.json", "{\"cases\": []}", NULL, 1, "no cases");
	fails("j.json", "[\n1]", NULL, 2,
	      "item 1 is not an object (a case is an object with a 'case' "
	      "name)");
	fails("j.json", "[{\"case\": \"a\"},\n{\"x\": 1}]", NULL, 2,
	      "item 2 has no 'case'");
	fails("j.json", "[{\"case\":\n1}]", NULL, 2, "'case' must be a string");
	/* The earliest second occurrence is reported, whichever name it
	 * has. */
	fails("j.json",
	      "[{\"case\": \"a\"},\n{\"case\": \"a\"},\n"
	      "{\"case\": \"b\"},\n{\"case\": \"b\"}]",
	      NULL, 2,
	      "duplicate case 'a' (first on line 1): give each case once, its "
	      "runtimes as a list in 'samples'");
}

/* ---- YAML -------------------------------------------------------------- */

static void test_yaml_case_kinds(void **state)
{
	fails("k.yaml", "- case: a\n- case: [b]\n", NULL, 2,
	      "'case' must be a name, not a list");
	fails("k.yaml", "- case: a\n- case: {b: 1}\n", NULL, 2,
	      "'case' must be a name, not a mapping");
}

/* ---- CSV --------------------------------------------------------------- */

static void test_csv_lone_cr(void **state)
{
	/* Old Mac line ends, the last at the very end of the file. */
	struct run *r = load_text("cr.csv", "case,runtime\ra,1\r\xc3\xa9,2\r");
	const struct column *c = run_find(r, "runtime");

	assert_string_equal(r->case_name[1], "\xc3\xa9");
	/* é is one column wide. */
	assert_cell(r, c, 0, 1, 2, 3);
	assert_cell(r, c, 1, 2, 3, 3);
	/* Every cell on its case's line: no line is kept per cell. */
	assert_null(c->line);
	run_free(r);
}

/* Columns counted past long names, eight plain bytes at a time, and
 * byte by byte where a name holds é (one column, two bytes), a CR or a
 * line end inside quotes. */
static void test_csv_long_fields(void **state)
{
	struct run *r = load_text(
	    "long.csv",
	    "case,runtime\r\n"
	    "abcdefghijklmnopqrstuvwxyz_0123456789,1\r\n"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9_long_name_\xc3\xbc,2\n"
	    "\"quoted, with a comma and\nan end of line inside\",3\n"
	    "abcdefgh,5\rabcdefghijklmnop,4\n");
	const struct column *c = run_find(r, "runtime");

	assert_cell(r, c, 0, 1, 2, 39);
	assert_cell(r, c, 1, 2, 3, 19);
	assert_cell(r, c, 2, 3, 5, 24);
	assert_cell(r, c, 3, 5, 6, 10);
	assert_cell(r, c, 4, 4, 7, 18);
	/* From the third cell, off its case's line 4, a line per cell is
	 * kept, those before given their cases' (assert_cell above). */
	assert_non_null(c->line);
	run_free(r);
}

/* Rows of a case as samples, the runtime column before the repetition
 * column and no passed column: the samples have no pass states, and both
 * columns go. */
static void test_csv_repeats(void **state)
{
	/* a's rows apart, then one after another (the row before tells
	 * then): samples 2, 4, 6, median 4. */
	struct run *r = load_text("rep.csv", "case,runtime,repetition,x\n"
	                                     "a,2,1,5\nb,1,1,6\na,4,2,5\n"
	                                     "a,6,3,5\n");

	VALUES(r, "runtime", 4, 1);
	VALUES(r, "runtime_n", 3, 1);
	VALUES(r, "x", 5, 6);
	assert_null(r->sample_pass);
	assert_null(run_find(r, "repetition"));
	assert_int_equal(r->sample_off[1], 3);
	assert_true(r->samples[0] == 2 && r->samples[1] == 4 &&
	            r->samples[2] == 6);
	run_free(r);
}

static void test_csv_header_errors(void **state)
{
	char text[600] = "";
	char want[400] = "no 'case' column: the header has ";

	fails("h.csv", "Case,runtime\na,1\n", NULL, 1,
	      "no 'case' column (names are case-sensitive): the header has "
	      "Case, runtime");
	/* Ten names of 50 bytes: five fit in the message, then "...". */
	for (int i = 0; i < 10; i++) {
		char name[64];
		snprintf(name, sizeof name, "%s%.49d", i ? "," : "", i);
		strcat(text, name);
		if (i < 5) {
			strcat(want, name + (i ? 1 : 0));
			strcat(want, ", ");
		}
	}
	strcat(text, "\n");
	strcat(want, "...");
	fails("h.csv", text, NULL, 1, want);
	fails("h.csv", "case,x,x\na,1,2\n", NULL, 1,
	      "duplicate column 'x' (first at line 1, column 6)");
	/* fixprice writes pass_from itself: a file's own is refused in
	 * every reader (they all add columns through the builder). */
	fails("p.csv", "case,runtime,pass_from\na,1,0\n", NULL, 1,
	      "column 'pass_from' is reserved: fixprice records there where "
	      "each case's pass state came from; rename it");
	fails("p.json", "[{\"case\": \"a\", \"pass_from\": 1}]", NULL, 1,
	      "column 'pass_from' is reserved: fixprice records there where "
	      "each case's pass state came from; rename it");
}

static void test_csv_quote_errors(void **state)
{
	fails("q.csv", "case,runtime\n\"a\"x,1\n", NULL, 2,
	      "text after the closing quote of a quoted field");
	fails("q.csv", "case,runtime\na\"b,1\n", NULL, 2,
	      "quote in an unquoted field (quote the whole field and write "
	      "each quote inside as \"\")");
	fails("q.csv", "case,runtime\na,1\n\"b,2\n", NULL, 3,
	      "unterminated quoted field");
}

/* ---- every allocation failing in turn ------------------------------- */

static void test_out_of_memory(void **state)
{
	char csv[2048] = "case";
	char *p;

	sweep_load("oom.json", gbench_forms, NULL, 20);
	sweep_load("oom.json",
	           GB "\n"
	              "{\"name\": \"BM_x\", \"error_occurred\": true},\n"
	              "{\"name\": \"BM_y\", \"real_time\": 1, "
	              "\"cpu_time\": 1}]}\n",
	           NULL, 20);
	sweep_load("oom.json",
	           "{\"results\": [" HF_OK "}, {\"command\": "
	           "\"b\", \"mean\": 1, \"median\": 1, \"stddev\": null, "
	           "\"min\": 1, \"max\": 1, \"exit_codes\": [0]}]}",
	           NULL, 10);
	sweep_load("oom.json",
	           "[{\"case\": \"a\", \"x\": 1, \"ok\": true, "
	           "\"n\": null, \"s\": \"1\", \"w\": \"pass\"},\n"
	           "{\"case\": \"b\", \"ok\": false, \"x\": 2}]",
	           NULL, 10);
	sweep_load("oom.yaml",
	           "- case: a\n  x: 1\n  ok: true\n  s: \"t\"\n"
	           "- case: b\n  x: 2\n  ok: pass\n  s: u\n",
	           NULL, 10);
	/* 20 columns (more than the first 16 cells a row has room for) and
	 * a quoted field longer than the first buffer. */
	for (int i = 0; i < 20; i++)
		sprintf(csv + strlen(csv), ",c%d", i);
	strcat(csv, "\na");
	for (int i = 0; i < 19; i++)
		strcat(csv, ",1");
	p = csv + strlen(csv);
	*p++ = ',', *p++ = '"';
	memset(p, 'x', 300);
	strcpy(p + 300, "\"\nb,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,y\n");
	sweep_load("oom.csv", csv, NULL, 20);
	/* A cell that leaves its case's line after two that did not: the
	 * column starts keeping a line per cell. */
	sweep_load("oom.csv", "case,note,runtime\na,x,1\nb,y,2\nc,\"two\nlines\",3\n",
	           NULL, 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_gbench_forms),
	    cmocka_unit_test(test_gbench_failures),
	    cmocka_unit_test(test_gbench_errors),
	    cmocka_unit_test(test_gbench_odd_types),
	    cmocka_unit_test(test_hyperfine_odd_types),
	    cmocka_unit_test(test_json_kind),
	    cmocka_unit_test(test_hyperfine_exit_codes),
	    cmocka_unit_test(test_hyperfine_times),
	    cmocka_unit_test(test_hyperfine_errors),
	    cmocka_unit_test(test_json_cells),
	    cmocka_unit_test(test_json_errors),
	    cmocka_unit_test(test_yaml_case_kinds),
	    cmocka_unit_test(test_csv_lone_cr),
	    cmocka_unit_test(test_csv_long_fields),
	    cmocka_unit_test(test_csv_repeats),
	    cmocka_unit_test(test_csv_header_errors),
	    cmocka_unit_test(test_csv_quote_errors),
	    cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
