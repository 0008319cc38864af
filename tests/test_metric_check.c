/* Tests for the errors of metric files: every check metric_check.c makes,
 * with its exact message and position (file:line:col), and for formula
 * errors the source line and caret; and the YAML features yamldoc refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "price/metric.h"

/* A valid head and tail: each test puts its own lines between or in place. */
#define HEAD "name: t\nversion: 1\n"
#define SCORE "score: min(1, 10 / runtime)\n"
#define REST \
	"value: passed * score\n" \
	"total: sum(weight * value) / W\n" \
	"gain: sum(newly_passing * score_after) / W\n" \
	"cost: sum(score_before - score_after) / W\n"
#define TAIL SCORE REST

/* Loads text as "m.yaml" and checks it fails at line:col with msg; when
 * src is not NULL, also the source line shown and the caret's column. */
static void expect_at(const char *text, int line, int col, const char *msg,
                      const char *src, int caret)
{
	struct metric *m = (struct metric *)1;
	struct diag d;

	if (metric_load_text("m.yaml", text, strlen(text), &m, &d) == FP_OK)
		fail_msg("loaded, but wanted: %s", msg);
	assert_null(m);
	assert_string_equal(d.msg, msg);
	assert_string_equal(d.file, "m.yaml");
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
	if (src) {
		assert_string_equal(d.src, src);
		assert_int_equal(d.caret, caret);
	}
}

#define expect(text, line, col, msg) expect_at(text, line, col, msg, NULL, 0)

static void test_unknown_keys(void **state)
{
	expect(HEAD "scroe: 1\n" TAIL, 3, 1,
	       "unknown key 'scroe'; did you mean 'score'?");
	expect(HEAD "colour: red\n" TAIL, 3, 1,
	       "unknown key 'colour' (known: name, version, description, "
	       "source, params, weights, columns, score, value, total, gain, "
	       "cost, decide, define, guards, margin, suspicious, gate, "
	       "gate_margin, gate_near, gate_errors)");
	expect(
	    HEAD "weights:\n  defualt: 1\n" TAIL, 4, 3,
	    "unknown key 'weights.defualt'; did you mean 'weights.default'?");
	expect(HEAD "weights: { default: 1, case: {} }\n" TAIL, 3, 24,
	       "unknown key 'weights.case'; did you mean 'weights.cases'?");
}

static void test_missing_keys(void **state)
{
	expect("version: 1\n" TAIL, 1, 1, "missing required key 'name'");
	expect("name: t\n" TAIL, 1, 1, "missing required key 'version'");
	expect(HEAD REST, 1, 1, "missing required key 'score'");
	expect(HEAD SCORE "value: passed\ntotal: 0\ncost: 0\n", 1, 1,
	       "missing required key 'gain'");
	expect(HEAD SCORE "value: passed\ntotal: 0\ngain: 0\n", 1, 1,
	       "missing required key 'cost'");
}

static void test_whole_file(void **state)
{
	struct metric *m;
	struct diag d;

	assert_int_equal(metric_load_text("m.yaml", "", 0, &m, &d), FP_ERR);
	assert_string_equal(d.file, "m.yaml");
	assert_int_equal(d.line, 0);
	assert_string_equal(d.msg,
	                    "empty metric file: it needs at least name, "
	                    "version, score, value, total, gain and cost");
	assert_int_equal(metric_load_text("m.yaml", "# only\n", 7, &m, &d),
	                 FP_ERR);
	assert_int_equal(d.line, 0);
	expect("- name: t\n", 1, 1,
	       "a metric file must be a mapping of keys (name, version, "
	       "score, ...)");
	expect("just text\n", 1, 1,
	       "a metric file must be a mapping of keys (name, version, "
	       "score, ...)");
}

static void test_texts(void **state)
{
	expect("name: ''\nversion: 1\n" TAIL, 1, 7, "name must not be empty");
	expect("name:\nversion: 1\n" TAIL, 1, 6, "name must not be empty");
	expect("name: [a]\nversion: 1\n" TAIL, 1, 7, "name must be text");
	expect("name: t\nversion: { major: 1 }\n" TAIL, 2, 10,
	       "version must be a string or an integer");
	expect("name: t\nversion: ''\n" TAIL, 2, 10,
	       "version must not be empty");
	expect(HEAD "description: [a]\n" TAIL, 3, 14,
	       "description must be text");
	expect(HEAD "source: { url: x }\n" TAIL, 3, 9, "source must be text");
}

static void test_params(void **state)
{
	expect(HEAD "params:\n  pass_reward: high\n" TAIL, 4, 16,
	       "params.pass_reward must be a number");
	/* Quoted, a number is text. */
	expect(HEAD "params:\n  pass_reward: \"0.3\"\n" TAIL, 4, 16,
	       "params.pass_reward must be a number");
	expect(HEAD "params:\n  pass_reward: [0.3]\n" TAIL, 4, 16,
	       "params.pass_reward must be a number");
	/* Too small to tell from 0, as everywhere else. */
	expect(HEAD "params:\n  pass_reward: 1e-400\n" TAIL, 4, 16,
	       "params.pass_reward: number '1e-400' is too small for a "
	       "double (it would read as 0)");
	expect(HEAD "weights:\n  default: 0.5e-330\n" TAIL, 4, 12,
	       "weights.default: number '0.5e-330' is too small for a "
	       "double (it would read as 0)");
	expect(HEAD "params: [0.3]\n" TAIL, 3, 9,
	       "params must be a mapping of name: number");
	expect(HEAD "params: { 2fast: 1 }\n" TAIL, 3, 11,
	       "parameter name '2fast' is not a valid name (letters, digits "
	       "and _, not starting with a digit)");
	expect(HEAD "params: { pass-reward: 1 }\n" TAIL, 3, 11,
	       "parameter name 'pass-reward' is not a valid name (letters, "
	       "digits and _, not starting with a digit)");
	expect(HEAD "params: { N: 1 }\n" TAIL, 3, 11,
	       "parameter 'N' shadows a built-in name");
	expect(HEAD "params: { score_after: 1 }\n" TAIL, 3, 11,
	       "parameter 'score_after' shadows a built-in name");
	expect(HEAD "params: { sqrt: 1 }\n" TAIL, 3, 11,
	       "parameter 'sqrt' shadows a function");
	expect(HEAD "params: { and: 1 }\n" TAIL, 3, 11,
	       "parameter 'and' shadows a function");
}

static void test_weights(void **state)
{
	expect(HEAD "weights: 3\n" TAIL, 3, 10,
	       "weights must be a mapping with default and cases");
	expect(HEAD "weights: { default: -1 }\n" TAIL, 3, 21,
	       "weights.default must be >= 0");
	expect(HEAD "weights: { default: x }\n" TAIL, 3, 21,
	       "weights.default must be a number");
	expect(HEAD "weights:\n  cases:\n    \"m*\": -2\n" TAIL, 5, 11,
	       "weights.cases.m* must be >= 0");
	expect(HEAD "weights:\n  cases: [m1]\n" TAIL, 4, 10,
	       "weights.cases must be a mapping of case name or glob: weight");
	expect(HEAD "weights:\n  cases: { \"\": 1 }\n" TAIL, 4, 12,
	       "weights.cases: a case name or glob must not be empty");
}

static void test_columns(void **state)
{
	expect(HEAD "columns: ref\n" TAIL, 3, 10,
	       "columns must be a list of column names");
	expect(HEAD "columns: [[ref]]\n" TAIL, 3, 11,
	       "a column must be a name or { name: formula to use when the "
	       "runs lack it }");
	expect(HEAD "columns: [{ a: 1, b: 2 }]\n" TAIL, 3, 11,
	       "a column must be a name or { name: formula to use when the "
	       "runs lack it }");
	expect(HEAD "columns: [ref time]\n" TAIL, 3, 11,
	       "column name 'ref time' is not a valid name (letters, digits "
	       "and _, not starting with a digit)");
	expect(HEAD "columns: [runtime]\n" TAIL, 3, 11,
	       "column 'runtime' shadows a built-in name");
	expect(HEAD "columns: [max]\n" TAIL, 3, 11,
	       "column 'max' shadows a function");
	/* A column takes NAME, NAME_before and NAME_after. */
	expect(HEAD "params: { ref_before: 1 }\ncolumns: [ref]\n" TAIL, 4, 11,
	       "column 'ref' shadows parameter 'ref_before'");
	expect(HEAD "params: { ref: 1 }\ncolumns: [ref]\n" TAIL, 4, 11,
	       "column 'ref' shadows parameter 'ref'");
	expect(HEAD "columns: [ref, ref]\n" TAIL, 3, 16,
	       "column 'ref' shadows column 'ref'");
}

static void test_defines(void **state)
{
	expect(HEAD "define: [a]\n" TAIL, 3, 9,
	       "define must be a mapping of name: formula");
	expect(HEAD "columns: [ref]\ndefine:\n  ref_after: 1\n" TAIL, 5, 3,
	       "define 'ref_after' shadows column 'ref_after'");
	expect(HEAD "params: { k: 1 }\ndefine:\n  k: 1\n" TAIL, 5, 3,
	       "define 'k' shadows parameter 'k'");
	expect(HEAD "define:\n  newly_passing: 1\n" TAIL, 4, 3,
	       "define 'newly_passing' shadows a built-in name");
	expect(HEAD "define:\n  \"1x\": 1\n" TAIL, 4, 3,
	       "define name '1x' is not a valid name (letters, digits and _, "
	       "not starting with a digit)");
	expect(HEAD "define:\n  x: [1]\n" TAIL, 4, 6,
	       "define.x must be a formula (text)");
}

static void test_formula_values(void **state)
{
	expect(HEAD "score: [1]\n" REST, 3, 8,
	       "score must be a formula (text)");
	expect(HEAD "score: \"\"\n" REST, 3, 8, "score is empty");
	expect(HEAD "score:\n" REST, 3, 7, "score is empty");
	expect(HEAD TAIL "decide: { x: 1 }\n", 8, 9,
	       "decide must be a formula (text)");
}

static void test_shapes(void **state)
{
	expect(HEAD TAIL "decide: newly_passing\n", 8, 9,
	       "decide must be one number; did you mean sum(...)?");
	expect(HEAD "score: 1\n" REST, 3, 8, "score must be per case");
	expect(HEAD SCORE "value: sum(passed)\n"
	                  "total: 0\ngain: 0\ncost: 0\n",
	       4, 8, "value must be per case");
	expect(HEAD SCORE "value: passed\ntotal: value\ngain: 0\ncost: 0\n", 5,
	       8, "total must be one number; did you mean sum(...)?");
	expect(HEAD SCORE "value: passed\ntotal: 0\n"
	                  "gain: newly_passing * score_after\ncost: 0\n",
	       6, 7, "gain must be one number; did you mean sum(...)?");
	expect(HEAD SCORE "value: passed\ntotal: 0\ngain: 0\n"
	                  "cost:   score_before\n",
	       7, 9, "cost must be one number; did you mean sum(...)?");
	/* The file's whole line is shown, comment and all. */
	expect_at(HEAD SCORE "value: passed\ntotal: 0\n"
	                     "gain: newly_passing  # per case\ncost: 0\n",
	          6, 7, "gain must be one number; did you mean sum(...)?",
	          "gain: newly_passing  # per case", 7);
}

/* Formula errors come from the formula engine: its own message, at the
 * place in the file, with the file's line and a caret under the place. */
static void test_formula_errors(void **state)
{
	struct metric *m;
	struct diag d;

	expect_at(HEAD "score: min(1, 10 / runtme)\n" REST, 3, 20,
	          "unknown name 'runtme'; did you mean 'runtime'?",
	          "score: min(1, 10 / runtme)", 20);
	/* In a block scalar the text starts on the next line. */
	expect_at(HEAD SCORE "value: passed\ntotal: 0\n"
	                     "gain: |\n"
	                     "  sum(newly_passing *\n"
	                     "      bogus) / W\n"
	                     "cost: 0\n",
	          8, 7, "unknown name 'bogus'", "      bogus) / W", 7);
	/* In a folded plain scalar too. */
	expect_at(HEAD SCORE "value: passed\ntotal: 0\n"
	                     "gain: sum(newly_passing)\n"
	                     "  / bogus\n"
	                     "cost: 0\n",
	          7, 5, "unknown name 'bogus'", "  / bogus", 5);
	/* Names are declared in order: score cannot use value, value cannot
	 * use total, gain cannot use cost, a define not a later one. */
	expect(HEAD "score: value\n" REST, 3, 8, "unknown name 'value'");
	expect(HEAD SCORE "value: total\ntotal: 0\ngain: 0\ncost: 0\n", 4, 8,
	       "unknown name 'total'");
	expect(HEAD SCORE "value: passed\ntotal: 0\ngain: cost\ncost: 0\n", 6,
	       7, "unknown name 'cost'");
	expect(HEAD "define:\n  a: b + 1\n  b: 1\n" TAIL, 4, 6,
	       "unknown name 'b'");
	/* A column's default sees the raw runs only. */
	expect_at(HEAD "columns: [{ ref: score_before }]\n" TAIL, 3, 18,
	          "unknown name 'score_before'",
	          "columns: [{ ref: score_before }]", 18);
	expect(
	    HEAD
	    "params: { k: 1 }\ncolumns: [{ ref: k * runtime_before }]\n" TAIL,
	    4, 18, "unknown name 'k'");
	expect(HEAD "score: min(1, 10 / runtime\n" REST, 3, 27,
	       "expected ')' to close '(' at 3:11");
	/* Escaped newlines in a double-quoted formula: the position of the
	 * name in the file, not in the decoded text (which has more lines). */
	expect_at(HEAD "score: \"min(1,\\n 10 / runtme)\"\n" REST, 3, 23,
	          "unknown name 'runtme'; did you mean 'runtime'?",
	          "score: \"min(1,\\n 10 / runtme)\"", 23);
	expect_at(HEAD
	          "score: \"\\n\\t min(1,\\x20\n\n   10 / runtme)\"\n" REST,
	          5, 9, "unknown name 'runtme'; did you mean 'runtime'?",
	          "   10 / runtme)\"", 9);
	/* Other escapes: the decoded text on the scalar's line. */
	expect(HEAD "score: \"min(1,\\x41\\n 10 / runtme)\"\n" REST, 3, 18,
	       "expected ',' or ')' to close '(' at 3:12");

	/* From a file, the path is in the message. */
	assert_int_equal(metric_load(TEST_SRCDIR
	                             "/tests/data/metrics/bad-formula.yaml",
	                             &m, &d),
	                 FP_ERR);
	assert_string_equal(d.file,
	                    TEST_SRCDIR "/tests/data/metrics/bad-formula.yaml");
	assert_int_equal(d.line, 5);
	assert_int_equal(d.col, 24);
	assert_string_equal(d.msg, "unknown name 'pass_rewrd'; did you mean "
	                           "'pass_reward'?");
}

/* Loads HEAD, then `key:` with n entries "  NAMEi: 1", then TAIL. */
static int load_many(const char *key, const char *name, int n,
                     struct metric **m, struct diag *d)
{
	char *text = malloc(64 + (size_t)n * 24 + sizeof TAIL), *p;
	int rc;

	assert_non_null(text);
	p = text + sprintf(text, HEAD "%s:\n", key);
	for (int i = 0; i < n; i++)
		p += sprintf(p, "  %s%d: 1\n", name, i);
	strcpy(p, TAIL);
	rc = metric_load_text("m.yaml", text, strlen(text), m, d);
	free(text);
	return rc;
}

/* METRIC_MAX_PARAMS parameters and METRIC_MAX_DEFINES defines are fine;
 * one more is refused at the mapping. */
static void test_metric_caps(void **state)
{
	struct metric *m;
	struct diag d;

	assert_int_equal(METRIC_MAX_PARAMS, 256);
	assert_int_equal(METRIC_MAX_DEFINES, 256);
	assert_int_equal(load_many("params", "p", 256, &m, &d), FP_OK);
	metric_free(m);
	assert_int_equal(load_many("params", "p", 257, &m, &d), FP_ERR);
	assert_string_equal(d.msg, "too many parameters (at most 256)");
	assert_int_equal(d.line, 4);
	assert_int_equal(d.col, 3);
	assert_int_equal(load_many("define", "d", 256, &m, &d), FP_OK);
	metric_free(m);
	assert_int_equal(load_many("define", "d", 257, &m, &d), FP_ERR);
	assert_string_equal(d.msg, "too many defines (at most 256)");
	assert_int_equal(d.line, 4);
}

static void test_missing_file(void **state)
{
	struct metric *m;
	struct diag d;

	assert_int_equal(metric_load("/nonexistent/m.yaml", &m, &d), FP_ERR);
	assert_string_equal(d.file, "/nonexistent/m.yaml");
	assert_string_equal(d.msg, "cannot open: No such file or directory");
	assert_int_equal(metric_load("no-such.yaml", &m, &d), FP_ERR);
	assert_string_equal(d.file, "no-such.yaml");
}

/* What yamldoc refuses, a metric file cannot have. */
static void test_yaml_refusals(void **state)
{
	char deep[200];

	expect(HEAD TAIL "score: 1\n", 8, 1,
	       "duplicate key 'score' (first on line 3)");
	expect(HEAD "params: &p { k: 1 }\n" TAIL, 3, 9,
	       "YAML anchors are not allowed (&p)");
	expect(HEAD "params: *p\n" TAIL, 3, 9,
	       "YAML aliases are not allowed (*p)");
	expect(HEAD "version: !!str 1\n" TAIL, 3, 10,
	       "YAML tags are not allowed (!!str)");
	expect(HEAD "params:\n  <<: { k: 1 }\n" TAIL, 4, 3,
	       "YAML merge keys ('<<') are not allowed");
	expect(HEAD TAIL "---\n" HEAD TAIL, 8, 1,
	       "only one YAML document is allowed per file");
	/* 65 nested lists under `source`. */
	snprintf(
	    deep, sizeof deep, HEAD "source: %.*s%.*s\n", 65,
	    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
	    65,
	    "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
	expect(deep, 3, 72, "nesting deeper than 64 levels");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_unknown_keys),
	    cmocka_unit_test(test_missing_keys),
	    cmocka_unit_test(test_whole_file),
	    cmocka_unit_test(test_texts),
	    cmocka_unit_test(test_params),
	    cmocka_unit_test(test_weights),
	    cmocka_unit_test(test_columns),
	    cmocka_unit_test(test_defines),
	    cmocka_unit_test(test_formula_values),
	    cmocka_unit_test(test_shapes),
	    cmocka_unit_test(test_formula_errors),
	    cmocka_unit_test(test_metric_caps),
	    cmocka_unit_test(test_missing_file),
	    cmocka_unit_test(test_yaml_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
