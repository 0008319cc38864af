/* test_formula_sweep.c: a sweep in steps (fx_sweep) against one program at
 * a time: the same bits, with the environment rebound between programs,
 * with columns that are a block's scratch, over partial blocks; columns of
 * one number folded into the code; and what a sweep refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formula/agg.h"
#include "formula/formula.h"
#include "formula/kernels.h"
#include "formula/known.h"
#include "formula/prog.h"

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

/* Columns of one number (fx_sweep_known): the operations the number
 * decides are left out (known.h) with the same bits as the column read
 * whole, for 1, 0 and -2, over partial blocks; a NaN is not folded and
 * faults as it does whole. */
static const char *const known_progs[] = {
    "if(h, min(1, x / k), 1)",
    "h * x + x * h",
    "if(h, x, k) * if(h, 3, x) - h * k",
    "sum(h * k * x) / k",
    "sum(if(h, x, w) * h) + sum(h * w)",
    "if(h, x, 2) + x",
};

static int known_sweep(struct fx_env *env, struct fx_prog *p, size_t n,
                       double v, double *out)
{
	size_t block = fx_sweep_block_size(), failed;
	double *h = malloc(block * sizeof *h);
	struct fx_sweep *sw = fx_sweep_new(1);
	struct fx_fault f;
	int rc;

	for (size_t i = 0; i < block; i++)
		h[i] = v;
	assert_int_equal(fx_sweep_known(sw, h, v), FP_OK);
	fx_env_bind(env, fx_env_lookup(env, "h", NULL), h);
	assert_int_equal(fx_sweep_add(sw, p, env, out, &f), FP_OK);
	for (size_t base = 0; base < n; base += block)
		fx_sweep_block(sw, base, n - base < block ? n - base : block);
	rc = fx_sweep_finish(sw, &f, &failed);
	fx_sweep_free(sw);
	free(h);
	return rc;
}

static void test_known(void **state)
{
	static const size_t sizes[] = {1, 511, 512, 1300};
	static const double values[] = {1, 0, -2, NAN};

	for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
		for (size_t q = 0; q < sizeof known_progs / sizeof *known_progs;
		     q++)
			for (size_t vi = 0; vi < 4; vi++) {
				struct two t;
				size_t n = sizes[z];
				double *full = malloc(n * sizeof *full);
				double *a = calloc(n, sizeof *a);
				double *b = calloc(n, sizeof *b);
				struct fx_prog *p;
				struct fx_fault f;
				int want;

				two_init(&t, n);
				fx_env_declare(t.env, "h", FX_PERCASE);
				two_bind(&t, t.x[0], t.score[0]);
				p = compile_in(t.env, known_progs[q]);
				for (size_t i = 0; i < n; i++)
					full[i] = values[vi];
				fx_env_bind(t.env,
				            fx_env_lookup(t.env, "h", NULL), full);
				want = fx_eval(p, t.env, a, &f);
				assert_int_equal(known_sweep(t.env, p, n,
				                             values[vi], b),
				                 want == FP_OK ? FP_OK : FP_ERR);
				if (want == FP_OK)
					assert_memory_equal(
					    a, b,
					    (fx_prog_shape(p) == FX_SCALAR ? 1
					                                   : n) *
					        sizeof *a);
				fx_prog_free(p);
				free(full);
				free(a);
				free(b);
				two_free(&t);
			}
}

/* What is left out: if(h, min(1, x / k), 1) with h 1 is min(1, x / k)
 * made straight into the output (the broadcast 1 and the if gone), and
 * h * k * x a scalar times x, h * x + x * h one addition. */
static void test_known_code(void **state)
{
	static const struct {
		const char *text;
		size_t before, after;
	} want[] = {{"if(h, min(1, x / k), 1)", 4, 2},
	            {"sum(h * k * x)", 3, 2},
	            {"h * x + x * h", 3, 1}};

	for (size_t q = 0; q < sizeof want / sizeof *want; q++) {
		struct fx_env *env = fx_env_new();
		int hs = fx_env_declare(env, "h", FX_PERCASE);
		struct fx_prog *p;
		const struct fx_section *s = NULL;
		bool is[8] = {false};
		double v[8] = {0};
		struct fx_insn *code;
		size_t n;

		fx_env_declare(env, "x", FX_PERCASE);
		fx_env_set_scalar(env, fx_env_declare(env, "k", FX_SCALAR), 2);
		p = compile_in(env, want[q].text);
		for (int i = 0; i < p->nsec; i++)
			if (p->sec[i].pass)
				s = &p->sec[i];
		assert_non_null(s);
		assert_int_equal(s->end - s->begin, want[q].before);
		for (int c = 0; c < p->ncol; c++) {
			is[c] = p->cols[c] == hs;
			v[c] = 1;
		}
		code = fx_known_pass(p, s, is, v, &n);
		assert_non_null(code);
		assert_int_equal(n, want[q].after);
		free(code);
		fx_prog_free(p);
		fx_env_free(env);
	}
}

/* The block kernels the sweep leans on, built four doubles at a time (and
 * for AVX2): the finiteness check sees a NaN or an infinity at every
 * position of a block, and a full block's lane sums are, bit for bit,
 * those of adding its cases one at a time. */
static void test_block_kernels(void **state)
{
	static double a[FX_BLOCK];
	const double bad[3] = {NAN, INFINITY, -INFINITY};
	struct fx_acc whole, one;
	uint64_t x = 88172645463325252u;

	(void)state;
	for (size_t i = 0; i < FX_BLOCK; i++)
		a[i] = (double)i - 255.5;
	assert_true(fx_k_block_finite(a));
	for (size_t p = 0; p < FX_BLOCK; p++)
		for (int k = 0; k < 3; k++) {
			double keep = a[p];

			a[p] = bad[k];
			assert_false(fx_k_block_finite(a));
			a[p] = keep;
		}
	fx_acc_init(&whole, FN_SUM, NULL);
	fx_acc_init(&one, FN_SUM, NULL);
	for (size_t b = 0; b < 4; b++) {
		/* Magnitudes from 1e-8 to 1e8 of both signs: rounding
		 * errors in every lane. */
		for (size_t i = 0; i < FX_BLOCK; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			a[i] = ((double)(x >> 11) / 9007199254740992.0 - 0.5) *
			       pow(10, (double)(x % 17) - 8);
		}
		fx_acc_block(&whole, FN_SUM, a, b * FX_BLOCK, FX_BLOCK);
		for (size_t i = 0; i < FX_BLOCK; i++)
			fx_acc_one(&one, FN_SUM, a[i], b * FX_BLOCK + i);
	}
	assert_memory_equal(whole.s, one.s, sizeof whole.s);
	assert_memory_equal(whole.c, one.c, sizeof whole.c);
	assert_int_equal(whole.n, one.n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sweep_matches_eval),
	    cmocka_unit_test(test_sweep_refuses_and_faults),
	    cmocka_unit_test(test_known),
	    cmocka_unit_test(test_known_code),
	    cmocka_unit_test(test_block_kernels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
