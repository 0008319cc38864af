/* test_need_runs.c: more runs or more samples per run (need_runs.h),
 * against values worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "noise/need_runs.h"

static double flat(size_t R, void *ctx)
{
	(void)R;
	(void)ctx;
	return 1;
}

/* runs_scale.c's mean factors (doc/noise.md's table, as it was) from 3
 * runs up. */
static double table(size_t R, void *ctx)
{
	static const double w[] = {0, 0, 3.28, 1.93, 1.53, 1.39, 1.23};

	(void)ctx;
	return R < sizeof w / sizeof *w ? w[R] : 1.21;
}

/* f 0.5, r 2: the runs' half of the variance alone is 1/2 > 1/4 = 1/r^2,
 * so no count of samples per run; runs: sqrt(3 / q) <= 1/2 from q = 12. */
static void test_between_too_wide(void **state)
{
	struct need_runs n;

	(void)state;
	need_runs_solve(0.5, 2, 3, 5, 16, flat, NULL, &n);
	assert_true(n.known);
	assert_int_equal(n.runs, 3);
	assert_true(n.samples_needed == 0);
	assert_int_equal(n.runs_needed, 12);
}

/* f 0.9, r 1.5: room 1/2.25 - 0.1 = 0.34444; k' = 0.9 * 5 / 0.34444 =
 * 13.06, so 14; runs: sqrt(3 / q) <= 2/3 from q = 6.75, so 7. */
static void test_samples_help(void **state)
{
	struct need_runs n;

	(void)state;
	need_runs_solve(0.9, 1.5, 3, 5, 16, flat, NULL, &n);
	assert_true(n.samples_needed == 14);
	assert_int_equal(n.runs_needed, 7);
}

/* With the widening: at 3 runs 1.93, so the width must come to 1.93 / 1.5
 * = 1.2867 of the variance's: q 4 gives 1.53 sqrt(3/4) = 1.3250, q 5 1.39
 * sqrt(3/5) = 1.0767: 5 runs (7 without the widening's fall). */
static void test_widening_falls(void **state)
{
	struct need_runs n;

	(void)state;
	need_runs_solve(0.9, 1.5, 3, 5, 16, table, NULL, &n);
	assert_int_equal(n.runs_needed, 5);
}

/* A widening that counts its lookups (each is a calibration). */
static double counted(size_t R, void *ctx)
{
	(void)R;
	++*(size_t *)ctx;
	return 1;
}

/* The counts no widening of at least 1 can bring in are not looked up:
 * r 2 at 3 runs, from 3 x 4 = 12 on, so 12 is the second lookup (the
 * first is now's); r 10, q >= 300 > 16: none beyond now's. */
static void test_lookups_skipped(void **state)
{
	struct need_runs n;
	size_t calls = 0;

	(void)state;
	need_runs_solve(0.5, 2, 3, 5, 16, counted, &calls, &n);
	assert_int_equal(n.runs_needed, 12);
	assert_int_equal(calls, 2);
	calls = 0;
	need_runs_solve(0.2, 10, 3, 5, 16, counted, &calls, &n);
	assert_int_equal(n.runs_needed, 0);
	assert_int_equal(calls, 1);
}

/* No run count up to the most a side may have: 0.  r 10: q >= 300. */
static void test_more_than_max(void **state)
{
	struct need_runs n;

	(void)state;
	need_runs_solve(0.2, 10, 3, 5, 16, flat, NULL, &n);
	assert_int_equal(n.runs_needed, 0);
	assert_true(n.samples_needed == 0);
}

/* A count just above now is at least one more sample: f 1, r 1.01: k' =
 * 5 * 1.0201 = 5.1, so 6. */
static void test_at_least_one_more(void **state)
{
	struct need_runs n;

	(void)state;
	need_runs_solve(1, 1.01, 2, 5, 16, flat, NULL, &n);
	assert_true(n.samples_needed == 6);
	assert_int_equal(n.runs_needed, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_between_too_wide),
	    cmocka_unit_test(test_samples_help),
	    cmocka_unit_test(test_widening_falls),
	    cmocka_unit_test(test_more_than_max),
	    cmocka_unit_test(test_lookups_skipped),
	    cmocka_unit_test(test_at_least_one_more),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
