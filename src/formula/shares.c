/* shares.c: each case's share of a one-number formula.
 *
 * For c1 * sum(T1) + c2 * sum(T2) - ..., with coefficients that are one
 * number and hold no aggregate, the share of case i is c1 * T1[i] +
 * c2 * T2[i] ...: the same tree with each of those sums replaced by its
 * argument.  That tree is an ordinary per-case formula, compiled and run
 * like any other (compile.c keeps it next to the program). */
#include "formula/ast.h"

static bool is_coefficient(const struct fx_ast *a, int n)
{
	return a->nodes[n].shape == FX_SCALAR && a->nodes[n].level == 0;
}

static bool is_linear(const struct fx_ast *a, int n)
{
	const struct fx_node *node = &a->nodes[n];
	int l = node->kid, r = l >= 0 ? a->nodes[l].next : -1;

	if (node->kind != NK_APPLY)
		return false;
	switch (node->fn) {
	case FN_SUM:
		return true;
	case FN_ADD:
	case FN_SUB:
		return is_linear(a, l) && is_linear(a, r);
	case FN_NEG:
		return is_linear(a, l);
	case FN_MUL:
		return (is_linear(a, l) && is_coefficient(a, r)) ||
		       (is_coefficient(a, l) && is_linear(a, r));
	case FN_DIV:
		return is_linear(a, l) && is_coefficient(a, r);
	default:
		return false;
	}
}

/* Replaces the sums along the linear structure by their arguments; sums
 * inside a T stay (they are one number there). */
static void strip(struct fx_ast *a, int n)
{
	struct fx_node *node = &a->nodes[n];
	int l = node->kid, r = l >= 0 ? a->nodes[l].next : -1;

	switch (node->fn) {
	case FN_SUM:
		fx_ast_become(a, n, l);
		return;
	case FN_ADD:
	case FN_SUB:
		strip(a, l);
		strip(a, r);
		break;
	case FN_NEG:
	case FN_DIV:
		strip(a, l);
		break;
	case FN_MUL:
		strip(a, is_linear(a, l) ? l : r);
		break;
	default:
		return;
	}
	/* Along this spine everything is now per case. */
	a->nodes[n].shape = FX_PERCASE;
}

bool fx_make_shares(struct fx_ast *a)
{
	if (!is_linear(a, a->root))
		return false;
	strip(a, a->root);
	return true;
}
