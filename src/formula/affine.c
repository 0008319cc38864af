/* affine.c: is a formula affine in one parameter?
 *
 * Sensitivity analysis varies one parameter at a time.  When a formula is
 * affine in it (f(x) = a + b*x, as gain is in the pass reward), two
 * evaluations give f everywhere, so a sweep of a thousand points costs two
 * passes over the cases.  The answer must be exact, never a guess from
 * sampled values, so it is read off the (rewritten) syntax tree:
 * constants in the slot are affine, the slot itself is, and so are sums,
 * differences and negations of affine terms, products with one factor
 * free of the slot, quotients by such a divisor, sums and means over cases
 * of affine terms, and if() whose condition is free of the slot. */
#include "formula/prog.h"

static bool reads_slot(const struct fx_ast *a, int n, int slot)
{
	const struct fx_node *node = &a->nodes[n];

	if (node->kind == NK_NAME)
		return node->slot == slot;
	for (int k = node->kid; k >= 0; k = a->nodes[k].next)
		if (reads_slot(a, k, slot))
			return true;
	return false;
}

static bool affine(const struct fx_ast *a, int n, int slot)
{
	const struct fx_node *node = &a->nodes[n];
	int x = node->kid, y = x >= 0 ? a->nodes[x].next : -1;
	int z = y >= 0 ? a->nodes[y].next : -1;

	if (!reads_slot(a, n, slot) || node->kind == NK_NAME)
		return true;
	if (node->kind != NK_APPLY)
		return false;
	switch (node->fn) {
	case FN_ADD:
	case FN_SUB:
		return affine(a, x, slot) && affine(a, y, slot);
	case FN_NEG:
	case FN_SUM:
	case FN_MEAN:
		return affine(a, x, slot);
	case FN_MUL:
		return (affine(a, x, slot) && !reads_slot(a, y, slot)) ||
		       (!reads_slot(a, x, slot) && affine(a, y, slot));
	case FN_DIV:
		return affine(a, x, slot) && !reads_slot(a, y, slot);
	case FN_IF:
		return !reads_slot(a, x, slot) && affine(a, y, slot) &&
		       affine(a, z, slot);
	default:
		return false;
	}
}

bool fx_prog_affine(const struct fx_prog *prog, int slot)
{
	if (slot < 0 || prog->ast.root < 0)
		return false;
	return affine(&prog->ast, prog->ast.root, slot);
}
