/* test_formula_sweep.c: a sweep in steps (fx_sweep) against one program at
 * a time: the same bits, with the environment rebound between programs,
 * with columns that are a block's scratch, over partial blocks; and what a
 * sweep refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "formula/formula.h"

static struct fx_prog *compile_in(struct fx_env *e, const char *text)
{
	struct fx_src src = {"m.yaml", 1, 1, NULL, text};
	struct fx_prog *p = NULL;
	struct diag d;

	if (fx_compile(e, &src, &p, &d) != FP_OK)
		fail_msg("%s: %s", text, d.msg);
	return p;
}

struct two {
	struct fx_env *env;
	size_t n;
	double *x[2], *w, *score[2], *seq[2], sum[2], seq_sum[2];
};

/* Side s: x = 0.5 + (i * (s + 3) mod 11) / 4; w = 1 or 3. */
static void two_init(struct two *t, size_t n)
{
	t->n = n;
	t->env = fx_env_new();
	t->w = malloc(n * sizeof *t->w);
	for (int s = 0; s < 2; s++) {
		t->x[s] = malloc(n * sizeof(double));
		t->score[s] = malloc(n * sizeof(double));
		t->seq[s] = malloc(n * sizeof(double));
		for (size_t i = 0; i < n; i++)
			t->x[s][i] =
			    0.5 + (double)(i * (size_t)(s + 3) % 11) / 4;
	}
	for (size_t i = 0; i < n; i++)
		t->w[i] = i % 10 == 0 ? 3 : 1;
	fx_env_declare(t->env, "x", FX_PERCASE);
	fx_env_declare(t->env, "score", FX_PERCASE);
	fx_env_bind(t->env, fx_env_declare(t->env, "w", FX_PERCASE), t->w);
	fx_env_set_scalar(t->env, fx_env_declare(t->env, "k", FX_SCALAR), 2);
	fx_env_set_ncases(t->env, n);
}

static void two_bind(struct two *t, const double *x, const double *score)
{
	fx_env_bind(t->env, fx_env_lookup(t->env, "x", NULL), x);
	fx_env_bind(t->env, fx_env_lookup(t->env, "score", NULL), score);
}

static void two_free(struct two *t)
{
	fx_env_free(t->env);
	free(t->w);
	for (int s = 0; s < 2; s++) {
		free(t->x[s]);
		free(t->score[s]);
		free(t->seq[s]);
	}
}

/* Both sides' score and sum one program at a time into seq, seq_sum. */
static void one_at_a_time(struct two *t, struct fx_prog *score,
                          struct fx_prog *sum)
{
	struct fx_fault f;

	for (int s = 0; s < 2; s++) {
		two_bind(t, t->x[s], t->seq[s]);
		assert_int_equal(fx_eval(score, t->env, t->seq[s], &f), FP_OK);
		assert_int_equal(fx_eval(sum, t->env, &t->seq_sum[s], &f),
		                 FP_OK);
	}
}

/* The same in one sweep, the environment rebound for side 1 after side
 * 0's programs are added; with `scratch`, the scores are a block's
 * scratch (two blocks), copied out after each block to compare. */
static void swept(struct two *t, struct fx_prog *score, struct fx_prog *sum,
                  bool scratch)
{
	size_t block = fx_sweep_block_size();
	struct fx_sweep *sw = fx_sweep_new(4);
	double *scr = malloc(2 * block * sizeof *scr);
	struct fx_fault f;
	size_t failed = 99;

	assert_non_null(sw);
	for (int s = 0; s < 2; s++) {
		double *out = scratch ? scr + s * block : t->score[s];

		if (scratch)
			assert_int_equal(fx_sweep_scratch(sw, out), FP_OK);
		two_bind(t, t->x[s], out);
		assert_int_equal(fx_sweep_add(sw, score, t->env, out, &f),
		                 FP_OK);
		assert_int_equal(fx_sweep_add(sw, sum, t->env, &t->sum[s], &f),
		                 FP_OK);
	}
	/* Rebinding after the adds changes nothing the sweep reads. */
	two_bind(t, t->w, t->w);
	for (size_t base = 0; base < t->n; base += block) {
		size_t len = t->n - base < block ? t->n - base : block;

		fx_sweep_block(sw, base, len);
		for (int s = 0; scratch && s < 2; s++)
			memcpy(t->score[s] + base, scr + s * block,
			       len * sizeof *scr);
	}
	assert_int_equal(fx_sweep_finish(sw, &f, &failed), FP_OK);
	assert_int_equal(failed, 99);
	fx_sweep_free(sw);
	free(scr);
}

static void test_sweep_matches_eval(void **state)
{
	static const size_t sizes[] = {1, 511, 512, 1300};

	for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
		for (int scratch = 0; scratch < 2; scratch++) {
			struct two t;
			struct fx_prog *score, *sum;

			two_init(&t, sizes[z]);
			score = compile_in(t.env, "min(1, k / x) * w");
			sum = compile_in(t.env, "sum(w * score) / k + 1");
			one_at_a_time(&t, score, sum);
			swept(&t, score, sum, scratch);
			for (int s = 0; s < 2; s++) {
				assert_memory_equal(t.score[s], t.seq[s],
				                    t.n * sizeof(double));
				assert_memory_equal(&t.sum[s], &t.seq_sum[s],
				                    sizeof(double));
			}
			fx_prog_free(score);
			fx_prog_free(sum);
			two_free(&t);
		}
}

/* An aggregate inside a per-case value needs two passes: not added. A
 * fault says only that there is one, and which program. */
static void test_sweep_refuses_and_faults(void **state)
{
	struct two t;
	struct fx_prog *two_pass, *div;
	struct fx_sweep *sw = fx_sweep_new(2);
	double out[1300], sum;
	struct fx_fault f;
	size_t failed = 99;

	two_init(&t, 1300);
	t.x[0][700] = 0;
	two_bind(&t, t.x[0], t.score[0]);
	two_pass = compile_in(t.env, "x / sum(x)");
	div = compile_in(t.env, "sum(1 / x)");
	assert_int_equal(fx_sweep_add(sw, two_pass, t.env, out, &f),
	                 FX_NOT_ONE_PASS);
	assert_int_equal(fx_sweep_add(sw, div, t.env, &sum, &f), FP_OK);
	for (size_t base = 0; base < t.n; base += fx_sweep_block_size())
		fx_sweep_block(sw, base,
		               t.n - base < fx_sweep_block_size()
		                   ? t.n - base
		                   : fx_sweep_block_size());
	assert_int_equal(fx_sweep_finish(sw, &f, &failed), FP_ERR);
	assert_int_equal(failed, 0);
	assert_string_equal(f.what, "a result is not finite");
	fx_sweep_free(sw);
	fx_prog_free(two_pass);
	fx_prog_free(div);
	two_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sweep_matches_eval),
	    cmocka_unit_test(test_sweep_refuses_and_faults),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
