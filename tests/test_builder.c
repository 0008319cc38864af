/* test_builder.c: values a run file may not hold (names that could
 * look like others, numbers out of a double's range), which cell is blamed
 * in a column of mixed kinds, the CSV field cap, and a reader's forecast
 * of its cases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "run/builder.h"
#include "run/context.h"
#include "run/estimate.h"
#include "run/formats/csvrows.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"
#include "run/load.h"
#include "run/samples.h"
#include "test_run_util.h"

const char scratch_prefix[] = "test_builder";

/* Names: blank-only, a blank at either end, not UTF-8; in every format,
 * for cases and columns, at the name's position (a JSON column's at its
 * key, not its value). */
static const struct refusal bad_names[] = {
	{"lead.csv", "case,runtime\n\" a\",1\n", 2, 1,
	 "case name ' a' has a leading blank"},
	/* One rule for quoted and unquoted fields: blanks are kept. */
	{"ulead.csv", "case,runtime\n a,1\n", 2, 1,
	 "case name ' a' has a leading blank"},
	{"utrail.csv", "case,runtime\na , 1.5\n", 2, 1,
	 "case name 'a ' has a trailing blank"},
	{"ucol.csv", "case, runtime\nx,1\n", 1, 6,
	 "column name ' runtime' has a leading blank"},
	{"trail.csv", "case,runtime\n\"a\t\",1\n", 2, 1,
	 "case name 'a\\t' has a trailing blank"},
	{"blank.csv", "case,runtime\nx,1\n\" \t \",1\n", 3, 1,
	 "case name ' \\t ' is only blanks"},
	{"utf8.csv", "case,runtime\ncaf\xe9,1\n", 2, 1,
	 "case name is not valid UTF-8 (byte 0xe9 at byte 4 of the name)"},
	/* Past the first eight bytes, read eight at a time. */
	{"utf8long.csv", "case,runtime\nkernel_m1024_\xe9,1\n", 2, 1,
	 "case name is not valid UTF-8 (byte 0xe9 at byte 14 of the name)"},
	{"col.csv", "case,\"runtime \"\nx,1\n", 1, 6,
	 "column name 'runtime ' has a trailing blank"},
	{"col2.csv", "case,\"\xff\"\nx,1\n", 1, 6,
	 "column name is not valid UTF-8 (byte 0xff at byte 1 of the name)"},
	{"lead.json", "[{\"case\": \"a\"},\n {\"case\": \" a\"}]", 2, 11,
	 "case name ' a' has a leading blank"},
	{"col.json", "[{\"case\": \"a\", \"\\t\": 1}]", 1, 16,
	 "column name '\\t' is only blanks"},
	{"lead.yaml", "- case: 'a '\n", 1, 9,
	 "case name 'a ' has a trailing blank"},
};

/* A number beyond a double is an error at its cell, not inf; one that
 * only a 0 would hold is not 0. */
static const struct refusal bad_numbers[] = {
    {"over.csv", "case,runtime\nx,1\ny,1e400\n", 3, 3,
     "number '1e400' is out of a double's range (magnitude above "
     "1.8e308)"},
    {"over2.csv", "case,runtime\nx,-1e999\n", 2, 3,
     "number '-1e999' is out of a double's range (magnitude above "
     "1.8e308)"},
    {"under.csv", "case,runtime\nx,1e-400\n", 2, 3,
     "number '1e-400' is too small for a double (it would read as 0)"},
    {"under.yaml", "- {case: x, runtime: 0.0001e-320}\n", 1, 22,
     "number '0.0001e-320' is too small for a double (it would read as "
     "0)"},
    {"under.json", "[{\"case\": \"x\", \"runtime\": 1e-400}]", 1, 27,
     "number '1e-400' is too small for a double (it would read as 0)"},
};

static void test_names(void **state)
{
	EXPECT_REFUSALS(bad_names);
	/* A blank inside a name is fine, and so is any valid UTF-8. */
	run_free(load_text("inner.csv", "case,runtime\n\"a b\",1\n"
	                                "caf\xc3\xa9,1\n"));
}

static void test_number_range(void **state)
{
	struct run *r;

	EXPECT_REFUSALS(bad_numbers);
	/* Zero written any way is 0; 5e-324 is the smallest double; a
	 * quoted YAML 1e400 is text, not a number. */
	r = load_text("zero.csv", "case,a,b,c\nx,0,0.000e-999,5e-324\n");
	assert_true(run_find(r, "a")->v[0] == 0);
	assert_true(run_find(r, "b")->v[0] == 0);
	assert_true(run_find(r, "c")->v[0] == 5e-324);
	run_free(r);
	r = load_text("quoted.yaml", "- {case: x, d: '1e400'}\n");
	assert_int_equal(run_find(r, "d")->kind, COL_TEXT);
	run_free(r);
}

/* Load text as name and expect run_numeric(column) to fail with msg. */
static void expect_column(const char *name, const char *text,
                          const char *column, int line, int col,
                          const char *msg)
{
	struct run *r = load_text(name, text);
	struct diag d = {0};

	assert_null(run_numeric(r, column, &d));
	if (strcmp(d.msg, msg) != 0 || d.line != line || d.col != col)
		fail_msg("got %d:%d: %s\nwant %d:%d: %s", d.line, d.col, d.msg,
		         line, col, msg);
	run_free(r);
}

/* In a column of pass states and numbers, the cell after which it is
 * neither is blamed: a 2 after true, a pass word after 1.5. */
static void test_mixed_blame(void **state)
{
	expect_column("pass2.csv", "case,p\na,true\nb,1\nc,2\n", "p", 4, 3,
	              "cell '2' in column 'p' is not a pass state, but the "
	              "column also holds pass words");
	expect_column("pass2.json",
	              "[{\"case\": \"a\", \"p\": true},\n"
	              " {\"case\": \"b\", \"p\": 2.5}]",
	              "p", 2, 21,
	              "cell '2.5' in column 'p' is not a pass state, but the "
	              "column also holds pass words");
	expect_column("num.csv", "case,p\na,1.5\nb,1\nc,fail\n", "p", 4, 3,
	              "cell 'fail' in column 'p' is a pass state, but the "
	              "column also holds numbers other than 0 and 1");
	/* A cell that is neither comes first, wherever it is. */
	expect_column("text.csv", "case,p\na,true\nb,2\nc,x\n", "p", 4, 3,
	              "cell 'x' in column 'p' is not a number");
}

/* A CSV field of RUN_MAX_FIELD bytes is read; one more byte is refused
 * at the field's start, quoted or not, at the end of the file or not. */
static void test_field_cap(void **state)
{
	size_t n = RUN_MAX_FIELD;
	char *text = malloc(n + 64), *p;
	struct run *r;

	assert_non_null(text);
	assert_int_equal(RUN_MAX_FIELD, 1 << 20);
	p = text + sprintf(text, "case,note\nx,");
	memset(p, 'y', n);
	strcpy(p + n, "\n");
	r = load_text("cap.csv", text);
	assert_int_equal(strlen(run_find(r, "note")->bad_text), n);
	run_free(r);
	memset(p, 'y', n + 1);
	strcpy(p + n + 1, ",\n");
	expect_error("cap1.csv", text, 2, 3,
	             "field is longer than 1048576 bytes");
	p[n + 1] = '\0';
	expect_error("cap2.csv", text, 2, 3,
	             "field is longer than 1048576 bytes");
	p[0] = '"';
	memset(p + 1, 'y', n + 1);
	strcpy(p + n + 2, "\"\n");
	expect_error("cap3.csv", text, 2, 3,
	             "field is longer than 1048576 bytes");
	free(text);
}

/* The case cap, lowered for the test: the builder starts with the
 * constant the documentation names, and refuses the case after the cap. */
static void test_case_cap(void **state)
{
	struct run_builder b;
	struct diag d = {0};
	struct run *r;

	rb_init(&b, "t.csv", "csv", &d);
	assert_int_equal(b.max_cases, RUN_MAX_CASES);
	assert_int_equal(RUN_MAX_CASES, 50000000);
	b.max_cases = 3;
	assert_int_equal(rb_case(&b, "a", 1, 2, 1), FP_OK);
	assert_int_equal(rb_case(&b, "b", 1, 3, 1), FP_OK);
	assert_int_equal(rb_case(&b, "c", 1, 4, 1), FP_OK);
	assert_int_equal(rb_case(&b, "d", 1, 5, 1), FP_ERR);
	assert_string_equal(d.msg, "more than 3 cases");
	assert_int_equal(d.line, 5);
	assert_int_equal(rb_finish(&b, &r), FP_OK);
	assert_int_equal(r->n, 3);
	run_free(r);
}

/* A run built with a forecast of its cases (rb_expect), too small, exact
 * or too large, is the run built without one: the same names, cells,
 * positions and missing cells, only fewer allocations. */
static struct run *built(size_t expect, size_t expect_names, size_t n)
{
	struct run_builder b;
	struct diag d = {0};
	struct run *r;
	long rt, ex;

	rb_init(&b, "t.csv", "csv", &d);
	if (expect)
		rb_expect(&b, expect, expect_names);
	rt = rb_add_column(&b, "runtime", 7, 1, 6);
	ex = rb_add_column(&b, "extra", 5, 1, 14);
	assert_true(rt >= 0 && ex >= 0);
	for (size_t i = 0; i < n; i++) {
		char name[32];
		int len = snprintf(name, sizeof name, "case_%zu", i * 7919);

		assert_int_equal(
		    rb_case(&b, name, (size_t)len, (uint32_t)i + 2, 1), FP_OK);
		assert_int_equal(rb_number(&b, (size_t)rt, (double)i / 8,
		                           (uint32_t)i + 2, (uint32_t)len + 2),
		                 FP_OK);
		/* every third case has no extra: a missing cell */
		if (i % 3)
			assert_int_equal(rb_number(&b, (size_t)ex, (double)i,
			                           (uint32_t)i + 2, 30),
			                 FP_OK);
	}
	assert_int_equal(rb_finish(&b, &r), FP_OK);
	return r;
}

/* Room reserved for the samples (rbs_reserve, as the repetitions'
 * merge asks for a sample a row): added without growing, in order, and
 * more added past it grow as before. */
static void test_samples_reserve(void **state)
{
	struct rb_samples s = {0};
	const double *v;

	assert_int_equal(rbs_add(&s, 0, 0.5, 1), FP_OK);
	assert_int_equal(rbs_reserve(&s, 1000), FP_OK);
	assert_true(s.cap >= 1001);
	v = s.v;
	for (size_t k = 1; k <= 1000; k++)
		assert_int_equal(rbs_add(&s, k / 3, (double)k, (int)(k % 2)),
		                 FP_OK);
	assert_ptr_equal(s.v, v);
	assert_int_equal(rbs_add(&s, 400, 7, -1), FP_OK);
	assert_int_equal(s.n, 1002);
	for (size_t k = 1; k <= 1000; k++) {
		assert_true(s.v[k] == (double)k);
		assert_int_equal(s.of_case[k], k / 3);
		assert_int_equal(s.pass[k], (int)(k % 2));
	}
	assert_true(s.v[1001] == 7 && s.pass[1001] == -1);
	rbs_free(&s);
}

static void test_expect(void **state)
{
	const size_t n = 1000;
	struct run *plain = built(0, 0, n);
	const size_t forecasts[][2] = {
	    {1, 1}, {17, 5}, {n, 9 * n}, {n + 1, 0}, {50 * n, 1 << 20}};

	for (size_t f = 0; f < sizeof forecasts / sizeof *forecasts; f++) {
		struct run *r = built(forecasts[f][0], forecasts[f][1], n);

		assert_int_equal(r->n, plain->n);
		assert_int_equal(r->ncols, plain->ncols);
		for (size_t i = 0; i < n; i++) {
			assert_string_equal(r->case_name[i],
			                    plain->case_name[i]);
			assert_int_equal(r->case_line[i], plain->case_line[i]);
		}
		for (size_t c = 0; c < r->ncols; c++) {
			const struct column *x = &r->cols[c],
			                    *y = &plain->cols[c];

			assert_string_equal(x->name, y->name);
			assert_int_equal(x->kind, y->kind);
			assert_int_equal(x->bad_line, y->bad_line);
			/* a column with missing cells holds no numbers */
			assert_int_equal(!x->v, !y->v);
			assert_int_equal(!x->line, !y->line);
			if (x->v)
				assert_memory_equal(x->v, y->v,
				                    n * sizeof *x->v);
			if (x->line)
				assert_memory_equal(x->line, y->line,
				                    n * sizeof *x->line);
			if (x->line)
				assert_memory_equal(x->col, y->col,
				                    n * sizeof *x->col);
		}
		run_free(r);
	}
	run_free(plain);
}

/* The forecast of a CSV text's rows is a bound: its lines that are not
 * empty, and one; blank lines forecast nothing. */
static void test_count_rows(void **state)
{
	assert_int_equal(csv_count_rows("", 0), 1);
	assert_int_equal(csv_count_rows("a", 1), 1);
	assert_int_equal(csv_count_rows("a\n", 2), 2);
	assert_int_equal(csv_count_rows("a\nb", 3), 2);
	assert_int_equal(csv_count_rows("a\r\nb\n\n", 6), 3);
	assert_int_equal(csv_count_rows("\n\n\r\n\n", 5), 1);
	assert_int_equal(csv_count_rows("\"x\ny\"\n", 6), 3);
	/* a blank is not empty; a NUL is no end */
	assert_int_equal(csv_count_rows(" \n", 2), 2);
	assert_int_equal(csv_count_rows("a\0\nb", 4), 2);
}

/* JSON nesting: jansson's 2048 levels are read (and then are no run);
 * the 2049th '[' is refused where it stands. */
static void test_json_depth(void **state)
{
	size_t n = 2049;
	char *text = malloc(2 * n + 1);

	assert_non_null(text);
	memset(text, '[', n - 1);
	memset(text + n - 1, ']', n - 1);
	text[2 * n - 2] = '\0';
	expect_error("deep.json", text, 1, 2,
	             "item 1 is not an object (a "
	             "case is an object with a 'case' name)");
	memset(text, '[', n);
	memset(text + n, ']', n);
	text[2 * n] = '\0';
	expect_error("deeper.json", text, 1, 2049,
	             "maximum parsing depth reached");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_names),
	    cmocka_unit_test(test_number_range),
	    cmocka_unit_test(test_mixed_blame),
	    cmocka_unit_test(test_field_cap),
	    cmocka_unit_test(test_case_cap),
	    cmocka_unit_test(test_json_depth),
	    cmocka_unit_test(test_expect),
	    cmocka_unit_test(test_samples_reserve),
	    cmocka_unit_test(test_count_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
