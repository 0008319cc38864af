/* test_join.c: runs reordered in place (run_keep_rows), names in a
 * run's block beside names of their own, and the join by name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_run_util.h"
#include "price/join.h"

const char scratch_prefix[] = "test_join";

/* Three cases with samples as rows: a {1, 3}, b {2, 5, and a row without
 * a time}, c {4, failed}.  Runtimes (median): a 2, b 3.5, c 4. */
static const char sampled[] =
    "case,repetition,runtime,passed\n"
    "a,1,1.0,pass\nb,1,2.0,pass\na,2,3.0,pass\nc,1,4.0,fail\n"
    "b,2,5.0,pass\nb,3,,fail\n";

/* Names from the loader are in one block; a replaced name is a block of
 * its own.  Keeping rows c and b (renamed) frees the replaced name of a,
 * left out, and leaves the block's names alone (ASan and the leak checker
 * say whether run_free then frees each name once). */
static void test_keep_rows(void **state)
{
	struct run *r = load_text("sampled.csv", sampled);
	const size_t rows[2] = {2, 1};
	const struct column *rt;
	struct diag d;

	assert_non_null(r->name_block);
	assert_int_equal(r->n, 3);
	r->case_name[0] = strdup("a, renamed");
	r->case_name[1] = strdup("bee");
	assert_int_equal(run_keep_rows(r, rows, 2, &d), FP_OK);
	assert_int_equal(r->n, 2);
	assert_string_equal(r->case_name[0], "c");
	assert_string_equal(r->case_name[1], "bee");
	assert_int_equal(r->case_line[0], 5);
	assert_int_equal(r->case_line[1], 3);
	rt = run_find(r, "runtime");
	assert_true(rt->v[0] == 4 && rt->v[1] == 3.5);
	assert_true(run_find(r, "passed")->v[0] == 0);
	assert_true(run_find(r, "passed")->v[1] == 0);
	/* c's sample, then b's three (the failed repetition without a time
	 * is a sample of the pass state, NaN), with their pass states. */
	assert_int_equal(r->sample_off[0], 0);
	assert_int_equal(r->sample_off[1], 1);
	assert_int_equal(r->sample_off[2], 4);
	assert_true(r->samples[0] == 4 && r->samples[1] == 2 &&
	            r->samples[2] == 5 && isnan(r->samples[3]));
	assert_true(r->sample_pass[0] == 0 && r->sample_pass[1] == 1 &&
	            r->sample_pass[2] == 1 && r->sample_pass[3] == 0);
	run_free(r);
}

/* Cases missing on both sides: the error names before's first; dropped,
 * the rest line up in before's order, with after's cells. */
static void test_join_drops_both_sides(void **state)
{
	static const char before[] = "case,runtime,passed\n"
	                             "a,1,pass\nb,2,pass\nc,3,fail\n";
	static const char after[] = "case,runtime,passed\n"
	                            "c,30,pass\nx,40,pass\na,10,fail\n";
	struct joined j;
	struct diag d;

	assert_int_equal(price_join(load_text("jb.csv", before),
	                            load_text("ja.csv", after), false, &j, &d),
	                 FP_ERR);
	assert_non_null(strstr(d.msg, "case 'b' is not in "));
	assert_int_equal(d.line, 3);
	assert_int_equal(price_join(load_text("jb.csv", before),
	                            load_text("ja.csv", after), true, &j, &d),
	                 FP_OK);
	assert_int_equal(j.ndropped, 2);
	assert_int_equal(j.before->n, 2);
	assert_int_equal(j.after->n, 2);
	assert_string_equal(j.before->case_name[0], "a");
	assert_string_equal(j.before->case_name[1], "c");
	assert_string_equal(j.after->case_name[0], "a");
	assert_string_equal(j.after->case_name[1], "c");
	assert_true(run_find(j.before, "runtime")->v[1] == 3);
	assert_true(run_find(j.after, "runtime")->v[0] == 10);
	assert_true(run_find(j.after, "runtime")->v[1] == 30);
	assert_true(run_find(j.after, "passed")->v[0] == 0);
	assert_int_equal(run_find(j.after, "runtime")->line[0], 4);
	joined_free(&j);
	assert_int_equal(price_join(load_text("jb.csv", before),
	                            load_text("ja.csv", "case,runtime\nz,1\n"),
	                            true, &j, &d),
	                 FP_ERR);
	assert_non_null(strstr(d.msg, "no case is in both"));
}

/* Many cases, after in reverse: every row finds its own. */
static void test_join_many(void **state)
{
	const size_t n = 20000;
	char *b = malloc(n * 32 + 32), *a = malloc(n * 32 + 32);
	size_t lb = 0, la = 0;
	struct joined j;
	struct diag d;

	lb += (size_t)sprintf(b, "case,runtime\n");
	la += (size_t)sprintf(a, "case,runtime\n");
	for (size_t i = 0; i < n; i++) {
		lb += (size_t)sprintf(b + lb, "k%zu,%zu\n", i, i + 1);
		la += (size_t)sprintf(a + la, "k%zu,%zu\n", n - 1 - i,
		                      2 * (n - i));
	}
	assert_int_equal(price_join(load_text("mb.csv", b),
	                            load_text("ma.csv", a), false, &j, &d),
	                 FP_OK);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(j.before->case_name[i],
		                    j.after->case_name[i]);
		assert_true(run_find(j.after, "runtime")->v[i] ==
		            2 * run_find(j.before, "runtime")->v[i]);
	}
	joined_free(&j);
	free(b);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_keep_rows),
	    cmocka_unit_test(test_join_drops_both_sides),
	    cmocka_unit_test(test_join_many),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
