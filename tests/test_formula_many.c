/* test_formula_many.c: several programs in one sweep over the cases
 * (fx_eval_many) against one program at a time, and random formulas: the
 * block path against the one-number path. */
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
	    cmocka_unit_test(test_eval_many_matches_eval),
	    cmocka_unit_test(test_eval_many_fault),
	    cmocka_unit_test(test_eval_many_two_passes),
	    cmocka_unit_test(test_random_formulas_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
