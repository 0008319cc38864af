/* test_formula_util.c: what the formula evaluation tests share: five
 * cases of data in one environment, and compiling and checking formulas
 * against it (test_formula_util.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "test_formula_util.h"

const double A[NC] = {3, -2, 0.5, 0, 10};
const double B[NC] = {2, 4, 0.25, -1, 10};
double C[NC] = {1, 0, 2, 3, 4}; /* C[1] becomes NaN or inf */

/* libm at run time: the compiler may fold log10(1600) more exactly than
 * the C library computes it, and the formulas call the C library. */
double (*volatile libm_log)(double) = log;
double (*volatile libm_log10)(double) = log10;
double (*volatile libm_pow)(double, double) = pow;

struct fx_env *env;
int slot_a, slot_b, slot_c, slot_p, slot_q;

int setup(void **state)
{
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

int teardown(void **state)
{
	fx_env_free(env);
	return 0;
}

struct fx_prog *compile(const char *text)
{
	struct fx_src src = {"m.yaml", 4, 4, "x: ", text};
	struct fx_prog *p = NULL;
	struct diag d;

	if (fx_compile(env, &src, &p, &d) != FP_OK)
		fail_msg("%s: %d:%d: %s", text, d.line, d.col, d.msg);
	return p;
}

bool same(double x, double y)
{
	return x == y || (isnan(x) && isnan(y));
}

/* Evaluates a per-case formula and compares with expected[0..NC). */
void check_cases(const char *text, const double *expected)
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

double scalar(const char *text)
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

void expect_fault(const char *text, bool has_case, size_t case_index,
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

