/* test_formula_compile.c: what the compiler makes of a formula, seen
 * through fx_disasm (folding, hoisting, passes, columns read in place),
 * the environment API, reassociation keeping values, and per-case shares
 * of sum formulas. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formula/env.h"
#include "formula/formula.h"

static struct fx_env *env;
static int s_before, s_after, s_weight, s_newly, s_pr, s_pw, s_W, s_N;

static const double BEFORE[4] = {1, 0.5, 0.25, 1};
static const double AFTER[4] = {0.5, 0.5, 0.125, 0.25};
static const double WEIGHT[4] = {1, 2, 1, 4};
static const double NEWLY[4] = {0, 1, 0, 1};

static int setup(void **state)
{
	env = fx_env_new();
	s_before = fx_env_declare(env, "score_before", FX_PERCASE);
	s_after = fx_env_declare(env, "score_after", FX_PERCASE);
	s_weight = fx_env_declare(env, "weight", FX_PERCASE);
	s_newly = fx_env_declare(env, "newly_passing", FX_PERCASE);
	s_pr = fx_env_declare(env, "pass_reward", FX_SCALAR);
	s_pw = fx_env_declare(env, "perf_weight", FX_SCALAR);
	s_W = fx_env_declare(env, "W", FX_SCALAR);
	s_N = fx_env_declare(env, "N", FX_SCALAR);
	fx_env_bind(env, s_before, BEFORE);
	fx_env_bind(env, s_after, AFTER);
	fx_env_bind(env, s_weight, WEIGHT);
	fx_env_bind(env, s_newly, NEWLY);
	fx_env_set_scalar(env, s_pr, 0.25);
	fx_env_set_scalar(env, s_pw, 0.5);
	fx_env_set_scalar(env, s_W, 8);
	fx_env_set_scalar(env, s_N, 4);
	fx_env_set_ncases(env, 4);
	return 0;
}

static int teardown(void **state)
{
	fx_env_free(env);
	return 0;
}

static struct fx_prog *compile(const char *text)
{
	struct fx_src src = {"m.yaml", 2, 7, "cost: ", text};
	struct fx_prog *p = NULL;
	struct diag d;

	if (fx_compile(env, &src, &p, &d) != FP_OK)
		fail_msg("%s: %s", text, d.msg);
	return p;
}

/* The disassembly of text; caller frees. */
static char *disasm(const char *text)
{
	struct fx_prog *p = compile(text);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	fx_disasm(p, env, out);
	fclose(out);
	fx_prog_free(p);
	return buf;
}

/* The lines of the section whose header starts with `header`, up to the
 * next header (a line not indented); caller frees.  NULL if absent. */
static char *section(const char *dis, const char *header)
{
	const char *start = strstr(dis, header), *end;
	char *s;

	if (!start)
		return NULL;
	start = strchr(start, '\n') + 1;
	for (end = start; *end == ' '; end = strchr(end, '\n') + 1)
		;
	s = strndup(start, (size_t)(end - start));
	assert_non_null(s);
	return s;
}

static int count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ---- folding and hoisting ------------------------------------------------ */

static void test_constants_fold(void **state)
{
	char *d;

	d = disasm("1 + 2 * 3");
	/* One number, computed at compile time: no instruction at all. */
	assert_string_equal(d, "shape: one number\nresult: 7\n");
	free(d);
	d = disasm("0.3 + 0.5*2");
	assert_string_equal(d, "shape: one number\nresult: 1.3\n");
	free(d);
	d = disasm("min(1, 2)");
	assert_string_equal(d, "shape: one number\nresult: 1\n");
	free(d);
	d = disasm("if(2 > 1, score_before, score_after * 3)");
	assert_string_equal(d, "shape: per case\n"
	                       "pass 1 (per block of 512 cases):\n"
	                       "  out = copy score_before\n"
	                       "result: out\n");
	free(d);
	/* Not folded: the result would not be finite.  It stays an
	 * instruction so evaluation reports it with its position. */
	d = disasm("1 / 0");
	assert_non_null(strstr(d, "= div 1, 0\n"));
	free(d);
}

static void test_hoisting(void **state)
{
	char *d, *hoisted, *pass;

	/* perf_weight * d / W * 100: the one-number part is moved together
	 * and computed once; per case only the subtraction and one multiply
	 * remain. */
	d = disasm("perf_weight * (score_before - score_after) / W * 100");
	hoisted = section(d, "hoisted (once per evaluation):");
	pass = section(d, "pass 1 (per block of 512 cases):");
	assert_non_null(hoisted);
	assert_non_null(pass);
	assert_int_equal(count_lines(hoisted), 2);
	assert_non_null(strstr(hoisted, "= div perf_weight, W\n"));
	assert_non_null(strstr(hoisted, "= mul s"));
	assert_int_equal(count_lines(pass), 2);
	assert_non_null(strstr(pass, "  v0 = sub score_before, score_after\n"));
	assert_non_null(strstr(pass, "  out = mul s"));
	assert_null(strstr(pass, "perf_weight"));
	assert_null(strstr(pass, " W"));
	free(hoisted);
	free(pass);
	free(d);

	/* Parameters only: all hoisted, no pass at all. */
	d = disasm("pass_reward + perf_weight * 2");
	assert_null(strstr(d, "pass 1"));
	assert_non_null(strstr(d, "= mul perf_weight, 2\n"));
	free(d);
}

static void test_passes(void **state)
{
	char *d, *pass1, *after1, *pass2;

	/* The aggregate is finished after pass 1; the scalar epilogue runs
	 * once, after it. */
	d = disasm("sum(weight * perf_weight * (score_before - score_after)) / W"
	           " * 100");
	pass1 = section(d, "pass 1 ");
	after1 = section(d, "after pass 1 ");
	assert_non_null(strstr(pass1, "  acc0 <- sum v"));
	/* columns are operands: read in place, never loaded or copied */
	assert_non_null(strstr(pass1, "= mul weight, perf_weight\n"));
	assert_non_null(strstr(pass1, "= sub score_before, score_after\n"));
	assert_int_equal(count_lines(after1), 3);
	assert_non_null(strstr(after1, "= sum acc0\n"));
	assert_non_null(strstr(after1, "= div s"));
	assert_null(strstr(d, "pass 2"));
	free(pass1);
	free(after1);
	free(d);

	/* An aggregate inside a per-case value takes two passes. */
	d = disasm("score_after / sum(score_after)");
	pass1 = section(d, "pass 1 ");
	after1 = section(d, "after pass 1 ");
	pass2 = section(d, "pass 2 ");
	assert_string_equal(pass1, "  acc0 <- sum score_after\n");
	assert_string_equal(after1, "  s0 = sum acc0\n");
	assert_string_equal(pass2, "  out = div score_after, s0\n");
	assert_non_null(strstr(d, "result: out\n"));
	free(pass1);
	free(after1);
	free(pass2);
	free(d);

	d = disasm("percentile(score_before, 90)");
	assert_non_null(strstr(d, "  acc0 <- percentile score_before\n"));
	assert_non_null(strstr(d, "= percentile acc0, 90\n"));
	free(d);
}

static void test_block_operand_forms(void **state)
{
	char *d;

	/* number op column and column op number have their own forms */
	d = disasm("1 - score_before * 2");
	assert_non_null(strstr(d, "  v0 = mul score_before, 2\n"));
	assert_non_null(strstr(d, "  out = sub 1, v0\n"));
	free(d);
	/* if() takes blocks: a one-number branch is broadcast */
	d = disasm("if(score_before > 0.5, score_after, pass_reward)");
	assert_non_null(strstr(d, "= broadcast pass_reward\n"));
	assert_non_null(strstr(d, "  out = if v"));
	free(d);
	d = disasm("score_before");
	assert_non_null(strstr(d, "  out = copy score_before\n"));
	free(d);
}

/* ---- reassociation keeps the value ----------------------------------------- */

static void test_reassociation_values(void **state)
{
	static const struct {
		const char *text;
		double want[4];
	} cases[] = {
		/* 0.5 * d / 8 * 100 with d = 0.5, 0, 0.125, 0.75 */
		{"perf_weight * (score_before - score_after) / W * 100",
		 {3.125, 0, 0.78125, 4.6875}},
		/* 2 * before * 4 / 8 = before */
		{"2 * score_before * 4 / W", {1, 0.5, 0.25, 1}},
		/* before / 8 / 0.5 = before / 4 (only divisors are one number) */
		{"score_before / W / perf_weight", {0.25, 0.125, 0.0625, 0.25}},
		/* 1 + before + 2 - 0.25 = before + 2.75 */
		{"1 + score_before + 2 - pass_reward", {3.75, 3.25, 3, 3.75}},
		/* before - 1 - 2 = before - 3 */
		{"score_before - 1 - N / 2", {-2, -2.5, -2.75, -2}},
		/* 8 / before * 0.5: the first factor is a divisor's numerator */
		{"W / score_before * perf_weight", {4, 8, 16, 4}},
	};
	double out[4];
	struct fx_fault f;

	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct fx_prog *p = compile(cases[k].text);
		assert_int_equal(fx_eval(p, env, out, &f), FP_OK);
		for (int i = 0; i < 4; i++)
			if (out[i] != cases[k].want[i])
				fail_msg("%s: case %d: %.17g, want %.17g",
				         cases[k].text, i, out[i], cases[k].want[i]);
		fx_prog_free(p);
	}
}

static void test_reassociated_fault_position(void **state)
{
	struct fx_prog *p = compile("perf_weight * score_before / W * 100");
	double out[4];
	struct fx_fault f;

	fx_env_set_scalar(env, s_W, 0);
	assert_int_equal(fx_eval(p, env, out, &f), FP_ERR);
	/* The division keeps its operator's place: offset 27, column 34. */
	assert_false(f.has_case);
	assert_int_equal(f.line, 2);
	assert_int_equal(f.col, 34);
	assert_string_equal(f.what, "division by zero");
	fx_env_set_scalar(env, s_W, 8);
	fx_prog_free(p);
}

/* ---- the environment ------------------------------------------------------ */

static void test_env(void **state)
{
	struct fx_env *e = fx_env_new();
	enum fx_shape shape;
	double v[2] = {1, 2};

	assert_int_equal(fx_env_count(e), 0);
	assert_int_equal(fx_env_declare(e, "x", FX_PERCASE), 0);
	assert_int_equal(fx_env_declare(e, "k", FX_SCALAR), 1);
	assert_int_equal(fx_env_declare(e, "x", FX_PERCASE), 0); /* again */
	assert_int_equal(fx_env_declare(e, "x", FX_SCALAR), -1); /* clash */
	assert_int_equal(fx_env_count(e), 2);
	assert_string_equal(fx_env_name(e, 1), "k");
	assert_null(fx_env_name(e, 2));
	assert_int_equal(fx_env_lookup(e, "k", &shape), 1);
	assert_int_equal(shape, FX_SCALAR);
	assert_int_equal(fx_env_lookup(e, "x", NULL), 0);
	assert_int_equal(fx_env_lookup(e, "y", &shape), -1);
	fx_env_set_scalar(e, 1, 2.5);
	assert_true(fx_env_scalar(e, 1) == 2.5);
	fx_env_set_scalar(e, 0, 9);          /* not a scalar: ignored */
	assert_true(isnan(fx_env_scalar(e, 0)));
	fx_env_bind(e, 0, v);
	fx_env_set_ncases(e, 2);
	assert_int_equal(fx_env_ncases(e), 2);
	/* The name is copied. */
	{
		char name[] = "tmp";
		assert_int_equal(fx_env_declare(e, name, FX_SCALAR), 2);
		name[0] = 'x';
		assert_int_equal(fx_env_lookup(e, "tmp", NULL), 2);
	}
	fx_env_free(e);
	fx_env_free(NULL);
	fx_prog_free(NULL);
}

/* A program compiled against one environment runs on another with the
 * same declarations (one per thread, say). */
static void test_second_env(void **state)
{
	struct fx_prog *p = compile("sum(weight * score_before) / W");
	struct fx_env *e = fx_env_new();
	static const double ones[2] = {1, 1};
	double v;
	struct fx_fault f;

	fx_env_declare(e, "score_before", FX_PERCASE);
	fx_env_declare(e, "score_after", FX_PERCASE);
	fx_env_declare(e, "weight", FX_PERCASE);
	fx_env_declare(e, "newly_passing", FX_PERCASE);
	fx_env_declare(e, "pass_reward", FX_SCALAR);
	fx_env_declare(e, "perf_weight", FX_SCALAR);
	fx_env_declare(e, "W", FX_SCALAR);
	fx_env_bind(e, 0, ones);
	fx_env_bind(e, 2, ones);
	fx_env_set_scalar(e, 6, 4);
	fx_env_set_ncases(e, 2);
	assert_int_equal(fx_eval(p, e, &v, &f), FP_OK);
	assert_true(v == 0.5);                 /* (1 + 1) / 4 */
	/* weight * before = 1, 1, 0.25, 4: 6.25 / 8 */
	assert_int_equal(fx_eval(p, env, &v, &f), FP_OK);
	assert_true(v == 6.25 / 8);
	fx_env_free(e);

	/* An environment lacking a slot the program reads is refused. */
	e = fx_env_new();
	fx_env_declare(e, "score_before", FX_PERCASE);
	assert_int_equal(fx_eval(p, e, &v, &f), FP_ERR);
	assert_string_equal(f.what, "environment does not match the program");
	fx_env_free(e);
	fx_prog_free(p);
}

/* ---- per-case shares --------------------------------------------------------- */

static void expect_shares(const char *text, const double *want)
{
	struct fx_prog *p = compile(text);
	double shares[4] = {0}, value, total = 0;
	struct fx_fault f;

	assert_int_equal(fx_eval(p, env, &value, &f), FP_OK);
	if (fx_eval_shares(p, env, shares, &f) != FP_OK)
		fail_msg("%s: no shares", text);
	for (int i = 0; i < 4; i++) {
		if (shares[i] != want[i])
			fail_msg("%s: share %d: %.17g, want %.17g", text, i,
			         shares[i], want[i]);
		total += shares[i];
	}
	assert_true(fabs(total - value) <= 1e-15 * fabs(value));
	fx_prog_free(p);
}

static void expect_no_shares(const char *text)
{
	struct fx_prog *p = compile(text);
	double shares[4] = {7, 7, 7, 7};
	struct fx_fault f;

	assert_int_equal(fx_eval_shares(p, env, shares, &f), FX_NOT_SHARES);
	assert_true(shares[0] == 7 && shares[3] == 7);
	fx_prog_free(p);
}

static void test_shares(void **state)
{
	/* weight * perf_weight * (before - after) / W * 100
	 * = 1, 2, 1, 4 times 0.5 times 0.5, 0, 0.125, 0.75, over 8, times 100 */
	expect_shares("sum(weight * perf_weight * (score_before - score_after))"
	              " / W * 100",
	              (const double[]){3.125, 0, 0.78125, 18.75});
	/* gain: weight * newly * (0.25 + 0.5 * after) / 8 * 100
	 * case 1: 2 * (0.25 + 0.25) = 1; case 3: 4 * (0.25 + 0.125) = 1.5 */
	expect_shares("sum(weight * newly_passing * (pass_reward + perf_weight"
	              " * score_after)) / W * 100",
	              (const double[]){0, 12.5, 0, 18.75});
	/* -before + 2 * after / 0.5: linear with two sums */
	expect_shares("-sum(score_before) + 2 * sum(score_after) / perf_weight",
	              (const double[]){1, 1.5, 0.25, 0});
	/* a sum inside the term is one number there: after / sum(after) */
	expect_shares("sum(score_after / sum(score_after))",
	              (const double[]){0.5 / 1.375, 0.5 / 1.375, 0.125 / 1.375,
	                               0.25 / 1.375});
	expect_no_shares("sum(score_before) * sum(score_after)");
	expect_no_shares("sum(score_before) + 1");
	expect_no_shares("sum(score_before) / sum(weight)");
	expect_no_shares("mean(score_before)");
	expect_no_shares("score_before * 2");
	expect_no_shares("perf_weight * 2");
	expect_no_shares("min(sum(score_before), 1)");
}

static void test_shares_fault(void **state)
{
	static const double zero_at_2[4] = {1, 1, 0, 1};
	struct fx_prog *p = compile("sum(weight / score_after) / W");
	double shares[4];
	struct fx_fault f;

	fx_env_bind(env, s_after, zero_at_2);
	assert_int_equal(fx_eval_shares(p, env, shares, &f), FP_ERR);
	assert_true(f.has_case);
	assert_int_equal(f.case_index, 2);
	assert_string_equal(f.what, "division by zero");
	fx_env_bind(env, s_after, AFTER);
	fx_prog_free(p);
}

/* A name is found whole, never by a prefix or as one: "runtime" and
 * "runtime_before" are two slots, and a name cut short or run on is
 * none. */
static void test_env_names(void **state)
{
	struct fx_env *e = fx_env_new();
	int rt, rb;

	assert_non_null(e);
	rt = fx_env_declare(e, "runtime", FX_PERCASE);
	rb = fx_env_declare(e, "runtime_before", FX_PERCASE);
	assert_true(rt >= 0 && rb >= 0 && rt != rb);
	assert_int_equal(fx_env_lookup(e, "runtime", NULL), rt);
	assert_int_equal(fx_env_lookup(e, "runtime_before", NULL), rb);
	assert_int_equal(fx_env_find(e, "runtime_before", 7, NULL), rt);
	assert_int_equal(fx_env_lookup(e, "runtime_b", NULL), -1);
	assert_int_equal(fx_env_lookup(e, "runtim", NULL), -1);
	assert_int_equal(fx_env_lookup(e, "runtime_before_x", NULL), -1);
	assert_int_equal(fx_env_lookup(e, "", NULL), -1);
	fx_env_free(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_env_names),
		cmocka_unit_test(test_constants_fold),
		cmocka_unit_test(test_hoisting),
		cmocka_unit_test(test_passes),
		cmocka_unit_test(test_block_operand_forms),
		cmocka_unit_test(test_reassociation_values),
		cmocka_unit_test(test_reassociated_fault_position),
		cmocka_unit_test(test_env),
		cmocka_unit_test(test_second_env),
		cmocka_unit_test(test_shares),
		cmocka_unit_test(test_shares_fault),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
