/* test_formula_eval.c: evaluating formulas: every operator and function in
 * its block forms (column op column, column op number, number op column)
 * and as a one-number instruction, the aggregates, NaN propagation, domain
 * faults with their case and position (the data of test_formula_util.h;
 * test_formula_data.c changes it between evaluations). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formula/formula.h"
#include "test_formula_util.h"
#include "util/ksum.h"

/* ---- element-wise, per case ------------------------------------------- */

static void test_arithmetic(void **state)
{
	CHECK("a + b", 5, 2, 0.75, -1, 20);
	CHECK("a - b", 1, -6, 0.25, 1, 0);
	CHECK("a * b", 6, -8, 0.125, -0.0, 100);
	CHECK("a / b", 1.5, -0.5, 2, -0.0, 1);
	CHECK("a + 1", 4, -1, 1.5, 1, 11);           /* column op number */
	CHECK("1 - a", -2, 3, 0.5, 1, -9);           /* number op column */
	CHECK("a - 1", 2, -3, -0.5, -1, 9);
	CHECK("12 / b", 6, 3, 48, -12, 1.2);
	CHECK("a / 2", 1.5, -1, 0.25, 0, 5);
	CHECK("p * a", 6, -4, 1, 0, 20);             /* parameter op column */
	CHECK("-a", -3, 2, -0.5, -0.0, -10);
	CHECK("b ** 2", 4, 16, 0.0625, 1, 100);
	CHECK("2 ** b", 4, 16, libm_pow(2, 0.25), 0.5, 1024);
	CHECK("pow(b, 2)", 4, 16, 0.0625, 1, 100);
	/* a + 3 = 6, 1, 3.5, 3, 13: 6^2, 1^4, 3.5^0.25, 3^-1, 13^10 */
	CHECK("(a + 3) ** b", 36, 1, libm_pow(3.5, 0.25), 1.0 / 3, 137858491849.0);
	/* precedence per case too: b * 3 + a = 6+3, 12-2, 0.75+0.5, -3+0, 30+10 */
	CHECK("b * 3 + a", 9, 10, 1.25, -3, 40);
	CHECK("-b ** 2", -4, -16, -0.0625, -1, -100);
}

static void test_comparisons(void **state)
{
	CHECK("a < b", 0, 1, 0, 0, 0);
	CHECK("a <= b", 0, 1, 0, 0, 1);
	CHECK("a > b", 1, 0, 1, 1, 0);
	CHECK("a >= b", 1, 0, 1, 1, 1);
	CHECK("a == b", 0, 0, 0, 0, 1);
	CHECK("a != b", 1, 1, 1, 1, 0);
	CHECK("a < 1", 0, 1, 1, 1, 0);
	CHECK("1 < a", 1, 0, 0, 0, 1);
	CHECK("a >= p", 1, 0, 0, 0, 1);
}

static void test_logic(void **state)
{
	CHECK("a and b", 1, 1, 1, 0, 1);  /* a != 0 and b != 0 */
	CHECK("a or b", 1, 1, 1, 1, 1);
	CHECK("not a", 0, 0, 0, 1, 0);
	CHECK("a and 0", 0, 0, 0, 0, 0);
	CHECK("0 or a", 1, 1, 1, 0, 1);
	CHECK("a > 0 and b > 0", 1, 0, 1, 0, 1);
	CHECK("not a > 0 or b < 0", 0, 1, 0, 1, 0); /* (not (a>0)) or (b<0) */
}

static void test_min_max_clamp(void **state)
{
	CHECK("min(a, b)", 2, -2, 0.25, -1, 10);
	CHECK("max(a, b)", 3, 4, 0.5, 0, 10);
	CHECK("min(a, 1)", 1, -2, 0.5, 0, 1);
	CHECK("max(0, a)", 3, 0, 0.5, 0, 10);
	CHECK("min(a, b, 0)", 0, -2, 0, -1, 0);
	CHECK("max(a, b, 5, a)", 5, 5, 5, 5, 10);
	CHECK("clamp(a, 0, 1)", 1, 0, 0.5, 0, 1);
	/* min(max(a, b), 10): max = 3, 4, 0.5, 0, 10 */
	CHECK("clamp(a, b, 10)", 3, 4, 0.5, 0, 10);
	CHECK("clamp(a, b, b)", 2, 4, 0.25, -1, 10);
}

/* clamp's bounds the wrong way round, known only when the formula runs:
 * case 4 has b = 10 > 5; p = 2 > q = 0.5 in every case. */
static void test_clamp_bounds_fault(void **state)
{
	expect_fault("clamp(a, b, 5)", true, 4, 4,
	             "clamp's lower bound 10 is above its upper bound 5");
	expect_fault("1 + clamp(a, p, q)", false, 0, 8,
	             "clamp's lower bound 2 is above its upper bound 0.5");
	expect_fault("sum(clamp(a, b, 5))", true, 4, 8,
	             "clamp's lower bound 10 is above its upper bound 5");
}

static void test_unary_functions(void **state)
{
	CHECK("abs(a)", 3, 2, 0.5, 0, 10);
	CHECK("sqrt(b * b)", 2, 4, 0.25, 1, 10);     /* |b|: exact squares */
	CHECK("floor(b * 3)", 6, 12, 0, -3, 30);     /* of 6, 12, 0.75, -3, 30 */
	CHECK("ceil(a)", 3, -2, 1, 0, 10);
	/* halves round away from zero: a + 2 = 5, 0, 2.5, 2, 12 */
	CHECK("round(a + 2)", 5, 0, 3, 2, 12);
	CHECK("round(-a)", -3, 2, -1, -0.0, -10);   /* -0.5 -> -1 */
	CHECK("exp(a - a)", 1, 1, 1, 1, 1);
	CHECK("log(b * b)", libm_log(4), libm_log(16), libm_log(0.0625), 0,
	      libm_log(100));
	CHECK("log2(b * b)", 2, 4, -4, 0, log2(100)); /* powers of two: exact */
	CHECK("log10(b * b * 100)", libm_log10(400), libm_log10(1600),
	      libm_log10(6.25), 2, 4);
}

static void test_if(void **state)
{
	CHECK("if(a > b, a, b)", 3, 4, 0.5, 0, 10);
	CHECK("if(a, 1, 2)", 1, 1, 1, 2, 1);         /* any non-zero is true */
	CHECK("if(p > 1, a, b)", 3, -2, 0.5, 0, 10); /* one-number condition */
	CHECK("if(a > 0, 1, b)", 1, 4, 1, -1, 1);
	/* Only the selected branch counts: 1/a at a = 0 is not taken. */
	CHECK("if(a != 0, 1 / a, 0)", 1.0 / 3, -0.5, 2, 0, 0.1);
	CHECK("if(a > 0, sqrt(a), -1)", sqrt(3), -1, sqrt(0.5), -1, sqrt(10));
}

static void test_scalar_instructions(void **state)
{
	/* p = 2 and q = 0.5 are parameters: nothing folds, every operation
	 * runs as a one-number instruction. */
	assert_true(scalar("p + q") == 2.5);
	assert_true(scalar("p - q") == 1.5);
	assert_true(scalar("p * q") == 1);
	assert_true(scalar("p / q") == 4);
	assert_true(scalar("p ** q") == sqrt(2));
	assert_true(scalar("-p ** 2") == -4);
	assert_true(scalar("p < q") == 0);
	assert_true(scalar("p <= 2") == 1);
	assert_true(scalar("p > q") == 1);
	assert_true(scalar("p >= 3") == 0);
	assert_true(scalar("p == 2") == 1);
	assert_true(scalar("p != 2") == 0);
	assert_true(scalar("p and q") == 1);
	assert_true(scalar("p and 0") == 0);
	assert_true(scalar("0 or q") == 1);
	assert_true(scalar("not p") == 0);
	assert_true(scalar("min(p, q)") == 0.5);
	assert_true(scalar("max(p, q, 3)") == 3);
	assert_true(scalar("abs(-p)") == 2);
	assert_true(scalar("clamp(p, 0, 1)") == 1);
	assert_true(scalar("if(p > 1, 10, 20)") == 10);
	assert_true(scalar("if(q > 1, 10, 20)") == 20);
	assert_true(scalar("floor(p + q)") == 2);
	assert_true(scalar("ceil(p + q)") == 3);
	assert_true(scalar("round(p + q)") == 3);     /* 2.5 -> 3 */
	assert_true(scalar("round(-p - q)") == -3);   /* -2.5 -> -3 */
	assert_true(scalar("sqrt(p * 8)") == 4);
	assert_true(scalar("log2(p)") == 1);
	assert_true(scalar("log10(p * 50)") == 2);
	assert_true(scalar("exp(p - p)") == 1);
	assert_true(scalar("log(p / p)") == 0);
	assert_true(scalar("pow(p, 10)") == 1024);
}

/* ---- aggregates ------------------------------------------------------- */

static void test_aggregates(void **state)
{
	assert_true(scalar("sum(a)") == 11.5);        /* 3 - 2 + 0.5 + 0 + 10 */
	assert_true(scalar("mean(a)") == 11.5 / 5);   /* 2.3 */
	assert_true(scalar("count(a)") == 4);         /* all but the 0 */
	assert_true(scalar("count(a > 0)") == 3);     /* 3, 0.5, 10 */
	assert_true(scalar("count(a > 100)") == 0);
	assert_true(scalar("median(a)") == 0.5);      /* -2 0 [0.5] 3 10 */
	assert_true(scalar("median(b)") == 2);        /* -1 0.25 [2] 4 10 */
	assert_true(scalar("minof(a)") == -2);
	assert_true(scalar("maxof(a)") == 10);
	assert_true(scalar("maxof(a) - minof(b)") == 11);
	/* geomean(b*b) = (4 * 16 * 0.0625 * 1 * 100)^(1/5) = 400^0.2 */
	assert_true(fabs(scalar("geomean(b * b)") / pow(400, 0.2) - 1) < 1e-15);
	assert_true(scalar("geomean(a * a)") == 0);   /* one case is 0 */
	assert_true(scalar("sum(a * b)") == 98.125);  /* 6 - 8 + 0.125 + 0 + 100 */
	assert_true(scalar("sum(p * a) / p") == 11.5);
}

static void test_percentile(void **state)
{
	/* numpy's "linear": sorted a = -2, 0, 0.5, 3, 10; position
	 * h = (5 - 1) * p / 100 between the closest ranks. */
	assert_true(scalar("percentile(a, 0)") == -2);
	assert_true(scalar("percentile(a, 100)") == 10);
	assert_true(scalar("percentile(a, 25)") == 0);     /* h = 1 */
	assert_true(scalar("percentile(a, 50)") == 0.5);   /* h = 2: the median */
	assert_true(scalar("percentile(a, 62.5)") == 1.75);/* h = 2.5: 0.5 .. 3 */
	assert_true(scalar("percentile(a, 12.5)") == -1);  /* h = 0.5: -2 .. 0 */
	assert_true(scalar("percentile(a, p * 25)") == 0.5);/* p = 2: 50 */
	/* Even count (first four cases): -2, 0, [0.5 between] 3 -> (0+0.5)/2 */
	fx_env_set_ncases(env, 4);
	assert_true(scalar("median(a)") == 0.25);
	fx_env_set_ncases(env, NC);
}

static void test_aggregates_inside_cases(void **state)
{
	CHECK("a / sum(a)", 3 / 11.5, -2 / 11.5, 0.5 / 11.5, 0, 10 / 11.5);
	CHECK("a - mean(a)", 3 - 2.3, -2 - 2.3, 0.5 - 2.3, -2.3, 10 - 2.3);
	CHECK("a > median(a)", 1, 0, 0, 0, 1);
	/* Two levels: mean(a) first, then the count, then the per-case pass:
	 * a > 2.3 holds for 3 and 10, so count = 2. */
	assert_true(scalar("count(a > mean(a))") == 2);
	CHECK("b * count(a > mean(a))", 4, 8, 0.5, -2, 20);
	assert_true(fabs(scalar("sum(a / sum(a))") - 1) < 1e-15);
}

static void test_no_cases(void **state)
{
	fx_env_set_ncases(env, 0);
	assert_true(scalar("sum(a)") == 0);
	assert_true(scalar("count(a)") == 0);
	assert_true(scalar("sum(a) + p") == 2);
	expect_fault("mean(a)", false, 0, 4, "mean of no cases");
	expect_fault("1 + median(a)", false, 0, 8, "median of no cases");
	expect_fault("geomean(a)", false, 0, 4, "geomean of no cases");
	expect_fault("percentile(a, 5)", false, 0, 4, "percentile of no cases");
	expect_fault("minof(a)", false, 0, 4, "minof of no cases");
	expect_fault("maxof(a)", false, 0, 4, "maxof of no cases");
	fx_env_set_ncases(env, NC);
}

/* ---- domain faults ---------------------------------------------------- */

static void test_faults_per_case(void **state)
{
	/* a[3] = 0, a[1] = -2, b[3] = -1, a[4] = 10 */
	expect_fault("1 / a", true, 3, 6, "division by zero");
	expect_fault("a * 2 + log(a)", true, 1, 12,
	             "log of zero or a negative number");
	expect_fault("sqrt(a)", true, 1, 4, "sqrt of a negative number");
	expect_fault("log2(b)", true, 3, 4, "log2 of zero or a negative number");
	expect_fault("log10(a)", true, 1, 4, "log10 of zero or a negative number");
	expect_fault("a ** 0.5", true, 1, 6,
	             "power of a negative number with a fractional exponent");
	expect_fault("pow(a, -1)", true, 3, 4,
	             "power of zero with a negative exponent");
	expect_fault("10 ** (a * 100)", true, 4, 7, "power overflows");
	expect_fault("exp(a * 100)", true, 4, 4, "exp overflows");
	expect_fault("a * 1e308", true, 0, 6, "multiplication overflows");
	expect_fault("a * 1e308 + 1e308", true, 0, 6, "multiplication overflows");
	/* The branch taken for case 1 (a = -2) divides by zero. */
	expect_fault("if(a > 0, 1 / a, 1 / (a - a))", true, 1, 23,
	             "division by zero");
}

static void test_faults_in_aggregates(void **state)
{
	/* A scalar result names the case inside the aggregate. */
	expect_fault("sum(1 / a)", true, 3, 10, "division by zero");
	expect_fault("2 * mean(sqrt(a))", true, 1, 13, "sqrt of a negative number");
	expect_fault("geomean(a)", true, 1, 4, "geomean of a negative number");
	expect_fault("percentile(a, 101)", false, 0, 4,
	             "percentile p must be between 0 and 100, got 101");
	expect_fault("percentile(a, p - 3)", false, 0, 4,
	             "percentile p must be between 0 and 100, got -1");
	expect_fault("sum(a * 1e308 - a * 1e308)", true, 0, 10,
	             "multiplication overflows");
	/* 1.5e307 b = 3e307, 6e307, 3.75e306, -1.5e307, 1.5e308: each finite,
	 * their sum 2.2875e308 is not. */
	expect_fault("sum(b * 1.5e307)", false, 0, 4, "sum overflows");
	/* Per case, the aggregate is 0 and the division by it fails at the
	 * first case. */
	expect_fault("a / sum(a - a)", true, 0, 6, "division by zero");
	/* Nested: the inner fault is found through two aggregates. */
	expect_fault("sum(a - mean(1 / a))", true, 3, 19, "division by zero");
}

static void test_faults_one_number(void **state)
{
	expect_fault("p / (q - q)", false, 0, 6, "division by zero");
	/* A one-number fault inside a per-case formula is not any case's. */
	expect_fault("a * (p / (q - q))", false, 0, 11, "division by zero");
	expect_fault("log(q - p)", false, 0, 4, "log of zero or a negative number");
}

/* NaN in the input propagates through everything, and is reported. */
static void test_nan_propagates(void **state)
{
	static const char *const percase[] = {
		"min(c, 0)", "max(c, 0)", "min(0, c)", "max(c, a, b)",
		"c < 1", "1 < c", "c == c", "c != c", "c and 1", "0 or c",
		"not c", "if(c, 1, 2)", "if(c > 0, 1, 2)", "abs(c)", "floor(c)",
		"round(c)", "clamp(c, 0, 1)", "c * 0", "pow(c, 0)", "c ** 0",
		"pow(1, c)", "-c",
	};
	static const char *const aggregates[] = {
		"sum(c)", "mean(c)", "count(c)", "median(c)", "percentile(c, 50)",
		"geomean(c)", "minof(c)", "maxof(c)", "minof(a) + maxof(c)",
	};
	double out[NC];
	struct fx_fault f;

	C[1] = NAN;
	for (size_t i = 0; i < sizeof percase / sizeof percase[0]; i++) {
		struct fx_prog *p = compile(percase[i]);
		if (fx_eval(p, env, out, &f) != FP_ERR || !isnan(out[1]))
			fail_msg("%s: NaN was dropped", percase[i]);
		assert_true(isfinite(out[0]));
		assert_true(f.has_case);
		assert_int_equal(f.case_index, 1);
		assert_string_equal(f.what, "'c' is nan");
		fx_prog_free(p);
	}
	for (size_t i = 0; i < sizeof aggregates / sizeof aggregates[0]; i++) {
		struct fx_prog *p = compile(aggregates[i]);
		if (fx_eval(p, env, out, &f) != FP_ERR || !isnan(out[0]))
			fail_msg("%s: NaN was dropped", aggregates[i]);
		assert_true(f.has_case);
		assert_int_equal(f.case_index, 1);
		assert_string_equal(f.what, "'c' is nan");
		fx_prog_free(p);
	}
	/* The position is the name's: "2 * c" has c at offset 4 = column 8. */
	expect_fault("2 * c", true, 1, 8, "'c' is nan");
	C[1] = INFINITY;
	expect_fault("c - 1", true, 1, 4, "'c' is inf");
	fx_env_set_scalar(env, slot_q, NAN);
	expect_fault("a * q", false, 0, 8, "'q' is nan");
	fx_env_set_scalar(env, slot_q, 0.5);
	C[1] = 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arithmetic),
		cmocka_unit_test(test_comparisons),
		cmocka_unit_test(test_logic),
		cmocka_unit_test(test_min_max_clamp),
		cmocka_unit_test(test_clamp_bounds_fault),
		cmocka_unit_test(test_unary_functions),
		cmocka_unit_test(test_if),
		cmocka_unit_test(test_scalar_instructions),
		cmocka_unit_test(test_aggregates),
		cmocka_unit_test(test_percentile),
		cmocka_unit_test(test_aggregates_inside_cases),
		cmocka_unit_test(test_no_cases),
		cmocka_unit_test(test_faults_per_case),
		cmocka_unit_test(test_faults_in_aggregates),
		cmocka_unit_test(test_faults_one_number),
		cmocka_unit_test(test_nan_propagates),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
