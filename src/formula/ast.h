/* ast.h: the syntax tree, and the passes over it up to code generation.
 *
 * Nodes live in one growable array and refer to each other by index, so
 * that adding a node (which may move the array) never leaves a dangling
 * pointer.  Arguments form a list: kid is the first, next the following
 * sibling.  The tree is at most FX_MAX_DEPTH high (the parser guarantees
 * it, and rewriting keeps it within a small factor), so passes over it may
 * recurse. */
#ifndef FP_FORMULA_AST_H
#define FP_FORMULA_AST_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/formula.h"
#include "formula/ops.h"
#include "util/diag.h"

enum fx_nkind { NK_NUM, NK_NAME, NK_APPLY };

struct fx_node {
	enum fx_nkind kind;
	enum fx_fn fn;       /* NK_APPLY */
	enum fx_shape shape; /* set by the checker, updated by rewriting */
	int pos, len;        /* the token that names the node, in the text */
	int height;          /* levels of nesting below and including it */
	int kid, next;       /* first argument, next sibling; -1 for none */
	int nargs;
	int slot;   /* NK_NAME, once resolved */
	int level;  /* passes over the cases needed before its value */
	double num; /* NK_NUM */
};

struct fx_ast {
	struct fx_node *nodes;
	int n, cap;
	int root;
	const char *text; /* not owned */
	size_t len;
};

/* Appends a copy of proto (kid, next: -1) and returns its index, or -1 when
 * out of memory. */
int fx_ast_add(struct fx_ast *a, const struct fx_node *proto);
void fx_ast_free(struct fx_ast *a);

/* The k-th argument of node n (0-based). */
int fx_ast_arg(const struct fx_ast *a, int n, int k);

/* Makes node dst what node src is, keeping dst's place in its parent's
 * argument list. */
void fx_ast_become(struct fx_ast *a, int dst, int src);

/* Copies src into an empty dst (caller frees with fx_ast_free). */
int fx_ast_copy(struct fx_ast *dst, const struct fx_ast *src);

/* Parses src->text into a (caller frees with fx_ast_free, also on error). */
int fx_parse(const struct fx_src *src, struct fx_ast *a, struct diag *d);

/* Resolves names against env, checks argument counts and shapes. */
int fx_check(struct fx_ast *a, const struct fx_env *env,
             const struct fx_src *src, struct diag *d);

/* Lowers n-ary min/max and clamp to binary operations, moves scalar factors
 * out of per-case products and sums (so they are computed once) when
 * reassociate is set, folds constants, and recomputes shapes and aggregate
 * levels.  Fails when out of memory, and on a clamp whose constant bounds
 * are the wrong way round. */
int fx_rewrite(struct fx_ast *a, const struct fx_src *src, bool reassociate,
               struct diag *d);

/* If the one-number formula a is a linear combination of sums with
 * aggregate-free one-number coefficients, turns it into the per-case
 * expression of each case's share (every such sum(T) replaced by T) and
 * returns true; else leaves it alone and returns false (shares.c). */
bool fx_make_shares(struct fx_ast *a);

/* ---- source positions (srcpos.c) -------------------------------------- */

/* File line and column of byte offset off of src->text. */
void fx_src_position(const struct fx_src *src, size_t off, int *line, int *col);

/* Fills d with the message at byte offset off of src->text, with the source
 * line and caret.  Returns FP_ERR. */
int fx_error_at(const struct fx_src *src, size_t off, struct diag *d,
                const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
