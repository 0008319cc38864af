/* test_formula_eval.c: evaluating formulas: every operator and function in
 * its block forms (column op column, column op number, number op column)
 * and as a one-number instruction, the aggregates, NaN propagation, domain
 * faults with their case and position, parameters and columns changed
 * between evaluations, block boundaries, and compensated summation.
 *
 * The data, five cases:
 *     a = 3, -2, 0.5,  0, 10
 *     b = 2,  4, 0.25, -1, 10
 * Parameters p = 2, q = 0.5.  Formulas stand on line 4 of m.yaml after
 * "x: " (text[0] is column 4). */
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
#include "util/ksum.h"

#define NC 5

static const double A[NC] = {3, -2, 0.5, 0, 10};
static const double B[NC] = {2, 4, 0.25, -1, 10};
static double C[NC] = {1, 0, 2, 3, 4}; /* C[1] becomes NaN or inf */

/* libm at run time: the compiler may fold log10(1600) more exactly than
 * the C library computes it, and the formulas call the C library. */
static double (*volatile libm_log)(double) = log;
static double (*volatile libm_log10)(double) = log10;
static double (*volatile libm_pow)(double, double) = pow;

static struct fx_env *env;
static int slot_a, slot_b, slot_c, slot_p, slot_q;

static int setup(void **state)
{
	(void)state;
	env = fx_env_new();
	slot_a = fx_env_declare(env, "a", FX_PERCASE);
	slot_b = fx_env_declare(env, "b", FX_PERCASE);
	slot_c = fx_env_declare(env, "c", FX_PERCASE);
	slot_p = fx_env_declare(env, "p", FX_SCALAR);
	slot_q = fx_env_declare(env, "q", FX_SCALAR);
	fx_env_bind(env, slot_a, A);
	fx_env_bind(env, slot_b, B);
	fx_env_bind(env, slot_c, C);
	fx_env_set_scalar(env, slot_p, 2);
	fx_env_set_scalar(env, slot_q, 0.5);
	fx_env_set_ncases(env, NC);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fx_env_free(env);
	return 0;
}

static struct fx_prog *compile(const char *text)
{
	struct fx_src src = {"m.yaml", 4, 4, "x: ", text};
	struct fx_prog *p = NULL;
	struct diag d;

	if (fx_compile(env, &src, &p, &d) != FP_OK)
		fail_msg("%s: %d:%d: %s", text, d.line, d.col, d.msg);
	return p;
}

static bool same(double x, double y)
{
	return x == y || (isnan(x) && isnan(y));
}

/* Evaluates a per-case formula and compares with expected[0..NC). */
static void check_cases(const char *text, const double *expected)
{
	struct fx_prog *p = compile(text);
	double out[NC + 1];
	struct fx_fault f;

	out[NC] = 12345; /* nothing is written past the cases */
	assert_int_equal(fx_prog_shape(p), FX_PERCASE);
	if (fx_eval(p, env, out, &f) != FP_OK)
		fail_msg("%s: fault %s", text, f.what);
	for (int i = 0; i < NC; i++)
		if (!same(out[i], expected[i]))
			fail_msg("%s: case %d: got %.17g, want %.17g", text, i,
			         out[i], expected[i]);
	assert_true(out[NC] == 12345);
	fx_prog_free(p);
}

#define CHECK(text, ...) check_cases(text, (const double[NC]){__VA_ARGS__})

static double scalar(const char *text)
{
	struct fx_prog *p = compile(text);
	struct fx_fault f;
	double v;

	assert_int_equal(fx_prog_shape(p), FX_SCALAR);
	if (fx_eval(p, env, &v, &f) != FP_OK)
		fail_msg("%s: fault %s", text, f.what);
	fx_prog_free(p);
	return v;
}

static void expect_fault(const char *text, bool has_case, size_t case_index,
                         int col, const char *what)
{
	struct fx_prog *p = compile(text);
	double out[NC];
	struct fx_fault f;

	if (fx_eval(p, env, out, &f) != FP_ERR)
		fail_msg("%s: no fault", text);
	if (f.has_case != has_case || (has_case && f.case_index != case_index))
		fail_msg("%s: fault case %d/%zu, want %d/%zu", text,
		         f.has_case, f.case_index, has_case, case_index);
	assert_int_equal(f.line, 4);
	if (f.col != col)
		fail_msg("%s: fault at column %d, want %d", text, f.col, col);
	assert_string_equal(f.what, what);
	fx_prog_free(p);
}

/* ---- element-wise, per case ------------------------------------------- */

static void test_arithmetic(void **state)
{
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
	expect_fault("clamp(a, b, 5)", true, 4, 4,
	             "clamp's lower bound 10 is above its upper bound 5");
	expect_fault("1 + clamp(a, p, q)", false, 0, 8,
	             "clamp's lower bound 2 is above its upper bound 0.5");
	expect_fault("sum(clamp(a, b, 5))", true, 4, 8,
	             "clamp's lower bound 10 is above its upper bound 5");
}

static void test_unary_functions(void **state)
{
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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
	(void)state;
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

	(void)state;
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

/* ---- data changing between evaluations ------------------------------- */

static void test_parameters_change(void **state)
{
	struct fx_prog *p = compile("p * a + sum(a) * q");
	double out[NC];
	struct fx_fault f;

	(void)state;
	/* p = 2, q = 0.5: 2a + 11.5 * 0.5 = 2a + 5.75 */
	assert_int_equal(fx_eval(p, env, out, &f), FP_OK);
	assert_true(out[0] == 11.75 && out[1] == 1.75 && out[4] == 25.75);
	fx_env_set_scalar(env, slot_p, 3);
	fx_env_set_scalar(env, slot_q, 2);
	/* 3a + 23 */
	assert_int_equal(fx_eval(p, env, out, &f), FP_OK);
	assert_true(out[0] == 32 && out[1] == 17 && out[4] == 53);
	fx_env_set_scalar(env, slot_p, 2);
	fx_env_set_scalar(env, slot_q, 0.5);
	assert_true(fx_prog_reads(p, slot_p));
	assert_true(fx_prog_reads(p, slot_q));
	assert_true(fx_prog_reads(p, slot_a));
	assert_false(fx_prog_reads(p, slot_b));
	assert_false(fx_prog_reads(p, slot_c));
	assert_false(fx_prog_reads(p, 99));
	fx_prog_free(p);

	/* Folded away: the branch not taken is not read. */
	p = compile("if(1, a, b * p)");
	assert_true(fx_prog_reads(p, slot_a));
	assert_false(fx_prog_reads(p, slot_b));
	assert_false(fx_prog_reads(p, slot_p));
	fx_prog_free(p);
}

static void test_rebinding(void **state)
{
	static const double other[3] = {1, 2, 3};
	struct fx_prog *p = compile("a * 10 + mean(a)");
	double out[NC];
	struct fx_fault f;

	(void)state;
	fx_env_bind(env, slot_a, other);
	fx_env_set_ncases(env, 3);
	/* mean = 2: 12, 22, 32 */
	assert_int_equal(fx_eval(p, env, out, &f), FP_OK);
	assert_true(out[0] == 12 && out[1] == 22 && out[2] == 32);
	fx_env_bind(env, slot_a, A);
	fx_env_set_ncases(env, NC);
	assert_int_equal(fx_eval(p, env, out, &f), FP_OK);
	assert_true(out[0] == 32.3 && out[3] == 2.3);
	fx_prog_free(p);
}

static void test_unbound_column(void **state)
{
	struct fx_env *e = fx_env_new();
	struct fx_src src = {"m.yaml", 1, 1, NULL, "z * 2"};
	struct fx_prog *p;
	struct diag d;
	struct fx_fault f;
	double out[2];

	(void)state;
	fx_env_declare(e, "z", FX_PERCASE);
	assert_int_equal(fx_compile(e, &src, &p, &d), FP_OK);
	fx_env_set_ncases(e, 2);
	assert_int_equal(fx_eval(p, e, out, &f), FP_ERR);
	assert_false(f.has_case);
	assert_string_equal(f.what, "'z' has no values bound");
	fx_prog_free(p);
	fx_env_free(e);
}

/* ---- sizes around the block length ------------------------------------ */

static void test_block_boundaries(void **state)
{
	static const size_t sizes[] = {1, 7, 8, 9, 511, 512, 513, 1024, 1500, 2049};
	struct fx_prog *lin = compile("a * 2 + b");
	struct fx_prog *sum = compile("sum(a)");
	struct fx_prog *med = compile("median(a)");
	struct fx_prog *max = compile("maxof(a) + count(a > 10)");
	struct fx_prog *two = compile("a - mean(a)");
	struct fx_fault f;

	(void)state;
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		size_t n = sizes[k];
		double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
		double *out = malloc((n + 1) * sizeof *out), v;
		for (size_t i = 0; i < n; i++)
			x[i] = (double)i, y[i] = 1;
		fx_env_bind(env, slot_a, x);
		fx_env_bind(env, slot_b, y);
		fx_env_set_ncases(env, n);

		out[n] = -1;
		assert_int_equal(fx_eval(lin, env, out, &f), FP_OK);
		for (size_t i = 0; i < n; i++)
			assert_true(out[i] == 2.0 * (double)i + 1);
		assert_true(out[n] == -1);
		/* 0 + 1 + ... + (n-1) = n(n-1)/2 */
		assert_int_equal(fx_eval(sum, env, &v, &f), FP_OK);
		assert_true(v == (double)n * (double)(n - 1) / 2);
		assert_int_equal(fx_eval(med, env, &v, &f), FP_OK);
		assert_true(v == (double)(n - 1) / 2);
		/* n-1, plus the count of 11 .. n-1 */
		assert_int_equal(fx_eval(max, env, &v, &f), FP_OK);
		assert_true(v == (double)(n - 1) + (n > 11 ? (double)(n - 11) : 0));
		/* mean = (n-1)/2 */
		assert_int_equal(fx_eval(two, env, out, &f), FP_OK);
		assert_true(out[0] == -(double)(n - 1) / 2);
		assert_true(out[n - 1] == (double)(n - 1) / 2);
		assert_true(out[n] == -1);
		free(x);
		free(y);
		free(out);
	}
	fx_env_bind(env, slot_a, A);
	fx_env_bind(env, slot_b, B);
	fx_env_set_ncases(env, NC);
	fx_prog_free(lin);
	fx_prog_free(sum);
	fx_prog_free(med);
	fx_prog_free(max);
	fx_prog_free(two);
}

/* A fault in the last, partial block and one in a later full block. */
static void test_fault_case_far_away(void **state)
{
	size_t n = 1300;
	double *x = malloc(n * sizeof *x), *out = malloc(n * sizeof *out);
	struct fx_prog *p = compile("1 / a");
	struct fx_fault f;

	(void)state;
	for (size_t i = 0; i < n; i++)
		x[i] = 1;
	x[1299] = 0;
	fx_env_bind(env, slot_a, x);
	fx_env_set_ncases(env, n);
	assert_int_equal(fx_eval(p, env, out, &f), FP_ERR);
	assert_int_equal(f.case_index, 1299);
	x[700] = 0;
	assert_int_equal(fx_eval(p, env, out, &f), FP_ERR);
	assert_int_equal(f.case_index, 700);
	fx_prog_free(p);
	fx_env_bind(env, slot_a, A);
	fx_env_set_ncases(env, NC);
	free(x);
	free(out);
}

/* ---- summation -------------------------------------------------------- */

static double sum_of(const double *x, size_t n)
{
	struct fx_prog *p = compile("sum(a)");
	struct fx_fault f;
	double v;

	fx_env_bind(env, slot_a, x);
	fx_env_set_ncases(env, n);
	assert_int_equal(fx_eval(p, env, &v, &f), FP_OK);
	fx_env_bind(env, slot_a, A);
	fx_env_set_ncases(env, NC);
	fx_prog_free(p);
	return v;
}

static void test_sum_ten_million_tenths(void **state)
{
	size_t n = 10000000;
	double *x = malloc(n * sizeof *x), naive = 0, v;

	(void)state;
	assert_non_null(x);
	for (size_t i = 0; i < n; i++) {
		x[i] = 0.1;
		naive += x[i];
	}
	/* The double 0.1 is 0.1000000000000000055511; 10^7 of them are
	 * 1000000.000000000055511, which rounds to exactly 1e6.  A plain
	 * loop drifts to 999999.9998389754. */
	v = sum_of(x, n);
	assert_true(v == 1e6);
	assert_true(naive != 1e6);
	free(x);
}

static void test_sum_cancellation(void **state)
{
	double x[17] = {0};

	(void)state;
	/* 1e16 + 1 - 1e16 + 1: plainly (1e16 + 1) rounds to 1e16, giving 1. */
	assert_true(sum_of((const double[]){1e16, 1, -1e16, 1}, 4) == 2);
	/* The same in one lane (cases 0, 8, 16 share a lane). */
	x[0] = 1e16;
	x[8] = 1;
	x[16] = -1e16;
	assert_true(sum_of(x, 17) == 1);
	/* Large and small across many cases: 1000 of 1e-3 after 1e8. */
	{
		double *y = malloc(1001 * sizeof *y);
		y[0] = 1e8;
		for (int i = 1; i <= 1000; i++)
			y[i] = 1e-3;
		/* 1e8 + 1000 * 0.001000000000000000020816 = 100000001 + 2e-17 */
		assert_true(sum_of(y, 1001) == 100000001);
		free(y);
	}
}

/* The documented order: case i in lane i % 8, TwoSum per lane, lanes merged
 * in order.  So the value is fixed by the data alone, not by blocks or
 * vector width; this reference is written from that description. */
static double reference_sum(const double *x, size_t n)
{
	double s[8] = {0}, c[8] = {0};
	struct ksum k = {0, 0};

	for (size_t i = 0; i < n; i++) {
		size_t l = i % 8;
		double t = s[l] + x[i], bp = t - s[l];
		c[l] += (s[l] - (t - bp)) + (x[i] - bp);
		s[l] = t;
	}
	for (int l = 0; l < 8; l++)
		ksum_add(&k, s[l]);
	for (int l = 0; l < 8; l++)
		ksum_add(&k, c[l]);
	return ksum_value(&k);
}

static void test_sum_order_is_fixed(void **state)
{
	size_t n = 100003;
	double *x = malloc(n * sizeof *x);
	uint64_t r = 42;

	(void)state;
	for (size_t i = 0; i < n; i++) {
		r = r * 6364136223846793005u + 1442695040888963407u;
		/* values of many magnitudes and both signs */
		x[i] = ldexp((double)(r >> 11) / 9007199254740992.0 - 0.5,
		             (int)(r % 61) - 30);
	}
	assert_true(sum_of(x, n) == reference_sum(x, n));
	free(x);
}

/* ---- several programs in one sweep ------------------------------------ */

struct chain {
	struct fx_env *env;
	double *x, *w, *score, *score_seq, *perc, *perc_seq;
	size_t n;
};

static struct fx_prog *compile_in(struct fx_env *e, const char *text)
{
	struct fx_src src = {"m.yaml", 1, 1, NULL, text};
	struct fx_prog *p = NULL;
	struct diag d;

	if (fx_compile(e, &src, &p, &d) != FP_OK)
		fail_msg("%s: %s", text, d.msg);
	return p;
}

/* x = 0.5 .. (cases cycle through 8 values), w = 1 or 3; the column
 * "score" is what the first program writes and the others read. */
static void chain_init(struct chain *c, size_t n)
{
	c->n = n;
	c->env = fx_env_new();
	c->x = malloc(n * sizeof *c->x);
	c->w = malloc(n * sizeof *c->w);
	c->score = malloc(n * sizeof *c->score);
	c->score_seq = malloc(n * sizeof *c->score_seq);
	c->perc = malloc(n * sizeof *c->perc);
	c->perc_seq = malloc(n * sizeof *c->perc_seq);
	for (size_t i = 0; i < n; i++) {
		c->x[i] = 0.5 + (double)(i % 8) * 0.25;
		c->w[i] = i % 10 == 0 ? 3 : 1;
	}
	fx_env_bind(c->env, fx_env_declare(c->env, "x", FX_PERCASE), c->x);
	fx_env_bind(c->env, fx_env_declare(c->env, "w", FX_PERCASE), c->w);
	fx_env_declare(c->env, "score", FX_PERCASE);
	fx_env_set_scalar(c->env, fx_env_declare(c->env, "k", FX_SCALAR), 2);
	fx_env_set_ncases(c->env, n);
}

static void chain_bind_score(struct chain *c, double *score)
{
	fx_env_bind(c->env, fx_env_lookup(c->env, "score", NULL), score);
}

static void chain_free(struct chain *c)
{
	fx_env_free(c->env);
	free(c->x);
	free(c->w);
	free(c->score);
	free(c->score_seq);
	free(c->perc);
	free(c->perc_seq);
}

static void test_eval_many_matches_eval(void **state)
{
	static const size_t sizes[] = {1, 511, 512, 1300};
	static const char *const texts[] = {
		"min(1, 1 / x)",                   /* writes score */
		"sum(w * score) / k",              /* reads it back */
		"score * k - x",                   /* per case, reads it too */
		"maxof(score) + count(x > 1)",
	};

	(void)state;
	for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
		struct chain c;
		struct fx_prog *p[4];
		double sum_seq, sum_many, ext_seq, ext_many;
		double *outs[4];
		struct fx_fault f;
		size_t failed = 99;

		chain_init(&c, sizes[z]);
		for (int k = 0; k < 4; k++)
			p[k] = compile_in(c.env, texts[k]);
		/* one call each */
		chain_bind_score(&c, c.score_seq);
		assert_int_equal(fx_eval(p[0], c.env, c.score_seq, &f), FP_OK);
		assert_int_equal(fx_eval(p[1], c.env, &sum_seq, &f), FP_OK);
		assert_int_equal(fx_eval(p[2], c.env, c.perc_seq, &f), FP_OK);
		assert_int_equal(fx_eval(p[3], c.env, &ext_seq, &f), FP_OK);
		/* one sweep */
		chain_bind_score(&c, c.score);
		outs[0] = c.score;
		outs[1] = &sum_many;
		outs[2] = c.perc;
		outs[3] = &ext_many;
		assert_int_equal(fx_eval_many((const struct fx_prog *const *)p, 4,
		                              c.env, outs, &f, &failed), FP_OK);
		assert_int_equal(failed, 99);
		assert_memory_equal(c.score, c.score_seq, c.n * sizeof(double));
		assert_memory_equal(c.perc, c.perc_seq, c.n * sizeof(double));
		assert_true(sum_many == sum_seq);
		assert_true(ext_many == ext_seq);
		/* x cycles through 0.5 .. 2.25 by 0.25, so score = min(1, 1/x)
		 * reaches 1 and five of every eight x exceed 1: the value is
		 * 1 + 5 (n / 8) + max(0, n % 8 - 3). */
		assert_true(ext_many == 1 + 5 * (double)(c.n / 8) +
		            (double)(c.n % 8 > 3 ? c.n % 8 - 3 : 0));
		for (int k = 0; k < 4; k++)
			fx_prog_free(p[k]);
		chain_free(&c);
	}
}

static void test_eval_many_fault(void **state)
{
	struct chain c;
	struct fx_prog *p[3];
	double total, *outs[3];
	struct fx_fault f;
	size_t failed = 99;

	(void)state;
	chain_init(&c, 1300);
	c.x[1000] = 0;   /* 1 / x divides by zero there */
	p[0] = compile_in(c.env, "x * 2");
	p[1] = compile_in(c.env, "min(1, 1 / x)");
	p[2] = compile_in(c.env, "sum(w * score)");
	chain_bind_score(&c, c.score);
	outs[0] = c.perc;
	outs[1] = c.score;
	outs[2] = &total;
	assert_int_equal(fx_eval_many((const struct fx_prog *const *)p, 3,
	                              c.env, outs, &f, &failed), FP_ERR);
	/* The second program is the first to fail, at its own operator. */
	assert_int_equal(failed, 1);
	assert_true(f.has_case);
	assert_int_equal(f.case_index, 1000);
	assert_int_equal(f.col, 10);
	assert_string_equal(f.what, "division by zero");
	/* The first program ran to the end: case 1299 has x = 0.5 + 3 * 0.25. */
	assert_true(c.perc[1299] == 2.5);
	for (int k = 0; k < 3; k++)
		fx_prog_free(p[k]);
	chain_free(&c);
}

/* A program that needs two passes makes the list run call by call. */
static void test_eval_many_two_passes(void **state)
{
	struct chain c;
	struct fx_prog *p[2];
	double *outs[2], total;
	struct fx_fault f;

	(void)state;
	chain_init(&c, 600);
	p[0] = compile_in(c.env, "x / sum(x)");
	p[1] = compile_in(c.env, "sum(score)");
	chain_bind_score(&c, c.score);
	outs[0] = c.score;
	outs[1] = &total;
	assert_int_equal(fx_eval_many((const struct fx_prog *const *)p, 2,
	                              c.env, outs, &f, NULL), FP_OK);
	/* x / sum(x) sums to 1 */
	assert_true(fabs(total - 1) < 1e-15);
	assert_true(c.score[0] == 0.5 / (75 * (0.5 + 0.75 + 1 + 1.25 + 1.5 +
	                                      1.75 + 2 + 2.25)));
	/* one program, and none */
	assert_int_equal(fx_eval_many((const struct fx_prog *const *)p + 1, 1,
	                              c.env, outs + 1, &f, NULL), FP_OK);
	assert_true(fabs(total - 1) < 1e-15);
	assert_int_equal(fx_eval_many(NULL, 0, c.env, NULL, &f, NULL), FP_OK);
	fx_prog_free(p[0]);
	fx_prog_free(p[1]);
	chain_free(&c);
}

/* ---- random formulas: block path against one-number path ------------- */

static uint64_t rng_state = 7;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)(rng_state >> 33) % n;
}

/* Appends a random fully parenthesised formula over a, b, p of the given
 * depth to buf. */
static void random_formula(char *buf, size_t cap, int depth)
{
	static const char *const leaves[] = {"a", "b", "p", "2", "0.5", "3"};
	static const char *const unary[] = {"-", "abs", "sqrt", "floor", "not ",
	                                    "round", "exp", "log"};
	static const char *const binary[] = {"+", "-", "*", "/", "**", "<",
	                                     "==", "and", "or", ">="};
	static const char *const calls[] = {"min", "max", "pow"};
	size_t len = strlen(buf);
	char l[512] = "", r[512] = "", c[512] = "";
	unsigned kind = depth == 0 ? 0 : rnd(5);

	switch (kind) {
	case 0:
		snprintf(buf + len, cap - len, "%s", leaves[rnd(6)]);
		return;
	case 1:
		random_formula(l, sizeof l, depth - 1);
		snprintf(buf + len, cap - len, "(%s(%s))", unary[rnd(8)], l);
		return;
	case 2:
	case 3:
		random_formula(l, sizeof l, depth - 1);
		random_formula(r, sizeof r, depth - 1);
		snprintf(buf + len, cap - len, "(%s %s %s)", l, binary[rnd(10)], r);
		return;
	default:
		random_formula(l, sizeof l, depth - 1);
		random_formula(r, sizeof r, depth - 1);
		if (rnd(2)) {
			random_formula(c, sizeof c, depth - 1);
			/* Bounds in order: constant ones the wrong way round
			 * would not compile. */
			if (rnd(2))
				snprintf(buf + len, cap - len, "if(%s, %s, %s)", c,
				         l, r);
			else
				snprintf(buf + len, cap - len,
				         "clamp(%s, min(%s, %s), max(%s, %s))", c, l,
				         r, l, r);
		} else {
			snprintf(buf + len, cap - len, "%s(%s, %s)", calls[rnd(3)],
			         l, r);
		}
		return;
	}
}

static bool close_enough(double x, double y)
{
	if (!isfinite(x) || !isfinite(y))
		return !isfinite(x) && !isfinite(y);
	/* Reassociating one-number factors may move the last bits. */
	return fabs(x - y) <= 1e-9 * fmax(1, fmax(fabs(x), fabs(y)));
}

static void test_random_formulas_agree(void **state)
{
	enum { NCASES = 1100 };
	static const double values[] = {0, 1, -1, 2, 0.5, -0.25, 3, 10, -7, 1e-3};
	static const size_t probe[] = {0, 1, 7, 8, 511, 512, 513, 1023, 1024, 1099};
	double *x = malloc(NCASES * sizeof *x), *y = malloc(NCASES * sizeof *y);
	double *out = malloc(NCASES * sizeof *out);
	struct fx_env *vec = fx_env_new(), *one = fx_env_new();
	int va = fx_env_declare(vec, "a", FX_PERCASE);
	int vb = fx_env_declare(vec, "b", FX_PERCASE);
	int vp = fx_env_declare(vec, "p", FX_SCALAR);
	int oa = fx_env_declare(one, "a", FX_SCALAR);
	int ob = fx_env_declare(one, "b", FX_SCALAR);
	int op = fx_env_declare(one, "p", FX_SCALAR);
	int compared = 0, faulted = 0;

	(void)state;
	for (size_t i = 0; i < NCASES; i++) {
		x[i] = values[i % 10];
		y[i] = values[(i / 10 + 3 * i) % 10];
	}
	fx_env_bind(vec, va, x);
	fx_env_bind(vec, vb, y);
	fx_env_set_scalar(vec, vp, 1.5);
	fx_env_set_scalar(one, op, 1.5);
	fx_env_set_ncases(vec, NCASES);
	for (int k = 0; k < 300; k++) {
		char text[4096] = "";
		struct fx_src src = {"r", 1, 1, NULL, text};
		struct fx_prog *pv, *po;
		struct diag d;
		struct fx_fault f;
		int rc;
		bool any_bad = false;

		random_formula(text, sizeof text, 1 + (int)rnd(4));
		if (fx_compile(vec, &src, &pv, &d) != FP_OK)
			fail_msg("%s: %s", text, d.msg);
		if (fx_compile(one, &src, &po, &d) != FP_OK)
			fail_msg("%s: %s", text, d.msg);
		if (fx_prog_shape(pv) != FX_PERCASE) {
			fx_prog_free(pv);
			fx_prog_free(po);
			continue;
		}
		compared++;
		rc = fx_eval(pv, vec, out, &f);
		for (size_t i = 0; i < NCASES; i++)
			any_bad = any_bad || !isfinite(out[i]);
		faulted += any_bad;
		/* The fault is reported exactly when some case is bad. */
		assert_int_equal(rc, any_bad ? FP_ERR : FP_OK);
		if (any_bad)
			assert_false(isfinite(out[f.case_index]));
		for (size_t j = 0; j < sizeof probe / sizeof probe[0]; j++) {
			size_t i = probe[j];
			double v;
			fx_env_set_scalar(one, oa, x[i]);
			fx_env_set_scalar(one, ob, y[i]);
			fx_eval(po, one, &v, &f);
			if (!close_enough(out[i], v))
				fail_msg("%s at a=%g b=%g: per case %.17g, one number "
				         "%.17g", text, x[i], y[i], out[i], v);
		}
		fx_prog_free(pv);
		fx_prog_free(po);
	}
	/* Most formulas are per case; some fault somewhere, most do not. */
	assert_true(compared > 200);
	assert_true(faulted > 20 && faulted < compared - 50);
	fx_env_free(vec);
	fx_env_free(one);
	free(x);
	free(y);
	free(out);
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
		cmocka_unit_test(test_parameters_change),
		cmocka_unit_test(test_rebinding),
		cmocka_unit_test(test_unbound_column),
		cmocka_unit_test(test_block_boundaries),
		cmocka_unit_test(test_fault_case_far_away),
		cmocka_unit_test(test_sum_ten_million_tenths),
		cmocka_unit_test(test_sum_cancellation),
		cmocka_unit_test(test_sum_order_is_fixed),
		cmocka_unit_test(test_eval_many_matches_eval),
		cmocka_unit_test(test_eval_many_fault),
		cmocka_unit_test(test_eval_many_two_passes),
		cmocka_unit_test(test_random_formulas_agree),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
