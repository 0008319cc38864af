/* test_join.c: runs reordered in place (run_keep_rows), names in a
 * run's block beside names of their own, and the join by name: by row,
 * through the index the reader kept, through one of its own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_alloc_fault.h"
#include "test_run_util.h"
#include "price/join.h"
#include "util/strindex.h"

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
	assert_int_equal(
	    run_cell_line(j.after, run_find(j.after, "runtime"), 0), 4);
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

/* n cases k0 .. k(n-1) with runtime i + 1, in order; reversed (the case
 * of row i is k(n-1-i)) with runtime twice that. */
static char *cases_text(size_t n, bool reversed)
{
	char *t = malloc(n * 32 + 32);
	size_t len = (size_t)sprintf(t, "case,runtime\n");

	for (size_t i = 0; i < n; i++) {
		size_t k = reversed ? n - 1 - i : i;
		len += (size_t)sprintf(t + len, "k%zu,%zu\n", k,
		                       (reversed ? 2 : 1) * (k + 1));
	}
	return t;
}

/* Each row of a join's sides holds one case, after's runtime twice
 * before's. */
static void assert_joined(const struct joined *j, size_t n)
{
	assert_int_equal(j->before->n, n);
	assert_int_equal(j->after->n, n);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(j->before->case_name[i],
		                    j->after->case_name[i]);
		assert_true(run_find(j->after, "runtime")->v[i] ==
		            2 * run_find(j->before, "runtime")->v[i]);
	}
}

/* The reader keeps its duplicate check's index for the join; it stands
 * for the names while they are the same array of as many names, and
 * run_keep_rows drops it.  A kept index that no longer knows where a
 * name is (two names swapped behind its back, as struct run allows)
 * loses no case: what it misses is looked up in a fresh index. */
static void test_join_kept_index(void **state)
{
	const size_t n = 300;
	char *b = cases_text(n, false), *a = cases_text(n, true);
	struct run *rb = load_text("kb.csv", b), *ra = load_text("ka.csv", a);
	const size_t rows[2] = {1, 0};
	struct joined j;
	struct diag d;
	char *t;

	assert_non_null(run_name_index(rb));
	assert_non_null(run_name_index(ra));
	assert_int_equal(run_name_index(ra)->n, n);
	/* Rows 0 and 1 swapped, with their cells: the index is stale. */
	t = ra->case_name[0];
	ra->case_name[0] = ra->case_name[1];
	ra->case_name[1] = t;
	{
		double *v = run_find(ra, "runtime")->v, x = v[0];
		v[0] = v[1];
		v[1] = x;
	}
	assert_non_null(run_name_index(ra));
	assert_int_equal(price_join(rb, ra, false, &j, &d), FP_OK);
	assert_joined(&j, n);
	assert_null(j.before->name_index);
	assert_null(j.after->name_index);
	joined_free(&j);

	/* run_keep_rows drops it; a run of fewer names has none. */
	rb = load_text("kb.csv", b);
	assert_int_equal(run_keep_rows(rb, rows, 2, &d), FP_OK);
	assert_null(rb->name_index);
	assert_null(run_name_index(rb));
	run_free(rb);
	free(b);
	free(a);
}

/* Two runs in one order are matched row by row; a case out of place
 * among them is still found. */
static void test_join_same_order(void **state)
{
	static const char before[] = "case,runtime\nk0,1\nk1,2\nk2,3\nk3,4\n";
	static const char after[] = "case,runtime\nk0,2\nk2,6\nk1,4\nk3,8\n";
	struct run *rb = load_text("sb.csv", before),
	           *ra = load_text("sa.csv", after);
	struct joined j;
	struct diag d;

	run_drop_index(ra); /* k1 and k2 from an index made by the join */
	assert_int_equal(price_join(rb, ra, false, &j, &d), FP_OK);
	assert_joined(&j, 4);
	joined_free(&j);
}

/* Loads and joins the files of arg (before, after), checking the join. */
static int load_and_join(void *arg, struct diag *d)
{
	char(*path)[512] = arg;
	struct run *r[2] = {NULL, NULL};
	struct joined j;
	int rc = FP_OK;

	for (int s = 0; s < 2 && rc == FP_OK; s++)
		rc = run_load(path[s], &(struct run_opts){0}, &r[s], d);
	if (rc != FP_OK) {
		run_free(r[0]);
		return rc;
	}
	if (price_join(r[0], r[1], false, &j, d) != FP_OK)
		return FP_ERR;
	assert_joined(&j, 40);
	joined_free(&j);
	return FP_OK;
}

/* Every allocation of the loads and the join failing in turn: out of
 * memory, or (the kept index not kept) the same join. */
static void test_join_alloc_faults(void **state)
{
	char path[2][512];

	for (int s = 0; s < 2; s++) {
		char *t = cases_text(40, s == 1);
		snprintf(path[s], sizeof path[s], "%s",
		         scratch(s ? "fa.csv" : "fb.csv", t, strlen(t)));
		free(t);
	}
	assert_true(alloc_sweep(load_and_join, path) > 10);
	unlink(path[0]);
	unlink(path[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_keep_rows),
	    cmocka_unit_test(test_join_drops_both_sides),
	    cmocka_unit_test(test_join_many),
	    cmocka_unit_test(test_join_kept_index),
	    cmocka_unit_test(test_join_same_order),
	    cmocka_unit_test(test_join_alloc_faults),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
