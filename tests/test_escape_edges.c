/* test_escape_edges.c: the escapers' edge cases that test_escape.c and
 * test_plot_safety.c leave out (coverage, `make coverage`): the limits of
 * each UTF-8 form and of each range of hidden characters, every padding of
 * a code span, every class of URL byte, and each escaper when memory or
 * the memory stream runs out.  Expected values are worked by hand from
 * escape.h and escape_gp.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plot/escape_gp.h"
#include "test_alloc_fault.h"
#include "util/escape.h"

#define CHECK(call, want) do { \
	char *got_ = (call); \
	assert_non_null(got_); \
	assert_string_equal(got_, (want)); \
	free(got_); \
} while (0)

/* U+FFFD as UTF-8, the replacement character: kept like any other. */
#define FFFD "\xef\xbf\xbd"

static void test_terminal_utf8_limits(void **state)
{
	/* The lowest and highest code point of each narrowed lead byte are
	 * kept; one past them (overlong, surrogate, above U+10FFFF) is not
	 * UTF-8, and each byte shows as \xHH. */
	CHECK(escape_terminal("\xe0\xa0\x80"), "\xe0\xa0\x80"); /* U+0800 */
	CHECK(escape_terminal("\xe0\x9f\xbf"), "\\xe0\\x9f\\xbf");
	CHECK(escape_terminal("\xed\x9f\xbf"), "\xed\x9f\xbf"); /* U+D7FF */
	CHECK(escape_terminal("\xed\xa0\x80"), "\\xed\\xa0\\x80");
	CHECK(escape_terminal("\xf0\x90\x80\x80"), "\xf0\x90\x80\x80");
	CHECK(escape_terminal("\xf0\x8f\xbf\xbf"),
	      "\\xf0\\x8f\\xbf\\xbf");
	CHECK(escape_terminal("\xf1\x80\x80\x80"), "\xf1\x80\x80\x80");
	/* U+10FFFD, near the top (U+10FFFF is a non-character: shown as an
	 * escape). */
	CHECK(escape_terminal("\xf4\x8f\xbf\xbd"), "\xf4\x8f\xbf\xbd");
	CHECK(escape_terminal("\xf4\x90\x80\x80"),
	      "\\xf4\\x90\\x80\\x80");
	CHECK(escape_terminal("\xf5\x80"), "\\xf5\\x80");
	/* A later byte that is no continuation: below 80, above BF, or the
	 * end of the string.  Only the lead byte is dropped each time; what
	 * follows is read again on its own. */
	CHECK(escape_terminal("\xe2\x82" "A"), "\\xe2\\x82A");
	CHECK(escape_terminal("\xe2\x82\xc0"), "\\xe2\\x82\\xc0");
	CHECK(escape_terminal("\xe2\x82"), "\\xe2\\x82");
}

static void test_terminal_hidden_limits(void **state)
{
	/* Each range's first and last character, and a visible one past
	 * its end. */
	CHECK(escape_terminal("\xc2\x80\xc2\x9f\xc3\xa9"),
	      "\\u0080\\u009f\xc3\xa9");
	CHECK(escape_terminal("\xd8\x9c"), "\\u061c");
	CHECK(escape_terminal("\xe2\x80\x8b\xe2\x80\x8f\xe2\x80\x90"),
	      "\\u200b\\u200f\xe2\x80\x90");
	CHECK(escape_terminal("\xe2\x80\xa8\xe2\x80\xae\xe2\x80\xb0"),
	      "\\u2028\\u202e\xe2\x80\xb0");
	CHECK(escape_terminal("\xe2\x81\xa0\xe2\x81\xa9\xe2\x82\xac"),
	      "\\u2060\\u2069\xe2\x82\xac");
	CHECK(escape_terminal("x\xef\xbb\xbfy"), "x\\ufeffy");
	/* Non-characters: U+FDD0..U+FDEF, and the last two of each plane
	 * (above U+FFFF as \UHHHHHHHH); U+FDCF, U+FDF0 and U+1FFFD are
	 * characters. */
	CHECK(escape_terminal("\xef\xb7\x8f\xef\xb7\x90\xef\xb7\xaf"
	                      "\xef\xb7\xb0"),
	      "\xef\xb7\x8f\\ufdd0\\ufdef\xef\xb7\xb0");
	CHECK(escape_terminal("\xf0\x9f\xbf\xbd\xf0\x9f\xbf\xbe"
	                      "\xf4\x8f\xbf\xbf"),
	      "\xf0\x9f\xbf\xbd\\U0001fffe\\U0010ffff");
	/* Tag characters U+E0000..U+E007F; U+DFFFD and U+E0080 are
	 * not. */
	CHECK(escape_terminal("\xf3\x9f\xbf\xbd\xf3\xa0\x80\x80"
	                      "\xf3\xa0\x81\xbf\xf3\xa0\x82\x80"),
	      "\xf3\x9f\xbf\xbd\\U000e0000\\U000e007f\xf3\xa0\x82\x80");
}

static void test_md_code_padding(void **state)
{
	/* Padded when a backtick or a space stands at either end. */
	CHECK(escape_md_code("`a", false), "`` `a ``");
	CHECK(escape_md_code(" a", false), "`  a `");
	CHECK(escape_md_code("a`", false), "`` a` ``");
	CHECK(escape_md_code("a ", false), "` a  `");
	CHECK(escape_md_code("a", false), "`a`");
	/* Only spaces: kept as they are, a code span strips nothing then. */
	CHECK(escape_md_code("  ", false), "`  `");
	/* | is escaped in a table cell only. */
	CHECK(escape_md_code("a|b", true), "`a\\|b`");
	CHECK(escape_md_code("a|b", false), "`a|b`");
	CHECK(escape_md_code(NULL, true), "` `");
}

static void test_url_path_classes(void **state)
{
	CHECK(escape_url_path(NULL), "");
	CHECK(escape_url_path("AZaz09-._~/"), "AZaz09-._~/");
	/* The bytes just outside each kept range: @ [ ` {, and : after 9. */
	CHECK(escape_url_path("@[`{:"), "%40%5B%60%7B%3A");
	CHECK(escape_url_path("a b%\xc3\xa9"), "a%20b%25%C3%A9");
	CHECK(escape_spreadsheet(NULL), "");
}

/* gnuplot strings are the visible form with gnuplot's metacharacters as
 * octal escapes: a backslash of the visible form is \134 there. */
#define BS "\\0134"

static void test_gp_string_utf8(void **state)
{
	char in[ESCAPE_MAX_SHOWN + 2], want[ESCAPE_MAX_SHOWN + 8];

	CHECK(gp_string(NULL), "\"\"");
	CHECK(gp_string("\xe0\xa0\x80"), "\"\xe0\xa0\x80\"");    /* U+0800 */
	CHECK(gp_string("\xee\x80\x80"), "\"\xee\x80\x80\"");    /* U+E000 */
	CHECK(gp_string("\xf4\x8f\xbf\xbd"), "\"\xf4\x8f\xbf\xbd\"");
	/* Overlong, beyond U+10FFFF, a surrogate: \xHH a byte, since each
	 * continuation byte is no character either. */
	CHECK(gp_string("\xe0\x80\x80"), "\"" BS "xe0" BS "x80" BS "x80\"");
	CHECK(gp_string("\xf4\x90\x80\x80"),
	      "\"" BS "xf4" BS "x90" BS "x80" BS "x80\"");
	CHECK(gp_string("\xed\xa0\x80"), "\"" BS "xed" BS "xa0" BS "x80\"");
	/* U+FFFE and U+FFFF are well-formed non-characters: \uHHHH. */
	CHECK(gp_string("\xef\xbf\xbe"), "\"" BS "ufffe\"");
	CHECK(gp_string("\xef\xbf\xbf"), "\"" BS "uffff\"");
	CHECK(gp_string("\xef\xbf\xbd"), "\"" FFFD "\"");
	/* Every metacharacter, each as \ooo; a tab as \t, its backslash
	 * escaped too. */
	CHECK(gp_string("`\"'@<>|$\\!;#&\t"),
	      "\"\\0140\\0042\\0047\\0100\\0074\\0076\\0174\\0044"
	      BS BS "\\0041\\0073\\0043\\0046" BS "t\"");
	/* Cut after ESCAPE_MAX_SHOWN characters. */
	memset(in, 'a', ESCAPE_MAX_SHOWN + 1);
	in[ESCAPE_MAX_SHOWN + 1] = '\0';
	want[0] = '"';
	memset(want + 1, 'a', ESCAPE_MAX_SHOWN);
	strcpy(want + 1 + ESCAPE_MAX_SHOWN, "...\"");
	CHECK(gp_string(in), want);
}

/* Hex digits of each range and the characters just past them. */
static void test_hex_value(void **state)
{
	assert_int_equal(escape_hex_value("09afAF", 6), 0x09afaf);
	assert_int_equal(escape_hex_value("g", 1), -1);
	assert_int_equal(escape_hex_value("G", 1), -1);
	assert_int_equal(escape_hex_value("`", 1), -1);
	assert_int_equal(escape_hex_value("@", 1), -1);
	assert_int_equal(escape_hex_value(":", 1), -1);
	assert_int_equal(escape_hex_value("/", 1), -1);
	assert_int_equal(escape_hex_value("", 0), 0);
}

static void test_gp_string_stream_fails(void **state)
{
	static const enum memstream_mode modes[] = {
		MEMSTREAM_NULL, MEMSTREAM_FULL, MEMSTREAM_READONLY,
	};

	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		memstream_mode(modes[i]);
		assert_null(gp_string("m512"));
		memstream_mode(MEMSTREAM_REAL);
	}
	CHECK(gp_string("m512"), "\"m512\"");
}

static char *md_code_table(const char *s)
{
	return escape_md_code(s, true);
}

/* Fails each allocation of fn(in) in turn: each time fn returns NULL;
 * then, with none failing, it returns want. */
static void escape_sweep(char *(*fn)(const char *), const char *in,
                         const char *want)
{
	for (long k = 0;; k++) {
		char *got;

		alloc_fail_at(k);
		got = fn(in);
		if (!alloc_failed()) {
			alloc_fail_at(-1);
			CHECK(got, want);
			return;
		}
		alloc_fail_at(-1);
		assert_null(got);
	}
}

static void test_escape_out_of_memory(void **state)
{
	/* Long enough to grow each buffer more than once. */
	char in[200], want[400];

	memset(in, 'a', 150);
	strcpy(in + 150, "|\x1b<@`");
	memcpy(want, in, 150);
	strcpy(want + 150, "|\\x1b<@`");
	escape_sweep(escape_terminal, in, want);
	strcpy(want + 150, "\\|\\\\x1b&lt;@\xe2\x80\x8b\\`");
	escape_sweep(escape_md_text, in, want);
	want[0] = '`', want[1] = '`', want[2] = ' ';
	memcpy(want + 3, in, 150);
	strcpy(want + 153, "\\|\\x1b<@` ``");
	escape_sweep(md_code_table, in, want);
	escape_sweep(md_code_table, "", "` `");
	escape_sweep(escape_url_path, "a b", "a%20b");
	escape_sweep(escape_spreadsheet, "=1", "'=1");
	escape_sweep(gp_string, "a\"", "\"a\\0042\"");
	/* Whether a cell needs the spreadsheet form: when it cannot be
	 * made, it is taken to. */
	alloc_fail_at(0);
	assert_true(escape_spreadsheet_needed("a"));
	alloc_fail_at(-1);
	assert_false(escape_spreadsheet_needed("a"));
	assert_false(escape_spreadsheet_needed(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_terminal_utf8_limits),
		cmocka_unit_test(test_terminal_hidden_limits),
		cmocka_unit_test(test_md_code_padding),
		cmocka_unit_test(test_url_path_classes),
		cmocka_unit_test(test_gp_string_utf8),
		cmocka_unit_test(test_hex_value),
		cmocka_unit_test(test_gp_string_stream_fails),
		cmocka_unit_test(test_escape_out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
