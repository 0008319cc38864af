/* Tests for metric.c: the shipped metrics, each on a tiny case worked out by
 * hand; the built-in copy; finding metrics by name; parameters and weights.
 *
 * The hand-computed cases are evaluated by a small harness below that binds
 * the names metric.h promises and runs the compiled formulas: it checks the
 * metric files' arithmetic, not the pricing layer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "price/metric.h"
#include "test_metric_util.h"
#include "util/sha256.h"

#define MAXN 32
#define EPS 1e-9

/* ---- Harness: evaluate a metric on two sides ------------------------- */

struct sides {
	size_t n;
	const char *const *case_name;
	const double *runtime[2], *passed[2];
	const double *ref;        /* ref_runtime in both runs, or NULL */
};

struct result {
	double weight[MAXN], score[2][MAXN], value[2][MAXN], total[2];
	double gain, cost, decide;
};

/* The weight of one case under the metric's rules (metric_weights). */
static double weight_of(const struct metric *m, const char *name)
{
	struct diag d;
	double w;

	if (metric_weights(m, &name, 1, &w, &d) != FP_OK)
		fail_msg("%s", d.msg);
	return w;
}

static void bind(struct fx_env *env, const char *name, const double *v)
{
	int slot = fx_env_lookup(env, name, NULL);
	assert_true(slot >= 0);
	fx_env_bind(env, slot, v);
}

static void set(struct fx_env *env, const char *name, double v)
{
	int slot = fx_env_lookup(env, name, NULL);
	assert_true(slot >= 0);
	fx_env_set_scalar(env, slot, v);
}

static void eval(const struct metric_formula *f, const struct fx_env *env,
                 double *out)
{
	struct fx_fault fault;
	assert_int_equal(fx_eval(f->prog, env, out, &fault), FP_OK);
}

static void evaluate(struct metric *m, const struct sides *s,
                     struct result *r)
{
	static const char *const suffix[2] = { "_before", "_after" };
	double ref[MAXN], flags[4][MAXN], has[2][MAXN], W = 0;
	char name[64];

	assert_true(s->n <= MAXN);
	for (size_t i = 0; i < s->n; i++) {
		r->weight[i] = weight_of(m, s->case_name[i]);
		W += r->weight[i];
		/* The metric's default for a missing ref_runtime is the before
		 * run's runtime (pypto-gym's `ref_runtime: runtime_before`). */
		ref[i] = s->ref ? s->ref[i] : s->runtime[0][i];
		flags[0][i] = !s->passed[0][i] && s->passed[1][i];
		flags[1][i] = s->passed[0][i] && !s->passed[1][i];
		flags[2][i] = s->passed[0][i] && s->passed[1][i];
		flags[3][i] = !s->passed[0][i] && !s->passed[1][i];
		has[0][i] = !isnan(s->runtime[0][i]);
		has[1][i] = !isnan(s->runtime[1][i]);
	}
	for (int e = 0; e < 2; e++) {
		struct fx_env *env = e ? m->cross : m->side;
		fx_env_set_ncases(env, s->n);
		set(env, "N", (double)s->n);
		set(env, "W", W);
		bind(env, "weight", r->weight);
		for (size_t c = 0; c < m->ncolumns; c++)
			bind(env, m->columns[c], ref);
	}
	for (int side = 0; side < 2; side++) {
		bind(m->side, "runtime", s->runtime[side]);
		bind(m->side, "passed", s->passed[side]);
		bind(m->side, "has_runtime", has[side]);
		eval(&m->score, m->side, r->score[side]);
		bind(m->side, "score", r->score[side]);
		eval(&m->value, m->side, r->value[side]);
		bind(m->side, "value", r->value[side]);
		eval(&m->total, m->side, &r->total[side]);

		snprintf(name, sizeof name, "runtime%s", suffix[side]);
		bind(m->cross, name, s->runtime[side]);
		snprintf(name, sizeof name, "passed%s", suffix[side]);
		bind(m->cross, name, s->passed[side]);
		snprintf(name, sizeof name, "has_runtime%s", suffix[side]);
		bind(m->cross, name, has[side]);
		snprintf(name, sizeof name, "score%s", suffix[side]);
		bind(m->cross, name, r->score[side]);
		snprintf(name, sizeof name, "value%s", suffix[side]);
		bind(m->cross, name, r->value[side]);
		snprintf(name, sizeof name, "total%s", suffix[side]);
		set(m->cross, name, r->total[side]);
		for (size_t c = 0; c < m->ncolumns; c++) {
			snprintf(name, sizeof name, "%s%s", m->columns[c],
			         suffix[side]);
			bind(m->cross, name, ref);
		}
	}
	bind(m->cross, "newly_passing", flags[0]);
	bind(m->cross, "newly_failing", flags[1]);
	bind(m->cross, "still_passing", flags[2]);
	bind(m->cross, "still_failing", flags[3]);
	assert_int_equal(m->ndefines, 0); /* no shipped metric has defines */
	eval(&m->gain, m->cross, &r->gain);
	set(m->cross, "gain", r->gain);
	eval(&m->cost, m->cross, &r->cost);
	set(m->cross, "cost", r->cost);
	eval(&m->decide, m->cross, &r->decide);
}

/* Loads a shipped metric from the source tree's metrics/ folder. */
static struct metric *load_shipped(const char *name)
{
	char path[4096], hex[65];
	struct metric *m = NULL;
	struct diag d;

	snprintf(path, sizeof path, "%s/metrics/%s.yaml", TEST_SRCDIR, name);
	if (metric_load(path, &m, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	assert_string_equal(m->path, path);
	assert_int_equal(sha256_file(path, hex, &d), FP_OK);
	assert_string_equal(m->sha256, hex);
	assert_string_equal(m->name, name);
	assert_non_null(m->description);
	assert_true(strlen(m->description) > 0);
	assert_non_null(m->source);
	assert_true(strlen(m->source) > 0);
	return m;
}

/* ---- The shipped metrics on hand-computed cases ---------------------- */

static void test_pypto_gym(void **state)
{
	/* a passes before and after, b passes only after; both get 2x slower,
	 * and the runs carry no ref_runtime: it is the before runtime, 10. */
	static const char *const names[] = { "a", "b" };
	static const double rt0[] = { 10, 10 }, rt1[] = { 20, 20 };
	static const double p0[] = { 1, 0 }, p1[] = { 1, 1 };
	struct sides s = { 2, names, { rt0, rt1 }, { p0, p1 }, NULL };
	struct metric *m = load_shipped("pypto-gym");
	struct result r;

	assert_string_equal(m->version, "1");
	assert_int_equal(m->nparams, 2);
	assert_string_equal(m->params[0].name, "pass_reward");
	assert_near(m->params[0].value, 0.3, 0);
	assert_string_equal(m->params[1].name, "perf_weight");
	assert_near(m->params[1].value, 0.5, 0);
	assert_int_equal(m->ncolumns, 1);
	assert_string_equal(m->columns[0], "ref_runtime");
	assert_string_equal(m->column_default[0],
	                    "if(has_runtime_before, runtime_before, "
	                    "if(has_runtime_after, runtime_after, 1))");
	assert_string_equal(m->decide.src.text, "gain - cost > 0");
	evaluate(m, &s, &r);
	/* score before = min(1, 10/10) = 1; after = min(1, 10/20) = 0.5. */
	assert_near(r.score[0][0], 1, EPS);
	assert_near(r.score[1][1], 0.5, EPS);
	/* value before: a 1 * (0.3 + 0.5 * 1) = 0.8, b 0;
	 * total before = (0.8 + 0) / 2 * 100 = 40. */
	assert_near(r.value[0][0], 0.8, EPS);
	assert_near(r.value[0][1], 0, EPS);
	assert_near(r.total[0], 40, EPS);
	/* value after: 0.3 + 0.5 * 0.5 = 0.55 each; total = 1.1 / 2 * 100. */
	assert_near(r.total[1], 55, EPS);
	/* gain = b's (0.3 + 0.5 * 0.5) / 2 * 100 = 27.5;
	 * cost = 2 * 0.5 * (1 - 0.5) / 2 * 100 = 25; 27.5 > 25: accept. */
	assert_near(r.gain, 27.5, EPS);
	assert_near(r.cost, 25, EPS);
	assert_near(r.decide, 1, 0);
	metric_free(m);
}

static void test_pypto_gym_manual_example(void **state)
{
	/* The manual's worked example: 19 of 20 cases pass, the fix makes the
	 * last pass and every case 2x slower.
	 * gain = (0.3 + 0.5 * 0.5) / 20 * 100 = 2.75;
	 * cost = 20 * 0.5 * (1 - 0.5) / 20 * 100 = 25: reject. */
	const char *names[20];
	double rt0[20], rt1[20], p0[20], p1[20];
	struct sides s = { 20, names, { rt0, rt1 }, { p0, p1 }, NULL };
	struct metric *m = load_shipped("pypto-gym");
	struct result r;

	for (int i = 0; i < 20; i++) {
		names[i] = "case";
		rt0[i] = 1.5;
		rt1[i] = 3;
		p0[i] = i < 19;
		p1[i] = 1;
	}
	evaluate(m, &s, &r);
	assert_near(r.gain, 2.75, EPS);
	assert_near(r.cost, 25, EPS);
	assert_near(r.decide, 0, 0);
	/* Raising the pass reward flips nothing here until gain > 25:
	 * (pr + 0.25) / 20 * 100 > 25 needs pr > 4.75.  At 5: 26.25. */
	assert_int_equal(metric_set_param(m, "pass_reward", 5, NULL), FP_OK);
	evaluate(m, &s, &r);
	assert_near(r.gain, 26.25, EPS);
	assert_near(r.decide, 1, 0);
	metric_free(m);
}

static void test_pypto_gym_weighted(void **state)
{
	/* m512_a (weight 3) starts passing at the same speed; m1_b (weight 1)
	 * gets 2x slower.  W = 3 + 1 = 4.
	 * gain = 3 * 1 * (0.3 + 0.5 * 1) / 4 * 100 = 60;
	 * cost = 1 * 0.5 * (1 - 0.5) / 4 * 100 = 6.25;
	 * total before = 1 * 0.8 / 4 * 100 = 20;
	 * total after = (3 * 0.8 + 1 * 0.55) / 4 * 100 = 73.75. */
	static const char *const names[] = { "m512_a", "m1_b" };
	static const double rt0[] = { 10, 10 }, rt1[] = { 10, 20 };
	static const double p0[] = { 0, 1 }, p1[] = { 1, 1 };
	struct sides s = { 2, names, { rt0, rt1 }, { p0, p1 }, NULL };
	struct metric *m = load_shipped("pypto-gym-weighted");
	struct result r;

	assert_near(weight_of(m, "m512_a"), 3, 0);
	assert_near(weight_of(m, "m1_b"), 1, 0);
	evaluate(m, &s, &r);
	assert_near(r.gain, 60, EPS);
	assert_near(r.cost, 6.25, EPS);
	assert_near(r.total[0], 20, EPS);
	assert_near(r.total[1], 73.75, EPS);
	assert_near(r.decide, 1, 0);
	metric_free(m);
}

static void test_pypto_gym_sublinear(void **state)
{
	/* One passing case gets 4x slower (10 -> 40, ref 10).
	 * score after = min(1, (10/40) ** 0.5) = 0.5 (linear: 0.25);
	 * cost = 0.5 * (1 - 0.5) / 1 * 100 = 25 (linear: 37.5); gain = 0. */
	static const char *const names[] = { "a" };
	static const double rt0[] = { 10 }, rt1[] = { 40 };
	static const double p0[] = { 1 }, p1[] = { 1 };
	struct sides s = { 1, names, { rt0, rt1 }, { p0, p1 }, NULL };
	struct metric *m = load_shipped("pypto-gym-sublinear");
	struct result r;

	assert_non_null(metric_find_param(m, "alpha"));
	evaluate(m, &s, &r);
	assert_near(r.score[1][0], 0.5, EPS);
	assert_near(r.cost, 25, EPS);
	assert_near(r.gain, 0, EPS);
	assert_near(r.decide, 0, 0);
	metric_free(m);
}

static void test_kernelbench(void **state)
{
	/* ref 10 each.  Speedups (ref / runtime) before: 2, 0.5, 2; after:
	 * 0.5, 2, 2.  Correct before: 1, 1, 0; after: all.  With p = 1:
	 * value before 1, 0, 0 -> total 1/3 * 100; after 0, 1, 1 -> 2/3 * 100.
	 * gain = (0 + 1 + 1) / 3 * 100 = 66.67 (b and c enter fast_1),
	 * cost = (1 + 0 + 0) / 3 * 100 = 33.33 (a leaves it);
	 * gain - cost = 100/3 = total after - total before. */
	static const char *const names[] = { "a", "b", "c" };
	static const double ref[] = { 10, 10, 10 };
	static const double rt0[] = { 5, 20, 5 }, rt1[] = { 20, 5, 5 };
	static const double p0[] = { 1, 1, 0 }, p1[] = { 1, 1, 1 };
	struct sides s = { 3, names, { rt0, rt1 }, { p0, p1 }, ref };
	struct metric *m = load_shipped("kernelbench");
	struct result r;

	assert_int_equal(m->ncolumns, 1);
	assert_null(m->column_default[0]); /* the runs must carry ref_runtime */
	evaluate(m, &s, &r);
	assert_near(r.total[0], 100.0 / 3, EPS);
	assert_near(r.total[1], 200.0 / 3, EPS);
	assert_near(r.gain, 200.0 / 3, EPS);
	assert_near(r.cost, 100.0 / 3, EPS);
	assert_near(r.gain - r.cost, r.total[1] - r.total[0], EPS);
	assert_near(r.decide, 1, 0);
	/* With p = 3 no speedup (at most 2) counts: everything is 0. */
	assert_int_equal(metric_set_param(m, "p", 3, NULL), FP_OK);
	evaluate(m, &s, &r);
	assert_near(r.total[0], 0, 0);
	assert_near(r.gain, 0, 0);
	assert_near(r.cost, 0, 0);
	assert_near(r.decide, 0, 0);
	metric_free(m);
}

/* ---- Parameters and weights ------------------------------------------ */

static void test_set_param(void **state)
{
	struct metric *m;
	struct diag d;
	struct param *p;

	assert_int_equal(metric_load(NULL, &m, &d), FP_OK);
	assert_int_equal(metric_set_param(m, "pass_reward", 0.6, &d), FP_OK);
	p = metric_find_param(m, "pass_reward");
	assert_non_null(p);
	assert_near(p->value, 0.6, 0);
	assert_near(p->file_value, 0.3, 0);
	/* Both environments see it, in the same slot. */
	assert_near(fx_env_scalar(m->side, p->slot), 0.6, 0);
	assert_near(fx_env_scalar(m->cross, p->slot), 0.6, 0);
	assert_int_equal(fx_env_lookup(m->side, "pass_reward", NULL), p->slot);
	assert_int_equal(fx_env_lookup(m->cross, "pass_reward", NULL), p->slot);

	assert_int_equal(metric_set_param(m, "x", 1, &d), FP_ERR);
	assert_string_equal(d.msg, "no parameter 'x' (there are: pass_reward, "
	                           "perf_weight)");
	assert_string_equal(d.file, "");
	assert_int_equal(metric_set_param(m, "perf_weight", 1.0 / 0.0, &d),
	                 FP_ERR);
	assert_string_equal(d.msg,
	                    "parameter 'perf_weight' must be a finite number");
	assert_null(metric_find_param(m, "x"));
	metric_free(m);
}

static void test_set_param_none(void **state)
{
	static const char text[] =
		"name: bare\nversion: 2\n"
		"score: 1 / runtime\nvalue: passed * score\n"
		"total: sum(value)\ngain: 0\ncost: 0\n";
	struct metric *m;
	struct diag d;

	assert_int_equal(metric_load_text("bare.yaml", text, strlen(text), &m,
	                                  &d), FP_OK);
	assert_int_equal(metric_set_param(m, "x", 1, &d), FP_ERR);
	assert_string_equal(d.msg, "no parameter 'x' (there are: none)");
	/* No weights key: every case weighs 1; no decide: the default. */
	assert_near(weight_of(m, "any"), 1, 0);
	assert_string_equal(m->decide.src.text, "gain - cost > 0");
	assert_int_equal(m->decide.src.line, 0);
	metric_free(m);
}

static void test_weight_precedence(void **state)
{
	/* default 1; file rules in order: m512_* 3, then m512_k4096 5, then
	 * *_k4096 0.5 (last in the file, so it beats m512_k4096 for that case). */
	static const char text[] =
		"name: w\nversion: 1\n"
		"weights:\n"
		"  default: 2\n"
		"  cases:\n"
		"    \"m512_*\": 3\n"
		"    m512_k4096: 5\n"
		"    \"*_k4096\": 0.5\n"
		"score: 1 / runtime\nvalue: passed * score\n"
		"total: sum(weight * value) / W\ngain: 0\ncost: 0\n";
	struct metric *m;
	struct diag d;

	assert_int_equal(metric_load_text("w.yaml", text, strlen(text), &m, &d),
	                 FP_OK);
	assert_near(m->weight_default, 2, 0);
	assert_int_equal(m->nrules, 3);
	assert_string_equal(m->rules[0].origin, "w.yaml:6:5");
	assert_near(weight_of(m, "m1_k1"), 2, 0);
	assert_near(weight_of(m, "m512_k1"), 3, 0);
	assert_near(weight_of(m, "m512_k4096"), 0.5, 0);
	assert_near(weight_of(m, "m1_k4096"), 0.5, 0);
	/* --weight rules come after the file's and win over them. */
	assert_int_equal(metric_add_weight_rule(m, "m512*", 7, &d), FP_OK);
	assert_string_equal(m->rules[3].origin, "--weight");
	assert_near(weight_of(m, "m512_k4096"), 7, 0);
	assert_near(weight_of(m, "m1_k4096"), 0.5, 0);
	assert_int_equal(metric_add_weight_rule(m, "m512_k4096", 0, &d), FP_OK);
	assert_near(weight_of(m, "m512_k4096"), 0, 0);
	assert_near(weight_of(m, "m512_k1"), 7, 0);

	assert_int_equal(metric_add_weight_rule(m, "m1*", -1, &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "--weight m1*: a weight must be a finite number >= 0");
	assert_int_equal(metric_add_weight_rule(m, "m1*", 0.0 / 0.0, &d),
	                 FP_ERR);
	assert_string_equal(d.msg,
	                    "--weight m1*: a weight must be a finite number >= 0");
	assert_int_equal(metric_add_weight_rule(m, "", 1, &d), FP_ERR);
	assert_string_equal(d.msg, "--weight: the case name or glob is empty");
	assert_int_equal(m->nrules, 5);
	metric_free(m);
}

static void test_defines_and_environments(void **state)
{
	/* A define may use an earlier one; gain and cost may use all of them;
	 * decide may use gain and cost; score may use a column. */
	static const char text[] =
		"name: d\nversion: v2.1-rc\n"
		"params: { k: 2 }\n"
		"columns: [ref, { base: runtime_before * 2 }]\n"
		"score: ref / runtime\n"
		"value: passed * score * k\n"
		"total: sum(value) + 0 * sum(base)\n"
		"define:\n"
		"  delta: value_after - value_before\n"
		"  up: sum(max(0, delta))\n"
		"gain: up / N\n"
		"cost: sum(max(0, -delta)) / N + 0 * sum(ref_after + base_before)\n"
		"decide: gain > cost and total_after >= total_before\n";
	struct metric *m;
	struct diag d;
	enum fx_shape shape;

	if (metric_load_text("d.yaml", text, strlen(text), &m, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	assert_string_equal(m->version, "v2.1-rc");
	assert_int_equal(m->ncolumns, 2);
	assert_null(m->column_default[0]);
	assert_string_equal(m->column_default[1], "runtime_before * 2");
	assert_int_equal(m->ndefines, 2);
	assert_string_equal(m->defines[0].key, "delta");
	assert_int_equal(fx_prog_shape(m->defines[0].prog), FX_PERCASE);
	assert_int_equal(fx_prog_shape(m->defines[1].prog), FX_SCALAR);
	assert_true(fx_env_lookup(m->cross, "up", &shape) >= 0);
	assert_int_equal(shape, FX_SCALAR);
	/* Every name of metric.h is in its environment. */
	assert_true(fx_env_lookup(m->side, "score", &shape) >= 0);
	assert_int_equal(shape, FX_PERCASE);
	assert_true(fx_env_lookup(m->side, "ref", &shape) >= 0);
	assert_true(fx_env_lookup(m->side, "weight", &shape) >= 0);
	assert_int_equal(shape, FX_PERCASE);
	assert_true(fx_env_lookup(m->side, "W", &shape) >= 0);
	assert_int_equal(shape, FX_SCALAR);
	assert_true(fx_env_lookup(m->cross, "still_failing", NULL) >= 0);
	assert_true(fx_env_lookup(m->cross, "base_after", NULL) >= 0);
	assert_true(fx_env_lookup(m->cross, "total_after", &shape) >= 0);
	assert_int_equal(shape, FX_SCALAR);
	assert_true(fx_env_lookup(m->cross, "gain", &shape) >= 0);
	assert_int_equal(shape, FX_SCALAR);
	/* The formula's source: after "score: " on line 5. */
	assert_string_equal(m->score.src.file, "d.yaml");
	assert_int_equal(m->score.src.line, 5);
	assert_int_equal(m->score.src.col, 8);
	assert_string_equal(m->score.src.prefix, "score: ");
	assert_string_equal(m->score.src.text, "ref / runtime");
	metric_free(m);
}

static void test_formula_positions(void **state)
{
	/* Quoted, block and multi-line plain scalars keep their place in the
	 * file: the text is as it stands there, from its first character. */
	static const char text[] =
		"name: pos\nversion: 1\n"
		"score: \"1 / runtime\"\n"              /* line 3 */
		"value: |\n"                            /* line 4 */
		"    passed *\n"
		"      score\n"
		"total: sum(value)\n"
		"  / N\n"                               /* line 8 */
		"gain: >-\n"
		"\n"
		"   0\n"                                /* line 11 */
		"cost: '0'  # a comment\n"
		"decide: \"gain\\u0020> cost\"\n";    /* line 13 */
	struct metric *m;
	struct diag d;

	if (metric_load_text("pos.yaml", text, strlen(text), &m, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	assert_int_equal(m->score.src.line, 3);
	assert_int_equal(m->score.src.col, 9);
	assert_string_equal(m->score.src.prefix, "score: \"");
	assert_string_equal(m->score.src.text, "1 / runtime");
	assert_int_equal(m->value.src.line, 5);
	assert_int_equal(m->value.src.col, 5);
	assert_string_equal(m->value.src.prefix, "    ");
	assert_string_equal(m->value.src.text, "passed *\n      score");
	assert_int_equal(m->total.src.line, 7);
	assert_string_equal(m->total.src.text, "sum(value)\n  / N");
	assert_int_equal(m->gain.src.line, 11);
	assert_int_equal(m->gain.src.col, 4);
	assert_string_equal(m->gain.src.text, "0");
	assert_int_equal(m->cost.src.line, 12);
	assert_int_equal(m->cost.src.col, 8);
	assert_string_equal(m->cost.src.text, "0");
	/* An escaped blank: the file's text with the escape blanked, so
	 * that offsets in it stay offsets in the file. */
	assert_int_equal(m->decide.src.line, 13);
	assert_int_equal(m->decide.src.col, 10);
	assert_string_equal(m->decide.src.prefix, "decide: \"");
	assert_string_equal(m->decide.src.text, "gain      > cost");
	metric_free(m);
}

static void test_sha256(void **state)
{
	char hex[65];
	struct diag d;

	/* FIPS 180-2, appendix B.1: SHA-256("abc"). */
	sha256_hex("abc", 3, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
	                         "b00361a396177a9cb410ff61f20015ad");
	/* The empty message. */
	sha256_hex("", 0, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb924"
	                         "27ae41e4649b934ca495991b7852b855");
	assert_int_equal(sha256_file("/nonexistent/f", hex, &d), FP_ERR);
	assert_string_equal(d.file, "/nonexistent/f");
	assert_int_equal(d.line, 0);
	assert_string_equal(d.msg, "cannot read: No such file or directory");
	assert_int_equal(sha256_file("/", hex, &d), FP_ERR);
	assert_string_equal(d.msg, "cannot read: Is a directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pypto_gym),
		cmocka_unit_test(test_pypto_gym_manual_example),
		cmocka_unit_test(test_pypto_gym_weighted),
		cmocka_unit_test(test_pypto_gym_sublinear),
		cmocka_unit_test(test_kernelbench),
		cmocka_unit_test(test_set_param),
		cmocka_unit_test(test_set_param_none),
		cmocka_unit_test(test_weight_precedence),
		cmocka_unit_test(test_defines_and_environments),
		cmocka_unit_test(test_formula_positions),
		cmocka_unit_test(test_sha256),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
