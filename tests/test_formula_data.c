/* test_formula_data.c: evaluating formulas as their data changes:
 * parameters and columns changed between evaluations, sizes around the
 * block length, and compensated summation in a fixed order (the data of
 * test_formula_util.h). */
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

/* ---- data changing between evaluations ------------------------------- */

static void test_parameters_change(void **state)
{
	struct fx_prog *p = compile("p * a + sum(a) * q");
	double out[NC];
	struct fx_fault f;

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

	for (size_t i = 0; i < n; i++) {
		r = r * 6364136223846793005u + 1442695040888963407u;
		/* values of many magnitudes and both signs */
		x[i] = ldexp((double)(r >> 11) / 9007199254740992.0 - 0.5,
		             (int)(r % 61) - 30);
	}
	assert_true(sum_of(x, n) == reference_sum(x, n));
	free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_parameters_change),
	    cmocka_unit_test(test_rebinding),
	    cmocka_unit_test(test_unbound_column),
	    cmocka_unit_test(test_block_boundaries),
	    cmocka_unit_test(test_fault_case_far_away),
	    cmocka_unit_test(test_sum_ten_million_tenths),
	    cmocka_unit_test(test_sum_cancellation),
	    cmocka_unit_test(test_sum_order_is_fixed),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
