/* test_csvfast.c: the CSV fast paths (text without a quote, split by
 * csvrows.c itself: plain ASCII with LF only a row at a time, any other text
 * counting its columns) give the rows libcsv gives: the same fields,
 * lengths, lines and columns, the same row ends and the same errors.  A text with
 * a quote anywhere goes through libcsv, so each text is read twice: as
 * it is, and with a last row holding a quoted field, and the rows they
 * share must agree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/csvrows.h"
#include "run/builder.h"

struct rows {
	char log[8192];
	size_t len, stop_at;
};

static int add(void *ctx, size_t row, const struct csv_field *f, size_t n)
{
	struct rows *r = ctx;

	if (row == r->stop_at)
		return FP_OK;
	for (size_t i = 0; i <= n; i++)
		r->len += (size_t)snprintf(
		    r->log + r->len, sizeof r->log - r->len,
		    "%zu:%zu[%s]%zu@%u:%u ", row, i,
		    f[i].text ? f[i].text : "-", f[i].len, f[i].line, f[i].col);
	r->len +=
	    (size_t)snprintf(r->log + r->len, sizeof r->log - r->len, "\n");
	return FP_OK;
}

/* The rows of text, and the error if there is one, into r. */
static int read_rows(const char *text, size_t len, struct rows *r)
{
	struct diag d;
	size_t n;
	int rc;

	rc = fmt_csv_rows("t.csv", text, len, 0, add, r, &n, &d);
	if (rc != FP_OK)
		r->len +=
		    (size_t)snprintf(r->log + r->len, sizeof r->log - r->len,
		                     "error %d:%d %s", d.line, d.col, d.msg);
	return rc;
}

static void same(const char *text)
{
	size_t len = strlen(text);
	char *quoted = malloc(len + 16);
	struct rows plain = {.stop_at = SIZE_MAX}, lib = {.stop_at = SIZE_MAX};
	bool ends = len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r');
	size_t n = 0;

	/* The rows of the plain text come first in the quoted one. */
	(void)read_rows(text, len, &plain);
	for (size_t i = 0; i < plain.len; i++)
		n += plain.log[i] == '\n';
	memcpy(quoted, text, len);
	strcpy(quoted + len, ends ? "\"q\"\n" : "\n\"q\"\n");
	lib.stop_at = strstr(plain.log, "error") ? SIZE_MAX : n;
	(void)read_rows(quoted, strlen(quoted), &lib);
	if (!strstr(plain.log, "error") && lib.len > plain.len)
		lib.log[plain.len] = '\0';
	if (strcmp(plain.log, lib.log) != 0)
		fail_msg("text %s\nfast:\n%s\nlibcsv:\n%s", text, plain.log,
		         lib.log);
	free(quoted);
}

static void test_agree(void **state)
{
	static const char *const texts[] = {
	    "case,runtime\na,1\nb,2\n",
	    "case,runtime\r\na,1\r\nb,2\r\n",
	    "case,runtime\ra,1\rb,2",
	    "case,runtime\na,1\nb,2",
	    "case , runtime \n  a ,\t1\t\n\n\n   \n b , 2 \n",
	    "case,x,y\na,,\n,b,\n,,\n",
	    "case,x\n\n\na,1\n\r\n\rb,2\n   ",
	    "case,x\na,1,2,3\nb\n",
	    "case,x\n\xc3\xa9t\xc3\xa9,1\nb,\xe2\x82\xac"
	    "2\n",
	    "  ,\n,\n",
	    "case\n",
	    "",
	    "\n\n",
	};

	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
		same(texts[i]);
}

/* Random short texts over three alphabets: plain ASCII with LF only (the
 * row-at-a-time path), with CR too, and with a two-byte UTF-8 letter (the
 * counting path); each must read as libcsv reads it. */
static void test_random(void **state)
{
	static const char *const alphabets[] = {"ab1 ,\n\n", "ab1 ,\n\r",
	                                        "a1 ,\n\xc3\xa9"};
	uint64_t x = 0x9e3779b97f4a7c15u;
	char text[48];

	(void)state;
	for (int trial = 0; trial < 30000; trial++) {
		const char *a = alphabets[trial % 3];
		size_t na = strlen(a), len;

		x = x * 6364136223846793005u + 1442695040888963407u;
		len = (size_t)(x >> 59) + (size_t)(x >> 62); /* 0 .. 34 */
		for (size_t i = 0; i < len; i++) {
			x = x * 6364136223846793005u + 1442695040888963407u;
			text[i] = a[(x >> 33) % na];
		}
		/* A letter's first byte alone is no UTF-8: keep pairs whole. */
		if (len && (unsigned char)text[len - 1] == 0xc3)
			len--;
		for (size_t i = 0; i + 1 < len; i++)
			if ((unsigned char)text[i] == 0xc3)
				text[++i] = (char)0xa9;
		text[len] = '\0';
		same(text);
	}
}

/* The errors of the fast path: a field over the cap, too many columns. */
static void test_errors(void **state)
{
	/* Static, not malloc'd: gcc -O1 takes a NULL malloc for a
	 * zero-sized object and fails -Warray-bounds on the memset. */
	static char long_field[RUN_MAX_FIELD + 10 + 32];
	size_t big = RUN_MAX_FIELD + 10, n;
	char *t = long_field;
	struct rows r = {.stop_at = SIZE_MAX};
	struct diag d;

	strcpy(t, "case,x\na,");
	memset(t + 9, '7', big);
	strcpy(t + 9 + big, "\n");
	assert_int_equal(
	    fmt_csv_rows("t.csv", t, strlen(t), 0, add, &r, &n, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "field is longer than"));
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 3);
	t = malloc(4 * (RUN_MAX_COLUMNS + 4) + 8);
	strcpy(t, "case");
	for (int c = 0; c < RUN_MAX_COLUMNS + 2; c++)
		strcat(t, ",x");
	strcat(t, "\n");
	r.len = 0;
	assert_int_equal(
	    fmt_csv_rows("t.csv", t, strlen(t), 0, add, &r, &n, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "columns"));
	same(t);
	free(t);
}

/* Lengths and columns of row 1's fields, for a line too long to log. */
static int lengths(void *ctx, size_t row, const struct csv_field *f, size_t n)
{
	size_t *got = ctx;

	if (row == 1)
		for (size_t i = 0; i <= n && i < 4; i++) {
			got[2 * i] = f[i].len;
			got[2 * i + 1] = f[i].col;
		}
	return FP_OK;
}

/* A line longer than RUN_MAX_FIELD whose fields are each under it: split
 * field by field, not copied whole, and read all the same. */
static void test_long_line(void **state)
{
	size_t half = RUN_MAX_FIELD / 2 + 1, len = 7 + 2 * half + 4, n;
	char *t = malloc(len + 1);
	size_t got[8] = {0};
	struct diag d;

	(void)state;
	memcpy(t, "case,x\n", 7);
	memset(t + 7, 'a', half);
	t[7 + half] = ',';
	memset(t + 8 + half, '1', half - 1);
	memcpy(t + 7 + 2 * half, ",,2\n", 4);
	t[len] = '\0';
	assert_int_equal(fmt_csv_rows("t.csv", t, len, 0, lengths, got, &n, &d),
	                 FP_OK);
	assert_int_equal(n, 2);
	assert_int_equal(got[0], half);
	assert_int_equal(got[1], 1);
	assert_int_equal(got[2], half - 1);
	assert_int_equal(got[3], half + 2);
	assert_int_equal(got[4], 0);
	assert_int_equal(got[5], 2 * half + 2);
	assert_int_equal(got[6], 1);
	assert_int_equal(got[7], 2 * half + 3);
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_agree),
	    cmocka_unit_test(test_random),
	    cmocka_unit_test(test_errors),
	    cmocka_unit_test(test_long_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
