/* test_formula_edges.c: the formula front end's edge cases that the
 * test_formula_* programs leave out (coverage, `make coverage`): an error
 * right after each operator (it is the error's position that counts, not
 * the operator's), the limits of a number's length and of nesting in each
 * form, and the bytes the lexer shows in hex.  Positions are columns of
 * the formula, which stands alone at line 1, column 1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formula/formula.h"

struct fixture {
	struct fx_env *env;
};

static int setup(void **state)
{
	static struct fixture f;
	static const double runtime[2] = {1, 2};

	f.env = fx_env_new();
	assert_non_null(f.env);
	fx_env_bind(f.env, fx_env_declare(f.env, "runtime", FX_PERCASE),
	            runtime);
	fx_env_set_scalar(f.env, fx_env_declare(f.env, "p", FX_SCALAR), 3);
	fx_env_set_ncases(f.env, 2);
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	fx_env_free(f->env);
	return 0;
}

/* text fails to compile at column col with msg. */
static void fails(struct fx_env *env, const char *text, int col,
                  const char *msg)
{
	struct fx_src src = {"f.yaml", 1, 1, NULL, text};
	struct fx_prog *prog = NULL;
	struct diag d = {0};

	assert_int_equal(fx_compile(env, &src, &prog, &d), FP_ERR);
	assert_null(prog);
	if (d.line != 1 || d.col != col || strcmp(d.msg, msg) != 0)
		fail_msg("'%.40s': got %d:%d: %s\nwant 1:%d: %s", text, d.line,
		         d.col, d.msg, col, msg);
}

/* text compiles to one number, want. */
static void gives(struct fx_env *env, const char *text, double want)
{
	struct fx_src src = {"f.yaml", 1, 1, NULL, text};
	struct fx_prog *prog = NULL;
	struct fx_fault fault;
	struct diag d = {0};
	double out[2];

	if (fx_compile(env, &src, &prog, &d) != FP_OK)
		fail_msg("'%.40s': %d:%d: %s", text, d.line, d.col, d.msg);
	assert_int_equal(fx_prog_shape(prog), FX_SCALAR);
	assert_int_equal(fx_eval(prog, env, out, &fault), FP_OK);
	assert_true(out[0] == want);
	fx_prog_free(prog);
}

static void test_error_after_operator(void **state)
{
	static const struct {
		const char *text;
		int col;
	} cases[] = {
		{"1 + $", 5}, {"p ** 2 ** $", 11}, {"-$", 2}, {"1 < $", 5},
		{"not $", 5}, {"1 and $", 7}, {"1 or $", 6}, {"(1 $", 4},
		{"(1)$", 4}, {"min(1, $", 8}, {"min(1)$", 7},
		{"if(1, 2, $", 10}, {"runtime * (1 $", 14},
	};
	struct fixture *f = *state;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		fails(f->env, cases[i].text, cases[i].col,
		      "unexpected character '$'");
}

static void test_lexer_limits(void **state)
{
	struct fixture *f = *state;
	char digits[200];

	/* 127 digits are a number, 128 are too many. */
	memset(digits, '1', 128);
	digits[127] = '\0';
	gives(f->env, digits, strtod(digits, NULL));
	digits[127] = '1', digits[128] = '\0';
	fails(f->env, digits, 1, "number has too many digits");
	gives(f->env, "1E+2", 100);
	gives(f->env, "25e-2", 0.25);
	fails(f->env, "1e", 1, "malformed number '1e'");
	fails(f->env, "2 * 1e+", 5, "malformed number '1e'");
	/* Bytes that are not printable ASCII are shown in hex. */
	fails(f->env, "1\x01", 2, "unexpected byte 0x01");
	fails(f->env, "\x7f", 1, "unexpected byte 0x7F");
	fails(f->env, "^", 1, "unexpected character '^'; did you mean '**'?");
}

/* A token shown in a message is cut to 24 bytes with "...". */
static void test_long_token_cut(void **state)
{
	struct fixture *f = *state;

	fails(f->env, "runtime runtimeaaaaaaaaaaaaaaaaaaaaa", 9,
	      "expected an operator or the end of the formula, found "
	      "'runtimeaaaaaaaaaaaaaaaaa...'");
	fails(f->env, "runtime runtimeaaaaaaaaaaaaaaaaa", 9,
	      "expected an operator or the end of the formula, found "
	      "'runtimeaaaaaaaaaaaaaaaaa'");
}

/* 300 levels of each kind of nesting: the error stands at the first
 * token past level 256. */
static void test_nesting_limit(void **state)
{
	static const struct {
		const char *open, *middle, *close;
		int col;
	} forms[] = {
		{"(", "1", ")", 257},
		{"min(", "1", ",1)", 4 * 256 + 4},
		{"2**", "1", "", 3 * 256 + 2},
		{"-", "1", "", 257},
		{"not ", "1", "", 4 * 256 + 1},
	};
	struct fixture *f = *state;

	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		size_t lo = strlen(forms[i].open), lc = strlen(forms[i].close);
		char *text = malloc(300 * (lo + lc) + 2), *p = text;

		assert_non_null(text);
		for (int k = 0; k < 300; k++, p += lo)
			memcpy(p, forms[i].open, lo);
		*p++ = forms[i].middle[0];
		for (int k = 0; k < 300; k++, p += lc)
			memcpy(p, forms[i].close, lc);
		*p = '\0';
		fails(f->env, text, forms[i].col,
		      "formula nested deeper than 256 levels");
		free(text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_error_after_operator),
		cmocka_unit_test(test_lexer_limits),
		cmocka_unit_test(test_long_token_cut),
		cmocka_unit_test(test_nesting_limit),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
