/* test_estimate.c: samples and estimators (run_estimate), samples as
 * CSV rows and JSON/YAML lists, the run's context, and util/source. */
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run/context.h"
#include "run/estimate.h"
#include "run/run.h"
#include "test_run_util.h"
#include "util/sha256.h"
#include "util/source.h"

const char scratch_prefix[] = "test_estimate";

#define H TEST_SRCDIR "/tests/data/harness/"

static double cell(const struct run *r, const char *col, size_t i)
{
	const struct column *c = run_find(r, col);

	if (!c || !c->v)
		fail_msg("no numeric column '%s'", col);
	return c->v[i];
}

/* Samples a: 3 1 2 (median 2, mean 2, min 1, max 3; deviations 1 -1 0,
 * sd sqrt(2 / 2) = 1); b: 4 1 (median and mean 2.5, sd sqrt(4.5));
 * c: none (no runtime); d: 5 (sd 0). */
static void check_abcd(struct run *r)
{
	assert_int_equal(r->n, 4);
	assert_true(cell(r, "runtime", 0) == 2);
	assert_true(cell(r, "runtime_min", 0) == 1);
	assert_true(cell(r, "runtime_max", 0) == 3);
	assert_true(cell(r, "runtime_sd", 0) == 1);
	assert_true(cell(r, "runtime", 1) == 2.5);
	assert_true(cell(r, "runtime_sd", 1) == sqrt(4.5));
	assert_true(isnan(cell(r, "runtime", 2)));
	assert_true(isnan(cell(r, "runtime_sd", 2)));
	assert_true(cell(r, "runtime_n", 2) == 0);
	assert_true(cell(r, "has_runtime", 2) == 0);
	assert_int_equal(run_find(r, "has_runtime")->kind, COL_PASS);
	assert_true(cell(r, "runtime_sd", 3) == 0);
	assert_true(cell(r, "runtime_n", 3) == 1);
	assert_int_equal(run_estimate(r, RUN_MIN, NULL), FP_OK);
	assert_true(cell(r, "runtime", 0) == 1 && cell(r, "runtime", 1) == 1);
	assert_int_equal(run_estimate(r, RUN_MEAN, NULL), FP_OK);
	assert_true(cell(r, "runtime", 0) == 2 && cell(r, "runtime", 1) == 2.5);
	assert_true(isnan(cell(r, "runtime", 2)));
}

static void test_json_yaml_samples(void **state)
{
	struct run *r =
	    load_text("s.json", "[{\"case\": \"a\", \"samples\": "
	                        "[3, 1, 2]}, {\"case\": \"b\", \"samples\": "
	                        "[4, 1]}, {\"case\": \"c\", \"passed\": 0},"
	                        " {\"case\": \"d\", \"samples\": [5]}]");
	check_abcd(r);
	run_free(r);
	r = load_text("s.yaml",
	              "- {case: a, samples: [3, 1, 2]}\n"
	              "- {case: b, samples: [4, 1]}\n- {case: c, passed: 0}\n"
	              "- {case: d, samples: [5]}\n");
	check_abcd(r);
	run_free(r);
	/* A run without samples keeps its runtime as given. */
	r = load_text("plain.json", "[{\"case\": \"a\", \"runtime\": 7}]");
	assert_null(r->sample_off);
	assert_null(run_find(r, "runtime_n"));
	assert_true(cell(r, "runtime", 0) == 7);
	run_free(r);
}

static void test_sample_errors(void **state)
{
	expect_error("e1.json", "[{\"case\": \"a\", \"samples\": 3}]", 1, 27,
	             "'samples' must be a list of numbers");
	expect_error("e2.json", "[{\"case\": \"a\", \"samples\": [1, \"2\"]}]",
	             1, 31, "a sample must be a number");
	expect_error("e3.json",
	             "[{\"case\": \"a\", \"samples\": [1]},\n"
	             " {\"case\": \"b\", \"runtime\": 2}]",
	             2, 27,
	             "a run with samples makes 'runtime' from them: give "
	             "'samples' or 'runtime', not both");
	expect_error("e4.yaml", "- {case: a, samples: [1, x]}\n", 1, 26,
	             "a sample must be a number");
	expect_error("e5.yaml", "- {case: a, samples: 1}\n", 1, 22,
	             "'samples' must be a list of numbers");
}

/* Rows 2, 4, 6 are case a's samples 3, 1, 2; rows 3 and 5 case b's: 4,
 * and an empty runtime with passed 0 (a sample of the pass state with no
 * runtime, NaN; b fails, its runtime is 4 from the timed sample). */
static void test_csv_rows(void **state)
{
	struct run *r =
	    load_text("rows.csv", "case,repetition,runtime,passed,"
	                          "ref\na,1,3,1,10\nb,1,4,1,20\na,2,1,1,10\n"
	                          "b,2,,0,20\na,3,2,1,10\n");

	assert_int_equal(r->n, 2);
	assert_string_equal(r->case_name[0], "a");
	assert_string_equal(r->case_name[1], "b");
	assert_int_equal(run_sample_count(r, 0), 3);
	assert_int_equal(run_sample_count(r, 1), 2);
	assert_true(r->samples[0] == 3 && r->samples[1] == 1 &&
	            r->samples[2] == 2 && r->samples[3] == 4 &&
	            isnan(r->samples[4]));
	assert_true(r->sample_pass[3] == 1 && r->sample_pass[4] == 0);
	assert_true(cell(r, "runtime", 0) == 2 && cell(r, "runtime", 1) == 4);
	assert_true(cell(r, "passed", 0) == 1 && cell(r, "passed", 1) == 0);
	assert_true(cell(r, "ref", 1) == 20);
	assert_non_null(r->sample_pass);
	assert_null(run_find(r, "repetition"));
	run_free(r);
	expect_error("rows2.csv",
	             "case,repetition,runtime,ref\na,1,3,10\n"
	             "a,2,1,11\n",
	             3, 7,
	             "case 'a': column 'ref' is 11 here, "
	             "10 on line 2 (rows of a case differ only in runtime, "
	             "passed and repetition)");
	expect_error("rows3.csv", "case,repetition,runtime\na,1,x\n", 2, 5,
	             "runtime sample 'x' is not a number (leave it empty for a "
	             "row without a time)");
}

static struct run *load_path(const char *path)
{
	return load_ok(path, NULL);
}

/* Before and after runs of the same machine differ in no key that
 * counts (date, load_avg, executable, commit_info.* are ignored); the
 * real run and a file written for a test differ in every machine key. */
static void test_context_diff(void **state)
{
	struct run *a = load_path(H "gbench/before-reps.json");
	struct run *b = load_path(H "gbench/after-reps.json");
	struct run *u = load_path(DATA "gbench_units.json");
	static const char *const want[] = {
	    "host_name",           "num_cpus", "mhz_per_cpu",
	    "cpu_scaling_enabled", "caches",   "library_build_type",
	};
	const char **keys;
	size_t n;

	assert_int_equal(run_context_diff(a, b, &keys, &n, NULL), FP_OK);
	assert_int_equal(n, 0);
	free(keys);
	assert_int_equal(run_context_diff(a, u, &keys, &n, NULL), FP_OK);
	assert_int_equal(n, 6);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(keys[i], want[i]);
	free(keys);
	/* Keys only the second run has come after. */
	assert_int_equal(run_context_diff(u, a, &keys, &n, NULL), FP_OK);
	assert_int_equal(n, 6);
	assert_string_equal(keys[0], "library_build_type");
	assert_string_equal(keys[1], "host_name");
	free(keys);
	assert_true(run_context_ignored("date"));
	assert_true(run_context_ignored("commit_info.id"));
	assert_false(run_context_ignored("host_name"));
	assert_true(run_context_ignored("machine_info.cpu.hz_actual"));
	assert_true(run_context_ignored("machine_info.cpu.hz_actual_raw"));
	assert_true(run_context_ignored("machine_info.cpu.hz_actual_friendly"));
	assert_false(run_context_ignored("machine_info.cpu.hz_advertised"));
	run_free(a);
	run_free(b);
	run_free(u);
	a = load_path(H "pytest/before.json");
	b = load_path(H "pytest/after.json");
	assert_int_equal(run_context_diff(a, b, &keys, &n, NULL), FP_OK);
	assert_int_equal(n, 0);
	free(keys);
	run_free(a);
	run_free(b);
}

static void test_context_unreliable(void **state)
{
	struct run *r =
	    load_text("ctx.json", "{\"context\": "
	                          "{\"cpu_scaling_enabled\": true, "
	                          "\"library_build_type\": \"release\"}, "
	                          "\"benchmarks\": [{\"name\": \"BM\", "
	                          "\"real_time\": 1, \"cpu_time\": 1}]}");
	const char **keys;
	size_t n;

	assert_string_equal(run_context_get(r, "cpu_scaling_enabled"), "true");
	assert_int_equal(run_context_unreliable(r, &keys, &n, NULL), FP_OK);
	assert_int_equal(n, 1);
	assert_string_equal(keys[0], "cpu_scaling_enabled");
	free(keys);
	assert_int_equal(
	    run_context_set(r, "library_build_type", "debug", NULL), FP_OK);
	assert_int_equal(run_context_unreliable(r, &keys, &n, NULL), FP_OK);
	assert_int_equal(n, 2);
	free(keys);
	run_free(r);
}

/* source_read: the bytes and their hash from one read; the cap applied
 * while reading (a pipe stops at it), and before reading a file; a device
 * that never ends (/dev/zero) refused at once. */
static void test_source(void **state)
{
	struct source s;
	struct diag d = {0};
	char hex[65];
	int fds[2];
	char path[64];
	const char *f = H "go/before.txt";

	assert_int_equal(source_read(f, 1 << 20, &s, &d), FP_OK);
	assert_int_equal(sha256_file(f, hex, &d), FP_OK);
	assert_string_equal(s.sha256, hex);
	assert_int_equal(s.data[s.len], '\0');
	source_free(&s);
	assert_int_equal(source_read(f, 100, &s, &d), FP_ERR);
	assert_string_equal(d.msg, "file is larger than 100 bytes");
	assert_int_equal(source_read("/dev/zero", 1 << 20, &s, &d), FP_ERR);
	assert_string_equal(
	    d.msg, "cannot read: a device is neither a file nor a pipe");
	assert_string_equal(d.file, "/dev/zero");
	/* A pipe with more than the cap in it: refused once past the cap. */
	{
		static char block[4096];
		assert_int_equal(pipe(fds), 0);
		assert_int_equal(write(fds[1], block, sizeof block),
		                 (ssize_t)sizeof block);
		close(fds[1]);
		snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
		assert_int_equal(source_read(path, 1000, &s, &d), FP_ERR);
		close(fds[0]);
		assert_string_equal(d.msg, "file is larger than 1000 bytes");
	}
	assert_int_equal(source_read(TEST_SRCDIR, 1 << 20, &s, &d), FP_ERR);
	assert_string_equal(d.msg, "cannot read: Is a directory");
	/* A pipe, read once: the same bytes and hash. */
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(write(fds[1], "case\nx\n", 7), 7);
	close(fds[1]);
	snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
	assert_int_equal(source_read(path, 1 << 20, &s, &d), FP_OK);
	close(fds[0]);
	assert_int_equal(s.len, 7);
	sha256_hex("case\nx\n", 7, hex);
	assert_string_equal(s.sha256, hex);
	source_free(&s);
	assert_string_equal(source_name("-"), "<stdin>");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_json_yaml_samples),
	    cmocka_unit_test(test_sample_errors),
	    cmocka_unit_test(test_csv_rows),
	    cmocka_unit_test(test_context_diff),
	    cmocka_unit_test(test_context_unreliable),
	    cmocka_unit_test(test_source),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
