/* diagnose.c: the slow path that says why a result is not finite.
 *
 * It re-evaluates the rewritten tree for one case, with the same operations
 * (ops.h) and aggregates (agg.c) as the fast path, and blames the first
 * node, in evaluation order, that turned finite inputs into NaN or an
 * infinity.  if() evaluates only the branch it selects.  An aggregate with
 * a bad value is looked into: the first case whose input to it is not
 * finite is evaluated again to find the operator; if all its inputs are
 * finite, the aggregate itself is to blame (no cases, geomean of a negative
 * number, percentile outside 0..100, a sum that overflows). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formula/agg.h"
#include "formula/env.h"
#include "formula/funcs.h"
#include "formula/prog.h"
#include "util/numfmt.h"

struct diagnoser {
	const struct fx_prog *p;
	const struct fx_ast *a;
	const struct fx_env *env;
	double *aggval; /* per node: an aggregate's value, once known */
	bool *aggdone;
	bool record; /* blame faults now (off while scanning) */
	bool found;
	struct fx_fault *fault;
};

static void blame(struct diagnoser *g, int n, bool has_case, size_t i,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void blame(struct diagnoser *g, int n, bool has_case, size_t i,
                  const char *fmt, ...)
{
	struct fx_fault *f = g->fault;
	va_list ap;

	if (!g->record || g->found)
		return;
	g->found = true;
	f->has_case = has_case;
	f->case_index = has_case ? i : 0;
	fx_src_position(&g->p->src, (size_t)g->a->nodes[n].pos, &f->line,
	                &f->col);
	va_start(ap, fmt);
	vsnprintf(f->what, sizeof f->what, fmt, ap);
	va_end(ap);
}

static double value(struct diagnoser *g, int n, size_t i);

/* Evaluates the aggregate n over all cases, without blaming anything. */
static double compute_agg(struct diagnoser *g, int n)
{
	const struct fx_node *node = &g->a->nodes[n];
	int x = node->kid, pn = g->a->nodes[x].next;
	size_t ncases = g->env->ncases;
	bool saved = g->record;
	struct fx_acc acc;
	double *vals = NULL, p = 0, v;

	if (fx_agg_needs_values(node->fn) && ncases > 0) {
		vals = malloc(ncases * sizeof *vals);
		if (!vals) {
			blame(g, n, false, 0, "out of memory");
			return NAN;
		}
	}
	g->record = false;
	fx_acc_init(&acc, node->fn, vals);
	for (size_t j = 0; j < ncases; j++)
		fx_acc_one(&acc, node->fn, value(g, x, j), j);
	if (pn >= 0)
		p = value(g, pn, 0);
	g->record = saved;
	v = fx_acc_final(&acc, node->fn, p);
	free(vals);
	return v;
}

/* Finds why aggregate n is not finite. */
static void look_into_agg(struct diagnoser *g, int n)
{
	const struct fx_node *node = &g->a->nodes[n];
	int x = node->kid, pn = g->a->nodes[x].next;
	const char *name = fx_fn_name(node->fn);
	size_t ncases = g->env->ncases;
	char buf[NUMFMT_MAX];

	g->record = false;
	for (size_t j = 0; j < ncases; j++) {
		if (isfinite(value(g, x, j)))
			continue;
		g->record = true;
		value(g, x, j);
		if (g->found)
			return;
		break;
	}
	g->record = true;
	if (pn >= 0) {
		double p = value(g, pn, 0);
		if (g->found)
			return;
		if (!(p >= 0 && p <= 100))
			blame(g, n, false, 0,
			      "percentile p must be between 0 and 100, got %s",
			      numfmt_exact(buf, p));
	}
	if (ncases == 0)
		blame(g, n, false, 0, "%s of no cases", name);
	if (node->fn == FN_GEOMEAN) {
		g->record = false;
		for (size_t j = 0; j < ncases; j++)
			if (value(g, x, j) < 0) {
				g->record = true;
				blame(g, n, true, j,
				      "geomean of a negative number");
				break;
			}
		g->record = true;
	}
	blame(g, n, false, 0, "%s overflows", name);
}

static double agg_value(struct diagnoser *g, int n)
{
	if (!g->aggdone[n]) {
		g->aggval[n] = compute_agg(g, n);
		g->aggdone[n] = true;
	}
	if (!isfinite(g->aggval[n]) && g->record && !g->found)
		look_into_agg(g, n);
	return g->aggval[n];
}

static double name_value(struct diagnoser *g, int n, size_t i)
{
	const struct fx_node *node = &g->a->nodes[n];
	const struct fx_slot *s = &g->env->slots[node->slot];
	bool percase = s->shape == FX_PERCASE;
	double v = percase ? s->values[i] : s->scalar;
	char buf[NUMFMT_MAX];

	if (!isfinite(v))
		blame(g, n, percase, i, "'%s' is %s", s->name,
		      numfmt_exact(buf, v));
	return v;
}

static double value(struct diagnoser *g, int n, size_t i)
{
	const struct fx_node *node = &g->a->nodes[n];
	double args[3] = {0, 0, 0}, r;
	char why[sizeof g->fault->what];
	bool finite = true;
	int k = 0;

	switch (node->kind) {
	case NK_NUM:
		return node->num;
	case NK_NAME:
		return name_value(g, n, i);
	case NK_APPLY:
		break;
	}
	if (fn_is_agg(node->fn))
		return agg_value(g, n);
	if (node->fn == FN_IF) {
		double c = value(g, node->kid, i);
		if (isnan(c))
			return c;
		return value(g, fx_ast_arg(g->a, n, c != 0 ? 1 : 2), i);
	}
	for (int c = node->kid; c >= 0 && k < 3; c = g->a->nodes[c].next) {
		args[k] = value(g, c, i);
		finite = finite && isfinite(args[k]);
		k++;
	}
	r = fx_apply(node->fn, args);
	if (!isfinite(r) && finite)
		blame(g, n, node->shape == FX_PERCASE, i, "%s",
		      fx_fault_text(node->fn, args, why, sizeof why));
	return r;
}

void fx_diagnose(const struct fx_prog *p, const struct fx_env *env,
                 bool percase, size_t first_bad, struct fx_fault *fault)
{
	struct diagnoser g = {
	    .p = p, .a = &p->ast, .env = env, .record = true, .fault = fault};

	memset(fault, 0, sizeof *fault);
	g.aggval = malloc((size_t)p->ast.n * sizeof *g.aggval);
	g.aggdone = calloc((size_t)p->ast.n, sizeof *g.aggdone);
	if (g.aggval && g.aggdone)
		value(&g, p->ast.root, percase ? first_bad : 0);
	if (!g.found) {
		/* Not expected: the two evaluators compute the same values. */
		fault->has_case = percase;
		fault->case_index = percase ? first_bad : 0;
		fx_src_position(&p->src, 0, &fault->line, &fault->col);
		snprintf(fault->what, sizeof fault->what, "%s",
		         g.aggval && g.aggdone ? "result is not a finite number"
		                               : "out of memory");
	}
	free(g.aggval);
	free(g.aggdone);
}
