/* Tests for util/escape: each escaper on ordinary text (unchanged), on the
 * characters it must neutralise, and on hostile names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "util/escape.h"

/* Checks one escaper's output and frees it. */
#define CHECK(call, want) \
	do { \
		char *got_ = (call); \
		assert_non_null(got_); \
		assert_string_equal(got_, (want)); \
		free(got_); \
	} while (0)

static void test_terminal_plain(void **state)
{
	CHECK(escape_terminal("m512_k4096"), "m512_k4096");
	CHECK(escape_terminal(""), "");
	CHECK(escape_terminal(NULL), "");
	/* Valid UTF-8 text is kept: "矩阵" is E7 9F A9 E9 98 B5. */
	CHECK(escape_terminal("\xe7\x9f\xa9\xe9\x98\xb5"),
	      "\xe7\x9f\xa9\xe9\x98\xb5");
	/* Printable ASCII punctuation is not the terminal's business. */
	CHECK(escape_terminal("a|b <c> `d` @e"), "a|b <c> `d` @e");
}

static void test_terminal_controls(void **state)
{
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
	/* C1 control CSI (U+009B, C2 9B) acts like ESC [ on some terminals. */
	CHECK(escape_terminal("a\xc2\x9b"
	                      "2J"),
	      "a\\u009b2J");
	/* Right-to-left override (U+202E, E2 80 AE) reorders what follows. */
	CHECK(escape_terminal("abc\xe2\x80\xae"
	                      "def"),
	      "abc\\u202edef");
	/* Zero-width space (U+200B) and BOM (U+FEFF) are invisible. */
	CHECK(escape_terminal("a\xe2\x80\x8b"
	                      "b\xef\xbb\xbf"),
	      "a\\u200bb\\ufeff");
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
	CHECK(escape_md_text("a|b"), "a\\|b");
	CHECK(escape_md_text("<img src=x onerror=alert(1)>"),
	      "&lt;img src=x onerror=alert\\(1\\)&gt;");
	/* A zero-width space (E2 80 8B) after @ stops the mention. */
	CHECK(escape_md_text("@everyone"), "@\xe2\x80\x8b"
	                                   "everyone");
	CHECK(escape_md_text("/merge"), "\\/merge");
	CHECK(escape_md_text("`x`"), "\\`x\\`");
	CHECK(escape_md_text("[link](http://evil)"),
	      "\\[link\\]\\(http\\://evil\\)");
	/* A newline becomes the visible text \n: "\\" renders as "\". */
	CHECK(escape_md_text("a\nb"), "a\\\\nb");
}

static void test_md_text_more(void **state)
{
	CHECK(escape_md_text("m512_k4096"), "m512\\_k4096");
	CHECK(escape_md_text("*b* ~s~ $m$ #1 !x"),
	      "\\*b\\* \\~s\\~ \\$m\\$ \\#\xe2\x80\x8b"
	      "1 \\!x");
	CHECK(escape_md_text("a & b"), "a &amp; b");
	/* No autolinks: www. names, URLs, e-mail addresses. */
	CHECK(escape_md_text("see WWW.x.org"), "see WWW\\.x.org");
	CHECK(escape_md_text("a.b www"), "a.b www");
	CHECK(escape_md_text("https://x"), "https\\://x");
	CHECK(escape_md_text("a@b.com"), "a@\xe2\x80\x8b"
	                                 "b.com");
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
	CHECK(escape_url_path("plots/shares.svg"), "plots/shares.svg");
	CHECK(escape_url_path("a b(1).svg"), "a%20b%281%29.svg");
	CHECK(escape_url_path("x)\n"), "x%29%0A");
	/* UTF-8 bytes one by one: "é" is C3 A9. */
	CHECK(escape_url_path("\xc3\xa9"), "%C3%A9");
}

/* HTML: the terminal form, then & < > " ' as entities; text already
 * visible is not escaped twice. */
static void test_html(void **state)
{
	CHECK(escape_html("<script>alert('x')</script>"),
	      "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
	CHECK(escape_html("</svg> a & b &amp; \"q\""),
	      "&lt;/svg&gt; a &amp; b &amp;amp; &quot;q&quot;");
	CHECK(escape_html("`x` ``y``"), "`x` ``y``");
	CHECK(escape_html("::error::pwned"), "\\x3a:error::pwned");
	CHECK(escape_html("a\nb\\\x1b[31m"), "a\\nb\\\\\\x1b[31m");
	CHECK(escape_html_visible("a\\nb <i>"), "a\\nb &lt;i&gt;");
	CHECK(escape_html(NULL), "");
}

static void test_spreadsheet(void **state)
{
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

/* Every class of character the visible form shows as an escape, through
 * every escaper of text for people: the same escape in each. */
static const struct {
	const char *raw, *shown;
} classes[] = {
    {"a\nb\tc\rd", "a\\nb\\tc\\rd"},
    {"\x07\x1b[2J\x7f", "\\x07\\x1b[2J\\x7f"},
    {"\xc2\x85"
     "1",
     "\\u00851"},                                   /* C1 NEL */
    {"\xe2\x80\xaa\xe2\x80\xae", "\\u202a\\u202e"}, /* overrides */
    {"\xe2\x81\xa6\xe2\x81\xa9", "\\u2066\\u2069"}, /* isolates */
    {"\xe2\x80\xa8\xe2\x80\xa9", "\\u2028\\u2029"}, /* separators */
    {"\xe2\x80\x8b\xe2\x80\x8f\xe2\x81\xa0",
     "\\u200b\\u200f\\u2060"},                              /* zero width */
    {"\xef\xbb\xbf", "\\ufeff"},                            /* BOM */
    {"\xef\xb7\x90\xf0\x9f\xbf\xbf", "\\ufdd0\\U0001ffff"}, /* non-chars */
    {"\xf3\xa0\x80\x81", "\\U000e0001"},                    /* tag */
    {"\xff", "\\xff"},
};

static void test_every_class_everywhere(void **state)
{
	char want[64];

	for (size_t i = 0; i < sizeof classes / sizeof *classes; i++) {
		const char *raw = classes[i].raw, *shown = classes[i].shown;
		CHECK(escape_terminal(raw), shown);
		CHECK(escape_controls(raw), shown);
		CHECK(escape_spreadsheet(raw), shown);
		/* Markdown escapes the backslash of each escape again, and
		 * its punctuation. */
		char *w = want;
		for (const char *p = shown; *p; p++)
			w += sprintf(w, strchr("\\[]", *p) ? "\\%c" : "%c", *p);
		CHECK(escape_md_text(raw), want);
		snprintf(want, sizeof want, "`%s`", shown);
		CHECK(escape_md_code(raw, true), want);
	}
	/* escape_controls leaves backslashes single (its text is already
	 * made of escaped parts). */
	CHECK(escape_controls("a\\b\x1b"), "a\\b\\x1b");
}

/* Text for people is cut after ESCAPE_MAX_SHOWN characters, not bytes;
 * names, which are shorter, never are. */
static void test_cut(void **state)
{
	char *text = malloc(3 * ESCAPE_MAX_SHOWN + 4), *got;

	assert_non_null(text);
	CHECK(escape_terminal_cut("abcdef", 3), "abc...");
	CHECK(escape_terminal_cut("ab", 2), "ab");
	CHECK(escape_terminal_cut("\xc3\xa9\xc3\xa9\xc3\xa9", 2),
	      "\xc3\xa9\xc3\xa9...");
	CHECK(escape_terminal_cut("\x1b\x1b\x1b", 1), "\\x1b...");
	for (size_t i = 0; i < ESCAPE_MAX_SHOWN; i++)
		memcpy(text + 2 * i, "\xc3\xa9", 2);
	text[2 * ESCAPE_MAX_SHOWN] = '\0';
	got = escape_md_text(text);
	assert_string_equal(got, text);
	free(got);
	strcpy(text + 2 * ESCAPE_MAX_SHOWN, "x");
	got = escape_md_text(text);
	assert_int_equal(strlen(got), 2 * ESCAPE_MAX_SHOWN + 3);
	assert_string_equal(got + 2 * ESCAPE_MAX_SHOWN, "...");
	free(got);
	got = escape_md_code(text, false);
	assert_string_equal(got + 2 * ESCAPE_MAX_SHOWN + 1, "...`");
	free(got);
	/* The terminal form itself is never cut (the JSON record's bad
	 * bytes use it). */
	got = escape_terminal(text);
	assert_string_equal(got, text);
	free(got);
	free(text);
}

/* The small readers the input formats share. */
static void test_helpers(void **state)
{
	assert_int_equal(escape_hex_value("09aF", 4), 0x09af);
	assert_int_equal(escape_hex_value("0A", 2), 10);
	assert_int_equal(escape_hex_value("1g", 2), -1);
	assert_int_equal(escape_hex_value("G", 1), -1);
	assert_int_equal(escape_hex_value(":", 1), -1);
	assert_int_equal(escape_utf8_len("a", 0), 0);
	assert_int_equal(escape_utf8_len("a", 1), 1);
	assert_int_equal(escape_utf8_len("\xc3\xa9", 2), 2);
	/* Cut short by avail, though the bytes go on. */
	assert_int_equal(escape_utf8_len("\xc3\xa9", 1), 0);
	/* E0 needs A0..BF next (else overlong), ED 80..9F (else surrogate),
	 * F0 90..BF, F4 80..8F. */
	assert_int_equal(escape_utf8_len("\xe0\xa0\x80", 3), 3);
	assert_int_equal(escape_utf8_len("\xe0\x9f\xbf", 3), 0);
	assert_int_equal(escape_utf8_len("\xed\x9f\xbf", 3), 3);
	assert_int_equal(escape_utf8_len("\xed\xa0\x80", 3), 0);
	assert_int_equal(escape_utf8_len("\xf0\x90\x80\x80", 4), 4);
	assert_int_equal(escape_utf8_len("\xf0\x8f\xbf\xbf", 4), 0);
	assert_int_equal(escape_utf8_len("\xe2\x82\x41", 3), 0);
	/* escape_ascii: a byte past ASCII at every place of a word and its
	 * tail, and NULs and controls, which are ASCII. */
	{
		char t[19];
		assert_true(escape_ascii("", 0));
		assert_true(escape_ascii("a\0\x01\x7f", 4));
		for (size_t at = 0; at < sizeof t; at++) {
			memset(t, 'x', sizeof t);
			assert_true(escape_ascii(t, sizeof t));
			t[at] = (char)0x80;
			assert_false(escape_ascii(t, sizeof t));
			assert_true(escape_ascii(t, at));
		}
	}
	/* escape_plain: the same, and a NUL is not plain; each at every
	 * place of every length to 19 (whole words, their tails, the last
	 * word read again). */
	{
		char t[19];
		assert_true(escape_plain("", 0));
		assert_true(escape_plain("a\x01\x7f", 3));
		assert_false(escape_plain("a\0", 2));
		for (size_t len = 1; len <= sizeof t; len++)
			for (size_t at = 0; at < len; at++) {
				memset(t, 'x', sizeof t);
				assert_true(escape_plain(t, len));
				t[at] = '\0';
				assert_false(escape_plain(t, len));
				assert_true(escape_plain(t, at));
				t[at] = (char)0xff;
				assert_false(escape_plain(t, len));
				t[at] = 0x7f;
				assert_true(escape_plain(t, len));
			}
	}
	/* Around the hidden ranges: U+061B and U+061D are shown as is. */
	CHECK(escape_terminal("\xd8\x9b\xd8\x9c\xd8\x9d"),
	      "\xd8\x9b\\u061c\xd8\x9d");
	CHECK(escape_terminal("\xe2\x80\x8a\xe2\x80\xaf\xe2\x81\xaa"),
	      "\xe2\x80\x8a\xe2\x80\xaf\xe2\x81\xaa");
}

/* Workflow commands a CI runner obeys in a log line: "::" where a line can
 * start (the runner trims blanks; long lines wrap at blanks) and "##["
 * anywhere are broken in every form that starts from the visible one. */
static void test_ci_commands(void **state)
{
	CHECK(escape_terminal("::error x::y"), "\\x3a:error x::y");
	CHECK(escape_terminal("  ::add-mask::s"), "  \\x3a:add-mask::s");
	CHECK(escape_terminal("a ::stop-commands::t"),
	      "a \\x3a:stop-commands::t");
	CHECK(escape_terminal("##[warning]z"), "\\x23#[warning]z");
	CHECK(escape_terminal("a###[b"), "a#\\x23#[b");
	/* C++ names and one colon are kept. */
	CHECK(escape_terminal("BM_sort<std::vector>/threads:2"),
	      "BM_sort<std::vector>/threads:2");
	CHECK(escape_terminal("#1 ##"), "#1 ##");
	CHECK(escape_controls("::error x"), "\\x3a:error x");
	CHECK(escape_controls("see ##[error]"), "see \\x23#[error]");
	CHECK(escape_spreadsheet("::error x::y"), "\\x3a:error x::y");
	CHECK(escape_md_text("##[warning]z"),
	      "\\\\x23\\#\xe2\x80\x8b\\[warning\\]z");
	CHECK(escape_md_code("::e", false), "`\\x3a:e`");
	/* Azure Pipelines' logging commands, anywhere. */
	CHECK(escape_terminal("a ##vso[task.complete]"),
	      "a \\x23#vso[task.complete]");
	CHECK(escape_terminal("##vs[x ##v"), "##vs[x ##v");
}

/* What a name looks like: look-alike letters of Cyrillic and Greek as
 * the Latin ones, invisible characters gone, anything else kept. */
static void test_skeleton(void **state)
{
	size_t n;

	(void)state;
	CHECK(escape_skeleton("l\xd0\xb0yer"), "layer"); /* U+0430 */
	CHECK(escape_skeleton("\xce\x9fK \xd0\xa0"),
	      "OK P"); /* Greek, Cyrillic */
	CHECK(escape_skeleton("la\xe2\x80\x8byer\xe2\x80\xae"), "layer");
	CHECK(escape_skeleton("\xd0\xb6 \xc3\xa9 \xff"),
	      "\xd0\xb6 \xc3\xa9 \xff");
	CHECK(escape_skeleton(""), "");
	/* escape_data_hidden: what JSON writes as \uHHHH. */
	assert_int_equal(escape_data_hidden("\x7f", &n), 0x7f);
	assert_int_equal(escape_data_hidden("\xe2\x80\xae", &n), 0x202e);
	assert_int_equal(n, 3);
	assert_int_equal(escape_data_hidden("##[x", &n), '#');
	assert_int_equal(escape_data_hidden("##vso[x", &n), '#');
	assert_int_equal(escape_data_hidden("#x", &n), -1);
	assert_int_equal(escape_data_hidden("::error::", &n), -1);
	assert_int_equal(escape_data_hidden("\xc3\xa9", &n), -1);
	assert_int_equal(n, 2);
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
	    cmocka_unit_test(test_every_class_everywhere),
	    cmocka_unit_test(test_cut),
	    cmocka_unit_test(test_html),
	    cmocka_unit_test(test_helpers),
	    cmocka_unit_test(test_ci_commands),
	    cmocka_unit_test(test_skeleton),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
