/* test_formats_harness_edges.c: the edge cases of the newer run readers that
 * test_formats_harness.c and test_junit.c leave out (coverage, `make
 * coverage`): Go's benchmark text, Google Benchmark's and hyperfine's CSV,
 * pytest-benchmark's JSON, a JUnit report merged into a run, each with
 * every allocation failing in turn.  Values are worked by hand: times in
 * ns and ms are the number times 1e-9 or 1e-3, as the readers compute
 * them, and the runtime of three samples is the middle one (median). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run/junit_merge.h"
#include "test_alloc_fault.h"
#include "test_formats_util.h"

const char scratch_prefix[] = "test_formats_harness_edges";

/* ---- Go ---------------------------------------------------------------- */

/* Context lines of each form, result lines with and without -N, blanks
 * and CRs around fields, names that start like another, lines that only
 * look like results or failures. */
static const char go_text[] =
    "\n"
    "goos: linux\r\n"
    "goarch:\tamd64  \n"
    "a b: not a key\n"
    "Pkg: not a key either\n"
    "cpu:\n"
    "BenchmarkAB-4\t10\t4 ns/op\t8 B/op\t2.5 x-y/op   \n"
    "BenchmarkAB-4\t10\t2 ns/op\t8 B/op\r\n"
    "BenchmarkAB-4\t10\t3 ns/op\t8 B/op\n"
    "BenchmarkA-2  10  6 ns/op\n"
    "BenchmarkA5  10  1 ns/op\n"
    "Benchmarks are not results\n"
    "--- SKIP: BenchmarkA5\n"
    "--- FAIL: x\n"
    "--- PASS: BenchmarkAB\n"
    "BenchmarkC\n"
    "--- FAIL: BenchmarkC-2\n"
    "ok  \texample.com/x\t0.01s";

static void test_go(void **state)
{
	struct run *r = load_text("go.txt", go_text);

	assert_string_equal(r->format, "go");
	/* BenchmarkA after BenchmarkAB is a case of its own; A5 keeps its
	 * digit (no "-" before it); C has only its failure.  The -N suffix
	 * is cut per line (each benchmark has one GOMAXPROCS value here),
	 * as benchstat cuts it.  A5's "--- SKIP" after its result makes it
	 * no failure: a skip is not one. */
	assert_string_equal(r->case_name[0], "BenchmarkAB");
	assert_string_equal(r->case_name[1], "BenchmarkA");
	assert_string_equal(r->case_name[2], "BenchmarkA5");
	assert_string_equal(r->case_name[3], "BenchmarkC");
	VALUES(r, "passed", 1, 1, 1, 0);
	/* AB: 4, 2 and 3 ns, median 3. */
	VALUES(r, "runtime", 3 * 1e-9, 6 * 1e-9, 1 * 1e-9, NAN);
	VALUES(r, "runtime_n", 3, 1, 1, 0);
	VALUES(r, "B_per_op", 8, NAN, NAN, NAN);
	VALUES(r, "x_y_per_op", 2.5, NAN, NAN, NAN);
	context_is(r, "goos", "linux");
	context_is(r, "goarch", "amd64");
	context_is(r, "cpu", "");
	context_is(r, "a b", NULL);
	context_is(r, "Pkg", NULL);
	/* Several -N values in the file: none in the context. */
	context_is(r, "gomaxprocs", NULL);
	/* The ok line says pass and fail. */
	assert_int_equal(r->pass_source, RUN_PASS_RECORDED);
	run_free(r);
}

/* Per line, as benchstat: one benchmark without its suffix in one line
 * keeps the others' names whole; a benchmark under two GOMAXPROCS values
 * keeps them (A and A-8), and a --- FAIL without one fails each. */
static void test_go_procs(void **state)
{
	struct run *r = load_text("p.txt", "BenchmarkA-8 100 50 ns/op\n"
	                                   "BenchmarkB 100 60 ns/op\n"
	                                   "BenchmarkC-8 100 70 ns/op\n"
	                                   "BenchmarkC 100 80 ns/op\n"
	                                   "--- FAIL: BenchmarkC\n");

	assert_int_equal(r->n, 4);
	assert_string_equal(r->case_name[0], "BenchmarkA");
	assert_string_equal(r->case_name[1], "BenchmarkB");
	assert_string_equal(r->case_name[2], "BenchmarkC-8");
	assert_string_equal(r->case_name[3], "BenchmarkC");
	VALUES(r, "passed", 1, 1, 0, 0);
	run_free(r);
	/* No PASS, FAIL or ok line: the pass states are assumed. */
	r = load_text("p.txt", "BenchmarkA-8 100 50 ns/op\n");
	assert_string_equal(r->case_name[0], "BenchmarkA");
	assert_int_equal(r->pass_source, RUN_PASS_ASSUMED);
	context_is(r, "gomaxprocs", "8");
	run_free(r);
}

static void test_go_errors(void **state)
{
	fails("g.txt", "BenchmarkA 10 inf ns/op\n", NULL, 1,
	      "a value must be a number");
	fails("g.txt", "goos: linux\n", "go", 0,
	      "no benchmarks: no result line ('BenchmarkX N V ns/op') and no "
	      "'--- FAIL: BenchmarkX'");
	/* One benchmark under two configurations is never merged. */
	fails("g.txt",
	      "note: a\nBenchmarkA 10 1 ns/op\nnote: b\n"
	      "BenchmarkA 10 2 ns/op\n",
	      NULL, 4,
	      "'BenchmarkA' has results under two configurations, note: a "
	      "(line 2) and note: b: give --split-by note to price one "
	      "against the other");
}

/* ---- Google Benchmark CSV --------------------------------------------- */

#define GB_HEADER \
	"name,iterations,real_time,cpu_time,time_unit," \
	"bytes_per_second,items_per_second,label,error_occurred," \
	"error_message\n"

static const char gbench_csv[] =
    "2026-11-30T15:41:04+00:00\r\n"
    "Running ./bench\n"
    "Run on (2 X 2596.12 MHz CPU s)\n"
    "CPU Caches:\n"
    "  L1 Data 48 KiB (x2)\n"
    "\tL2 Unified 1024 KiB (x2)\n"
    "Load Average: 1.88, 0.98, 0.42\n"
    "***WARNING*** Library was built as DEBUG. Timings may be affected.\n"
    "***WARNING*** CPU scaling is enabled, the benchmark real time "
    "measurements may be noisy.\n"
    "Run on (many CPUs)\n"
    "\n" GB_HEADER "\"BM_a/8\",100,1,0.5,s,,,,,\n"
    "\"BM_a/8\",100,3,1.5,s,,,,,\n"
    "\"BM_a/8\",100,2,1,s,,,,,\n"
    "\"BM_a/8_mean\",3,99,99,s,,,,,\n"
    "\"BM_err\",,,,,,,,true,\"wrong result\"\n"
    "\"BM_agg_mean\",3,2.5,2,ms,,,,,\n"
    "\"BM_agg_stddev\",3,0.5,0.25,ms,,,,,\n"
    "\"_mean\",1,1,1,s,,,,,\n";

static void test_gbench_csv(void **state)
{
	struct run_opts cpu = {.cpu_time = true};
	struct run *r = load_text("gb.csv", gbench_csv);

	assert_string_equal(r->format, "gbench-csv");
	/* BM_a/8's mean row is ignored (it has iterations); BM_agg has
	 * only aggregates; "_mean" is too short to be one. */
	assert_string_equal(r->case_name[0], "BM_a/8");
	assert_string_equal(r->case_name[1], "BM_err");
	assert_string_equal(r->case_name[2], "BM_agg");
	assert_string_equal(r->case_name[3], "_mean");
	VALUES(r, "runtime", 2, NAN, 2.5 * 1e-3, 1);
	VALUES(r, "passed", 1, 0, 1, 1);
	/* cpu_time: the mean of 0.5, 1.5 and 1; the mean aggregate's. */
	VALUES(r, "cpu_time", 1, NAN, 2 * 1e-3, 1);
	/* The mean aggregate's iterations are its repetitions. */
	VALUES(r, "repetitions", 3, 1, 3, 1);
	/* sqrt(((1 - 2)^2 + (3 - 2)^2 + 0) / 2) = 1. */
	VALUES(r, "real_time_stddev", 1, NAN, 0.5 * 1e-3, 0);
	context_is(r, "date", "2026-11-30T15:41:04+00:00");
	context_is(r, "executable", "./bench");
	context_is(r, "num_cpus", "2");
	context_is(r, "mhz_per_cpu", "2596.12");
	context_is(r, "caches",
	           "L1 Data 48 KiB (x2), L2 Unified 1024 KiB "
	           "(x2)");
	context_is(r, "load_avg", "1.88, 0.98, 0.42");
	context_is(r, "library_build_type", "debug");
	context_is(r, "cpu_scaling_enabled", "true");
	run_free(r);
	/* Samples of cpu_time: the middle of 0.5, 1.5, 1; real_time the
	 * mean of the real times. */
	r = load_opts("gb.csv", gbench_csv, &cpu);
	VALUES(r, "runtime", 1, NAN, 2 * 1e-3, 1);
	VALUES(r, "real_time", 2, NAN, 2.5 * 1e-3, 1);
	run_free(r);
}

static void test_gbench_csv_errors(void **state)
{
	fails("e.csv",
	      "name,iterations,real_time,cpu_time,time_unit\n"
	      "BM,1,1,1,s\n",
	      NULL, 1, "no 'error_occurred' column in the header");
	fails("e.csv", GB_HEADER "BM,x,1,1,s,,,,,\n", NULL, 2,
	      "not a number: 'x'");
	fails("e.csv", GB_HEADER "BM,1,1,y,s,,,,,\n", NULL, 2,
	      "not a number: 'y'");
	fails("e.csv", GB_HEADER "BM\n", NULL, 2,
	      "row has 1 cell, the header has 10");
	fails("e.csv", GB_HEADER, NULL, 0,
	      "no benchmarks: the file has a header row and no data rows");
	fails("e.csv", "name,iterations\n", "gbench-csv", 0,
	      "no header line starting with 'name,iterations,real_time,"
	      "cpu_time,time_unit'");
}

/* ---- hyperfine CSV ----------------------------------------------------- */

static const char hyperfine_csv[] =
    "command,mean,stddev,median,user,system,min,max,parameter_n\n"
    "sleep 0.1,0.25,0.5,0.125,0,0,0.0625,0.5,1\n"
    "sleep 0.2,0.5,,0.375,0,0,0.25,1,2\n";

static void test_hyperfine_csv(void **state)
{
	struct run_opts mean = {.estimator = RUN_MEAN};
	struct run_opts min = {.estimator = RUN_MIN};
	struct run *r = load_text("h.csv", hyperfine_csv);
	const struct column *c;

	assert_string_equal(r->format, "hyperfine-csv");
	/* A parameter scan: the value is part of the name. */
	assert_string_equal(r->case_name[1], "sleep 0.2 (n=2)");
	/* One sample a case, the estimator's statistic. */
	VALUES(r, "runtime", 0.125, 0.375);
	VALUES(r, "runtime_n", 1, 1);
	VALUES(r, "passed", 1, 1);
	VALUES(r, "parameter_n", 1, 2);
	/* An empty cell is text. */
	c = run_find(r, "stddev");
	assert_int_equal(c->kind, COL_TEXT);
	assert_int_equal(c->bad_line, 3);
	run_free(r);
	r = load_opts("h.csv", hyperfine_csv, &mean);
	VALUES(r, "runtime", 0.25, 0.5);
	run_free(r);
	r = load_opts("h.csv", hyperfine_csv, &min);
	VALUES(r, "runtime", 0.0625, 0.25);
	run_free(r);
}

#define HF_HEADER "command,mean,stddev,median,"

static void test_hyperfine_csv_errors(void **state)
{
	struct run_opts min = {.estimator = RUN_MIN};
	const char *path;
	struct run *r = NULL;
	struct diag d = {0};

	fails("h.csv", HF_HEADER "mean\nx,1,0,1,1\n", NULL, 1,
	      "duplicate column 'mean'");
	fails("h.csv", HF_HEADER "max\nx\n", NULL, 2,
	      "row has 1 cell, the header has 5");
	fails("h.csv", HF_HEADER "max\nx,1,0,1\n", NULL, 2,
	      "row has 4 cells, the header has 5");
	fails("h.csv", HF_HEADER "max\nx,1,0,inf,1\n", NULL, 2,
	      "'inf' is not a number");
	fails("h.csv", HF_HEADER "max\n", NULL, 0,
	      "no results: the file has no data rows");
	path = scratch("h.csv", HF_HEADER "max\nx,1,0,1,1\n",
	               strlen(HF_HEADER "max\nx,1,0,1,1\n"));
	assert_int_equal(run_load(path, &min, &r, &d), FP_ERR);
	unlink(path);
	assert_null(r);
	assert_string_equal(d.msg, "no 'min' column in the header");
}

/* ---- pytest-benchmark -------------------------------------------------- */

static const char pytest_json[] =
    "{\"machine_info\": {\"node\": \"n\", \"cpu\": {\"count\": 2, "
    "\"flags\": [\"sse\", 4, true, false, null], \"l\": [[1], 2], "
    "\"ht\": true, \"turbo\": false, \"x\": null}},\n"
    " \"commit_info\": {\"id\": \"abc\", \"dirty\": false},\n"
    " \"benchmarks\": [\n"
    "  {\"fullname\": \"t.py::test_a\", \"stats\": {\"rounds\": 3, "
    "\"data\": [0.25, 1, 0.5], \"median\": 99}},\n"
    "  {\"fullname\": \"t.py::test_b\", \"stats\": {\"rounds\": 2, "
    "\"median\": 0.125, \"mean\": 0.25, \"min\": 0.0625}}\n"
    " ],\n"
    " \"datetime\": \"2026-11-30T15:41:04\", \"version\": \"4.0.0\"}\n";

static void test_pytest(void **state)
{
	struct run_opts min = {.estimator = RUN_MIN};
	struct run *r = load_text("p.json", pytest_json);

	assert_string_equal(r->format, "pytest-benchmark");
	/* test_a: its data (the median 99 is not read); test_b: its
	 * median. */
	VALUES(r, "runtime", 0.5, 0.125);
	VALUES(r, "runtime_n", 3, 1);
	VALUES(r, "rounds", 3, 2);
	VALUES(r, "passed", 1, 1);
	context_is(r, "machine_info.node", "n");
	context_is(r, "machine_info.cpu.count", "2");
	context_is(r, "machine_info.cpu.flags", "sse, 4, true, false, ");
	context_is(r, "machine_info.cpu.l", "2 items");
	context_is(r, "machine_info.cpu.ht", "true");
	context_is(r, "machine_info.cpu.turbo", "false");
	context_is(r, "machine_info.cpu.x", "");
	context_is(r, "commit_info.id", "abc");
	context_is(r, "commit_info.dirty", "false");
	context_is(r, "datetime", "2026-11-30T15:41:04");
	context_is(r, "version", "4.0.0");
	run_free(r);
	r = load_opts("p.json", pytest_json, &min);
	VALUES(r, "runtime", 0.25, 0.0625);
	run_free(r);
}

#define PY "{\"machine_info\": {}, \"benchmarks\": [\n"
#define PY_A "{\"fullname\": \"a\", \"stats\":\n"

static void test_pytest_errors(void **state)
{
	fails("p.json", "{\"machine_info\": {},\n\"benchmarks\": 3}",
	      "pytest-benchmark", 2, "'benchmarks' must be a list");
	fails("p.json", "{\"machine_info\": {},\n\"benchmarks\": []}",
	      "pytest-benchmark", 2, "no benchmarks");
	fails("p.json", PY "1]}", NULL, 2, "benchmark 1: not an object");
	fails("p.json", PY "{\"fullname\":\n1}]}", NULL, 3,
	      "benchmark 1: no 'fullname' string");
	fails("p.json", PY "{\"fullname\": \"a\"}]}", NULL, 2,
	      "benchmark 1: no 'stats' object");
	fails("p.json", PY PY_A "{\"rounds\": \"3\"}}]}", NULL, 3,
	      "benchmark 1: 'rounds' must be a number");
	fails("p.json", PY PY_A "{\"rounds\": 1, \"data\": 3}}]}", NULL, 3,
	      "benchmark 1: 'data' must be a list");
	fails("p.json", PY PY_A "{\"rounds\": 1, \"data\": [1, \"2\"]}}]}",
	      NULL, 3, "benchmark 1: a sample in 'data' must be a number");
	/* The statistic that is no number, or the stats without it. */
	fails("p.json", PY PY_A "{\"rounds\": 1,\n\"median\": \"1\"}}]}", NULL,
	      4, "benchmark 1: no 'data', and 'median' is not a number");
	fails("p.json", PY PY_A "{\"rounds\": 1}}]}", NULL, 3,
	      "benchmark 1: no 'data', and 'median' is not a number");
}

/* ---- a JUnit report merged into a run ------------------------------- */

/* pytest-benchmark's run: a case matched in pytest's form, one by its
 * bare name, one whose bare name two tests share (so none matches). */
static const char merge_run[] =
    "{\"machine_info\": {}, \"benchmarks\": [\n"
    "{\"fullname\": \"dir/test_x.py::TestC::test_m[p]\", "
    "\"stats\": {\"rounds\": 1, \"data\": [1]}},\n"
    "{\"fullname\": \"spin\", \"stats\": {\"rounds\": 1, \"data\": [2]}},\n"
    "{\"fullname\": \"dup\", \"stats\": {\"rounds\": 1, \"data\": [3]}}\n"
    "]}\n";

/* Sixteen passing tests first, so that the list of tests grows. */
#define PASSING "<testcase classname=\"f\" name=\"t\"/>"
#define PASSING4 PASSING PASSING PASSING PASSING
static const char merge_report[] =
    "<testsuites><testsuite>\n" PASSING4 PASSING4 PASSING4 PASSING4 "\n"
    "<testcase classname=\"dir.test_x.TestC\" name=\"test_m[p]\">"
    "<failure/></testcase>\n"
    "<testcase classname=\"x\" name=\"spin\"/>\n"
    "<testcase classname=\"a\" name=\"dup\"/>\n"
    "<testcase classname=\"b\" name=\"dup\"><error/></testcase>\n"
    "<testcase classname=\"dir.test_x.TestC\" name=\"test_gone\">"
    "<failure/></testcase>\n"
    "<testcase classname=\"pkg.mod\" name=\"t\"><failure/></testcase>\n"
    "<testcase name=\"lone\"><skipped/></testcase>\n"
    "<testcase name=\"boom\"><error/></testcase>\n"
    "</testsuite></testsuites>\n";

struct merge_arg {
	const char *run_path, *report_path;
	const struct run *want; /* the merged run with no failure */
};

/* Loads the run and the report and merges them, failing tests added;
 * the merged run into *out (NULL on failure). */
static int load_merge(const struct merge_arg *a, struct run **out,
                      struct junit_merged *m, struct diag *d)
{
	struct junit_report *rep = NULL;
	int rc = FP_ERR;

	*out = NULL;
	if (run_load(a->run_path, NULL, out, d) == FP_OK &&
	    junit_load(a->report_path, &rep, d) == FP_OK)
		rc = junit_merge(*out, rep, true, m, d);
	junit_free(rep);
	if (rc != FP_OK) {
		run_free(*out);
		*out = NULL;
	}
	return rc;
}

static int merge_and_free(void *arg, struct diag *d)
{
	const struct merge_arg *a = arg;
	struct junit_merged m;
	struct run *r;
	int rc = load_merge(a, &r, &m, d);

	if (rc == FP_OK)
		same_run(r, a->want);
	run_free(r);
	return rc;
}

static void test_junit_merge(void **state)
{
	char run_path[512];
	struct merge_arg a = {run_path, NULL, NULL};
	struct junit_merged m;
	struct junit_report *rep = NULL;
	struct run *r;
	struct diag d = {0};

	snprintf(run_path, sizeof run_path, "%s",
	         scratch("run.json", merge_run, strlen(merge_run)));
	a.report_path =
	    scratch("report.xml", merge_report, strlen(merge_report));
	assert_int_equal(load_merge(&a, &r, &m, &d), FP_OK);
	assert_int_equal(m.matched, 2);
	assert_int_equal(m.failed, 1);
	/* The failing tests no case matched, by pytest's node id where the
	 * test has a class: its module where a case names it, else the
	 * whole class name as a module path. */
	assert_int_equal(m.added, 4);
	assert_int_equal(r->n, 7);
	assert_string_equal(r->case_name[3], "b.py::dup");
	assert_string_equal(r->case_name[4], "dir/test_x.py::TestC::test_gone");
	assert_string_equal(r->case_name[5], "pkg/mod.py::t");
	assert_string_equal(r->case_name[6], "boom");
	VALUES(r, "passed", 0, 1, 1, 0, 0, 0, 0);
	VALUES(r, "runtime", 1, 2, 3, NAN, NAN, NAN, NAN);
	VALUES(r, "has_runtime", 1, 1, 1, 0, 0, 0, 0);
	VALUES(r, "rounds", 1, 1, 1, NAN, NAN, NAN, NAN);
	assert_int_equal(run_sample_count(r, 6), 0);
	a.want = r;
	alloc_sweep(merge_and_free, &a);
	run_free(r);
	unlink(run_path);
	unlink(a.report_path);
	junit_free(NULL);
	d = (struct diag){0};
	assert_int_equal(junit_load(TMP_DIR "no-such-report.xml", &rep, &d),
	                 FP_ERR);
	assert_null(rep);
}

/* ---- every allocation failing in turn ------------------------------- */

static void test_out_of_memory(void **state)
{
	struct run_opts cpu = {.cpu_time = true};

	sweep_load("oom.txt", go_text, NULL, 20);
	sweep_load("oom.csv", gbench_csv, NULL, 20);
	sweep_load("oom.csv", gbench_csv, &cpu, 20);
	sweep_load("oom.csv", hyperfine_csv, NULL, 20);
	sweep_load("oom.json", pytest_json, NULL, 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_go),
	    cmocka_unit_test(test_go_procs),
	    cmocka_unit_test(test_go_errors),
	    cmocka_unit_test(test_gbench_csv),
	    cmocka_unit_test(test_gbench_csv_errors),
	    cmocka_unit_test(test_hyperfine_csv),
	    cmocka_unit_test(test_hyperfine_csv_errors),
	    cmocka_unit_test(test_pytest),
	    cmocka_unit_test(test_pytest_errors),
	    cmocka_unit_test(test_junit_merge),
	    cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
