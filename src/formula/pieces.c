/* pieces.c: where a formula's branches flip as one number x varies.
 *
 * Break-even search samples net at points; a stretch of another sign that
 * lies between two points is missed.  Net changes shape only where a
 * branch inside a formula flips (a comparison, min/max, if, abs, and/or):
 * where the difference of the two things compared crosses 0.  When that
 * difference is affine in x, or a ratio of affine functions (ref /
 * (runtime * factor)), its root is computable per case from its values
 * at two or three x, and those roots are the points to look at.  What is
 * read off the tree here is exact, never a guess from sampled values: the
 * form of each node in x (free of it, affine, a ratio of affine terms, or
 * worse), whether it is piecewise, and which branches flip; a branch whose
 * difference has another form makes the list incomplete. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formula/agg.h"
#include "formula/env.h"
#include "formula/kernels.h"
#include "formula/prog.h"

struct walk {
	const struct fx_ast *a;
	const struct fx_dep *deps;
	int ndeps;
	struct fx_flips *fl;
	bool oom;
};

static const struct fx_dep free_dep = {FX_FREE, false};

static enum fx_dform max_form(enum fx_dform x, enum fx_dform y)
{
	return x > y ? x : y;
}

struct fx_dep fx_dep_diff(struct fx_dep x, struct fx_dep y)
{
	struct fx_dep r = {FX_NONLINEAR, x.piecewise || y.piecewise};

	if (x.form == FX_FREE)
		r.form = y.form;
	else if (y.form == FX_FREE)
		r.form = x.form;
	else if (x.form == FX_AFFINE && y.form == FX_AFFINE)
		r.form = FX_AFFINE;
	return r;
}

static struct fx_dep product(struct fx_dep x, struct fx_dep y, bool divide)
{
	struct fx_dep r = {FX_NONLINEAR, x.piecewise || y.piecewise};

	if (y.form == FX_FREE)
		r.form = x.form;
	else if (!divide && x.form == FX_FREE)
		r.form = y.form;
	else if (divide && x.form <= FX_AFFINE && y.form == FX_AFFINE)
		r.form = FX_MOBIUS; /* (a + b x) / (c + d x) */
	else if (divide && x.form == FX_FREE && y.form == FX_MOBIUS)
		r.form = FX_MOBIUS;
	return r;
}

/* The branch of node n flips where d (the difference compared, or
 * argument arg against 0) crosses 0. */
static void flip(struct walk *w, int n, int arg, struct fx_dep d)
{
	struct fx_flips *fl = w->fl;

	if (d.form == FX_FREE)
		return; /* flips only where its own pieces do: listed there */
	if (d.piecewise || d.form > FX_MOBIUS) {
		fl->incomplete = true;
		return;
	}
	if (fl->n == fl->cap) {
		size_t cap = fl->cap ? 2 * fl->cap : 8;
		struct fx_flip *g = realloc(fl->at, cap * sizeof *g);
		if (!g) {
			w->oom = true;
			return;
		}
		fl->at = g;
		fl->cap = cap;
	}
	fl->at[fl->n++] = (struct fx_flip){n, arg, d.form};
}

static struct fx_dep dep(struct walk *w, int n);

/* Functions smooth in their arguments: free of x, or worse. */
static struct fx_dep smooth(struct fx_dep *arg, int k)
{
	struct fx_dep r = free_dep;

	for (int j = 0; j < k; j++) {
		r.piecewise |= arg[j].piecewise;
		if (arg[j].form != FX_FREE)
			r.form = FX_NONLINEAR;
	}
	return r;
}

/* A value that only steps (a truth value, a rounded number). */
static struct fx_dep steps(struct fx_dep *arg, int k)
{
	struct fx_dep r = {FX_FREE, false};

	for (int j = 0; j < k; j++)
		r.piecewise |= arg[j].piecewise || arg[j].form != FX_FREE;
	return r;
}

static struct fx_dep aggregate(struct walk *w, int n, struct fx_dep *arg, int k)
{
	enum fx_fn fn = w->a->nodes[n].fn;
	struct fx_dep r = arg[0];

	if (fn == FN_SUM || fn == FN_MEAN) {
		if (r.form > FX_AFFINE) /* a sum of ratios is not one */
			r.form = FX_NONLINEAR;
		return r;
	}
	if (fn == FN_COUNT) {
		flip(w, n, 0, arg[0]);
		return steps(arg, 1);
	}
	if (fn == FN_GEOMEAN)
		return smooth(arg, 1);
	/* Order statistics: which case is the median changes where two
	 * cases' values cross, a pair at a time; not listed. */
	if (arg[0].form != FX_FREE || (k > 1 && arg[1].form != FX_FREE))
		w->fl->incomplete = true;
	return arg[0].form == FX_FREE ? smooth(arg, k)
	                              : (struct fx_dep){FX_NONLINEAR, true};
}

static struct fx_dep apply(struct walk *w, int n, struct fx_dep *arg, int k)
{
	enum fx_fn fn = w->a->nodes[n].fn;
	struct fx_dep r;

	if (fn_is_agg(fn))
		return aggregate(w, n, arg, k);
	switch (fn) {
	case FN_ADD:
	case FN_SUB:
		return fx_dep_diff(arg[0], arg[1]);
	case FN_NEG:
		return arg[0];
	case FN_MUL:
	case FN_DIV:
		return product(arg[0], arg[1], fn == FN_DIV);
	case FN_LT:
	case FN_LE:
	case FN_GT:
	case FN_GE:
	case FN_EQ:
	case FN_NE:
		r = fx_dep_diff(arg[0], arg[1]);
		flip(w, n, -1, r);
		return steps(arg, 2);
	case FN_AND:
	case FN_OR:
	case FN_NOT:
		for (int j = 0; j < k; j++)
			flip(w, n, j, arg[j]);
		return steps(arg, k);
	case FN_MIN:
	case FN_MAX:
		r = fx_dep_diff(arg[0], arg[1]);
		flip(w, n, -1, r);
		return (struct fx_dep){max_form(arg[0].form, arg[1].form),
		                       r.piecewise || r.form != FX_FREE};
	case FN_ABS:
		flip(w, n, 0, arg[0]);
		return (struct fx_dep){arg[0].form, arg[0].piecewise ||
		                                        arg[0].form != FX_FREE};
	case FN_IF:
		flip(w, n, 0, arg[0]);
		return (struct fx_dep){
		    max_form(arg[1].form, arg[2].form),
		    arg[0].piecewise || arg[0].form != FX_FREE ||
		        arg[1].piecewise || arg[2].piecewise};
	case FN_FLOOR:
	case FN_CEIL:
	case FN_ROUND:
	case FN_CLAMP: /* lowered to min and max before here */
		if (arg[0].form != FX_FREE ||
		    (k > 1 &&
		     (arg[1].form != FX_FREE || arg[2].form != FX_FREE)))
			w->fl->incomplete = true;
		return steps(arg, k);
	default:
		return smooth(arg, k);
	}
}

static struct fx_dep dep(struct walk *w, int n)
{
	const struct fx_node *node = &w->a->nodes[n];
	struct fx_dep arg[3] = {free_dep, free_dep, free_dep};
	int k = 0;

	switch (node->kind) {
	case NK_NUM:
		return free_dep;
	case NK_NAME:
		return node->slot >= 0 && node->slot < w->ndeps
		           ? w->deps[node->slot]
		           : free_dep;
	case NK_APPLY:
		break;
	}
	for (int c = node->kid; c >= 0 && k < 3; c = w->a->nodes[c].next)
		arg[k++] = dep(w, c);
	return apply(w, n, arg, k);
}

int fx_prog_pieces(const struct fx_prog *prog, const struct fx_dep *deps,
                   int ndeps, struct fx_dep *result, struct fx_flips *fl)
{
	struct walk w = {&prog->ast, deps, ndeps, fl, false};

	*result = prog->ast.root >= 0 ? dep(&w, prog->ast.root) : free_dep;
	return w.oom ? FP_ERR : FP_OK;
}

void fx_flips_free(struct fx_flips *fl)
{
	free(fl->at);
	fl->at = NULL;
	fl->n = fl->cap = 0;
}

/* ---- the values of a flip's difference, case by case ------------------ */

struct eval {
	const struct fx_ast *a;
	const struct fx_env *env;
	double *agg; /* per node: an aggregate's value, once computed */
	bool *done;
	bool oom;
};

static double value(struct eval *e, int n, size_t i);

static double agg_value(struct eval *e, int n)
{
	const struct fx_node *node = &e->a->nodes[n];
	int x = node->kid, pn = e->a->nodes[x].next;
	size_t ncases = e->env->ncases;
	double *vals = NULL, p;
	struct fx_acc acc;

	if (e->done[n])
		return e->agg[n];
	if (fx_agg_needs_values(node->fn) &&
	    !(vals = malloc((ncases ? ncases : 1) * sizeof *vals))) {
		e->oom = true;
		return NAN;
	}
	/* p first: an aggregate inside it is then done before this one. */
	p = pn >= 0 ? value(e, pn, 0) : 0;
	fx_acc_init(&acc, node->fn, vals);
	for (size_t j = 0; j < ncases; j++)
		fx_acc_one(&acc, node->fn, value(e, x, j), j);
	e->agg[n] = fx_acc_final(&acc, node->fn, p);
	e->done[n] = true;
	free(vals);
	return e->agg[n];
}

/* The value of node n for case i, as the evaluator computes it (ops.h). */
static double value(struct eval *e, int n, size_t i)
{
	const struct fx_node *node = &e->a->nodes[n];
	double args[3] = {0, 0, 0};
	int k = 0;

	if (node->kind == NK_NUM)
		return node->num;
	if (node->kind == NK_NAME) {
		const struct fx_slot *s = &e->env->slots[node->slot];
		return s->shape == FX_PERCASE ? s->values[i] : s->scalar;
	}
	if (fn_is_agg(node->fn))
		return agg_value(e, n);
	if (node->fn == FN_IF) {
		double c = value(e, node->kid, i);
		return c != c
		           ? c
		           : value(e, fx_ast_arg(e->a, n, c != 0 ? 1 : 2), i);
	}
	for (int c = node->kid; c >= 0 && k < 3; c = e->a->nodes[c].next)
		args[k++] = value(e, c, i);
	return fx_apply(node->fn, args);
}

/* Node n's values for the cases [i0, i0 + len) of one block, len <=
 * FX_BLOCK: where they are (the rest of the block unspecified).  What
 * value() computes case by case, through the block kernels, which apply
 * the same fx_NAME() to each value (kernels.c): the same bits.  Node k's
 * block, when it needs one, is buf + k * FX_BLOCK; a one-number node is
 * value() once, broadcast. */
static const double *block(struct eval *e, int n, size_t i0, size_t len,
                           double *buf)
{
	const struct fx_node *node = &e->a->nodes[n];
	double *out = buf + (size_t)n * FX_BLOCK;
	const double *arg[3] = {NULL, NULL, NULL};
	union fx_kernel kern;
	int k = 0;

	if (node->kind == NK_NAME &&
	    e->env->slots[node->slot].shape == FX_PERCASE) {
		const double *v = e->env->slots[node->slot].values + i0;

		if (len == FX_BLOCK)
			return v;
		memcpy(out, v, len * sizeof *v);
		memset(out + len, 0, (FX_BLOCK - len) * sizeof *out);
		return out;
	}
	if (node->kind != NK_APPLY || node->shape != FX_PERCASE ||
	    fn_is_agg(node->fn)) {
		fx_k_fill(out, value(e, n, i0));
		return out;
	}
	for (int c = node->kid; c >= 0 && k < 3; c = e->a->nodes[c].next)
		arg[k++] = block(e, c, i0, len, buf);
	kern = fx_kernel_for(node->fn, k == 1 ? F_V : k == 2 ? F_VV : F_VVV);
	if (k == 1 && kern.v)
		kern.v(out, arg[0]);
	else if (k == 2 && kern.vv)
		kern.vv(out, arg[0], arg[1]);
	else if (k == 3 && kern.vvv)
		kern.vvv(out, arg[0], arg[1], arg[2]);
	else
		for (size_t i = 0; i < len; i++) {
			double v[3] = {0, 0, 0};

			for (int j = 0; j < k; j++)
				v[j] = arg[j][i];
			out[i] = fx_apply(node->fn, v);
		}
	return out;
}

/* The difference of flip f for cases [i0, i0 + len) into out. */
static void difference(struct eval *e, const struct fx_flip *f, size_t i0,
                       size_t len, double *buf, double *out)
{
	const double *x, *y;

	if (f->arg >= 0) {
		x = block(e, fx_ast_arg(e->a, f->node, f->arg), i0, len, buf);
		memcpy(out, x, len * sizeof *x);
		return;
	}
	x = block(e, fx_ast_arg(e->a, f->node, 0), i0, len, buf);
	y = block(e, fx_ast_arg(e->a, f->node, 1), i0, len, buf);
	for (size_t i = 0; i < len; i++)
		out[i] = x[i] - y[i];
}

int fx_flip_values(const struct fx_prog *prog, const struct fx_env *env,
                   const struct fx_flip *f, double *out, size_t *nout)
{
	const struct fx_ast *a = &prog->ast;
	bool per_case = a->nodes[f->node].shape == FX_PERCASE;
	size_t n = per_case ? env->ncases : 1;
	struct eval e = {a, env, malloc((size_t)a->n * sizeof *e.agg),
	                 calloc((size_t)a->n, sizeof *e.done), false};
	double *buf = malloc((size_t)a->n * FX_BLOCK * sizeof *buf);
	bool ok = e.agg && e.done && buf;

	*nout = 0;
	if (ok && !per_case)
		out[0] = f->arg >= 0
		             ? value(&e, fx_ast_arg(a, f->node, f->arg), 0)
		             : value(&e, fx_ast_arg(a, f->node, 0), 0) -
		                   value(&e, fx_ast_arg(a, f->node, 1), 0);
	for (size_t i = 0; ok && per_case && i < n && !e.oom; i += FX_BLOCK)
		difference(&e, f, i, n - i < FX_BLOCK ? n - i : FX_BLOCK, buf,
		           out + i);
	free(buf);
	ok = ok && !e.oom;
	if (ok)
		*nout = n;
	free(e.agg);
	free(e.done);
	return ok ? FP_OK : FP_ERR;
}
