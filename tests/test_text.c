/* test_text.c: the text view fits 80 columns: long names cut in
 * the middle, long lines wrapped at spaces with the rest indented, lists
 * counted; the verbose table keeps whole names and may be wider. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_report_fixture.h"

/* Fails unless every line of s has at most 80 characters (UTF-8
 * sequences count as one). */
static void assert_fits(const char *s, size_t width)
{
	size_t col = 0, line = 1;

	for (const char *p = s; *p; p++) {
		if (*p == '\n') {
			col = 0;
			line++;
			continue;
		}
		if (((unsigned char)*p & 0xc0) != 0x80 && ++col > width)
			fail_msg("line %zu is wider than %zu columns:\n%s", line,
			         width, s);
	}
}

/* A case name of 100 characters, in the control list and the top cases:
 * shown as its first 19 and last 18 characters around "...". */
static void long_names_are_cut_in_the_middle(void **state)
{
	char name[101];
	struct fixture f;
	char *s;

	for (int i = 0; i < 100; i++)
		name[i] = (char)('a' + i % 26);
	name[100] = '\0';
	fixture_measured(&f);
	f.names[2] = name; /* C: the control case and the top case */
	s = fixture_render(&f.record, FORMAT_TEXT, 0);
	assert_fits(s, 80);
	/* 'a'..'s' (19), "...", then the last 18: i % 26 for i = 82..99 is
	 * 4..21: 'e'..'v'. */
	assert_non_null(strstr(s, "\n    abcdefghijklmnopqrs..."
	                          "efghijklmnopqrstuv\n"));
	assert_non_null(strstr(s, "\n  abcdefghijklmnopqrs...efghijklmnopqrstuv"
	                          "     18.3333      8.3333     10.0000\n"));
	assert_null(strstr(s, name));
	free(s);
	/* The verbose table names every case whole. */
	s = fixture_render(&f.record, FORMAT_TEXT, 1);
	assert_non_null(strstr(s, name));
	free(s);
}

/* A long line is wrapped at its last space within 80 columns, the rest
 * indented two more than the line; a word longer than a line (a path) is
 * not broken. */
static void long_lines_wrap_at_spaces(void **state)
{
	char file[200];
	struct fixture f;
	char *s, *p;

	fixture_measured(&f);
	memset(file, 'x', sizeof file - 1);
	file[sizeof file - 1] = '\0';
	memcpy(file + sizeof file - 5, ".svg", 4);
	f.plots[0].file = file;
	s = fixture_render(&f.record, FORMAT_TEXT, 0);
	/* "plot: Shares of gain and cost: " then the path on a line of its
	 * own, whole. */
	p = strstr(s, "plot: Shares of gain and cost:\n  xxx");
	assert_non_null(p);
	assert_non_null(strstr(p, "xxx.svg\n"));
	assert_int_equal(strchr(p + 31, '\n') - (p + 31), 2 + 199);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(long_names_are_cut_in_the_middle),
		cmocka_unit_test(long_lines_wrap_at_spaces),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
