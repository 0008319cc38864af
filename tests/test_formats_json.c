/* test_formats_json.c: JSON runs, Google Benchmark and hyperfine outputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_run_util.h"

const char scratch_prefix[] = "test_formats_json";

/* Values computed from files' decimal text: equal to within a few units
 * in the last place. */
static void assert_close(double got, double want)
{
	if (fabs(got - want) > 1e-13 * fabs(want))
		fail_msg("%.17g is not %.17g", got, want);
}

/* basic.json:
 *   [
 *     {"case": "m1", "runtime": 12.5, "passed": true, "note": "ok"},
 *     {"case": "m2", "runtime": 1e-3, "passed": "FAIL", "note": null},
 *     {"case": "m3", "runtime": 2, "passed": 0}
 *   ]
 * Columns: "  {" is 3, "case": 4-9, "m1" 12, "runtime" 18-26, value 29,
 * "passed" 35-42, value 45, "note" 51-56, value 59. */
static void test_json_basic(void **state)
{
	struct run *r = load_ok(DATA "basic.json", NULL);
	const struct column *c;

	assert_string_equal(r->format, "json");
	assert_int_equal(r->n, 3);
	assert_string_equal(r->case_name[2], "m3");
	assert_int_equal(r->case_line[2], 4);
	assert_int_equal(r->ncols, 3);
	c = run_find(r, "runtime");
	assert_int_equal(c->kind, COL_NUMBER);
	assert_cell(r, c, 0, 12.5, 2, 29);
	assert_cell(r, c, 1, 1e-3, 3, 29);
	assert_cell(r, c, 2, 2, 4, 29);
	c = run_find(r, "passed");
	assert_int_equal(c->kind, COL_PASS);
	assert_cell(r, c, 0, 1, 2, 45);
	assert_cell(r, c, 1, 0, 3, 45);
	assert_cell(r, c, 2, 0, 4, 42);
	c = run_find(r, "note");
	assert_int_equal(c->kind, COL_TEXT);
	assert_string_equal(c->bad_text, "ok");
	assert_int_equal(c->bad_line, 2);
	assert_int_equal(c->bad_col, 59);
	run_free(r);
}

/* cases.json: the {"cases": [...]} shape, with other keys before it whose
 * strings hold brackets, quotes and escapes the position cursor must
 * skip, and a two-byte character that is one column:
 *   {"name": "a run", "meta": {"x": [1, {"y": "]},\"["}]},
 *    "cases": [{"note": "caf\u00e9 ]}", "case": "é1", "runtime": 1.5},
 *              {"case": "e2", "runtime": "1.5", "extra": [1, 2]}]}
 * Line 2: "note" value at 21; its text is 14 characters (21-34), then
 * ", " and "case" at 37-42, ": ", the name at 45, and after `"é1", `
 * (4 + 2 characters) "runtime" at 51-59, ": ", 1.5 at 62.
 * Line 3: 12 blanks, '{' 12, "case" 13-18, "e2" 21-24, "runtime" 27-35,
 * "1.5" at 38, "extra" 45-51, [1, 2] at 54. */
static void test_json_cases_object(void **state)
{
	struct run *r = load_ok(DATA "cases.json", NULL);
	struct diag d = {0};
	const struct column *c;

	assert_int_equal(r->n, 2);
	assert_string_equal(r->case_name[0], "\xc3\xa9" "1");
	assert_int_equal(r->case_line[0], 2);
	c = run_find(r, "runtime");
	/* A number in quotes is text, shown with its quotes. */
	assert_int_equal(c->kind, COL_TEXT);
	assert_int_equal(run_cell_line(r, c, 0), 2);
	assert_int_equal(c->col[0], 62);
	assert_null(run_numeric(r, "runtime", &d));
	assert_string_equal(d.msg,
	                    "cell '\"1.5\"' in column 'runtime' is not a number");
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 38);
	/* The first case has no "extra": the column is unusable there. */
	assert_null(run_numeric(r, "extra", &d));
	assert_string_equal(d.msg, "case '\xc3\xa9" "1' has no 'extra'");
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 45);
	c = run_find(r, "extra");
	assert_int_equal(run_cell_line(r, c, 1), 3);
	assert_int_equal(c->col[1], 54);
	assert_null(run_numeric(r, "note", &d));
	assert_string_equal(d.msg,
	                    "cell 'caf\xc3\xa9 ]}' in column 'note' is not a number");
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 21);
	run_free(r);
}

/* Minified on one line, with nested values in fields: positions count
 * along the line.  [{"case":"a","x":{"k":[1,2]},"v":3},{"case":"b","v":true}]
 * '[' 1, '{' 2, "case" 3-8, "a" 10-12, "x" 14-16, {"k":[1,2]} 18-28,
 * "v" 30-32, 3 at 34; '{' 37, "case" 38-43, "b" 45-47, "v" 49-51,
 * true at 53. */
static void test_json_minified(void **state)
{
	struct run *r = load_text("min.json", "[{\"case\":\"a\",\"x\":{\"k\":[1,2]},"
	                                      "\"v\":3},{\"case\":\"b\",\"v\":true}]");
	const struct column *c = run_find(r, "v");

	/* 3 is a number, true a pass state: a mix, so text at `true`. */
	assert_int_equal(c->kind, COL_TEXT);
	assert_int_equal(run_cell_line(r, c, 0), 1);
	assert_int_equal(c->col[0], 34);
	assert_string_equal(c->bad_text, "true");
	assert_int_equal(c->bad_col, 53);
	c = run_find(r, "x");
	assert_string_equal(c->bad_text, "{...}");
	assert_int_equal(c->bad_col, 18);
	run_free(r);
}

/* Jansson's refusals, in its words (without its "near", and in plain
 * words where it names its flags), at the first byte of the token it
 * refused: the second "case" starts at column 16; a number at its first
 * digit; a scalar document after its blanks; inside a string the
 * backslash of the bad escape, the control character or the byte that is
 * no UTF-8; a string that never ends at its quote. */
static const struct refusal syntax[] = {
	{"syntax.json", "[\n  {\"case\": \"a\",}\n]", 2, 16,
	 "string or '}' expected"},
	{"dupkey.json", "[{\"case\": \"a\", \"case\": \"b\"}]", 1, 16,
	 "duplicate object key"},
	{"dupkey2.json", "{\"a\": 1, \"b\": [1, {\"k\": 1, \"k\": 2}]}", 1,
	 28, "duplicate object key"},
	{"empty.json", "", 1, 1, "'[' or '{' expected"},
	{"big.json", "[{\"case\": \"a\", \"runtime\": 1e999999}]", 1, 27,
	 "number is out of a double's range (magnitude above 1.8e308)"},
	{"big2.json", "[1,\n  1e400, 2]", 2, 3,
	 "number is out of a double's range (magnitude above 1.8e308)"},
	{"token.json", "[1, 1.5e]", 1, 5, "invalid token"},
	{"scalar.json", "42", 1, 1, "'[' or '{' expected"},
	{"scalar2.json", "  \n   \"s\"", 2, 4, "'[' or '{' expected"},
	{"surrogate.json", "[{\"case\": \"a\\ud800\"}]", 1, 13,
	 "invalid Unicode '\\uD800'"},
	{"surrogate2.json", "[\"ab\\udc00x\"]", 1, 5,
	 "invalid Unicode '\\uDC00'"},
	{"surrogate3.json", "[\"\\ud800\\u0041\"]", 1, 3,
	 "invalid Unicode '\\uD800\\u0041'"},
	{"escape.json", "[1, \"ok\\n\\x\"]", 1, 10, "invalid escape"},
	{"control.json", "[\"a\x01\"]", 1, 4, "control character 0x1"},
	{"utf8.json", "[\"a\xe9\"]", 1, 4, "unable to decode byte 0xe9"},
	{"unterminated.json", "[1,\n \"abc", 2, 2,
	 "the text ends inside this value"},
	/* Jansson refuses "\u0000" in strings, so no name is cut short. */
	{"nulname.json", "[{\"case\": \"a\\u0000b\"}]", 1, 13,
	 "\\u0000 (a NUL character) is not allowed in a string"},
};

static void test_json_errors(void **state)
{
	EXPECT_REFUSALS(syntax);
	expect_error("nocases.json", "{\"runs\": []}", 1, 1,
	             "no 'cases' list: a JSON run is a list of cases, or an "
	             "object with a 'cases' list");
	expect_error("notlist.json", "{\"cases\": {\"a\": 1}}", 1, 11,
	             "'cases' must be a list of cases");
	expect_error("zero.json", "\n  []", 2, 3, "no cases");
	expect_error("item.json", "[{\"case\": \"a\"},\n 7]", 2, 2,
	             "item 2 is not an object (a case is an object with a "
	             "'case' name)");
	expect_error("nocase.json", "[{\"name\": \"a\"}]", 1, 2,
	             "item 1 has no 'case'");
	expect_error("casenum.json", "[{\"x\": 1, \"case\": 5}]", 1, 19,
	             "'case' must be a string");
	expect_error("casempty.json", "[{\"case\": \"\"}]", 1, 11,
	             "empty case name");
	expect_error("dupcase.json", "[{\"case\": \"a\"},\n {\"case\": \"a\"}]", 2, 11,
	             "duplicate case 'a' (first on line 1)"
	             ": give each case once, its runtimes as a list in "
	             "'samples'");
	/* A forced format is obeyed: Google Benchmark output read as a plain
	 * JSON run has no cases list. */
	expect_error_f("forced.json", "{\"context\": {}, \"benchmarks\": []}",
	               "json", 1, 1,
	               "no 'cases' list: a JSON run is a list of cases, or an "
	               "object with a 'cases' list");
}

/* gbench_before.json, copied from the real output.  The five iterations'
 * real_time are the samples; runtime is their median (the default
 * estimator), in seconds: BM_reduce/1024 455.18669269561445 ns,
 * BM_reduce/16384 7707.8175845845344 ns, BM_saxpy/4096 1092.2249100960196
 * ns (the third of the five in order).  With the mean estimator it is
 * their mean:
 *   BM_reduce/1024: 462.14928908419063 + 455.18669269561445
 *     + 450.14934114211212 + 452.45712705376661 + 457.39098747351215
 *     = 2277.33343744919596; / 5 = 455.466687489839192 ns
 *   BM_reduce/16384: 7707.8175845845344 + 7920.3257418172579
 *     + 7778.6657177271099 + 7687.5531588735139 + 7663.0689806196797
 *     = 38757.4311836220958; / 5 = 7751.48623672441916 ns
 *   BM_saxpy/4096: 1089.3084771002673 + 1092.2249100960196
 *     + 1092.8506566542649 + 1098.6411925922978 + 1088.3094117835312
 *     = 5461.3346482263808; / 5 = 1092.26692964527616 ns
 * (each equals the file's own "mean" aggregate to its 17 digits).
 * cpu_time of BM_reduce/1024: 453.34297055474212 + 453.99932324711239
 *   + 450.15653164145124 + 452.25192776964383 + 457.39491784610368
 *   = 2267.14567105905326; / 5 = 453.429134211810652 ns.
 * real_time_stddev of BM_reduce/1024: deviations from the mean 6.682601594,
 *   -0.279994794, -5.317346348, -3.009560436, 1.924299984; squares sum to
 *   85.7701177808449; / 4 = 21.4425294452112; sqrt = 4.6306078915420194 ns
 *   (the file's stddev aggregate, 4.6306078915343836, is less exact). */
static void test_gbench_real(void **state)
{
	struct run *r = load_ok(DATA "gbench_before.json", NULL);
	const struct column *rt, *cpu, *reps, *sd, *ps;
	struct diag d = {0};

	assert_string_equal(r->format, "gbench");
	assert_int_equal(r->n, 3);
	assert_string_equal(r->case_name[0], "BM_reduce/1024");
	assert_string_equal(r->case_name[1], "BM_reduce/16384");
	assert_string_equal(r->case_name[2], "BM_saxpy/4096");
	/* The first iteration entry of each: lines 39, 178, 317. */
	assert_int_equal(r->case_line[0], 39);
	assert_int_equal(r->case_line[1], 178);
	assert_int_equal(r->case_line[2], 317);
	rt = run_find(r, "runtime");
	assert_int_equal(rt->kind, COL_NUMBER);
	assert_close(rt->v[0], 455.18669269561445e-9);
	assert_close(rt->v[1], 7707.8175845845344e-9);
	assert_close(rt->v[2], 1092.2249100960196e-9);
	assert_true(run_find(r, "runtime_n")->v[0] == 5);
	assert_int_equal(run_estimate(r, RUN_MEAN, &d), FP_OK);
	rt = run_find(r, "runtime");
	assert_close(rt->v[0], 455.466687489839192e-9);
	assert_close(rt->v[1], 7751.48623672441916e-9);
	assert_close(rt->v[2], 1092.26692964527616e-9);
	cpu = run_find(r, "cpu_time");
	assert_close(cpu->v[0], 453.429134211810652e-9);
	reps = run_find(r, "repetitions");
	assert_true(reps->v[0] == 5 && reps->v[1] == 5 && reps->v[2] == 5);
	sd = run_find(r, "real_time_stddev");
	assert_close(sd->v[0], 4.6306078915420194e-9);
	ps = run_find(r, "passed");
	assert_int_equal(ps->kind, COL_PASS);
	assert_true(ps->v[0] == 1 && ps->v[1] == 1 && ps->v[2] == 1);
	run_free(r);
}

/* gbench_units.json (written for this test):
 *   (runtime: the median of the samples, here the mean of two or the
 *   one sample)
 *   BM_a: iterations 2 and 4 us, interleaved with BM_b's: mean 3 us,
 *     cpu (1 + 2) / 2 = 1.5 us, sample stddev sqrt((1 + 1) / 1) = sqrt(2)
 *     us; its "mean" aggregate (999) is ignored.
 *   BM_b: 3 and 5 ms: mean 4 ms, cpu 4 ms, stddev sqrt(2) ms.
 *   BM_agg: only aggregates: its median 9 s (not the mean 1.5 s), cpu
 *     9 s, stddev aggregate 0.25 s, repetitions 3; the run says that its
 *     runtimes are the median aggregate.
 *   BM_old: no run_name, run_type or time_unit (older versions): 7 ns,
 *     cpu 6 ns, one repetition, stddev 0. */
static void test_gbench_units(void **state)
{
	struct run *r = load_ok(DATA "gbench_units.json", NULL);
	const struct column *rt = run_find(r, "runtime");
	const struct column *cpu = run_find(r, "cpu_time");
	const struct column *reps = run_find(r, "repetitions");
	const struct column *sd = run_find(r, "real_time_stddev");

	assert_int_equal(r->n, 4);
	assert_string_equal(r->case_name[0], "BM_a");
	assert_string_equal(r->case_name[1], "BM_b");
	assert_string_equal(r->case_name[2], "BM_agg");
	assert_string_equal(r->case_name[3], "BM_old");
	assert_int_equal(r->case_line[2], 9);
	assert_close(rt->v[0], 3e-6);
	assert_close(cpu->v[0], 1.5e-6);
	assert_true(reps->v[0] == 2);
	assert_close(sd->v[0], sqrt(2) * 1e-6);
	assert_close(rt->v[1], 4e-3);
	assert_close(sd->v[1], sqrt(2) * 1e-3);
	assert_true(rt->v[2] == 9);
	assert_true(cpu->v[2] == 9);
	assert_string_equal(r->aggregate, "median");
	assert_true(reps->v[2] == 3);
	assert_true(sd->v[2] == 0.25);
	assert_close(rt->v[3], 7e-9);
	assert_close(cpu->v[3], 6e-9);
	assert_true(reps->v[3] == 1);
	assert_true(sd->v[3] == 0);
	/* Every cell of a case points at its first entry (runtime is made
	 * from the samples, so it has no cell in the file). */
	assert_null(rt->line);
	assert_int_equal(run_cell_line(r, cpu, 0), 4);
	assert_int_equal(cpu->col[0], 5);
	run_free(r);
}

/* gbench_fail.json: BM_ok, then BM_fail (error_occurred, line 5) and
 * BM_skip (skipped, line 6).  They do not pass and have no runtime: no
 * samples, runtime NaN, has_runtime 0 (never 0 s, never text). */
static void test_gbench_fail(void **state)
{
	struct run *r = load_ok(DATA "gbench_fail.json", NULL);
	const struct column *ps = run_find(r, "passed"), *rt;
	struct diag d = {0};

	assert_int_equal(r->n, 3);
	assert_true(ps->v[0] == 1 && ps->v[1] == 0 && ps->v[2] == 0);
	assert_true(run_find(r, "repetitions")->v[1] == 1);
	assert_non_null(rt = run_numeric(r, "runtime", &d));
	assert_true(rt->v[0] == 8e-9);
	assert_true(isnan(rt->v[1]) && isnan(rt->v[2]));
	assert_true(run_find(r, "has_runtime")->v[1] == 0);
	assert_true(isnan(run_find(r, "cpu_time")->v[1]));
	run_free(r);

	r = load_text("skip.json", "{\"context\": {}, \"benchmarks\": [\n"
	              " {\"name\": \"BM_s\", \"real_time\": 0, \"cpu_time\": 0,"
	              " \"skipped\": true, \"skip_message\": \"no GPU\"}]}");
	assert_true(isnan(run_find(r, "runtime")->v[0]));
	assert_true(run_find(r, "passed")->v[0] == 0);
	run_free(r);
}

static void test_gbench_errors(void **state)
{
	expect_error("gb1.json", "{\"context\": {},\n \"benchmarks\": {}}", 2, 16,
	             "'benchmarks' must be a list");
	expect_error("gb2.json", "{\"context\": {}, \"benchmarks\": []}", 1, 31,
	             "no benchmarks");
	expect_error("gb3.json", "{\"context\": {}, \"benchmarks\": [\n"
	             "  {\"real_time\": 1}]}", 2, 3, "benchmark has no 'name'");
	expect_error("gb4.json", "{\"context\": {}, \"benchmarks\": [\n"
	             "  {\"name\": \"BM\", \"real_time\": 1, \"cpu_time\": 1,"
	             " \"time_unit\": \"fs\"}]}", 2, 62,
	             "benchmark 'BM': unknown time_unit 'fs' (known: ns, us, "
	             "ms, s)");
	expect_error("gb5.json", "{\"context\": {}, \"benchmarks\": [\n"
	             "  {\"name\": \"BM\", \"real_time\": \"1\", \"cpu_time\": 1}]}",
	             2, 31, "benchmark 'BM': 'real_time' must be a number");
	/* Missing: the position of the entry. */
	expect_error("gb6.json", "{\"context\": {}, \"benchmarks\": [\n"
	             "  {\"name\": \"BM\", \"real_time\": 1}]}", 2, 3,
	             "benchmark 'BM': 'cpu_time' must be a number");
	expect_error("gb7.json", "{\"context\": {}, \"benchmarks\": [\n"
	             "  {\"name\": \"BM_stddev\", \"run_name\": \"BM\", "
	             "\"run_type\": \"aggregate\", \"aggregate_name\": \"stddev\","
	             " \"real_time\": 1, \"cpu_time\": 1}]}", 2, 3,
	             "benchmark 'BM' has no iterations and no 'median' or "
	             "'mean' aggregate");
	expect_error("gb8.json", "{\"context\": {}, \"benchmarks\": [7]}", 1, 32,
	             "a benchmark must be an object");
}

/* hyperfine_sleep.json, copied from the real output: the times are the
 * samples, runtime their median (of eight: (0.011708331180000002 +
 * 0.011736503180000002) / 2, hyperfine's own median), and `mean` is
 * hyperfine's mean.  As a check of it: the eight times of "before" sum to
 * 0.01179810918 + 0.011797253180000002 + 0.011693899180000002
 * + 0.011612959180000002 + 0.011708331180000002 + 0.011651236180000002
 * + 0.011736503180000002 + 0.011924053180000001 = 0.09392234444; / 8 =
 * 0.011740293055, the file's mean. */
static void test_hyperfine_real(void **state)
{
	struct run *r = load_ok(DATA "hyperfine_sleep.json", NULL);
	const struct column *rt = run_find(r, "runtime");

	assert_string_equal(r->format, "hyperfine");
	assert_int_equal(r->n, 2);
	assert_string_equal(r->case_name[0], "before");
	assert_string_equal(r->case_name[1], "after");
	assert_int_equal(r->case_line[0], 4);
	assert_int_equal(r->case_line[1], 34);
	assert_close(rt->v[0], 0.011722417180000002);
	rt = run_find(r, "mean");
	assert_cell(r, rt, 0, 0.011740293055000002, 5, 15);
	assert_close(rt->v[0], 0.09392234444 / 8);
	assert_true(rt->v[1] == 0.022019658305000002);
	assert_true(run_find(r, "runtime_n")->v[0] == 8);
	assert_true(run_find(r, "median")->v[0] == 0.011722417180000002);
	assert_true(run_find(r, "stddev")->v[1] == 0.00009466594196200399);
	assert_true(run_find(r, "min")->v[0] == 0.011612959180000002);
	assert_true(run_find(r, "max")->v[1] == 0.02219295718);
	assert_int_equal(run_find(r, "passed")->kind, COL_PASS);
	assert_true(run_find(r, "passed")->v[0] == 1);
	assert_true(run_find(r, "passed")->v[1] == 1);
	run_free(r);
}

/* hyperfine_fail.json: "flaky" has exit codes 0 and 1 (fails), "once" a
 * single run (stddev null: 0) killed by a signal (exit code null: fails),
 * "old" no exit_codes at all (passes). */
static void test_hyperfine_fail(void **state)
{
	struct run *r = load_ok(DATA "hyperfine_fail.json", NULL);
	const struct column *ps = run_find(r, "passed");

	assert_int_equal(r->n, 3);
	assert_true(ps->v[0] == 0 && ps->v[1] == 0 && ps->v[2] == 1);
	assert_true(run_find(r, "stddev")->v[1] == 0);
	assert_true(run_find(r, "runtime")->v[1] == 2);
	/* The missing exit_codes: the position of the result. */
	assert_int_equal(run_cell_line(r, ps, 2), 14);
	assert_int_equal(ps->col[2], 5);
	run_free(r);
}

static void test_hyperfine_errors(void **state)
{
	expect_error("hf1.json", "{\"results\": [{\"command\": \"a\", \"mean\": 1,"
	             " \"stddev\": 0, \"median\": 1, \"min\": 1, \"max\": 1},\n"
	             " {\"command\": \"a\", \"mean\": 1, \"stddev\": 0, "
	             "\"median\": 1, \"min\": 1, \"max\": 1}]}", 2, 14,
	             "duplicate case 'a' (first on line 1)");
	expect_error("hf2.json", "{\"results\": [{\"command\": \"a\", \"mean\": "
	             "null, \"stddev\": 0, \"median\": 1, \"min\": 1, \"max\": 1}]}",
	             1, 39, "result 1: 'mean' must be a number");
	expect_error_f("hf3.json", "{\"results\": [{\"mean\": 1}]}", "hyperfine",
	               1, 14, "result 1 has no 'command' string");
	expect_error_f("hf4.json", "{\"results\": {}}", "hyperfine", 1, 13,
	               "'results' must be a list");
	expect_error_f("hf5.json", "{\"results\": []}", "hyperfine", 1, 13,
	               "no results");
	expect_error("hf6.json", "{\"results\": [{\"command\": \"a\", \"mean\": 1,"
	             " \"stddev\": 0, \"median\": 1, \"min\": 1, \"max\": 1,"
	             " \"exit_codes\": 0}]}", 1, 102,
	             "'exit_codes' must be a list");
	expect_error_f("hf7.json", "{\"results\": [1]}", "hyperfine", 1, 14,
	               "result 1 is not an object");
}

/* .json files are told apart by content; a given format overrides. */
static void test_detection(void **state)
{
	struct run *r = load_ok(DATA "gbench_before.json", "gbench");
	assert_string_equal(r->format, "gbench");
	run_free(r);
	r = load_ok(DATA "hyperfine_sleep.json", "hyperfine");
	assert_string_equal(r->format, "hyperfine");
	run_free(r);
	/* "results" without "command" objects is a plain run's key. */
	r = load_text("results.json", "{\"results\": [1], \"cases\": "
	              "[{\"case\": \"x\"}]}");
	assert_string_equal(r->format, "json");
	assert_int_equal(r->ncols, 0);
	run_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_basic),
		cmocka_unit_test(test_json_cases_object),
		cmocka_unit_test(test_json_minified),
		cmocka_unit_test(test_json_errors),
		cmocka_unit_test(test_gbench_real),
		cmocka_unit_test(test_gbench_units),
		cmocka_unit_test(test_gbench_fail),
		cmocka_unit_test(test_gbench_errors),
		cmocka_unit_test(test_hyperfine_real),
		cmocka_unit_test(test_hyperfine_fail),
		cmocka_unit_test(test_hyperfine_errors),
		cmocka_unit_test(test_detection),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
