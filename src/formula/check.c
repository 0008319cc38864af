/* check.c: names to slots, calls to functions, and the shape of every node.
 *
 * Errors are reported in the order a reader meets them, left to right:
 * a call's own problems (unknown function, argument count) before those of
 * its arguments. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "formula/ast.h"
#include "formula/env.h"
#include "formula/funcs.h"
#include "util/editdist.h"

#define MAX_SUGGEST_DISTANCE 2

struct checker {
	struct fx_ast *a;
	const struct fx_env *env;
	const struct fx_src *src;
	struct diag *d;
};

/* Keeps cand as the best suggestion so far if it is closer than *best_dist.
 * Short names allow fewer edits (one in three characters, at most
 * MAX_SUGGEST_DISTANCE), so that "foo" does not suggest "log". */
static void consider(const char *typed, size_t len, const char *cand,
                     const char **best, int *best_dist)
{
	int limit = (int)((len + 1) / 3);
	int dist;

	if (limit > MAX_SUGGEST_DISTANCE)
		limit = MAX_SUGGEST_DISTANCE;
	dist = edit_distance(typed, len, cand, strlen(cand), limit);
	/* Differing only in case is the closest miss of all ("W" for "w"). */
	if (strlen(cand) == len && strncasecmp(typed, cand, len) == 0)
		dist = 0;
	if (dist <= limit && dist < *best_dist) {
		*best = cand;
		*best_dist = dist;
	}
}

static const char *suggest_name(const struct checker *c, const char *s,
                                size_t len)
{
	const char *best = NULL;
	int best_dist = MAX_SUGGEST_DISTANCE + 1;

	/* Only names: a bare word is rarely a misspelt function ("fctor" is
	 * not "floor"), and functions are suggested for calls. */
	for (int i = 0; i < fx_env_count(c->env); i++)
		consider(s, len, fx_env_name(c->env, i), &best, &best_dist);
	return best;
}

static const char *suggest_func(const char *s, size_t len)
{
	const char *best = NULL;
	int best_dist = MAX_SUGGEST_DISTANCE + 1;

	for (int k = 0; k < FN_NFN; k++)
		if (fx_op_callable(&fx_ops[k]))
			consider(s, len, fx_ops[k].name, &best, &best_dist);
	return best;
}

/* Where the text of subtree n starts (its leftmost token). */
static int subtree_start(const struct fx_ast *a, int n)
{
	int pos = a->nodes[n].pos;

	for (int k = a->nodes[n].kid; k >= 0; k = a->nodes[k].next) {
		int p = subtree_start(a, k);
		if (p < pos)
			pos = p;
	}
	return pos;
}

/* "unknown WHAT 'x'" for the name at node, with "; did you mean 'hint'?"
 * when there is a hint. */
static int unknown(struct checker *c, const struct fx_node *node,
                   const char *what, const char *hint)
{
	const char *s = c->a->text + node->pos;

	if (hint)
		return fx_error_at(c->src, (size_t)node->pos, c->d,
		                   "unknown %s '%.*s'; did you mean '%s'?",
		                   what, node->len, s, hint);
	return fx_error_at(c->src, (size_t)node->pos, c->d, "unknown %s '%.*s'",
	                   what, node->len, s);
}

static int check_name(struct checker *c, int n)
{
	struct fx_node *node = &c->a->nodes[n];
	const char *s = c->a->text + node->pos;
	size_t len = (size_t)node->len;
	int ilen = node->len;
	enum fx_shape shape;

	node->slot = fx_env_find(c->env, s, len, &shape);
	if (node->slot >= 0) {
		node->shape = shape;
		return FP_OK;
	}
	if (fx_func_find(s, len))
		return fx_error_at(c->src, (size_t)node->pos, c->d,
		                   "'%.*s' is a function: call it as %.*s(...)",
		                   ilen, s, ilen, s);
	return unknown(c, node, "name", suggest_name(c, s, len));
}

/* Finds the function a call names and checks its argument count. */
static int resolve_call(struct checker *c, int n)
{
	struct fx_node *node = &c->a->nodes[n];
	const char *s = c->a->text + node->pos;
	size_t len = (size_t)node->len;
	int ilen = node->len;
	const struct fx_opinfo *f = fx_func_find(s, len);

	if (!f) {
		if (fx_env_find(c->env, s, len, NULL) >= 0)
			return fx_error_at(c->src, (size_t)node->pos, c->d,
			                   "'%.*s' is not a function", ilen, s);
		return unknown(c, node, "function", suggest_func(s, len));
	}
	if (f->max_args < 0 && node->nargs < f->min_args)
		return fx_error_at(c->src, (size_t)node->pos, c->d,
		                   "%s takes at least %d arguments, got %d",
		                   f->name, f->min_args, node->nargs);
	if (f->max_args >= 0 && node->nargs != f->min_args)
		return fx_error_at(c->src, (size_t)node->pos, c->d,
		                   "%s takes %d argument%s, got %d", f->name,
		                   f->min_args, f->min_args == 1 ? "" : "s",
		                   node->nargs);
	node->fn = f->fn;
	return FP_OK;
}

static int check_node(struct checker *c, int n)
{
	struct fx_ast *a = c->a;
	enum fx_shape shape = FX_SCALAR;
	int arg;

	switch (a->nodes[n].kind) {
	case NK_NUM:
		a->nodes[n].shape = FX_SCALAR;
		return FP_OK;
	case NK_NAME:
		return check_name(c, n);
	case NK_APPLY:
		break;
	}
	if (a->nodes[n].fn == FN_NFN && resolve_call(c, n) < 0)
		return FP_ERR;
	for (arg = a->nodes[n].kid; arg >= 0; arg = a->nodes[arg].next) {
		if (check_node(c, arg) < 0)
			return FP_ERR;
		if (a->nodes[arg].shape == FX_PERCASE)
			shape = FX_PERCASE;
	}
	if (fn_is_agg(a->nodes[n].fn)) {
		int x = a->nodes[n].kid, p = a->nodes[x].next;
		const char *name = fx_fn_name(a->nodes[n].fn);
		if (a->nodes[x].shape != FX_PERCASE)
			return fx_error_at(c->src, (size_t)a->nodes[n].pos,
			                   c->d, "%s needs a per-case value",
			                   name);
		if (p >= 0 && a->nodes[p].shape != FX_SCALAR)
			return fx_error_at(c->src, (size_t)subtree_start(a, p),
			                   c->d, "%s's p must be one number",
			                   name);
		shape = FX_SCALAR;
	}
	a->nodes[n].shape = shape;
	return FP_OK;
}

int fx_check(struct fx_ast *a, const struct fx_env *env,
             const struct fx_src *src, struct diag *d)
{
	struct checker c = {.a = a, .env = env, .src = src, .d = d};

	return check_node(&c, a->root);
}
