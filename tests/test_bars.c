/* test_bars.c: the waterfall of gain, cost and net (report/bars.h), on
 * numbers worked out by hand: the bars add up to gain, to -cost and to
 * net; a 5,000-case pair whose cost is spread over many small slowdowns
 * shows it in the "other cost" bar. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/bars.h"

static void expect_bar(const struct report_bars *b, size_t k,
                       enum report_bar_kind kind, const char *label,
                       double from, double to)
{
	assert_int_equal(b->bar[k].kind, kind);
	assert_string_equal(b->label[k], label);
	assert_true(fabs(b->bar[k].from - from) < 1e-12);
	assert_true(fabs(b->bar[k].to - to) < 1e-12);
}

/* a_win gains 4 and costs 1.25, b_slow costs 1.25, c_small 0.5: gain 4,
 * cost 3, net 1.  From 0: +4 (a_win) to the gain 4; then b_slow -1.25
 * (before a_win's equal cost: case order) to 2.75, a_win -1.25 to 1.5,
 * c_small -0.5 to 1 = net. */
static void three_cases_by_hand(void **state)
{
	const char *name[] = {"b_slow", "a_win", "c_small"};
	double gain[] = {0, 4, 0}, cost[] = {1.25, 1.25, 0.5};
	struct price p = {.n = 3,
	                  .case_name = name,
	                  .gain = 4,
	                  .cost = 3,
	                  .net = 1,
	                  .gain_share = gain,
	                  .cost_share = cost};
	struct report_bars b;
	bool oom = false;
	char w[64];

	(void)state;
	assert_true(report_bars_of(&p, 32, NULL, &b, &oom));
	assert_int_equal(b.n, 6);
	expect_bar(&b, 0, BAR_GAIN_CASE, "a_win", 0, 4);
	expect_bar(&b, 1, BAR_GAIN, "", 0, 4);
	expect_bar(&b, 2, BAR_COST_CASE, "b_slow", 4, 2.75);
	expect_bar(&b, 3, BAR_COST_CASE, "a_win", 2.75, 1.5);
	expect_bar(&b, 4, BAR_COST_CASE, "c_small", 1.5, 1);
	expect_bar(&b, 5, BAR_NET, "", 0, 1);
	assert_string_equal(report_bar_words(&b.bar[1], w, sizeof w), "gain");
	assert_string_equal(report_bar_words(&b.bar[5], w, sizeof w), "net");
	report_bars_free(&b);
	/* Undefined shares: no bars. */
	p.gain_share = NULL;
	assert_false(report_bars_of(&p, 32, NULL, &b, &oom));
	assert_false(oom);
	p.gain_share = gain;
	gain[1] = NAN;
	assert_false(report_bars_of(&p, 32, NULL, &b, &oom));
	assert_false(oom);
}

/* 5,000 cases: 10 newly passing gain 0.016 each (0.16), the other 4,990
 * each cost 0.0005 (2.495): net -2.335.  The ten gains are the largest
 * shares, so the cost is all in "other cost (4,990 cases)". */
static void many_small_costs_are_the_other_cases(void **state)
{
	enum { N = 5000 };
	static char names[N][16];
	static const char *name[N];
	static double gain[N], cost[N];
	struct price p = {.n = N,
	                  .case_name = name,
	                  .gain = 0.16,
	                  .cost = 2.495,
	                  .net = 0.16 - 2.495,
	                  .gain_share = gain,
	                  .cost_share = cost};
	struct report_bars b;
	bool oom = false;
	char w[64];
	double sum = 0;

	(void)state;
	for (int i = 0; i < N; i++) {
		snprintf(names[i], sizeof names[i], "case%04d", i);
		name[i] = names[i];
		gain[i] = i < 10 ? 0.016 : 0;
		cost[i] = i < 10 ? 0 : 0.0005;
	}
	assert_true(report_bars_of(&p, 32, NULL, &b, &oom));
	assert_int_equal(b.n, 13);
	for (size_t k = 0; k < 10; k++) {
		assert_int_equal(b.bar[k].kind, BAR_GAIN_CASE);
		assert_int_equal(b.bar[k].i, k);
	}
	expect_bar(&b, 10, BAR_GAIN, "", 0, 0.16);
	expect_bar(&b, 11, BAR_COST_REST, "", 0.16, 0.16 - 2.495);
	assert_int_equal(b.bar[11].nrest, 4990);
	assert_string_equal(report_bar_words(&b.bar[11], w, sizeof w),
	                    "other cost (4,990 cases)");
	expect_bar(&b, 12, BAR_NET, "", 0, 0.16 - 2.495);
	/* The steps add up to net. */
	for (size_t k = 0; k < b.n; k++)
		if (b.bar[k].kind != BAR_GAIN && b.bar[k].kind != BAR_NET)
			sum += b.bar[k].value;
	assert_true(fabs(sum - p.net) < 1e-12);
	/* Names of ten digits apart in the middle: common start dropped. */
	assert_string_equal(b.names.prefix, "");
	report_bars_free(&b);
}

/* Long names that differ in the middle keep their difference on the
 * chart. */
static void long_names_stay_apart(void **state)
{
	char buf[3][128];
	const char *name[3];
	double gain[] = {1, 0, 0}, cost[] = {0, 2, 3};
	struct price p = {.n = 3,
	                  .case_name = name,
	                  .gain = 1,
	                  .cost = 5,
	                  .net = -4,
	                  .gain_share = gain,
	                  .cost_share = cost};
	struct report_bars b;
	bool oom = false;

	(void)state;
	for (int k = 0; k < 3; k++) {
		snprintf(buf[k], sizeof buf[k],
		         "kernels/attention_%c_coming_and_going_and_going",
		         'x' + k);
		name[k] = buf[k];
	}
	assert_true(report_bars_of(&p, 24, NULL, &b, &oom));
	assert_string_equal(b.names.prefix, "kernels/attention_");
	assert_string_equal(b.names.suffix, "_coming_and_going_and_going");
	assert_string_equal(b.label[0], "x");
	assert_string_equal(b.label[2], "z");
	assert_string_equal(b.label[3], "y");
	report_bars_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(three_cases_by_hand),
	    cmocka_unit_test(many_small_costs_are_the_other_cases),
	    cmocka_unit_test(long_names_stay_apart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
