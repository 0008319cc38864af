/* test_lexer.c: the public token scan of the formula language
 * (formula/lexer.c: fx_scan_*), which the Markdown record uses to plug
 * numbers into formulas. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "formula/formula.h"

/* ---- the public token scan ------------------------------------------- */

/* The tokens of text as "kind:text" words (N number, V value name, F
 * function name, O operator, P punctuation), one space apart. */
static void scan_words(const char *text, char *buf, size_t cap)
{
	static const char kinds[] = "NVFOP";
	struct fx_scan scan;
	struct fx_lexeme t;
	size_t len = 0;

	buf[0] = '\0';
	fx_scan_init(&scan, text);
	while (fx_scan_next(&scan, &t) && len < cap)
		len += (size_t)snprintf(buf + len, cap - len, "%s%c:%.*s",
		                        len ? " " : "", kinds[t.kind],
		                        (int)t.len, text + t.pos);
}

static void test_scan(void **state)
{
	char buf[512];
	struct fx_scan scan;
	struct fx_lexeme t;

	scan_words("pass_reward*sum(x) / W", buf, sizeof buf);
	assert_string_equal(buf, "V:pass_reward O:* F:sum P:( V:x P:) O:/ V:W");
	/* Exponents are part of the number; a name before '(' across spaces
	 * is a function; operators are matched longest first. */
	scan_words("2e-3*a**b <=max (1,.5E2) and not if(c,1e5,d)", buf,
	           sizeof buf);
	assert_string_equal(buf, "N:2e-3 O:* V:a O:** V:b O:<= F:max P:( N:1 "
	                         "P:, N:.5E2 P:) O:and O:not F:if P:( V:c P:, "
	                         "N:1e5 P:, V:d P:)");
	/* Positions are byte offsets; the scan stops at a character that
	 * starts no token. */
	fx_scan_init(&scan, "  ab = 1");
	assert_true(fx_scan_next(&scan, &t));
	assert_int_equal(t.kind, FX_LEX_NAME);
	assert_int_equal(t.pos, 2);
	assert_int_equal(t.len, 2);
	assert_false(fx_scan_next(&scan, &t));
	fx_scan_init(&scan, " \t");
	assert_false(fx_scan_next(&scan, &t));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_scan),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
