/* test_formats_harness.c: the readers of real harness outputs, on the files in
 * tests/data/harness/ (made by running each tool; see its README.md).
 * Every expected value below was read off the file by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "run/context.h"
#include "run/estimate.h"
#include "run/run.h"
#include "test_run_util.h"

const char scratch_prefix[] = "test_formats_harness";

#define H TEST_SRCDIR "/tests/data/harness/"

static void assert_close(double got, double want)
{
	if (!(fabs(got - want) <= 1e-12 * fabs(want)))
		fail_msg("%.17g is not %.17g", got, want);
}

static struct run *load_est(const char *path, const char *format,
                            enum run_estimator e, bool cpu)
{
	struct run_opts o = {.format = format, .estimator = e, .cpu_time = cpu};
	struct run *r = NULL;
	struct diag d = {0};

	if (run_load(path, &o, &r, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	return r;
}

static double cell(const struct run *r, const char *col, size_t i)
{
	const struct column *c = run_find(r, col);

	if (!c || !c->v)
		fail_msg("no numeric column '%s'", col);
	return c->v[i];
}

/* Case i is called name, has n samples, and passed as given. */
static void assert_case(const struct run *r, size_t i, const char *name,
                        size_t n, double passed)
{
	assert_string_equal(r->case_name[i], name);
	assert_int_equal(run_sample_count(r, i), n);
	assert_true(cell(r, "runtime_n", i) == (double)n);
	assert_true(cell(r, "passed", i) == passed);
	assert_true(cell(r, "has_runtime", i) == (n > 0));
	if (n == 0)
		assert_true(isnan(cell(r, "runtime", i)));
}

/* Case i is called name and failed in every one of its n repetitions:
 * n failing samples without a time (NaN), so no runtime. */
static void assert_failed_case(const struct run *r, size_t i, const char *name,
                               size_t n)
{
	assert_string_equal(r->case_name[i], name);
	assert_int_equal(run_sample_count(r, i), n);
	for (size_t k = 0; k < n; k++) {
		assert_true(isnan(r->samples[r->sample_off[i] + k]));
		assert_false(r->sample_pass[r->sample_off[i] + k]);
	}
	assert_true(cell(r, "runtime_n", i) == 0);
	assert_true(cell(r, "passed", i) == 0);
	assert_true(cell(r, "has_runtime", i) == 0);
	assert_true(isnan(cell(r, "runtime", i)));
}

/* The first four cases of Google Benchmark's before run, in either
 * format: three repetitions each, BM_err's three errored. */
static void assert_gbench_names(const struct run *r)
{
	assert_int_equal(r->n, 7);
	assert_case(r, 0, "BM_x/64", 3, 1);
	assert_case(r, 1, "BM_t<int>/4096", 3, 1);
	assert_case(r, 2, "BM_h/threads:2", 3, 1);
	assert_failed_case(r, 3, "BM_err", 3);
}

static const double *samples(const struct run *r, size_t i)
{
	return r->samples + r->sample_off[i];
}

/* gbench/before-reps.json (3 repetitions).  BM_x/64's real_time:
 * 16.41528847941974, 16.4972672205812, 16.44732872258537 ns: median the third, mean
 * 49.35988442258631 / 3 = 16.453294807528767, min the first, max the
 * second, sd 0.04131372807879149 ns.  BM_err: three entries with
 * error_occurred, so no samples.  BM_us's median 0.7184683519965802 us,
 * BM_s's 0.0005403711851849275 s. */
static void test_gbench_reps(void **state)
{
	struct run *r =
	    load_est(H "gbench/before-reps.json", NULL, RUN_MEDIAN, false);
	const double *x;

	assert_string_equal(r->format, "gbench");
	assert_string_equal(r->estimator, "median");
	assert_gbench_names(r);
	assert_case(r, 4, "BM_us", 3, 1);
	assert_case(r, 5, "BM_ms", 3, 1);
	assert_case(r, 6, "BM_s", 3, 1);
	assert_int_equal(r->case_line[0], 39);
	x = samples(r, 0);
	assert_close(x[0], 16.41528847941974e-9);
	assert_close(x[1], 16.4972672205812e-9);
	assert_close(x[2], 16.44732872258537e-9);
	assert_close(cell(r, "runtime", 0), 16.44732872258537e-9);
	assert_close(cell(r, "runtime_min", 0), 16.41528847941974e-9);
	assert_close(cell(r, "runtime_max", 0), 16.4972672205812e-9);
	assert_close(cell(r, "runtime_sd", 0), 0.04131372807879149e-9);
	assert_true(cell(r, "repetitions", 3) == 3);
	assert_close(cell(r, "runtime", 4), 0.7184683519965802e-6);
	assert_true(cell(r, "runtime", 6) == 0.0005403711851849275);
	assert_int_equal(run_estimate(r, RUN_MEAN, NULL), FP_OK);
	assert_close(cell(r, "runtime", 0), 16.453294807528767e-9);
	assert_true(isnan(cell(r, "runtime", 3)));
	assert_int_equal(run_estimate(r, RUN_MIN, NULL), FP_OK);
	assert_close(cell(r, "runtime", 0), 16.41528847941974e-9);
	assert_string_equal(r->estimator, "min");
	run_free(r);
}

/* cpu_time on request: BM_x/64's cpu_time 16.388263553657634,
 * 16.435333503527666, 16.282904753063505 ns: median the first; the
 * real_time column then holds the mean real time. */
static void test_gbench_cpu(void **state)
{
	struct run *r =
	    load_est(H "gbench/before-reps.json", NULL, RUN_MEDIAN, true);

	assert_close(cell(r, "runtime", 0), 16.388263553657634e-9);
	assert_close(cell(r, "real_time", 0), 16.453294807528767e-9);
	assert_null(run_find(r, "cpu_time"));
	run_free(r);
}

/* Without repetitions one sample each (BM_x/64 16.097659378471924 ns);
 * aggregates only: the median aggregate (BM_ms 5.0673727272706776e-02 ms,
 * not the mean 0.050671300606002966 ms; stddev 7.876258750414152e-05 ms),
 * and the run says so; after the fix BM_err passes, median
 * of 55.488944620949894, 55.641808923699585, 55.44632963017404 ns. */
static void test_gbench_forms(void **state)
{
	struct run *r =
	    load_est(H "gbench/before.json", NULL, RUN_MEDIAN, false);

	assert_case(r, 0, "BM_x/64", 1, 1);
	assert_failed_case(r, 3, "BM_err", 1);
	assert_close(cell(r, "runtime", 0), 16.097659378471924e-9);
	run_free(r);
	r = load_est(H "gbench/before-aggr.json", NULL, RUN_MEDIAN, false);
	assert_case(r, 5, "BM_ms", 1, 1);
	assert_failed_case(r, 3, "BM_err", 3);
	assert_close(cell(r, "runtime", 5), 5.0673727272706776e-2 * 1e-3);
	assert_string_equal(r->aggregate, "median");
	assert_string_equal(r->aggregate_of, "repetitions");
	assert_int_equal(r->pass_source, RUN_PASS_RECORDED);
	assert_close(cell(r, "real_time_stddev", 5), 7.876258750414152e-08);
	assert_true(cell(r, "repetitions", 5) == 3);
	run_free(r);
	r = load_est(H "gbench/after-reps.json", NULL, RUN_MEDIAN, false);
	assert_case(r, 3, "BM_err", 3, 1);
	assert_close(cell(r, "runtime", 3), 55.488944620949894e-9);
	run_free(r);
}

/* catch2/bench-before.xml: spin/spin 64 (mean 20.2939 ns of 20 samples,
 * stddev in the file), spin/spin 256, check result/check (failed: it
 * threw; no runtime, though its test case's OverallResult is true). */
static void test_catch2(void **state)
{
	struct run *r =
	    load_est(H "catch2/bench-before.xml", NULL, RUN_MEDIAN, false);

	assert_string_equal(r->format, "catch2");
	assert_int_equal(r->n, 3);
	assert_case(r, 0, "spin/spin 64", 1, 1);
	assert_case(r, 1, "spin/spin 256", 1, 1);
	assert_case(r, 2, "check result/check", 0, 0);
	assert_close(cell(r, "runtime", 0), 20.2939e-9);
	assert_true(cell(r, "samples", 0) == 20);
	assert_string_equal(r->aggregate, "mean");
	assert_string_equal(r->aggregate_of, "samples");
	assert_int_equal(r->pass_source, RUN_PASS_RECORDED);
	run_free(r);
}

/* The context, caches summarised; a debug build is unreliable. */
static void test_gbench_context(void **state)
{
	struct run *r =
	    load_est(H "gbench/before-reps.json", NULL, RUN_MEDIAN, false);
	const char **keys;
	size_t n;

	assert_string_equal(run_context_get(r, "host_name"), "vm");
	assert_string_equal(run_context_get(r, "num_cpus"), "2");
	assert_string_equal(run_context_get(r, "mhz_per_cpu"), "2596");
	assert_string_equal(run_context_get(r, "cpu_scaling_enabled"), "false");
	assert_string_equal(run_context_get(r, "library_build_type"), "debug");
	assert_string_equal(run_context_get(r, "caches"),
	                    "L1 Data 48 KiB, L1 Instruction 32 KiB, L2 Unified "
	                    "1024 KiB, L3 Unified 32768 KiB (shared by 2)");
	assert_int_equal(run_context_unreliable(r, &keys, &n, NULL), FP_OK);
	assert_int_equal(n, 1);
	assert_string_equal(keys[0], "library_build_type");
	free(keys);
	run_free(r);
}

/* gbench/before-reps.csv: rows 12-14 are BM_x/64's repetitions (16.2559,
 * 17.9793, 16.3556 ns: median 16.3556), 15-18 its aggregates; BM_err's
 * rows 33-35 have error_occurred true; BM_us's 0.53415, 0.536238,
 * 0.529378 us: median 0.53415. */
static void test_gbench_csv(void **state)
{
	struct run *r =
	    load_est(H "gbench/before-reps.csv", NULL, RUN_MEDIAN, false);

	assert_string_equal(r->format, "gbench-csv");
	assert_gbench_names(r);
	assert_int_equal(r->case_line[0], 12);
	assert_int_equal(r->case_line[3], 33);
	assert_close(samples(r, 0)[1], 17.9793e-9);
	assert_close(cell(r, "runtime", 0), 16.3556e-9);
	assert_close(cell(r, "runtime", 4), 0.53415e-6);
	assert_string_equal(run_context_get(r, "library_build_type"), "debug");
	assert_string_equal(run_context_get(r, "num_cpus"), "2");
	assert_string_equal(run_context_get(r, "mhz_per_cpu"), "2596.12");
	run_free(r);
	r = load_est(H "gbench/after.csv", NULL, RUN_MEDIAN, false);
	assert_case(r, 3, "BM_err", 1, 1);
	run_free(r);
}

/* hyperfine/before.json: "check" exited 1 three times (times
 * 0.000743329, 0.0007601740000000001, 0.000690301: median the first); it
 * was timed, so it has samples, each failing, and fails. */
static void test_hyperfine(void **state)
{
	struct run *r =
	    load_est(H "hyperfine/before.json", NULL, RUN_MEDIAN, false);
	size_t k = r->sample_off[1];

	assert_case(r, 0, "sleep", 3, 1);
	assert_case(r, 1, "check", 3, 0);
	assert_case(r, 2, "true", 3, 1);
	assert_true(cell(r, "runtime", 1) == 0.000743329);
	assert_true(cell(r, "runtime", 0) == 0.011004301000000001);
	assert_non_null(r->sample_pass);
	assert_true(r->sample_pass[0] == 1);
	assert_true(r->sample_pass[k] == 0 && r->sample_pass[k + 2] == 0);
	run_free(r);
	r = load_est(H "hyperfine/after.json", NULL, RUN_MEDIAN, false);
	assert_case(r, 1, "check", 3, 1);
	run_free(r);
}

/* hyperfine/before.csv: one sample, the estimator's statistic: sleep's
 * median 0.011004301000000001, mean 0.010991678999999999, min
 * 0.010965904.  No exit codes: "check" passes here. */
static void test_hyperfine_csv(void **state)
{
	static const double want[] = {0.011004301000000001,
	                              0.010991678999999999, 0.010965904};

	for (int e = RUN_MEDIAN; e <= RUN_MIN; e++) {
		struct run *r = load_est(H "hyperfine/before.csv", NULL,
		                         (enum run_estimator)e, false);
		assert_string_equal(r->format, "hyperfine-csv");
		/* No exit codes in the export: assumed, and said. */
		assert_int_equal(r->pass_source, RUN_PASS_ASSUMED);
		assert_string_equal(r->aggregate,
		                    run_estimator_name((enum run_estimator)e));
		assert_case(r, 0, "sleep", 1, 1);
		assert_case(r, 1, "check", 1, 1);
		assert_true(cell(r, "runtime", 0) == want[e]);
		assert_true(cell(r, "user", 2) == 0.000354);
		run_free(r);
	}
}

/* pytest/before.json: test_raises (its timed function raised) is not in
 * it; test_fails_after is, like a passing test.  test_sum's data:
 * 4.1892000012921926e-05, 4.120199997714735e-05, 4.268399999318717e-05:
 * median the first.  before-saved.json has no data: one sample, the
 * median 4.2634000010366435e-05 (mean 4.229666668228068e-05). */
static void test_pytest(void **state)
{
	struct run *r =
	    load_est(H "pytest/before.json", NULL, RUN_MEDIAN, false);

	assert_string_equal(r->format, "pytest-benchmark");
	assert_int_equal(r->pass_source, RUN_PASS_ASSUMED);
	assert_null(r->aggregate); /* stats.data: samples */
	assert_int_equal(r->n, 2);
	assert_case(r, 0, "test_bench.py::test_sum", 3, 1);
	assert_case(r, 1, "test_bench.py::test_fails_after", 3, 1);
	assert_true(samples(r, 0)[1] == 4.120199997714735e-05);
	assert_true(cell(r, "runtime", 0) == 4.1892000012921926e-05);
	assert_true(cell(r, "rounds", 0) == 3);
	assert_string_equal(run_context_get(r, "machine_info.cpu.brand"),
	                    "AMD EPYC");
	assert_string_equal(run_context_get(r, "commit_info.dirty"), "false");
	assert_string_equal(run_context_get(r, "version"), "3.2.2");
	run_free(r);
	r = load_est(H "pytest/before-saved.json", NULL, RUN_MEDIAN, false);
	assert_case(r, 0, "test_bench.py::test_sum", 1, 1);
	assert_true(cell(r, "runtime", 0) == 4.2634000010366435e-05);
	run_free(r);
	r = load_est(H "pytest/before-saved.json", NULL, RUN_MEAN, false);
	assert_true(cell(r, "runtime", 0) == 4.229666668228068e-05);
	run_free(r);
	r = load_est(H "pytest/after.json", NULL, RUN_MEDIAN, false);
	assert_int_equal(r->n, 3);
	assert_case(r, 1, "test_bench.py::test_raises", 3, 1);
	run_free(r);
}

/* go/before.txt: BenchmarkSpin-2's lines 6-10, 263.5 188.9 261.0 208.3
 * 191.4 ns/op: median 208.3 ns, sd 36.94924897748261 ns;
 * BenchmarkAlloc 64 B/op, 1 allocs/op, 64 bytes/item in each line;
 * BenchmarkCheck (--- FAIL, line 22) has no result line: failing, no
 * runtime.  BenchmarkSkip (--- SKIP, line 19) is no case: not priced. */
static void test_go(void **state)
{
	struct run *r = load_est(H "go/before.txt", NULL, RUN_MEDIAN, false);

	assert_string_equal(r->format, "go");
	assert_int_equal(r->n, 3);
	assert_case(r, 0, "BenchmarkSpin", 5, 1);
	assert_case(r, 1, "BenchmarkAlloc", 5, 1);
	assert_case(r, 2, "BenchmarkCheck", 0, 0);
	assert_int_equal(r->case_line[0], 6);
	assert_int_equal(r->case_line[2], 22);
	assert_int_equal(r->nunpriced, 1);
	assert_string_equal(r->unpriced[0],
	                    "BenchmarkSkip: skipped (--- SKIP)");
	assert_int_equal(r->pass_source, RUN_PASS_RECORDED);
	assert_close(samples(r, 0)[0], 263.5e-9);
	assert_close(cell(r, "runtime", 0), 208.3e-9);
	assert_close(cell(r, "runtime_sd", 0), 36.94924897748261e-9);
	assert_true(cell(r, "B_per_op", 1) == 64);
	assert_true(cell(r, "allocs_per_op", 1) == 1);
	assert_true(cell(r, "bytes_per_item", 1) == 64);
	assert_true(isnan(cell(r, "bytes_per_item", 0)));
	assert_string_equal(run_context_get(r, "gomaxprocs"), "2");
	assert_string_equal(run_context_get(r, "goos"), "linux");
	assert_string_equal(run_context_get(r, "pkg"), "example.com/harness");
	assert_string_equal(run_context_get(r, "cpu"), "AMD EPYC");
	run_free(r);
	r = load_est(H "go/after.txt", NULL, RUN_MEDIAN, false);
	assert_case(r, 2, "BenchmarkCheck", 5, 1);
	assert_int_equal(r->n, 3);
	run_free(r);
}

/* go/multi-before-v.txt (go test -v ./... over two packages): each
 * package's BenchmarkGet is a case named by its package; BenchmarkSize
 * (sizes only) and BenchmarkBuild (build-real-ns/op only) have no time,
 * and BenchmarkSkip is skipped: not priced.  go/procs-before.txt: Spin
 * under GOMAXPROCS 2 (-2), Alloc under 1 (no suffix), each one case
 * without its suffix.  go/grep-after.txt keeps no PASS, FAIL or ok line;
 * go/units.txt starts with benchstat's lines and has no ns/op. */
static void test_go_packages(void **state)
{
	struct run *r =
	    load_est(H "go/multi-before-v.txt", NULL, RUN_MEDIAN, false);

	assert_int_equal(r->n, 3);
	assert_case(r, 0, "example.com/multi/cache.BenchmarkGet", 3, 1);
	assert_case(r, 1, "example.com/multi/csrf.BenchmarkGet", 3, 1);
	assert_case(r, 2, "BenchmarkToken", 0, 0);
	assert_int_equal(r->nunpriced, 3);
	assert_string_equal(r->unpriced[0],
	                    "BenchmarkSize: no ns/op, only B/op, allocs/op");
	assert_string_equal(r->unpriced[1],
	                    "BenchmarkBuild: no ns/op, only "
	                    "build-real-ns/op, B/op, allocs/op");
	assert_string_equal(r->unpriced[2],
	                    "BenchmarkSkip: skipped (--- SKIP)");
	assert_int_equal(r->pass_source, RUN_PASS_RECORDED);
	run_free(r);
	r = load_est(H "go/procs-before.txt", NULL, RUN_MEDIAN, false);
	assert_int_equal(r->n, 2);
	assert_case(r, 0, "BenchmarkSpin", 3, 1);
	assert_case(r, 1, "BenchmarkAlloc", 3, 1);
	assert_null(run_context_get(r, "gomaxprocs"));
	run_free(r);
	r = load_est(H "go/grep-after.txt", NULL, RUN_MEDIAN, false);
	assert_int_equal(r->n, 3);
	assert_int_equal(r->pass_source, RUN_PASS_ASSUMED);
	run_free(r);
	r = load_est(H "go/after-json.json", NULL, RUN_MEDIAN, false);
	assert_int_equal(r->n, 3);
	assert_int_equal(r->pass_source, RUN_PASS_RECORDED);
	assert_string_equal(r->unpriced[0],
	                    "BenchmarkSkip: skipped (--- SKIP)");
	run_free(r);
}

/* "-" is standard input, read once; a pipe too. */
static void test_stdin(void **state)
{
	FILE *saved = freopen(H "go/before.txt", "rb", stdin);
	struct run *r;

	assert_non_null(saved);
	r = load_est("-", NULL, RUN_MEDIAN, false);
	assert_string_equal(r->path, "<stdin>");
	assert_string_equal(r->format, "go");
	assert_int_equal(r->n, 3);
	run_free(r);
}

/* The first bytes tell the format where the name does not; a format
 * given is obeyed. */
static void test_detect(void **state)
{
	FILE *saved = freopen(H "gbench/before-reps.csv", "rb", stdin);
	struct run *r;

	assert_non_null(saved);
	r = load_est("/dev/stdin", NULL, RUN_MEDIAN, false);
	assert_string_equal(r->format, "gbench-csv");
	run_free(r);
	r = load_est(H "hyperfine/before.csv", "hyperfine-csv", RUN_MEDIAN,
	             false);
	assert_string_equal(r->format, "hyperfine-csv");
	run_free(r);
	r = load_est(H "pytest/before.json", "pytest-benchmark", RUN_MEDIAN,
	             false);
	assert_string_equal(r->format, "pytest-benchmark");
	run_free(r);
	/* Read as a plain CSV run, hyperfine's export has no case column. */
	expect_error_f("hf.csv", "command,mean,stddev,median\nx,1,0,1\n", "csv",
	               1, 0,
	               "no 'case' column: the header has command, mean, "
	               "stddev, median");
	expect_error_f(
	    "go.csv", "case,runtime\nx,1\n", "go", 0, 0,
	    "no benchmarks: no result line ('BenchmarkX N V ns/op') and no "
	    "'--- FAIL: BenchmarkX'");
	/* A YAML run is YAML, whatever its first key. */
	r = load_text("pkg.yaml", "pkg: x\ncases:\n- {case: a, runtime: 1}\n");
	assert_string_equal(r->format, "yaml");
	run_free(r);
}

/* One error with FILE:LINE:COL for bad input of each new format. */
static void test_errors(void **state)
{
	static const char gb[] = "name,iterations,real_time,cpu_time,"
	                         "time_unit,error_occurred\n";
	char text[256];

	snprintf(text, sizeof text, "%s\"BM_a\",10,x,1,ns,\n", gb);
	expect_error("gb1.csv", text, 2, 11, "not a number: 'x'");
	snprintf(text, sizeof text, "%s\"BM_a\",10,1,1,fs,\n", gb);
	expect_error("gb2.csv", text, 2, 15,
	             "unknown time_unit (known: ns, us, ms, s): 'fs'");
	snprintf(text, sizeof text, "%s\"BM_a\",10,1\n", gb);
	/* Where the row ends: after "BM_a",10,1 (11 bytes). */
	expect_error("gb3.csv", text, 2, 12,
	             "row has 3 cells, the header has 6");
	expect_error("hf.csv", "command,mean,stddev,median,min\nx,1,0,abc,1\n",
	             2, 7, "'abc' is not a number");
	/* At the first cell too many. */
	expect_error("hf2.csv", "command,mean,stddev,median,min\nx,1,0,1,1,7\n",
	             2, 11, "row has 6 cells, the header has 5");
	/* A count that is no whole number: no result line, ignored. */
	expect_error(
	    "go1.txt", "BenchmarkA-2  10.5  3 ns/op\n", 0, 0,
	    "no benchmarks: no result line ('BenchmarkX N V ns/op') and no "
	    "'--- FAIL: BenchmarkX'");
	expect_error("go2.txt", "BenchmarkA-2  10  x ns/op\n", 1, 19,
	             "a value must be a number");
	expect_error("go3.txt", "pkg: p\nBenchmarkA  10  3 ns/op  4\n", 2, 26,
	             "a value without a unit");
	expect_error_f(
	    "go4.txt", "PASS\n", "go", 0, 0,
	    "no benchmarks: no result line ('BenchmarkX N V ns/op') and no "
	    "'--- FAIL: BenchmarkX'");
	expect_error("py1.json",
	             "{\"machine_info\": {}, \"benchmarks\": [\n"
	             " {\"name\": \"t\", \"stats\": {}}]}",
	             2, 2, "benchmark 1: no 'fullname' string");
	expect_error("py2.json",
	             "{\"machine_info\": {}, \"benchmarks\": [\n"
	             " {\"fullname\": \"t\", \"stats\": {\"rounds\": 2, "
	             "\"data\": [1, \"2\"]}}]}",
	             2, 55, "benchmark 1: a sample in 'data' must be a number");
	expect_error("hf2.json",
	             "{\"results\": [{\"command\": \"a\", \"mean\": 1,"
	             " \"stddev\": 0, \"median\": 1, \"min\": 1, \"max\": 1,\n"
	             " \"times\": [1, null]}]}",
	             2, 15, "result 1: a time must be a number");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_gbench_reps),
	    cmocka_unit_test(test_gbench_cpu),
	    cmocka_unit_test(test_gbench_forms),
	    cmocka_unit_test(test_gbench_context),
	    cmocka_unit_test(test_catch2),
	    cmocka_unit_test(test_gbench_csv),
	    cmocka_unit_test(test_hyperfine),
	    cmocka_unit_test(test_hyperfine_csv),
	    cmocka_unit_test(test_pytest),
	    cmocka_unit_test(test_go),
	    cmocka_unit_test(test_go_packages),
	    cmocka_unit_test(test_stdin),
	    cmocka_unit_test(test_detect),
	    cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
