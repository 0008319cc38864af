/* Tests for util/escape: each escaper on ordinary text (unchanged), on the
 * characters it must neutralise, and on hostile names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/escape.h"

/* Checks one escaper's output and frees it. */
#define CHECK(call, want) do { \
	char *got_ = (call); \
	assert_non_null(got_); \
	assert_string_equal(got_, (want)); \
	free(got_); \
} while (0)

static void test_terminal_plain(void **state)
{
	(void)state;
	CHECK(escape_terminal("m512_k4096"), "m512_k4096");
	CHECK(escape_terminal(""), "");
	CHECK(escape_terminal(NULL), "");
	/* Valid UTF-8 text is kept: "矩阵" is E7 9F A9 E9 98 B5. */
	CHECK(escape_terminal("\xe7\x9f\xa9\xe9\x98\xb5"), "\xe7\x9f\xa9\xe9\x98\xb5");
	/* Printable ASCII punctuation is not the terminal's business. */
	CHECK(escape_terminal("a|b <c> `d` @e"), "a|b <c> `d` @e");
}

static void test_terminal_controls(void **state)
{
	(void)state;
	/* An ANSI sequence that would clear the screen. */
	CHECK(escape_terminal("x\x1b[2Jy"), "x\\x1b[2Jy");
	CHECK(escape_terminal("a\tb\nc\rd"), "a\\tb\\nc\\rd");
	CHECK(escape_terminal("\x01\x7f"), "\\x01\\x7f");
	/* The backslash itself is doubled, so "\x1b" typed as text differs
	 * from a real ESC. */
	CHECK(escape_terminal("\\x1b"), "\\\\x1b");
}

static void test_terminal_unicode(void **state)
{
	(void)state;
	/* C1 control CSI (U+009B, C2 9B) acts like ESC [ on some terminals. */
	CHECK(escape_terminal("a\xc2\x9b" "2J"), "a\\u009b2J");
	/* Right-to-left override (U+202E, E2 80 AE) reorders what follows. */
	CHECK(escape_terminal("abc\xe2\x80\xae" "def"), "abc\\u202edef");
	/* Zero-width space (U+200B) and BOM (U+FEFF) are invisible. */
	CHECK(escape_terminal("a\xe2\x80\x8b" "b\xef\xbb\xbf"), "a\\u200bb\\ufeff");
	/* Not UTF-8: a lone continuation byte, an overlong '/', a surrogate
	 * (ED A0 80), a truncated sequence at the end. */
	CHECK(escape_terminal("\x80"), "\\x80");
	CHECK(escape_terminal("\xc0\xaf"), "\\xc0\\xaf");
	CHECK(escape_terminal("\xed\xa0\x80"), "\\xed\\xa0\\x80");
	CHECK(escape_terminal("a\xe7\x9f"), "a\\xe7\\x9f");
	/* U+10FFFD (F4 8F BF BD) is fine; F4 90 is beyond U+10FFFF. */
	CHECK(escape_terminal("\xf4\x8f\xbf\xbd"), "\xf4\x8f\xbf\xbd");
	CHECK(escape_terminal("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
}

/* The hostile names of the Markdown issue, one by one. */
static void test_md_text_hostile(void **state)
{
	(void)state;
	CHECK(escape_md_text("a|b"), "a\\|b");
	CHECK(escape_md_text("<img src=x onerror=alert(1)>"),
	      "&lt;img src=x onerror=alert\\(1\\)&gt;");
	/* A zero-width space (E2 80 8B) after @ stops the mention. */
	CHECK(escape_md_text("@everyone"), "@\xe2\x80\x8b" "everyone");
	CHECK(escape_md_text("/merge"), "\\/merge");
	CHECK(escape_md_text("`x`"), "\\`x\\`");
	CHECK(escape_md_text("[link](http://evil)"),
	      "\\[link\\]\\(http\\://evil\\)");
	/* A newline becomes the visible text \n: "\\" renders as "\". */
	CHECK(escape_md_text("a\nb"), "a\\\\nb");
}

static void test_md_text_more(void **state)
{
	(void)state;
	CHECK(escape_md_text("m512_k4096"), "m512\\_k4096");
	CHECK(escape_md_text("*b* ~s~ $m$ #1 !x"),
	      "\\*b\\* \\~s\\~ \\$m\\$ \\#1 \\!x");
	CHECK(escape_md_text("a & b"), "a &amp; b");
	/* No autolinks: www. names, URLs, e-mail addresses. */
	CHECK(escape_md_text("see WWW.x.org"), "see WWW\\.x.org");
	CHECK(escape_md_text("a.b www"), "a.b www");
	CHECK(escape_md_text("https://x"), "https\\://x");
	CHECK(escape_md_text("a@b.com"), "a@\xe2\x80\x8b" "b.com");
	/* Only a leading slash can start a command. */
	CHECK(escape_md_text("a/b"), "a/b");
	/* A backslash: terminal form "\\", each of its two escaped again. */
	CHECK(escape_md_text("a\\b"), "a\\\\\\\\b");
	CHECK(escape_md_text(""), "");
	/* ESC in a name: terminal form \x1b, its backslash escaped. */
	CHECK(escape_md_text("\x1b"), "\\\\x1b");
}

static void test_md_code(void **state)
{
	(void)state;
	CHECK(escape_md_code("gain - cost > 0", false), "`gain - cost > 0`");
	/* No backticks inside: one; a run of one inside: a fence of two,
	 * padded because the text ends with a backtick. */
	CHECK(escape_md_code("a`b", false), "``a`b``");
	CHECK(escape_md_code("`x`", false), "`` `x` ``");
	CHECK(escape_md_code("a``b", false), "```a``b```");
	/* Spaces at both ends would be eaten: pad.  All spaces: kept as is. */
	CHECK(escape_md_code(" x ", false), "`  x  `");
	CHECK(escape_md_code("  ", false), "`  `");
	CHECK(escape_md_code("", false), "` `");
	/* | splits a table cell even inside a code span. */
	CHECK(escape_md_code("a|b", true), "`a\\|b`");
	CHECK(escape_md_code("a|b", false), "`a|b`");
	/* Code spans show < & @ literally; newlines become visible text. */
	CHECK(escape_md_code("<b>&@x\ny", false), "`<b>&@x\\ny`");
}

static void test_url_path(void **state)
{
	(void)state;
	CHECK(escape_url_path("plots/shares.svg"), "plots/shares.svg");
	CHECK(escape_url_path("a b(1).svg"), "a%20b%281%29.svg");
	CHECK(escape_url_path("x)\n"), "x%29%0A");
	/* UTF-8 bytes one by one: "é" is C3 A9. */
	CHECK(escape_url_path("\xc3\xa9"), "%C3%A9");
}

static void test_spreadsheet(void **state)
{
	(void)state;
	CHECK(escape_spreadsheet("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
	CHECK(escape_spreadsheet("+1"), "'+1");
	CHECK(escape_spreadsheet("-1"), "'-1");
	CHECK(escape_spreadsheet("@SUM(A1)"), "'@SUM(A1)");
	/* Tab and CR are shown as escapes, and so no longer start a
	 * formula; BEL and ESC never reach the cell. */
	CHECK(escape_spreadsheet("\tx"), "\\tx");
	CHECK(escape_spreadsheet("\rx"), "\\rx");
	CHECK(escape_spreadsheet("a\x07\x1b[31m"), "a\\x07\\x1b[31m");
	CHECK(escape_spreadsheet("=a\xe2\x80\xae"), "'=a\\u202e");
	CHECK(escape_spreadsheet("m512=3"), "m512=3");
	CHECK(escape_spreadsheet(""), "");
	assert_true(escape_spreadsheet_needed("=1"));
	assert_true(escape_spreadsheet_needed("a\rb"));
	assert_false(escape_spreadsheet_needed("a=1"));
	assert_false(escape_spreadsheet_needed(""));
	assert_false(escape_spreadsheet_needed(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_terminal_plain),
		cmocka_unit_test(test_terminal_controls),
		cmocka_unit_test(test_terminal_unicode),
		cmocka_unit_test(test_md_text_hostile),
		cmocka_unit_test(test_md_text_more),
		cmocka_unit_test(test_md_code),
		cmocka_unit_test(test_url_path),
		cmocka_unit_test(test_spreadsheet),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
