/* test_strindex.c: the string index (util/strindex.h) and its hash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/globset.h"
#include "util/strindex.h"

/* The reference vectors of SipHash-2-4 (Aumasson and Bernstein, the
 * paper's appendix A and the reference code's vectors.h): key 00..0f,
 * message 00 01 02 ... of each length. */
static void test_siphash_vectors(void **state)
{
	static const struct {
		size_t len;
		uint64_t want;
	} v[] = {
	    {0, 0x726fdb47dd0e0e31ULL},  {1, 0x74f839c593dc67fdULL},
	    {2, 0x0d6c8009d9a94f5aULL},  {3, 0x85676696d7fb7e2dULL},
	    {4, 0xcf2794e0277187b7ULL},  {5, 0x18765564cd99a68dULL},
	    {6, 0xcbc9466e58fee3ceULL},  {7, 0xab0200f58b01d137ULL},
	    {8, 0x93f5f5799a932462ULL},  {9, 0x9e0082df0ba9e4b0ULL},
	    {10, 0x7a5dbbc594ddb9f3ULL}, {11, 0xf4b32f46226bada7ULL},
	    {12, 0x751e8fbc860ee5fbULL}, {13, 0x14ea5627c0843d90ULL},
	    {14, 0xf723ca908e7af2eeULL}, {15, 0xa129ca6149be45e5ULL},
	    {16, 0x3f2acc7f57c29bdbULL}, {17, 0x699ae9f52cbe4794ULL},
	};
	unsigned char msg[18];

	for (int i = 0; i < 18; i++)
		msg[i] = (unsigned char)i;
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		assert_true(strindex_siphash(0x0706050403020100ULL,
		                             0x0f0e0d0c0b0a0908ULL, msg,
		                             v[i].len, 2, 4) == v[i].want);
}

#define N 5000

/* names[i] = "case<i mod 3000>": numbers 3000 and up repeat earlier
 * names, and "" is one name too (number N). */
static char **make_names(void)
{
	char **names = calloc(N + 1, sizeof *names);

	assert_non_null(names);
	for (size_t i = 0; i < N; i++) {
		char buf[32];
		snprintf(buf, sizeof buf, "case%zu", i % 3000);
		names[i] = strdup(buf);
	}
	names[N] = strdup("");
	return names;
}

static void free_names(char **names)
{
	for (size_t i = 0; i <= N; i++)
		free(names[i]);
	free(names);
}

/* One at a time: the first of equal names stays, later ones get its
 * number; every name is found, others are not. */
static void test_add_find(void **state)
{
	char **names = make_names();
	const char *const *cn = (const char *const *)names;
	struct strindex x;

	assert_true(strindex_init(&x, cn, N + 1));
	for (size_t i = 0; i <= N; i++)
		assert_true(strindex_add(&x, i) ==
		            (i >= 3000 && i < N ? i - 3000 : STRINDEX_NONE));
	for (size_t i = 0; i < N; i++)
		assert_true(strindex_find(&x, names[i]) == i % 3000);
	assert_true(strindex_find(&x, "") == N);
	assert_true(strindex_find(&x, "case3000") == STRINDEX_NONE);
	assert_true(strindex_find(&x, "case") == STRINDEX_NONE);
	assert_true(strindex_find(&x, "case12 ") == STRINDEX_NONE);
	strindex_free(&x);
	free_names(names);
}

/* In batches: the same answers as one at a time, a duplicate inside a
 * batch included. */
static void test_batches(void **state)
{
	char **names = make_names();
	const char *const *cn = (const char *const *)names;
	struct strindex x;
	size_t out[STRINDEX_BATCH];

	assert_true(strindex_init(&x, cn, N + 1));
	for (size_t i = 0; i <= N; i += STRINDEX_BATCH) {
		size_t m = N + 1 - i;
		if (m > STRINDEX_BATCH)
			m = STRINDEX_BATCH;
		strindex_add_batch(&x, i, m, out);
		for (size_t k = 0; k < m; k++)
			assert_true(out[k] == (i + k >= 3000 && i + k < N
			                           ? i + k - 3000
			                           : STRINDEX_NONE));
	}
	for (size_t i = 0; i < N; i += 7) {
		size_t m = N - i < 7 ? N - i : 7;
		strindex_find_batch(&x, cn + i, m, out);
		for (size_t k = 0; k < m; k++)
			assert_true(out[k] == (i + k) % 3000);
	}
	strindex_free(&x);
	free_names(names);
}

/* All at once: the first repeat (case0 again, number 3000, first 0),
 * each distinct name added once and every later name still added (""
 * after the repeats); without repeats, none. */
static void test_add_all(void **state)
{
	char **names = make_names();
	const char *const *cn = (const char *const *)names;
	struct strindex x;
	size_t first = 99;

	assert_true(strindex_init(&x, cn, N + 1));
	assert_true(strindex_add_all(&x, N + 1, &first) == 3000);
	assert_true(first == 0);
	assert_true(x.n == 3001);
	assert_true(strindex_find(&x, "") == N);
	strindex_free(&x);
	assert_true(strindex_init(&x, cn, 3000));
	assert_true(strindex_add_all(&x, 3000, &first) == STRINDEX_NONE);
	assert_true(x.n == 3000);
	strindex_free(&x);
	free_names(names);
}

/* A table of room for nothing is still a table. */
static void test_empty(void **state)
{
	struct strindex x;

	assert_true(strindex_init(&x, NULL, 0));
	assert_true(strindex_find(&x, "a") == STRINDEX_NONE);
	strindex_free(&x);
}

/* globset: exact names and globs together, the first and the last
 * matching pattern; the patterns that match no name. */
static void test_globset(void **state)
{
	const char *pats[] = {"a_1", "a_*", "b", "a_1", "[ab]", "b"};
	const char *names[] = {"a_1", "a_2", "b", "c"};
	struct globset g;
	bool oom;

	assert_true(globset_init(&g, pats, 6));
	assert_int_equal(g.nglobs, 2);
	assert_int_equal(globset_find(&g, "a_1", false), 0);
	assert_int_equal(globset_find(&g, "a_1", true), 3);
	assert_int_equal(globset_find(&g, "a_2", false), 1);
	assert_int_equal(globset_find(&g, "a_2", true), 1);
	assert_int_equal(globset_find(&g, "b", false), 2);
	assert_int_equal(globset_find(&g, "b", true), 5);
	assert_int_equal(globset_find(&g, "a", true), 4);
	assert_int_equal(globset_find(&g, "c", true), GLOBSET_NONE);
	globset_free(&g);
	assert_true(globset_init(&g, pats, 0));
	assert_int_equal(globset_find(&g, "a", true), GLOBSET_NONE);
	globset_free(&g);
	assert_int_equal(globset_unmatched(pats, 6, names, 4, &oom),
	                 GLOBSET_NONE);
	assert_false(oom);
	assert_int_equal(globset_unmatched(pats, 6, names + 2, 2, &oom), 0);
	/* By hand: no pattern leaves none unmatched.  Over the names b, c:
	 * of a_*, b, a_1, [ab], b the first unmatched is a_* (0); of b, a_1,
	 * [ab], b it is a_1 (1).  Over a_1, b: b, a_1, [ab], b all match
	 * (the repeated b as its first).  Over a_1, a_2: of a_1, [ab], b it
	 * is [ab] (1), of a_1, b it is b (1). */
	assert_int_equal(globset_unmatched(pats, 0, names, 4, &oom),
	                 GLOBSET_NONE);
	assert_int_equal(globset_unmatched(pats + 1, 5, names + 2, 2, &oom), 0);
	assert_int_equal(globset_unmatched(pats + 2, 4, names + 2, 2, &oom), 1);
	{
		const char *ab[] = {"a_1", "b"}, *a1b[] = {"a_1", "b"};
		assert_int_equal(globset_unmatched(pats + 2, 4, ab, 2, &oom),
		                 GLOBSET_NONE);
		assert_int_equal(globset_unmatched(pats + 3, 3, names, 2, &oom),
		                 1);
		assert_int_equal(globset_unmatched(a1b, 2, names, 2, &oom), 1);
	}
	assert_false(oom);
	assert_int_equal(globset_count_globs(pats, 6), 2);
	assert_true(globset_is_glob("x\\y"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_siphash_vectors),
	    cmocka_unit_test(test_add_find),
	    cmocka_unit_test(test_batches),
	    cmocka_unit_test(test_add_all),
	    cmocka_unit_test(test_empty),
	    cmocka_unit_test(test_globset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
