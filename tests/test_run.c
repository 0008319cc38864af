/* test_run.c: CSV runs, format detection, file limits and the run API
 * (run_find, run_numeric, run_rename, run_add_column, run_new_like,
 * run_parse_pass).  JSON, Google Benchmark and hyperfine files are in
 * test_formats_json.c, YAML runs in test_formats_yaml.c. */
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

const char scratch_prefix[] = "test_run";

/* basic.csv:
 *   case,runtime,passed,note
 *   m1,12.5,pass,fine
 *   m2,1e-3,FAIL,
 *   "m,3",+2,yes,"said ""hi"""
 *   m4, .5 ,No,x
 * Numbers in every spelling numfmt takes, blanks around them too (a field
 * keeps its blanks, quoted or not; a name may not have them); pass words
 * in any letter case; the note column is text, harmless until used. */
static void test_csv_basic(void **state)
{
	struct run *r = load_ok(DATA "basic.csv", NULL);
	const struct column *rt, *ps, *note;

	assert_string_equal(r->format, "csv");
	assert_string_equal(r->path, DATA "basic.csv");
	assert_int_equal(r->n, 4);
	assert_string_equal(r->case_name[0], "m1");
	assert_string_equal(r->case_name[1], "m2");
	assert_string_equal(r->case_name[2], "m,3");
	assert_string_equal(r->case_name[3], "m4");
	assert_int_equal(r->case_line[3], 5);
	assert_int_equal(r->ncols, 3);

	rt = run_find(r, "runtime");
	assert_int_equal(rt->kind, COL_NUMBER);
	assert_cell(r, rt, 0, 12.5, 2, 4);
	assert_cell(r, rt, 1, 1e-3, 3, 4);
	assert_cell(r, rt, 2, 2, 4, 7);   /* "m,3" takes 5 columns, then ',' */
	assert_cell(r, rt, 3, 0.5, 5, 4); /* "m4, .5 ": its blank is column 4 */

	ps = run_find(r, "passed");
	assert_int_equal(ps->kind, COL_PASS);
	assert_cell(r, ps, 0, 1, 2, 9);
	assert_cell(r, ps, 1, 0, 3, 9);
	assert_cell(r, ps, 2, 1, 4, 10);
	assert_cell(r, ps, 3, 0, 5, 9);

	note = run_find(r, "note");
	assert_int_equal(note->kind, COL_TEXT);
	assert_null(note->v);
	assert_string_equal(note->bad_text, "fine");
	assert_int_equal(note->bad_line, 2);
	assert_int_equal(note->bad_col, 14);
	run_free(r);
}

/* A byte order mark and CRLF line ends; the BOM takes no column, the blank
 * CRLF line is skipped. */
static void test_csv_bom_crlf(void **state)
{
	struct run *r = load_ok(DATA "bom_crlf.csv", NULL);
	const struct column *rt = run_find(r, "runtime");

	assert_int_equal(r->n, 2);
	assert_string_equal(r->case_name[0], "a");
	assert_string_equal(r->case_name[1], "b");
	assert_int_equal(r->case_line[0], 2);
	assert_int_equal(r->case_line[1], 4);
	assert_cell(r, rt, 0, 1, 2, 3);
	assert_cell(r, rt, 1, 2, 4, 3);
	run_free(r);
}

/* quoted.csv: a name spanning two lines, one with doubled quotes, blank
 * and whitespace-only lines, no final newline.
 *   1 case,runtime
 *   2 "multi
 *   3 line",1          '1' after `line",` = column 7
 *   4 "a ""q""",2      9 characters of name, ',' at 10, '2' at 11
 *   5
 *   6 (three blanks)
 *   7 plain,3 */
static void test_csv_quoted(void **state)
{
	struct run *r = load_ok(DATA "quoted.csv", NULL);
	const struct column *rt = run_find(r, "runtime");

	assert_int_equal(r->n, 3);
	assert_string_equal(r->case_name[0], "multi\nline");
	assert_string_equal(r->case_name[1], "a \"q\"");
	assert_string_equal(r->case_name[2], "plain");
	assert_int_equal(r->case_line[0], 2);
	assert_int_equal(r->case_line[1], 4);
	assert_int_equal(r->case_line[2], 7);
	assert_cell(r, rt, 0, 1, 3, 7);
	assert_cell(r, rt, 1, 2, 4, 11);
	assert_cell(r, rt, 2, 3, 7, 7);
	run_free(r);
}

/* Pass columns: 1/0 (and numbers equal to them) are pass states too, so a
 * column of 1s and 0s is COL_PASS; a mix of pass words and other numbers
 * is unusable, its bad cell the first word. */
static void test_csv_kinds(void **state)
{
	struct run *r = load_text("kinds.csv", "case,a,b,c,d\n"
	                                       "x,1,true,1,0.5\n"
	                                       "y,0,0,2,TRUE\n"
	                                       "z,1.0,No,3,1\n");
	const struct column *c;

	c = run_find(r, "a");
	assert_int_equal(c->kind, COL_PASS);
	assert_true(c->v[2] == 1);
	c = run_find(r, "b");
	assert_int_equal(c->kind, COL_PASS);
	assert_true(c->v[0] == 1 && c->v[1] == 0 && c->v[2] == 0);
	c = run_find(r, "c");
	assert_int_equal(c->kind, COL_NUMBER);
	c = run_find(r, "d");
	assert_int_equal(c->kind, COL_TEXT);
	assert_string_equal(c->bad_text, "TRUE");
	assert_int_equal(c->bad_line, 3);
	assert_int_equal(c->bad_col, 9);
	run_free(r);
}

static void test_csv_numbers_refused(void **state)
{
	static const char *const bad[] = {"nan",   "inf", "0x10", "1,5",
	                                  "1_000", "--1", "1e"};
	char text[128];

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct run *r;
		struct column *c;
		snprintf(text, sizeof text, "case,v\nx,\"%s\"\n", bad[i]);
		r = load_text("num.csv", text);
		c = run_find(r, "v");
		assert_int_equal(c->kind, COL_TEXT);
		assert_string_equal(c->bad_text, bad[i]);
		run_free(r);
	}
}

static void test_csv_errors(void **state)
{
	/* Too few cells: at the end of the row, naming the first column
	 * without one; too many: at the first extra cell. */
	static const struct refusal cells[] = {
	    {"cells.csv", "case,a,b,c\nx,1,2,3\ny,1,2\n", 3, 6,
	     "row has 3 cells, the header has 4: no cell for column 'c'"},
	    {"cells2.csv", "case,a\nx,1,2,3\n", 2, 5,
	     "row has 4 cells, the header has 2: extra cell '2'"},
	    {"one.csv", "case,a\nx\n", 2, 2,
	     "row has 1 cell, the header has 2: no cell for column 'a'"},
	    {"one_crlf.csv", "case,a\r\nx  \r\n", 2, 4,
	     "row has 1 cell, the header has 2: no cell for column 'a'"},
	    {"one_eof.csv", "case,a,b\nx,1", 2, 4,
	     "row has 2 cells, the header has 3: no cell for column 'b'"},
	};

	EXPECT_REFUSALS(cells);
	expect_error("dup.csv", "case,runtime\nx,1\ny,2\n\"x\",3\n", 4, 1,
	             "duplicate case 'x' (first on line 2)"
	             ": rows of one case are its samples only in a file "
	             "with a 'repetition' column");
	/* Of two duplicates, the one met first in the file. */
	expect_error("dup2.csv", "case\nb\na\na\nb\n", 4, 1,
	             "duplicate case 'a' (first on line 3)"
	             ": rows of one case are its samples only in a file "
	             "with a 'repetition' column");
	expect_error("dupcol.csv", "case,runtime,runtime\nx,1,2\n", 1, 14,
	             "duplicate column 'runtime' (first at line 1, column 6)");
	expect_error("empty_case.csv", "case,runtime\nx,1\n,2\n", 3, 1,
	             "empty case name");
	expect_error("empty_case2.csv", "case,runtime\nx,1\n\"\",2\n", 3, 1,
	             "empty case name");
	expect_error("empty_col.csv", "case,,x\n1,2,3\n", 1, 6,
	             "empty column name");
	expect_error("no_case.csv", "name,runtime\nx,1\n", 1, 0,
	             "no 'case' column: the header has name, runtime");
	expect_error("no_case2.csv", "Case,runtime\nx,1\n", 1, 0,
	             "no 'case' column (names are case-sensitive): the header "
	             "has Case, runtime");
	expect_error("header_only.csv", "case,runtime\n", 0, 0,
	             "no cases: the file has a header row and no data rows");
	expect_error("empty.csv", "", 0, 0,
	             "empty file: a CSV run needs a header row and a row per "
	             "case");
	expect_error("blank.csv", "\n  \n\r\n", 0, 0,
	             "empty file: a CSV run needs a header row and a row per "
	             "case");
	/* The open quote is where the field starts: line 2, column 3. */
	expect_error("open.csv", "case,runtime\nx,\"1\ny,2\n", 2, 3,
	             "unterminated quoted field");
	expect_error("after.csv", "case,runtime\n\"x\"y,1\n", 2, 4,
	             "text after the closing quote of a quoted field");
	expect_error("inner.csv", "case,runtime\nab\"c,1\n", 2, 3,
	             "quote in an unquoted field (quote the whole field and "
	             "write each quote inside as \"\")");
	/* Line 4, after a quoted field spanning lines 2 and 3. */
	/* A blank after the closing quote is text too (no_blanks). */
	expect_error("after2.csv", "case,runtime\n\"x\ny\",1\nz,\"2\" 3\n", 4,
	             6, "text after the closing quote of a quoted field");
	expect_error_n("nul.csv", "case,runtime\nx,1\0\n", 18, NULL, 2, 4,
	               "NUL byte: a run file is text");
}

static void test_csv_caps(void **state)
{
	size_t n = RUN_MAX_NAME + 1, cols = RUN_MAX_COLUMNS;
	char *text = malloc(n + 64 + 8 * (cols + 2)), *p;
	struct run *r;

	assert_non_null(text);
	/* A name of RUN_MAX_NAME bytes is fine, one more is not. */
	p = text + sprintf(text, "case,runtime\n");
	memset(p, 'n', n - 1);
	strcpy(p + n - 1, ",1\n");
	r = load_text("long.csv", text);
	assert_int_equal(strlen(r->case_name[0]), RUN_MAX_NAME);
	run_free(r);
	memset(p, 'n', n);
	strcpy(p + n, ",1\n");
	expect_error("long.csv", text, 2, 1,
	             "case name is longer than 4096 bytes");
	/* The same for a column name, here after "case," at column 6. */
	p = text + sprintf(text, "case,");
	memset(p, 'c', n);
	strcpy(p + n, "\nx,1\n");
	expect_error("longcol.csv", text, 1, 6,
	             "column name is longer than 4096 bytes");

	/* `case` and RUN_MAX_COLUMNS columns c0..c4095 are fine; one more
	 * column, c4096, is refused where it starts.  Before it: "case" (4)
	 * and ",c0".."c4095": 10 of 3 bytes, 90 of 4, 900 of 5, 3096 of 6,
	 * 4 + 30 + 360 + 4500 + 18576 = 23470; then its ',' (23471) and
	 * its 'c' at column 23472. */
	p = text + sprintf(text, "case");
	for (size_t i = 0; i < cols; i++)
		p += sprintf(p, ",c%zu", i);
	sprintf(p, "\nx");
	for (size_t i = 0; i < cols; i++)
		strcat(p, ",1");
	r = load_text("wide.csv", text);
	assert_int_equal(r->ncols, RUN_MAX_COLUMNS);
	run_free(r);
	p += sprintf(p, ",c%zu\n", cols);
	expect_error("wide.csv", text, 1, 23472, "more than 4096 columns");
	free(text);
}

static void test_text_cells(void **state)
{
	struct run *r = load_text("text.csv", "case,runtime,ref,passed\n"
	                                      "x,1,,pass\n"
	                                      "y,abc,2,pass\n");
	struct diag d = {0};

	assert_null(run_numeric(r, "runtime", &d));
	assert_string_equal(d.msg,
	                    "cell 'abc' in column 'runtime' is not a number");
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 3);
	assert_string_equal(d.file, r->path);

	assert_null(run_numeric(r, "ref", &d));
	assert_string_equal(d.msg,
	                    "empty cell in column 'ref' is not a number");
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 5);

	assert_ptr_equal(run_numeric(r, "passed", &d), run_find(r, "passed"));
	run_free(r);
}

static void test_run_numeric_missing(void **state)
{
	struct run *r = load_ok(DATA "basic.csv", NULL);
	struct diag d = {0};
	const struct column *c;

	c = run_numeric(r, "runtime", &d);
	assert_non_null(c);
	assert_true(c->v[0] == 12.5);
	run_free(r);

	r = load_text("before.csv", "case,runtime,passed\nx,1,1\n");
	assert_null(run_numeric(r, "ref_runtime", &d));
	assert_string_equal(d.file, "");
	assert_int_equal(d.line, 0);
	assert_string_equal(
	    d.msg, "no column 'ref_runtime' in " TMP_DIR
	           "test_run-before.csv (it has: case, runtime, passed)");
	run_free(r);
}

/* Hundreds of columns: the list is cut to fit the message. */
static void test_run_numeric_long_list(void **state)
{
	char text[8192], *p = text + sprintf(text, "case");
	struct run *r;
	struct diag d = {0};

	for (int i = 0; i < 300; i++)
		p += sprintf(p, ",column_%03d", i);
	p += sprintf(p, "\nx");
	for (int i = 0; i < 300; i++)
		p += sprintf(p, ",1");
	strcpy(p, "\n");
	r = load_text("wide.csv", text);
	assert_null(run_numeric(r, "runtime", &d));
	assert_non_null(
	    strstr(d.msg, "(it has: case, column_000, column_001, "));
	assert_non_null(strstr(d.msg, ", ...)"));
	assert_true(strlen(d.msg) < sizeof d.msg - 1);
	run_free(r);
}

static void test_rename(void **state)
{
	struct run *r = load_text("r.csv", "case,time,passed\nx,1,1\n");
	struct diag d = {0};

	assert_int_equal(run_rename(r, "runtime", "time", &d), FP_OK);
	assert_non_null(run_find(r, "runtime"));
	assert_null(run_find(r, "time"));
	assert_int_equal(run_rename(r, "runtime", "runtime", &d), FP_OK);

	assert_int_equal(run_rename(r, "runtime", "time", &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "cannot rename column 'time' to 'runtime': "
	                    "no column 'time' in " TMP_DIR "test_run-r.csv "
	                    "(it has: case, runtime, passed)");
	assert_int_equal(run_rename(r, "passed", "runtime", &d), FP_ERR);
	assert_string_equal(
	    d.msg, "cannot rename column 'runtime' to 'passed': " TMP_DIR
	           "test_run-r.csv already has a column 'passed'");
	assert_int_equal(run_rename(r, "case", "runtime", &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "cannot rename column 'runtime' to 'case': " TMP_DIR
	                    "test_run-r.csv already has a column 'case'");
	run_free(r);

	/* A path is shown whole, however long (names and cells are cut). */
	r = load_text("a-file-name-long-enough-to-be-cut-if-it-were-a-case-name"
	              ".csv",
	              "case,time\nx,1\n");
	assert_int_equal(run_rename(r, "runtime", "t", &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "cannot rename column 't' to 'runtime': "
	                    "no column 't' in " TMP_DIR "test_run-a-file-name-"
	                    "long-enough-to-be-cut-if-it-were-a-case-name.csv "
	                    "(it has: case, time)");
	run_free(r);
}

static void test_add_column_and_new_like(void **state)
{
	struct run *r = load_text("a.csv", "case,runtime\nx,1\ny,2\n"), *n;
	struct diag d = {0};
	double *v = malloc(2 * sizeof *v);

	v[0] = 0.5;
	v[1] = 0.25;
	assert_int_equal(run_add_column(r, "score", COL_NUMBER, v, &d), FP_OK);
	assert_int_equal(r->ncols, 2);
	assert_true(run_find(r, "score")->v[1] == 0.25);
	assert_null(run_find(r, "score")->line);

	v = malloc(2 * sizeof *v); /* freed by the failing call */
	assert_int_equal(run_add_column(r, "runtime", COL_NUMBER, v, &d),
	                 FP_ERR);
	assert_string_equal(d.msg,
	                    TMP_DIR "test_run-a.csv already has a column "
	                            "'runtime'");

	n = run_new_like(r, "s.yaml", "scenario");
	assert_non_null(n);
	assert_int_equal(n->n, 2);
	assert_string_equal(n->case_name[1], "y");
	assert_ptr_not_equal(n->case_name[1], r->case_name[1]);
	assert_int_equal(n->case_line[1], 0);
	assert_int_equal(n->ncols, 0);
	assert_string_equal(n->path, "s.yaml");
	assert_string_equal(n->format, "scenario");
	v = calloc(2, sizeof *v);
	assert_int_equal(run_add_column(n, "passed", COL_PASS, v, &d), FP_OK);
	assert_int_equal(run_find(n, "passed")->kind, COL_PASS);
	run_free(n);
	run_free(r);
	run_free(NULL);
	assert_null(run_find(NULL, "x"));
}

static void test_parse_pass(void **state)
{
	static const struct {
		const char *s;
		double v;
	} ok[] = {
	    {"true", 1}, {"TRUE", 1}, {"True", 1}, {"false", 0}, {"1", 1},
	    {"0", 0},    {"pass", 1}, {"PASS", 1}, {"fail", 0},  {"Fail", 0},
	    {"yes", 1},  {"YES", 1},  {"no", 0},   {"No", 0},    {" yes\t", 1},
	    {"FALSE", 0}, {"fAlSe", 0}, {"on", 1},  {"OFF", 0},
	};
	static const char *const bad[] = {
	    "", "2", "passed", "y", "t", "1.0", "of", "onn", "truefalse", "-1",
	    "fals", "falsey", "nO0",
	    /* Only A-Z fold: a fold by c | 0x20 would read \021 as 1 and
	     * \020 as 0. */
	    "\021", "\020", "p@ss", "P\301SS"};
	double v;

	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		v = -1;
		assert_true(run_parse_pass(ok[i].s, strlen(ok[i].s), &v));
		assert_true(v == ok[i].v);
	}
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_false(run_parse_pass(bad[i], strlen(bad[i]), &v));
	/* Only len bytes count, a NUL among them too. */
	assert_true(run_parse_pass("yesterday", 3, &v));
	assert_false(run_parse_pass("no\0", 3, &v));
	assert_false(run_parse_pass("0\0\0", 2, &v));
	assert_false(run_parse_pass("\0", 1, &v));
}

static void test_detection(void **state)
{
	struct run *r;
	const char *path;
	struct run_opts o = {.format = "xml"};
	struct diag d = {0};

	/* Extension letter case does not matter. */
	path = scratch("upper.CSV", "case,runtime\nx,1\n", 17); /* 13 + 4 */
	r = load_ok(path, NULL);
	assert_string_equal(r->format, "csv");
	run_free(r);
	unlink(path);
	/* No telling extension: JSON shows in its first character. */
	path = scratch("noext", "  [{\"case\": \"x\"}]", 17);
	r = load_ok(path, NULL);
	assert_string_equal(r->format, "json");
	run_free(r);
	unlink(path);
	/* A given format rules over the extension. */
	path = scratch("data.txt", "case,runtime\nx,1\n", 17);
	r = load_ok(path, "csv");
	assert_string_equal(r->format, "csv");
	run_free(r);
	unlink(path);
	expect_error(
	    "data.txt", "case,runtime\nx,1\n", 0, 0,
	    "cannot tell the format: it looks like CSV (its first "
	    "line is 'case,runtime'), which is read as a run with a "
	    ".csv name and a 'case' column; give --input-format FMT, "
	    "one of csv, json, yaml, gbench, hyperfine, gbench-csv, "
	    "hyperfine-csv, pytest-benchmark, go, go-json, catch2, criterion");

	assert_int_equal(run_load(DATA "basic.csv", &o, &r, &d), FP_ERR);
	assert_string_equal(d.file, "");
	assert_string_equal(
	    d.msg,
	    "unknown run format 'xml' (known: csv, json, "
	    "yaml, gbench, hyperfine, gbench-csv, "
	    "hyperfine-csv, pytest-benchmark, go, go-json, catch2, criterion)");
	/* NULL options: by extension. */
	assert_int_equal(run_load(DATA "basic.csv", NULL, &r, &d), FP_OK);
	run_free(r);
}

static void test_file_errors(void **state)
{
	struct run *r = NULL;
	struct diag d = {0};
	const char *path = TMP_DIR "test_run-huge.csv";
	FILE *f;

	assert_int_equal(run_load(DATA "nope.csv", NULL, &r, &d), FP_ERR);
	assert_null(r);
	assert_string_equal(d.file, DATA "nope.csv");
	assert_int_equal(d.line, 0);
	assert_string_equal(d.msg, "cannot open: No such file or directory");

	/* A folder is a criterion.rs run; one without benchmarks is none. */
	assert_int_equal(run_load(DATA, NULL, &r, &d), FP_ERR);
	assert_string_equal(d.file, DATA);
	assert_string_equal(d.msg,
	                    "a folder, with no criterion.rs benchmark in it "
	                    "(NAME/new/sample.json, as cargo bench writes "
	                    "under target/criterion); a run is a file or "
	                    "such a folder");

	/* A sparse file one byte over 1 GiB: refused by its size, unread. */
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(ftruncate(fileno(f), ((off_t)1 << 30) + 1), 0);
	fclose(f);
	assert_int_equal(run_load(path, NULL, &r, &d), FP_ERR);
	assert_string_equal(d.msg, "file is larger than 1 GiB");
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_csv_basic),
	    cmocka_unit_test(test_csv_bom_crlf),
	    cmocka_unit_test(test_csv_quoted),
	    cmocka_unit_test(test_csv_kinds),
	    cmocka_unit_test(test_csv_numbers_refused),
	    cmocka_unit_test(test_csv_errors),
	    cmocka_unit_test(test_csv_caps),
	    cmocka_unit_test(test_text_cells),
	    cmocka_unit_test(test_run_numeric_missing),
	    cmocka_unit_test(test_run_numeric_long_list),
	    cmocka_unit_test(test_rename),
	    cmocka_unit_test(test_add_column_and_new_like),
	    cmocka_unit_test(test_parse_pass),
	    cmocka_unit_test(test_detection),
	    cmocka_unit_test(test_file_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
