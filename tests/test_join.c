/* test_join.c: runs reordered in place (run_keep_rows), names in a
 * run's block beside names of their own, the join by name (by row,
 * through the index the loader kept, through one of its own, from a
 * guess), and a before run's names checked unique against the after
 * run's index (run/unique.h), whose rows are the join's guess. */
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
#include "run/unique.h"
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

/* The loader keeps its duplicate check's index for the join; it stands
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

/* The path price takes: before's names left, checked against after's
 * index, the rows the join's guess. */
static int check_and_join(void *arg, struct diag *d)
{
	char(*path)[512] = arg;
	struct run *r[2] = {NULL, NULL};
	struct run_opts later = {.names_later = true};
	size_t *rows = NULL;
	struct joined j;

	if (run_load(path[1], &(struct run_opts){0}, &r[1], d) != FP_OK)
		return FP_ERR;
	if (run_load(path[0], &later, &r[0], d) != FP_OK ||
	    run_check_unique(r[0], r[1], &rows, d) != FP_OK) {
		run_free(r[0]);
		run_free(r[1]);
		return FP_ERR;
	}
	if (price_join_guessed(r[0], r[1], false, &rows, r[0]->n, &j, d) !=
	    FP_OK)
		return FP_ERR;
	assert_joined(&j, 40);
	joined_free(&j);
	return FP_OK;
}

/* Every allocation of the loads and the join failing in turn, either
 * way: out of memory, or (the kept index not kept) the same join. */
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
	assert_true(alloc_sweep(check_and_join, path) > 10);
	unlink(path[0]);
	unlink(path[1]);
}

/* A run loaded with its names left to the caller: no index, marked. */
static struct run *load_later(const char *name, const char *text)
{
	struct run_opts o = {.names_later = true};
	const char *path = scratch(name, text, strlen(text));
	struct run *r = NULL;
	struct diag d;

	assert_int_equal(run_load(path, &o, &r, &d), FP_OK);
	unlink(path);
	assert_true(r->names_unchecked);
	assert_null(r->name_index);
	return r;
}

/* before's names checked against after's: the error is the one the run
 * alone would give, at the earliest name met before, whether after has
 * that name (two cases found at one row there) or lacks it (looked up
 * among the names after lacks), or both kinds come. */
static void test_unique_against(void **state)
{
	static const struct {
		const char *before;
		int line;
		const char *msg;
	} bad[] = {
	    {"case\na\nb\na\n", 4, "duplicate case 'a' (first on line 2)"},
	    {"case\nx\nb\nx\n", 4, "duplicate case 'x' (first on line 2)"},
	    {"case\nx\na\nx\na\n", 4, "duplicate case 'x' (first on line 2)"},
	    {"case\na\nx\na\nx\n", 4, "duplicate case 'a' (first on line 2)"},
	    {"case\nq\na\nx\nx\na\n", 5,
	     "duplicate case 'x' (first on line 4)"},
	};
	struct run *after = load_text("ua.csv", "case\na\nb\nc\n");
	char want[200];

	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		struct run *r = load_later("ub.csv", bad[k].before), *alone;
		const char *path;
		size_t *rows = (size_t *)1;
		struct diag d, d1;

		assert_int_equal(run_check_unique(r, after, &rows, &d), FP_ERR);
		assert_null(rows);
		snprintf(want, sizeof want,
		         "%s: rows of one case are its samples only in a "
		         "file with a 'repetition' column",
		         bad[k].msg);
		assert_string_equal(d.msg, want);
		assert_int_equal(d.line, bad[k].line);
		assert_int_equal(d.col, 1);
		/* The same as loading the file alone. */
		path = scratch("ub.csv", bad[k].before, strlen(bad[k].before));
		assert_int_equal(
		    run_load(path, &(struct run_opts){0}, &alone, &d1), FP_ERR);
		unlink(path);
		assert_string_equal(d1.msg, d.msg);
		assert_int_equal(d1.line, d.line);
		run_free(r);
	}
	run_free(after);
}

/* Unique names: the rows of before's cases in after (STRINDEX_NONE where
 * after lacks one), and no index of before's own; without an index of
 * after's standing, before makes its own and there are no rows. */
static void test_unique_rows(void **state)
{
	struct run *after = load_text("ua.csv", "case\na\nb\nc\n");
	struct run *r = load_later("ub.csv", "case\nc\na\nz\n");
	size_t *rows;
	struct diag d;

	assert_int_equal(run_check_unique(r, after, &rows, &d), FP_OK);
	assert_false(r->names_unchecked);
	assert_null(r->name_index);
	assert_true(rows[0] == 2 && rows[1] == 0 && rows[2] == STRINDEX_NONE);
	free(rows);
	run_free(r);

	/* Names never checked are not joined. */
	r = load_later("ub.csv", "case\nc\na\n");
	assert_int_equal(price_join(r, load_text("ua.csv", "case\na\nc\n"),
	                            false, &(struct joined){0}, &d),
	                 FP_ERR);
	assert_string_equal(d.msg,
	                    "internal error: case names joined unchecked");

	r = load_later("ub.csv", "case\nc\na\nz\n");
	run_drop_index(after);
	assert_int_equal(run_check_unique(r, after, &rows, &d), FP_OK);
	assert_null(rows);
	assert_non_null(run_name_index(r));
	run_free(r);
	run_free(after);
}

/* A guess is taken only where the names agree: wrong rows, rows past
 * after's end, or a guess for another number of cases join as no guess
 * does. */
static void test_join_guessed(void **state)
{
	const size_t n = 200;
	char *b = cases_text(n, false), *a = cases_text(n, true);

	for (int kind = 0; kind < 3; kind++) {
		struct run *rb = load_text("gb.csv", b),
		           *ra = load_text("ga.csv", a);
		size_t *guess = malloc(n * sizeof *guess);
		struct joined j;
		struct diag d;

		for (size_t i = 0; i < n; i++)
			guess[i] = kind == 0   ? (i * 7) % n
			           : kind == 1 ? n + i
			                       : i;
		assert_int_equal(price_join_guessed(rb, ra, false, &guess,
		                                    kind == 2 ? n - 1 : n, &j,
		                                    &d),
		                 FP_OK);
		assert_null(guess);
		assert_joined(&j, n);
		joined_free(&j);
	}
	free(b);
	free(a);
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
	    cmocka_unit_test(test_unique_against),
	    cmocka_unit_test(test_unique_rows),
	    cmocka_unit_test(test_join_guessed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
