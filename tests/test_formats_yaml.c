/* test_formats_yaml.c: YAML runs (through yamldoc). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_run_util.h"

const char scratch_prefix[] = "test_formats_yaml";

/* simple.yaml: a list of three cases, one field per line:
 *   2 - case: a          9 - case: c
 *   3   runtime: 1.5     values start at column 12 (runtime) and 11
 *   4   passed: true     (passed) */
static void test_yaml_list(void **state)
{
	struct run *r = load_ok(DATA "simple.yaml", NULL);
	const struct column *c;

	assert_string_equal(r->format, "yaml");
	assert_int_equal(r->n, 3);
	assert_string_equal(r->case_name[0], "a");
	assert_int_equal(r->case_line[0], 2);
	assert_int_equal(r->case_line[2], 8);
	c = run_find(r, "runtime");
	assert_int_equal(c->kind, COL_NUMBER);
	assert_cell(r, c, 0, 1.5, 3, 12);
	assert_cell(r, c, 1, 2, 6, 12);
	assert_cell(r, c, 2, 0.25, 9, 12);
	c = run_find(r, "passed");
	assert_int_equal(c->kind, COL_PASS);
	assert_cell(r, c, 0, 1, 4, 11);
	assert_cell(r, c, 1, 0, 7, 11);
	assert_cell(r, c, 2, 1, 10, 11);
	run_free(r);
}

/* cases.yaml: a mapping with other keys and a `cases` list, one item in
 * flow style on line 7:
 *   - {case: 'm2', runtime: +2, passed: "no", note: "2"}
 * '{' at 5, 'm2' at 12, +2 at 27, "no" at 39, "2" at 51.  A quoted "no" is
 * still a pass word; a quoted "2" is text. */
static void test_yaml_cases_mapping(void **state)
{
	struct run *r = load_ok(DATA "cases.yaml", NULL);
	const struct column *c;
	struct diag d = {0};

	assert_int_equal(r->n, 3);
	assert_string_equal(r->case_name[1], "m2");
	assert_int_equal(r->case_line[1], 7);
	c = run_find(r, "runtime");
	assert_cell(r, c, 0, 1e-3, 4, 14);
	assert_cell(r, c, 1, 2, 7, 27);
	assert_cell(r, c, 2, 0.5, 9, 14);
	c = run_find(r, "passed");
	assert_int_equal(c->kind, COL_PASS);
	assert_cell(r, c, 1, 0, 7, 39);
	c = run_find(r, "note");
	assert_int_equal(c->kind, COL_TEXT);
	assert_null(run_numeric(r, "note", &d));
	assert_string_equal(d.msg, "cell 'fine' in column 'note' is not a number");
	assert_int_equal(d.line, 6);
	assert_int_equal(d.col, 11);
	assert_int_equal(run_cell_line(r, c, 1), 7);
	assert_int_equal(c->col[1], 51);
	run_free(r);
}

/* Values that are not numbers: quoted or block numbers, null, lists,
 * mappings, and a case without the field. */
static void test_yaml_text_cells(void **state)
{
	const char *text = "- {case: a, q: '1', b: 1, n: ~, l: [1], m: {x: 1}, e: }\n"
	                   "- case: b\n"
	                   "  q: 2\n"
	                   "  b: |\n"
	                   "    2\n";
	const char *path = scratch("text.yaml", text, strlen(text));
	struct run *r = load_ok(path, NULL);
	struct diag d = {0};

	unlink(path);
	assert_null(run_numeric(r, "q", &d));
	/* '1' in quotes is a pass word, so the column went wrong at the 2. */
	assert_string_equal(d.msg, "cell '2' in column 'q' is not a pass state, "
	                           "but the column also holds pass words");
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 6);
	assert_null(run_numeric(r, "b", &d));
	/* Shown in its terminal-safe form: the newline as \n. */
	assert_string_equal(d.msg, "cell '2\\n' in column 'b' is not a number");
	assert_int_equal(d.line, 4);
	assert_int_equal(d.col, 6);
	assert_null(run_numeric(r, "n", &d));
	assert_string_equal(d.msg, "cell '~' in column 'n' is not a number");
	assert_null(run_numeric(r, "l", &d));
	assert_string_equal(d.msg, "cell '[...]' in column 'l' is not a number");
	assert_null(run_numeric(r, "m", &d));
	assert_string_equal(d.msg, "cell '{...}' in column 'm' is not a number");
	assert_null(run_numeric(r, "e", &d));
	assert_string_equal(d.msg, "empty cell in column 'e' is not a number");
	run_free(r);
}

static void test_yaml_errors(void **state)
{
	expect_error("err.yaml", "", 0, 0, "no cases: the file is empty");
	expect_error("err.yaml", "name: x\n", 1, 1,
	             "no 'cases' list: a YAML run is a list of cases, or a "
	             "mapping with a 'cases' list");
	expect_error("err.yaml", "cases: 3\n", 1, 8,
	             "expected a list of cases");
	expect_error("err.yaml", "cases: []\n", 1, 8, "no cases");
	expect_error("err.yaml", "- case: a\n- 7\n", 2, 3,
	             "item 2 is not a mapping (a case is a mapping with a "
	             "'case' name)");
	expect_error("err.yaml", "- name: a\n", 1, 3, "item 1 has no 'case'");
	expect_error("err.yaml", "- case: [a]\n", 1, 9,
	             "'case' must be a name, not a list");
	expect_error("err.yaml", "- case: ''\n", 1, 9, "empty case name");
	expect_error("err.yaml", "- case: a\n- case: b\n- case: a\n", 3, 9,
	             "duplicate case 'a' (first on line 1)"
	             ": give each case once, its runtimes as a list in "
	             "'samples'");
	expect_error("err.yaml", "- case: a\n  '': 1\n", 2, 3,
	             "empty column name");
	/* yamldoc's refusals reach the user unchanged. */
	expect_error("err.yaml", "- case: &x a\n", 1, 9,
	             "YAML anchors are not allowed (&x)");
	expect_error("err.yaml", "- case: a\n  case: b\n", 2, 3,
	             "duplicate key 'case' (first on line 1)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_yaml_list),
		cmocka_unit_test(test_yaml_cases_mapping),
		cmocka_unit_test(test_yaml_text_cells),
		cmocka_unit_test(test_yaml_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
