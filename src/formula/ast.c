/* ast.c: the node array of a syntax tree. */
#include "formula/ast.h"
#include "formula/grow.h"

#include <stdlib.h>
#include <string.h>

int fx_ast_add(struct fx_ast *a, const struct fx_node *proto)
{
	bool oom = false;

	a->nodes = fx_grow(a->nodes, &a->cap, a->n + 1, sizeof *a->nodes, &oom);
	if (oom)
		return -1;
	a->nodes[a->n] = *proto;
	a->nodes[a->n].kid = -1;
	a->nodes[a->n].next = -1;
	return a->n++;
}

void fx_ast_free(struct fx_ast *a)
{
	free(a->nodes);
	a->nodes = NULL;
	a->n = a->cap = 0;
}

int fx_ast_arg(const struct fx_ast *a, int n, int k)
{
	int c = a->nodes[n].kid;

	while (c >= 0 && k-- > 0)
		c = a->nodes[c].next;
	return c;
}

void fx_ast_become(struct fx_ast *a, int dst, int src)
{
	int next = a->nodes[dst].next;

	a->nodes[dst] = a->nodes[src];
	a->nodes[dst].next = next;
}

int fx_ast_copy(struct fx_ast *dst, const struct fx_ast *src)
{
	*dst = *src;
	dst->nodes = malloc((size_t)src->cap * sizeof *dst->nodes);
	if (!dst->nodes) {
		dst->n = dst->cap = 0;
		return FP_ERR;
	}
	memcpy(dst->nodes, src->nodes, (size_t)src->n * sizeof *dst->nodes);
	return FP_OK;
}
