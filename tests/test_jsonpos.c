/* test_jsonpos.c: the JSON position cursor (input/jsonpos.c) on its
 * own: where it stands after each step, worked by hand, and that it stops
 * at the end of any text, even one cut short, as input.h promises. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "run/builder.h"
#include "run/context.h"
#include "run/estimate.h"
#include "run/formats/csvrows.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"
#include "run/load.h"

#define AT(c, l, k) \
	do { \
		assert_int_equal((c).line, (l)); \
		assert_int_equal((c).col, (k)); \
	} while (0)

/* A blank, a newline and a blank, then an array at line 2, column 2. */
static const char text[] = " \n [1, \"a\\\"]\", {\"k\": [2]}]";

static void test_walk(void **state)
{
	json_t *root = json_loads(text, 0, NULL), *obj;
	struct jcur c, member;

	assert_non_null(root);
	obj = json_array_get(root, 2);
	jcur_init(&c, text, strlen(text));
	AT(c, 2, 2);
	assert_true(jcur_into(&c));
	AT(c, 2, 3); /* 1 */
	assert_true(jcur_next(&c));
	AT(c, 2, 6); /* "a\"]": escape and ] skipped */
	assert_true(jcur_next(&c));
	AT(c, 2, 14); /* { */
	assert_true(jcur_member(&c, obj, "k", &member));
	AT(member, 2, 20); /* [2] */
	assert_false(jcur_member(&c, obj, "absent", &member));
	assert_false(jcur_member(&c, root, "k", &member)); /* no object */
	assert_false(jcur_next(&c));                       /* the last item */
	AT(c, 2, 24);
	json_decref(root);
}

/* Texts cut short, each with where the cursor stops; into is what
 * jcur_into says, next what jcur_next says after it. */
static void test_cut_short(void **state)
{
	static const struct {
		const char *text;
		bool into, next;
		uint32_t col;
	} cases[] = {
	    {"", false, false, 1},
	    {"[", false, false, 1},
	    {"[]", false, false, 1},
	    {"{ }", false, false, 1},
	    {"[\"ab", true, false, 5},  /* string never closed */
	    {"[\"a\\", true, false, 5}, /* ends in a backslash */
	    {"[[1", true, false, 4},    /* container never closed */
	    {"[1", true, false, 3},     /* scalar up to the end */
	    {"{\"k\"", true, false, 5}, /* key without ':' */
	    {"{\"k\":1,\"j\"", true, true, 11},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct jcur c;
		bool in, next = false;

		jcur_init(&c, cases[i].text, strlen(cases[i].text));
		in = jcur_into(&c);
		if (in)
			next = jcur_next(&c);
		if (in != cases[i].into || next != cases[i].next ||
		    c.line != 1 || c.col != cases[i].col)
			fail_msg("'%s': into %d, next %d, at 1:%u; "
			         "want %d, %d, 1:%u",
			         cases[i].text, in, next, c.col, cases[i].into,
			         cases[i].next, cases[i].col);
	}
}

static void test_nul_is_no_blank(void **state)
{
	struct jcur c;

	jcur_init(&c, " \0[", 3);
	AT(c, 1, 2);
	assert_false(jcur_into(&c));
}

/* A tree that does not match the text (the cursor trusts jansson's
 * order): a member the text does not reach is not found. */
static void test_member_beyond_text(void **state)
{
	json_t *o = json_pack("{s:i, s:i}", "a", 1, "k", 2);
	struct jcur c, out;

	assert_non_null(o);
	jcur_init(&c, "{}", 2);
	assert_false(jcur_member(&c, o, "k", &out));
	jcur_init(&c, "{\"a\": 1}", 8);
	assert_false(jcur_member(&c, o, "k", &out));
	json_decref(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_walk),
	    cmocka_unit_test(test_cut_short),
	    cmocka_unit_test(test_nul_is_no_blank),
	    cmocka_unit_test(test_member_beyond_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
