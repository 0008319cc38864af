/* test_formula_syntax.c: lexing, parsing and checking formulas: precedence
 * and associativity, and every compile-time error with its exact message,
 * position and caret.
 *
 * Formulas are compiled as if they stood on line 4 of metric.yaml after
 * "gain: ", so text[0] is column 7 and, on the first line, the caret column
 * in the shown source equals the reported column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formula/formula.h"

static struct fx_env *env;

static int setup(void **state)
{
	env = fx_env_new();
	if (!env)
		return -1;
	fx_env_declare(env, "runtime", FX_PERCASE);
	fx_env_declare(env, "ref_runtime", FX_PERCASE);
	fx_env_declare(env, "passed", FX_PERCASE);
	fx_env_declare(env, "weight", FX_PERCASE);
	fx_env_declare(env, "pass_reward", FX_SCALAR);
	fx_env_declare(env, "perf_weight", FX_SCALAR);
	fx_env_declare(env, "N", FX_SCALAR);
	fx_env_declare(env, "W", FX_SCALAR);
	return 0;
}

static int teardown(void **state)
{
	fx_env_free(env);
	return 0;
}

static int compile_at(const char *text, struct fx_prog **p, struct diag *d)
{
	struct fx_src src = {"metric.yaml", 4, 7, "gain: ", text};
	return fx_compile(env, &src, p, d);
}

/* Expects an error on the first line: the caret sits at the column. */
static void expect_error(const char *text, int col, const char *msg)
{
	struct fx_prog *p = (struct fx_prog *)1;
	struct diag d;
	char shown[DIAG_SRC_MAX];

	assert_int_equal(compile_at(text, &p, &d), FP_ERR);
	assert_null(p);
	assert_string_equal(d.file, "metric.yaml");
	assert_int_equal(d.line, 4);
	assert_int_equal(d.col, col);
	assert_string_equal(d.msg, msg);
	/* The shown line has a control character (here only at the end)
	 * in its visible form, \xHH. */
	snprintf(shown, sizeof shown, "gain: %s", text);
	for (char *c = shown; *c; c++)
		if ((unsigned char)*c < 0x20)
			sprintf(c, "\\x%02x", (unsigned char)*c);
	assert_string_equal(d.src, shown);
	assert_int_equal(d.caret, col);
}

/* Compiles a formula of constants; folding must leave one number. */
static double const_value(const char *text)
{
	struct fx_prog *p = NULL;
	struct diag d;
	double v = NAN;
	struct fx_fault f;

	if (compile_at(text, &p, &d) != FP_OK)
		fail_msg("%s: %s", text, d.msg);
	assert_int_equal(fx_prog_shape(p), FX_SCALAR);
	assert_int_equal(fx_eval(p, env, &v, &f), FP_OK);
	fx_prog_free(p);
	return v;
}

/* ---- literals, precedence, associativity ------------------------------ */

static void test_literals(void **state)
{
	assert_true(const_value("0.3") == 0.3);
	assert_true(const_value(".5") == 0.5);
	assert_true(const_value("1e-6") == 1e-6);
	assert_true(const_value("1.5e3") == 1500);
	assert_true(const_value("2E2") == 200);
	assert_true(const_value("1.") == 1);
	assert_true(const_value("  7\t") == 7);
	/* Zero in any spelling, however small its exponent, is zero. */
	assert_true(const_value("0e5") == 0);
	assert_true(const_value("0.0") == 0);
	assert_true(const_value("000.000e-999") == 0);
	/* The smallest and largest normal doubles are in range. */
	assert_true(const_value("2.2250738585072014e-308") == 0x1p-1022);
	assert_true(const_value("1.7976931348623157e308") == 0x1.fffffffffffffp1023);
}

static void test_arithmetic_precedence(void **state)
{
	assert_true(const_value("1 + 2 * 3") == 7);     /* 1 + 6 */
	assert_true(const_value("(1 + 2) * 3") == 9);   /* 3 * 3 */
	assert_true(const_value("10 - 4 - 3") == 3);    /* (10-4)-3, not 10-(4-3)=9 */
	assert_true(const_value("64 / 4 / 2") == 8);    /* (64/4)/2, not 64/(4/2)=32 */
	assert_true(const_value("2 * 3 / 4") == 1.5);   /* (2*3)/4 */
	assert_true(const_value("7 - 2 * 3") == 1);     /* 7 - 6 */
	assert_true(const_value("-2 * 3") == -6);
	assert_true(const_value("2 * -3") == -6);
	assert_true(const_value("- -2") == 2);
	assert_true(const_value("1 - -1") == 2);
}

static void test_power(void **state)
{
	assert_true(const_value("-2**2") == -4);    /* -(2**2): ** binds tighter */
	assert_true(const_value("(-2)**2") == 4);
	assert_true(const_value("2**3**2") == 512); /* 2**(3**2) = 2**9, not 8**2=64 */
	assert_true(const_value("2**-1") == 0.5);   /* unary minus in the exponent */
	assert_true(const_value("-3**2 + 1") == -8);/* -(9) + 1 */
	assert_true(const_value("2 * 3**2") == 18); /* 2 * 9 */
	assert_true(const_value("pow(2, 10)") == 1024);
}

static void test_comparisons_and_logic(void **state)
{
	assert_true(const_value("1 < 2") == 1);
	assert_true(const_value("1 < 1") == 0);
	assert_true(const_value("1 <= 1") == 1);
	assert_true(const_value("2 <= 1") == 0);
	assert_true(const_value("2 > 1") == 1);
	assert_true(const_value("1 > 1") == 0);
	assert_true(const_value("1 >= 1") == 1);
	assert_true(const_value("1 >= 2") == 0);
	assert_true(const_value("1 == 1") == 1);
	assert_true(const_value("1 == 2") == 0);
	assert_true(const_value("1 != 2") == 1);
	assert_true(const_value("1 != 1") == 0);
	assert_true(const_value("1 + 2 < 4") == 1);    /* (1+2) < 4 */
	assert_true(const_value("2 * 3 == 6") == 1);   /* (2*3) == 6 */
	/* not binds looser than comparisons: not (1 < 0) = 1, where
	 * (not 1) < 0 would be 0 < 0 = 0. */
	assert_true(const_value("not 1 < 0") == 1);
	/* ... and tighter than and: (not 0) and 0 = 0, not (0 and 0) = 1. */
	assert_true(const_value("not 0 and 0") == 0);
	assert_true(const_value("not (0 and 0)") == 1);
	assert_true(const_value("not not 3") == 1);
	/* and binds tighter than or: 1 or (0 and 0) = 1, (1 or 0) and 0 = 0. */
	assert_true(const_value("1 or 0 and 0") == 1);
	assert_true(const_value("(1 or 0) and 0") == 0);
	assert_true(const_value("0 and 1 or 1") == 1); /* (0 and 1) or 1 */
	assert_true(const_value("1 < 2 and 3 < 2") == 0);
	assert_true(const_value("2 and 0.5") == 1);    /* any non-zero is true */
	assert_true(const_value("0 or 0") == 0);
	assert_true(const_value("(1 < 2) < 3") == 1);  /* parenthesised: allowed */
}

static void test_folding_exact(void **state)
{
	/* 0.5*2 = 1 exactly; 0.3 + 1 rounds to the double nearest 1.3. */
	assert_true(const_value("0.3 + 0.5*2") == 1.3);
	assert_true(const_value("min(1, 2)") == 1);
	assert_true(const_value("max(1, 2, 7, 3)") == 7);
	assert_true(const_value("clamp(5, 0, 1)") == 1);
	assert_true(const_value("if(0, 1, 2)") == 2);
}

/* ---- syntax errors ------------------------------------------------------ */

static void test_unclosed_paren(void **state)
{
	/* '(' is text[0] = 4:7; the end of the text is at offset 6 = col 13. */
	expect_error("(1 + 2", 13, "expected ')' to close '(' at 4:7");
	expect_error("2 * (runtime + (1)", 25, "expected ')' to close '(' at 4:11");
	/* A call's '(' is at offset 3 = col 10. */
	expect_error("min(1, 2", 15, "expected ')' to close '(' at 4:10");
	expect_error("min(1 2)", 13, "expected ',' or ')' to close '(' at 4:10");
}

static void test_unexpected_end(void **state)
{
	expect_error("1 +", 10, "unexpected end of formula");
	expect_error("(", 8, "unexpected end of formula");
	expect_error("not", 10, "unexpected end of formula");
	expect_error("sqrt(", 12, "unexpected end of formula");
	expect_error("", 7, "empty formula");
	expect_error("   ", 10, "empty formula");
}

static void test_unexpected_character(void **state)
{
	expect_error("runtime $ 2", 15, "unexpected character '$'");
	expect_error("runtime = 1", 15,
	             "unexpected character '='; did you mean '=='?");
	expect_error("!passed", 7,
	             "unexpected character '!'; did you mean 'not' or '!='?");
	expect_error("runtime && passed", 15,
	             "unexpected character '&'; did you mean 'and'?");
	expect_error("runtime || passed", 15,
	             "unexpected character '|'; did you mean 'or'?");
	expect_error("runtime ^ 2", 15,
	             "unexpected character '^'; did you mean '**'?");
	expect_error("1 + \x01", 11, "unexpected byte 0x01");
}

static void test_unexpected_token(void **state)
{
	expect_error("1 2", 9,
	             "expected an operator or the end of the formula, found '2'");
	expect_error("runtime passed", 15,
	             "expected an operator or the end of the formula, found 'passed'");
	expect_error("1 + * 2", 11, "expected a number, a name or '(', found '*'");
	expect_error("and", 7, "expected a number, a name or '(', found 'and'");
	expect_error("min(1,)", 13, "expected a number, a name or '(', found ')'");
	expect_error("1)", 8, "unmatched ')'");
	expect_error("if runtime", 10, "expected '(' after 'if'");
	expect_error("+1", 7, "expected a number, a name or '(', found '+'");
}

static void test_comparisons_do_not_chain(void **state)
{
	/* The second '<' is at offset 12. */
	expect_error("runtime < 1 < 2", 19,
	             "comparisons do not chain: write 'a < b and b < c' instead "
	             "of 'a < b < c'");
	expect_error("1 == 1 != 0", 14,
	             "comparisons do not chain: write 'a < b and b < c' instead "
	             "of 'a < b < c'");
}

static void test_numbers(void **state)
{
	expect_error("1e999", 7,
	             "number 1e999 is out of range (a double holds about "
	             "1e-308 to 1e308)");
	expect_error("2 * 1e309", 11,
	             "number 1e309 is out of range (a double holds about "
	             "1e-308 to 1e308)");
	/* Too small is out of range too, not silently 0 ... */
	expect_error("runtime * 1e-400", 17,
	             "number 1e-400 is out of range (a double holds about "
	             "1e-308 to 1e308)");
	/* ... nor a subnormal number that keeps fewer digits than written. */
	expect_error("1 + 1e-310", 11,
	             "number 1e-310 is out of range (a double holds about "
	             "1e-308 to 1e308)");
	expect_error("2e+", 7, "malformed number '2e'");
	expect_error("3ex", 7, "malformed number '3ex'");
}

/* ---- names and calls ---------------------------------------------------- */

static void test_unknown_names(void **state)
{
	expect_error("runtme * 2", 7,
	             "unknown name 'runtme'; did you mean 'runtime'?");
	expect_error("Runtime", 7, "unknown name 'Runtime'; did you mean 'runtime'?");
	expect_error("ref_runtim / runtime", 7,
	             "unknown name 'ref_runtim'; did you mean 'ref_runtime'?");
	/* a transposition costs 1 (Damerau) */
	expect_error("1 + wieght", 11,
	             "unknown name 'wieght'; did you mean 'weight'?");
	expect_error("xyz", 7, "unknown name 'xyz'");
	/* A bare word is compared with names only, not with functions. */
	expect_error("2 * medain", 11, "unknown name 'medain'");
	/* 'w' is one edit from 'W', but a name is not suggested for a name it
	 * shares nothing with... except case: */
	expect_error("w", 7, "unknown name 'w'; did you mean 'W'?");
	expect_error("q", 7, "unknown name 'q'");
}

static void test_unknown_functions(void **state)
{
	expect_error("summ(runtime)", 7,
	             "unknown function 'summ'; did you mean 'sum'?");
	expect_error("1 + medain(runtime)", 11,
	             "unknown function 'medain'; did you mean 'median'?");
	expect_error("foo(runtime)", 7, "unknown function 'foo'");
	expect_error("runtime(2)", 7, "'runtime' is not a function");
	expect_error("sum + 1", 7, "'sum' is a function: call it as sum(...)");
}

static void test_argument_counts(void **state)
{
	expect_error("clamp(runtime, 1)", 7, "clamp takes 3 arguments, got 2");
	/* Constant bounds the wrong way round (also once folded). */
	expect_error("clamp(runtime, 2, 1)", 7,
	             "clamp's lower bound 2 is above its upper bound 1");
	expect_error("1 + clamp(runtime, 1 + 1, 0.5)", 11,
	             "clamp's lower bound 2 is above its upper bound 0.5");
	expect_error("sqrt()", 7, "sqrt takes 1 argument, got 0");
	expect_error("sqrt(1, 2)", 7, "sqrt takes 1 argument, got 2");
	expect_error("min(runtime)", 7, "min takes at least 2 arguments, got 1");
	expect_error("max()", 7, "max takes at least 2 arguments, got 0");
	expect_error("if(runtime, 1)", 7, "if takes 3 arguments, got 2");
	expect_error("pow(2)", 7, "pow takes 2 arguments, got 1");
	expect_error("percentile(runtime)", 7,
	             "percentile takes 2 arguments, got 1");
	expect_error("sum(runtime, 1)", 7, "sum takes 1 argument, got 2");
	/* The call's own error comes before its arguments' errors. */
	expect_error("sqrt(nope, 2)", 7, "sqrt takes 1 argument, got 2");
	expect_error("sqrt(nope)", 12, "unknown name 'nope'");
}

static void test_shapes(void **state)
{
	expect_error("sum(pass_reward)", 7, "sum needs a per-case value");
	expect_error("1 + mean(2 * N)", 11, "mean needs a per-case value");
	expect_error("count(sum(runtime))", 7, "count needs a per-case value");
	/* p starts at offset 20. */
	expect_error("percentile(runtime, runtime)", 27,
	             "percentile's p must be one number");
	expect_error("percentile(runtime, 2 * runtime)", 27,
	             "percentile's p must be one number");
}

/* ---- positions --------------------------------------------------------- */

static void test_later_lines(void **state)
{
	struct fx_src src = {"metric.yaml", 4, 7, "gain: ",
	                     "sum(weight)\n  / W +\n  bogus"};
	struct fx_prog *p = NULL;
	struct diag d;

	assert_int_equal(fx_compile(env, &src, &p, &d), FP_ERR);
	/* Third line of the text is line 6; columns count from 1 there and
	 * the prefix is not shown. */
	assert_int_equal(d.line, 6);
	assert_int_equal(d.col, 3);
	assert_string_equal(d.msg, "unknown name 'bogus'");
	assert_string_equal(d.src, "  bogus");
	assert_int_equal(d.caret, 3);
}

static void test_no_prefix(void **state)
{
	struct fx_src src = {"<command line>", 1, 1, NULL, "runtime +"};
	struct fx_prog *p = NULL;
	struct diag d;

	assert_int_equal(fx_compile(env, &src, &p, &d), FP_ERR);
	assert_string_equal(d.file, "<command line>");
	assert_int_equal(d.line, 1);
	assert_int_equal(d.col, 10);
	assert_string_equal(d.src, "runtime +");
	assert_int_equal(d.caret, 10);
}

static void test_printed_form(void **state)
{
	struct fx_prog *p = NULL;
	struct diag d;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	assert_int_equal(compile_at("sum(weight * runtme)", &p, &d), FP_ERR);
	diag_print(&d, out);
	fclose(out);
	/* The caret line: two spaces of indent, then 19 more to column 20. */
	assert_string_equal(buf,
	        "metric.yaml:4:20: unknown name 'runtme'; did you mean 'runtime'?\n"
	        "  gain: sum(weight * runtme)\n"
	        "  " "                   " "^\n");
	free(buf);
}

/* ---- limits ------------------------------------------------------------ */

static char *repeat(const char *head, const char *unit, int n, const char *tail)
{
	size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
	char *s = malloc(hl + ul * (size_t)n + tl + 1), *w = s;

	assert_non_null(s);
	memcpy(w, head, hl), w += hl;
	for (int i = 0; i < n; i++)
		memcpy(w, unit, ul), w += ul;
	memcpy(w, tail, tl + 1);
	return s;
}

static double seconds_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void test_nesting_limit(void **state)
{
	struct fx_prog *p = NULL;
	struct diag d;
	char *open = repeat("", "(", 100000, "1");
	char *text = repeat(open, ")", 100000, "");
	double t0 = seconds_now();

	free(open);
	/* 100,000 parentheses: the 257th '(' (offset 256) is one too many.
	 * It must fail fast, without recursing 100,000 deep. */
	assert_int_equal(compile_at(text, &p, &d), FP_ERR);
	assert_true(seconds_now() - t0 < 1.0);
	assert_int_equal(d.col, 7 + 256);
	assert_string_equal(d.msg, "formula nested deeper than 256 levels");
	free(text);

	/* 256 levels are allowed. */
	open = repeat("", "(", 256, "1");
	text = repeat(open, ")", 256, "");
	free(open);
	assert_int_equal(compile_at(text, &p, &d), FP_OK);
	fx_prog_free(p);
	free(text);

	/* Unary minus and calls nest too. */
	text = repeat("", "-", 300, "1");
	assert_int_equal(compile_at(text, &p, &d), FP_ERR);
	assert_int_equal(d.col, 7 + 256);
	assert_string_equal(d.msg, "formula nested deeper than 256 levels");
	free(text);
	text = repeat("", "abs(", 300, "1");
	assert_int_equal(compile_at(text, &p, &d), FP_ERR);
	assert_int_equal(d.col, 7 + 256 * 4 + 3); /* the 257th call's '(' */
	free(text);

	/* So do operators: in 1+1+...+1 the k-th '+' (offset 2k-1) makes a
	 * tree k levels high; the 257th is at offset 513. */
	text = repeat("1", "+1", 300, "");
	assert_int_equal(compile_at(text, &p, &d), FP_ERR);
	assert_int_equal(d.col, 7 + 513);
	assert_string_equal(d.msg, "formula nested deeper than 256 levels");
	free(text);
}

static void test_length_limit(void **state)
{
	struct fx_prog *p = NULL;
	struct diag d;
	/* "max(" then "1, " repeated: the '1' of repetition k is at offset
	 * 4 + 3k; k = 21844 puts one at 65536, the first byte past the limit. */
	char *text = repeat("max(", "1, ", 22000, "1)");
	char *name = repeat("", "x", 70000, "");

	assert_int_equal(compile_at(text, &p, &d), FP_ERR);
	assert_int_equal(d.line, 4);
	assert_int_equal(d.col, 7 + 65536);
	assert_string_equal(d.msg, "formula longer than 65536 bytes");
	/* One token crossing the limit is reported where it starts. */
	assert_int_equal(compile_at(name, &p, &d), FP_ERR);
	assert_int_equal(d.col, 7);
	assert_string_equal(d.msg, "formula longer than 65536 bytes");
	free(text);
	free(name);

	/* Just under the limit is fine: 4 + 3*21840 + 2 = 65526 bytes. */
	text = repeat("max(", "1, ", 21840, "1)");
	assert_int_equal(compile_at(text, &p, &d), FP_OK);
	assert_true(const_value(text) == 1);
	fx_prog_free(p);
	free(text);
}

/* ---- shapes of whole formulas ----------------------------------------- */

static void test_require(void **state)
{
	struct fx_src src = {"metric.yaml", 4, 7, "gain: ", "weight * passed"};
	struct fx_prog *p = NULL;
	struct diag d;

	assert_int_equal(fx_compile(env, &src, &p, &d), FP_OK);
	assert_int_equal(fx_prog_shape(p), FX_PERCASE);
	assert_int_equal(fx_prog_require(p, &src, FX_PERCASE, "gain", &d), FP_OK);
	assert_int_equal(fx_prog_require(p, &src, FX_SCALAR, "gain", &d), FP_ERR);
	assert_string_equal(d.msg, "gain must be one number; did you mean sum(...)?");
	assert_int_equal(d.line, 4);
	assert_int_equal(d.col, 7);
	assert_string_equal(d.src, "gain: weight * passed");
	assert_int_equal(d.caret, 7);
	fx_prog_free(p);

	src.prefix = "score: ";
	src.col = 8;
	src.text = "sum(runtime) / N";
	assert_int_equal(fx_compile(env, &src, &p, &d), FP_OK);
	assert_int_equal(fx_prog_shape(p), FX_SCALAR);
	assert_int_equal(fx_prog_require(p, &src, FX_PERCASE, "score", &d), FP_ERR);
	assert_string_equal(d.msg, "score must be per case");
	assert_int_equal(d.col, 8);
	assert_int_equal(d.caret, 8);
	fx_prog_free(p);
}

static void test_shapes_of_expressions(void **state)
{
	static const struct {
		const char *text;
		enum fx_shape shape;
	} cases[] = {
		{"1", FX_SCALAR},
		{"pass_reward * 2", FX_SCALAR},
		{"runtime", FX_PERCASE},
		{"runtime * 2", FX_PERCASE},
		{"sum(runtime)", FX_SCALAR},
		{"runtime / sum(runtime)", FX_PERCASE},
		{"if(pass_reward > 0, runtime, 0)", FX_PERCASE},
		{"if(runtime > 0, 1, 0)", FX_PERCASE},
		/* Checked before folding: stays per case though the branch
		 * taken is one number. */
		{"if(1, 2, runtime)", FX_PERCASE},
		{"percentile(runtime, 50) / N", FX_SCALAR},
		{"min(runtime, 1)", FX_PERCASE},
	};
	struct fx_prog *p;
	struct diag d;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(compile_at(cases[i].text, &p, &d), FP_OK);
		assert_int_equal(fx_prog_shape(p), cases[i].shape);
		fx_prog_free(p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_literals),
		cmocka_unit_test(test_arithmetic_precedence),
		cmocka_unit_test(test_power),
		cmocka_unit_test(test_comparisons_and_logic),
		cmocka_unit_test(test_folding_exact),
		cmocka_unit_test(test_unclosed_paren),
		cmocka_unit_test(test_unexpected_end),
		cmocka_unit_test(test_unexpected_character),
		cmocka_unit_test(test_unexpected_token),
		cmocka_unit_test(test_comparisons_do_not_chain),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_unknown_names),
		cmocka_unit_test(test_unknown_functions),
		cmocka_unit_test(test_argument_counts),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_later_lines),
		cmocka_unit_test(test_no_prefix),
		cmocka_unit_test(test_printed_form),
		cmocka_unit_test(test_nesting_limit),
		cmocka_unit_test(test_length_limit),
		cmocka_unit_test(test_require),
		cmocka_unit_test(test_shapes_of_expressions),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
