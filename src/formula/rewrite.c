/* rewrite.c: the checked tree made cheaper to run, still as a tree.
 *
 * - min/max with many arguments become a balanced tree of two-argument
 *   ones (exact: min and max do not round), clamp(x, lo, hi) becomes
 *   min(max(x, lo), hi), with hi replaced by bounds(lo, hi) (NaN when
 *   lo > hi) unless both are constants; then lo > hi is an error now.
 * - In a per-case product or sum, factors that are one number are moved
 *   together so they are computed once per evaluation instead of once per
 *   case: perf_weight * d / W * 100 becomes (perf_weight / W * 100) * d.
 *   This reassociates, so the last bit may differ from left-to-right
 *   evaluation; it is done only when it saves per-case work.
 * - Operations on constants are computed now (0.3 + 0.5*2 becomes 1.3),
 *   unless the result is not finite: then it stays, to fail at run time
 *   with its position.  if() with a constant condition keeps one branch.
 *
 * Nodes keep the position of the operator they stand for, so the
 * diagnostic evaluator can still point at the source. */
#include <math.h>
#include <stdlib.h>

#include "formula/ast.h"
#include "util/numfmt.h"

struct rewriter {
	struct fx_ast *a;
	const struct fx_src *src;
	bool reassociate;
	struct diag *d;
};

static int oom(struct rewriter *r)
{
	return diag_oom(r->d);
}

static int new_op(struct rewriter *r, enum fx_fn fn, int left, int right,
                  int pos, int len)
{
	struct fx_node proto = {
	    .kind = NK_APPLY, .fn = fn, .pos = pos, .len = len, .slot = -1};
	int n = fx_ast_add(r->a, &proto);

	if (n < 0)
		return oom(r);
	r->a->nodes[n].kid = left;
	r->a->nodes[left].next = right;
	r->a->nodes[right].next = -1;
	r->a->nodes[n].nargs = 2;
	return n;
}

/* Balanced tree of fn over args[lo..hi). */
static int balance(struct rewriter *r, enum fx_fn fn, const int *args, int lo,
                   int hi, int pos, int len)
{
	int mid = lo + (hi - lo) / 2, left, right;

	if (hi - lo == 1)
		return args[lo];
	left = balance(r, fn, args, lo, mid, pos, len);
	if (left < 0)
		return -1;
	right = balance(r, fn, args, mid, hi, pos, len);
	if (right < 0)
		return -1;
	return new_op(r, fn, left, right, pos, len);
}

static int lower(struct rewriter *r, int n)
{
	struct fx_ast *a = r->a;
	struct fx_node node = a->nodes[n];
	int *args, k = 0, top;

	if (node.kind != NK_APPLY)
		return FP_OK;
	if ((node.fn == FN_MIN || node.fn == FN_MAX) && node.nargs > 2) {
		args = malloc((size_t)node.nargs * sizeof *args);
		if (!args)
			return oom(r);
		for (int c = node.kid; c >= 0; c = a->nodes[c].next)
			args[k++] = c;
		top = balance(r, node.fn, args, 0, k, node.pos, node.len);
		free(args);
		if (top < 0)
			return FP_ERR;
		fx_ast_become(a, n, top);
	}
	return FP_OK;
}

/* A copy of subtree n, made of new nodes, or -1 when out of memory. */
static int clone(struct rewriter *r, int n)
{
	struct fx_node proto = r->a->nodes[n];
	int c = fx_ast_add(r->a, &proto), prev = -1;

	if (c < 0)
		return oom(r);
	for (int k = proto.kid; k >= 0; k = r->a->nodes[k].next) {
		int kc = clone(r, k);
		if (kc < 0)
			return -1;
		if (prev < 0)
			r->a->nodes[c].kid = kc;
		else
			r->a->nodes[prev].next = kc;
		prev = kc;
	}
	return c;
}

static void fold(struct fx_ast *a, int n);
static void annotate(struct fx_ast *a, int n);

/* The new node fn(left, right), folded and annotated; -1 when out of
 * memory. */
static int new_final_op(struct rewriter *r, enum fx_fn fn, int left, int right,
                        const struct fx_node *at)
{
	int n = new_op(r, fn, left, right, at->pos, at->len);

	if (n >= 0) {
		fold(r->a, n);
		annotate(r->a, n);
	}
	return n;
}

/* clamp(x, lo, hi), its arguments rewritten, becomes min(max(x, lo), hi).
 * Bounds the wrong way round are an error here when both are constants;
 * else hi is checked against a copy of lo when the formula runs (the tree
 * shares no nodes). */
static int lower_clamp(struct rewriter *r, int n)
{
	struct fx_ast *a = r->a;
	struct fx_node node = a->nodes[n];
	int x = node.kid, lo = a->nodes[x].next, hi = a->nodes[lo].next;
	int top;

	if (a->nodes[lo].kind == NK_NUM && a->nodes[hi].kind == NK_NUM) {
		char l[NUMFMT_MAX], h[NUMFMT_MAX];
		if (a->nodes[lo].num > a->nodes[hi].num)
			return fx_error_at(
			    r->src, (size_t)node.pos, r->d,
			    "clamp's lower bound %s is above its "
			    "upper bound %s",
			    numfmt_exact(l, a->nodes[lo].num),
			    numfmt_exact(h, a->nodes[hi].num));
	} else {
		int lo2 = clone(r, lo);
		if (lo2 < 0 ||
		    (hi = new_final_op(r, FN_BOUNDS, lo2, hi, &node)) < 0)
			return FP_ERR;
	}
	if ((top = new_final_op(r, FN_MAX, x, lo, &node)) < 0 ||
	    (top = new_final_op(r, FN_MIN, top, hi, &node)) < 0)
		return FP_ERR;
	fx_ast_become(a, n, top);
	return FP_OK;
}

/* ---- reassociation ---------------------------------------------------- */

struct factor {
	int node;
	bool inverse; /* divided by / subtracted */
	int pos, len; /* the operator that applies it */
};

#define MAX_FACTORS (FX_MAX_DEPTH + 2)

/* Collects the factors along the left spine of a product (or sum). */
static int flatten(const struct fx_ast *a, int n, enum fx_fn fwd,
                   enum fx_fn inv, struct factor *f, int nf)
{
	const struct fx_node *node = &a->nodes[n];
	int right;

	if (node->kind != NK_APPLY || (node->fn != fwd && node->fn != inv) ||
	    nf >= MAX_FACTORS - 1) {
		f[nf] = (struct factor){n, false, node->pos, node->len};
		return nf + 1;
	}
	right = a->nodes[node->kid].next;
	nf = flatten(a, node->kid, fwd, inv, f, nf);
	f[nf] = (struct factor){right, node->fn == inv, node->pos, node->len};
	/* The leftmost factor is applied by the first operator. */
	if (nf == 1)
		f[0].pos = node->pos, f[0].len = node->len;
	return nf + 1;
}

static int reassociate(struct rewriter *r, int n, enum fx_fn fwd,
                       enum fx_fn inv)
{
	struct fx_ast *a = r->a;
	struct factor f[MAX_FACTORS];
	int nf, nscalar = 0, first_vec = -1, first_num = -1;
	bool scalar_after_vec = false;
	int acc = -1;

	nf = flatten(a, n, fwd, inv, f, 0);
	for (int k = 0; k < nf; k++) {
		bool scalar = a->nodes[f[k].node].shape == FX_SCALAR;
		if (!scalar && first_vec < 0)
			first_vec = k;
		if (scalar) {
			nscalar++;
			if (first_vec >= 0)
				scalar_after_vec = true;
			if (!f[k].inverse && first_num < 0)
				first_num = k;
		}
	}
	if (first_vec < 0 || nscalar < 2 || !scalar_after_vec)
		return FP_OK;

	if (first_num >= 0) {
		/* The scalar part in source order, then the per-case factors. */
		acc = f[first_num].node;
		for (int k = 0; k < nf && acc >= 0; k++)
			if (k != first_num &&
			    a->nodes[f[k].node].shape == FX_SCALAR)
				acc = new_op(r, f[k].inverse ? inv : fwd, acc,
				             f[k].node, f[k].pos, f[k].len);
		for (int k = 0; k < nf && acc >= 0; k++)
			if (a->nodes[f[k].node].shape != FX_SCALAR)
				acc = new_op(r, f[k].inverse ? inv : fwd, acc,
				             f[k].node, f[k].pos, f[k].len);
	} else {
		/* Only divisors are scalar: combine them, divide once.  The
		 * leftmost factor is never a divisor, so it is per-case here. */
		int den = -1, first_den = -1;
		acc = f[0].node;
		for (int k = 1; k < nf && acc >= 0; k++)
			if (a->nodes[f[k].node].shape != FX_SCALAR)
				acc = new_op(r, f[k].inverse ? inv : fwd, acc,
				             f[k].node, f[k].pos, f[k].len);
		for (int k = 0; k < nf && acc >= 0; k++) {
			if (a->nodes[f[k].node].shape != FX_SCALAR)
				continue;
			if (den < 0) {
				den = f[k].node;
				first_den = k;
			} else if ((den = new_op(r, fwd, den, f[k].node,
			                         f[k].pos, f[k].len)) < 0) {
				acc = -1;
			}
		}
		if (acc >= 0)
			acc = new_op(r, inv, acc, den, f[first_den].pos,
			             f[first_den].len);
	}
	if (acc < 0)
		return FP_ERR;
	fx_ast_become(a, n, acc);
	return FP_OK;
}

/* ---- folding, shapes, levels ------------------------------------------ */

static void fold(struct fx_ast *a, int n)
{
	struct fx_node *node = &a->nodes[n];
	double args[3];
	int k = 0;

	if (node->kind != NK_APPLY || fn_is_agg(node->fn))
		return;
	if (node->fn == FN_IF) {
		int c = node->kid;
		if (a->nodes[c].kind == NK_NUM && !isnan(a->nodes[c].num))
			fx_ast_become(
			    a, n,
			    fx_ast_arg(a, n, a->nodes[c].num != 0 ? 1 : 2));
		if (a->nodes[n].kind != NK_APPLY || a->nodes[n].fn != FN_IF)
			return;
	}
	for (int c = node->kid; c >= 0; c = a->nodes[c].next) {
		if (a->nodes[c].kind != NK_NUM || k == 3)
			return;
		args[k++] = a->nodes[c].num;
	}
	double v = fx_apply(node->fn, args);
	if (!isfinite(v))
		return;
	node->kind = NK_NUM;
	node->num = v;
	node->kid = -1;
	node->nargs = 0;
}

static void annotate(struct fx_ast *a, int n)
{
	struct fx_node *node = &a->nodes[n];
	int height = 0, level = 0;
	bool percase = false;

	if (node->kind != NK_APPLY) {
		node->height = 0;
		node->level = 0;
		if (node->kind == NK_NUM)
			node->shape = FX_SCALAR;
		return;
	}
	for (int c = node->kid; c >= 0; c = a->nodes[c].next) {
		const struct fx_node *arg = &a->nodes[c];
		if (arg->height > height)
			height = arg->height;
		if (arg->level > level)
			level = arg->level;
		if (arg->shape == FX_PERCASE)
			percase = true;
	}
	node->height = height + 1;
	if (fn_is_agg(node->fn)) {
		node->shape = FX_SCALAR;
		node->level = level + 1;
	} else {
		node->shape = percase ? FX_PERCASE : FX_SCALAR;
		node->level = level;
	}
}

static int rewrite(struct rewriter *r, int n)
{
	struct fx_ast *a = r->a;

	if (lower(r, n) < 0)
		return FP_ERR;
	for (int c = a->nodes[n].kid; c >= 0; c = a->nodes[c].next)
		if (rewrite(r, c) < 0)
			return FP_ERR;
	if (a->nodes[n].kind == NK_APPLY && a->nodes[n].fn == FN_CLAMP &&
	    lower_clamp(r, n) < 0)
		return FP_ERR;
	if (r->reassociate && a->nodes[n].kind == NK_APPLY &&
	    a->nodes[n].shape == FX_PERCASE) {
		enum fx_fn fn = a->nodes[n].fn;
		int first_new = a->n, ok = FP_OK;
		if (fn == FN_MUL || fn == FN_DIV)
			ok = reassociate(r, n, FN_MUL, FN_DIV);
		else if (fn == FN_ADD || fn == FN_SUB)
			ok = reassociate(r, n, FN_ADD, FN_SUB);
		if (ok < 0)
			return FP_ERR;
		/* New nodes are made operands first, so creation order is a
		 * valid bottom-up order to fold and annotate them. */
		for (int k = first_new; k < a->n; k++) {
			fold(a, k);
			annotate(a, k);
		}
	}
	fold(a, n);
	annotate(a, n);
	return FP_OK;
}

int fx_rewrite(struct fx_ast *a, const struct fx_src *src, bool reassociate,
               struct diag *d)
{
	struct rewriter r = {
	    .a = a, .src = src, .reassociate = reassociate, .d = d};

	return rewrite(&r, a->root);
}
