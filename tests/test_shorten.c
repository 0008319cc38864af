/* test_shorten.c: labels that keep names apart (util/shorten.h), on names
 * that differ only in the middle, only at the end, only in one character,
 * and the names of issue 17. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/shorten.h"

/* Every label within max characters and no two alike. */
static void expect_apart(const struct shorten *s, size_t max)
{
	for (size_t i = 0; i < s->n; i++) {
		assert_true(shorten_chars(s->label[i], strlen(s->label[i])) <=
		            max);
		for (size_t j = 0; j < i; j++)
			if (strcmp(s->label[i], s->label[j]) == 0)
				fail_msg("labels %zu and %zu are both '%s'", j,
				         i, s->label[i]);
	}
}

static void names_that_fit_are_kept(void **state)
{
	const char *n[] = {"m512_k4096", "m128_k1024"};
	struct shorten s;

	(void)state;
	assert_true(shorten_names(n, 2, 24, NULL, 0, &s));
	assert_string_equal(s.prefix, "");
	assert_string_equal(s.suffix, "");
	assert_string_equal(s.label[0], "m512_k4096");
	assert_string_equal(s.label[1], "m128_k1024");
	shorten_free(&s);
}

/* Issue 17: ten names that differ in the middle only. */
static void attention_kernels_differ_in_the_middle(void **state)
{
	static const char *const v[] = {
	    "fwd",     "bwd",     "fwd_causal", "bwd_causal", "fwd_gqa",
	    "bwd_gqa", "fwd_mqa", "bwd_mqa",    "fwd_alibi",  "bwd_alibi"};
	char buf[10][128];
	const char *n[10];
	struct shorten s;

	(void)state;
	for (int k = 0; k < 10; k++) {
		snprintf(buf[k], sizeof buf[k],
		         "kernels/attention_flash_v2_%s_bf16_"
		         "seq4096_head128_coming_and_going",
		         v[k]);
		n[k] = buf[k];
	}
	assert_true(shorten_names(n, 10, 40, NULL, 0, &s));
	assert_string_equal(s.prefix, "kernels/attention_flash_v2_");
	assert_string_equal(s.suffix, "_bf16_seq4096_head128_coming_and_going");
	for (int k = 0; k < 10; k++)
		assert_string_equal(s.label[k], v[k]);
	expect_apart(&s, 40);
	shorten_free(&s);
}

/* Issue 17: IEEE against Castagnoli, cut to 20 and to 12. */
static void crc32_polynomials(void **state)
{
	const char *n[] = {"BenchmarkCRC32/poly=IEEE/size=1kB/align=1",
	                   "BenchmarkCRC32/poly=Castagnoli/size=1kB/align=1",
	                   "BenchmarkCRC32/poly=Koopman/size=1kB/align=1"};
	struct shorten s;

	(void)state;
	assert_true(shorten_names(n, 3, 20, NULL, 0, &s));
	assert_string_equal(s.prefix, "BenchmarkCRC32/poly=");
	assert_string_equal(s.suffix, "/size=1kB/align=1");
	assert_string_equal(s.label[0], "IEEE");
	assert_string_equal(s.label[1], "Castagnoli");
	assert_string_equal(s.label[2], "Koopman");
	shorten_free(&s);
}

/* No common parts to drop: the cut keeps where each differs. */
static void differ_only_in_the_middle(void **state)
{
	const char *n[] = {
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaXbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaYbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
	    "x"};
	struct shorten s;

	(void)state;
	assert_true(shorten_names(n, 3, 16, NULL, 0, &s));
	assert_string_equal(s.prefix, "");
	assert_string_equal(s.suffix, "");
	/* 3 + 3 + 5 + 3 + 2 = 16: head, the window round X, tail. */
	assert_string_equal(s.label[0], "aaa...aaXbb...bb");
	assert_string_equal(s.label[1], "aaa...aaYbb...bb");
	assert_string_equal(s.label[2], "x");
	expect_apart(&s, 16);
	shorten_free(&s);
}

static void differ_only_at_the_end(void **state)
{
	char buf[3][128];
	const char *n[3];
	struct shorten s;

	(void)state;
	for (int k = 0; k < 3; k++) {
		snprintf(buf[k], sizeof buf[k],
		         "suite.module.TestSomethingVeryLongIndeed%d", k);
		n[k] = buf[k];
	}
	/* A lone case name: nothing common to drop, the end kept. */
	assert_true(shorten_names(n, 1, 12, NULL, 0, &s));
	assert_string_equal(s.label[0], "suite...eed0");
	shorten_free(&s);
	assert_true(shorten_names(n, 3, 12, NULL, 0, &s));
	assert_string_equal(s.prefix, "suite.module.");
	assert_string_equal(s.suffix, "");
	assert_string_equal(s.label[0], "Test...deed0");
	assert_string_equal(s.label[2], "Test...deed2");
	expect_apart(&s, 12);
	shorten_free(&s);
}

static void differ_in_one_character(void **state)
{
	char buf[40][128];
	const char *n[40];
	struct shorten s;

	(void)state;
	for (int k = 0; k < 40; k++) {
		memset(buf[k], 'q', 100);
		buf[k][100] = '\0';
		buf[k][k * 2 + 10] = 'Z';
		n[k] = buf[k];
	}
	assert_true(shorten_names(n, 40, 20, NULL, 0, &s));
	expect_apart(&s, 20);
	/* Each label shows its Z. */
	for (int k = 0; k < 40; k++)
		assert_non_null(strchr(s.label[k], 'Z'));
	shorten_free(&s);
}

/* Equal names and a reserved label still get labels of their own. */
static void equal_names_and_reserved_labels(void **state)
{
	const char *n[] = {"same", "same", "other cases", "same"};
	const char *reserved[] = {"other cases"};
	struct shorten s;

	(void)state;
	assert_true(shorten_names(n, 4, 12, reserved, 1, &s));
	assert_string_equal(s.label[0], "same");
	assert_string_equal(s.label[1], "same~2");
	assert_string_equal(s.label[2], "other case~3");
	assert_string_equal(s.label[3], "same~4");
	expect_apart(&s, 12);
	shorten_free(&s);
}

/* Multi-byte characters count as one and are never split. */
static void utf8_is_counted_by_characters(void **state)
{
	const char *n[] = {"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                   "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                   "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"};
	struct shorten s;

	(void)state;
	assert_true(shorten_names(n, 1, 12, NULL, 0, &s));
	assert_int_equal(shorten_chars(s.label[0], strlen(s.label[0])), 12);
	assert_string_equal(s.label[0], "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9...\xc3\xa9\xc3\xa9\xc3\xa9"
	                                "\xc3\xa9");
	shorten_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(names_that_fit_are_kept),
	    cmocka_unit_test(attention_kernels_differ_in_the_middle),
	    cmocka_unit_test(crc32_polynomials),
	    cmocka_unit_test(differ_only_in_the_middle),
	    cmocka_unit_test(differ_only_at_the_end),
	    cmocka_unit_test(differ_in_one_character),
	    cmocka_unit_test(equal_names_and_reserved_labels),
	    cmocka_unit_test(utf8_is_counted_by_characters),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
