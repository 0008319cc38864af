/* parser.c: recursive descent from tokens to the syntax tree.
 *
 * The grammar:
 *
 *   formula ::= expr END
 *   expr    ::= subexpr(0)
 *   subexpr ::= (PREFIX subexpr | primary) {INFIX subexpr}
 *   primary ::= NUMBER | NAME | call | group
 *   call    ::= NAME '(' [expr {',' expr}] ')'
 *   group   ::= '(' expr ')'
 *
 * Operators and their binding powers come from optable.h; expressions are
 * parsed by precedence climbing, as Lua's lparser.c does.  Precedence,
 * lowest first: or, and, not, comparisons (which do not chain), + -, * /,
 * unary minus, ** (right-associative, and tighter than a unary minus on its
 * left: -2**2 is -4, 2**-1 is 0.5).  A prefix operator may start an operand
 * only where it binds at least as tightly as the operator before it, so
 * that "a < not b" is an error, as it reads ambiguously.
 *
 * A hostile formula must not overflow the stack: every construct that
 * recurses checks the nesting first, and every node checks its height, both
 * against FX_MAX_DEPTH.  Function names are resolved later, by the checker,
 * so the parser only records "a call of this name". */
#include <stdio.h>
#include <string.h>

#include "formula/ast.h"
#include "formula/funcs.h"
#include "formula/lexer.h"

#define FN_CALL FN_NFN /* a call not yet resolved to a function */

struct parser {
	const struct fx_src *src;
	struct fx_lexer lx;
	struct fx_token tok;
	struct fx_ast *a;
	struct diag *d;
	int depth; /* constructs open around the current token */
};

static int parse_expr(struct parser *p);

static int advance(struct parser *p)
{
	return fx_lex_next(&p->lx, &p->tok, p->d);
}

static int fail(struct parser *p, size_t pos, const char *msg)
{
	return fx_error_at(p->src, pos, p->d, "%s", msg);
}

/* "found 'x'" for the current token, or the end of the formula. */
static int unexpected(struct parser *p, const char *expected)
{
	const struct fx_token *t = &p->tok;
	int len = t->len > 24 ? 24 : (int)t->len;

	if (t->kind == T_END)
		return fail(p, t->pos, "unexpected end of formula");
	fx_error_at(p->src, t->pos, p->d, "expected %s, found '%.*s%s'",
	            expected, len, p->src->text + t->pos,
	            t->len > 24 ? "..." : "");
	return -1;
}

static int too_deep(struct parser *p, size_t pos)
{
	fx_error_at(p->src, pos, p->d, "formula nested deeper than %d levels",
	            FX_MAX_DEPTH);
	return -1;
}

/* Called before recursing into a nested construct that starts at pos. */
static int enter(struct parser *p, size_t pos)
{
	if (p->depth >= FX_MAX_DEPTH)
		return too_deep(p, pos);
	p->depth++;
	return 0;
}

static int add_node(struct parser *p, enum fx_nkind kind, enum fx_fn fn,
                    size_t pos, size_t len)
{
	struct fx_node proto = {
	    .kind = kind,
	    .fn = fn,
	    .pos = (int)pos,
	    .len = (int)len,
	    .slot = -1,
	};
	int n = fx_ast_add(p->a, &proto);

	if (n < 0)
		diag_oom(p->d);
	return n;
}

/* Links args[0..nargs) under node n and checks the height. */
static int attach(struct parser *p, int n, const int *args, int nargs)
{
	struct fx_node *nodes = p->a->nodes;
	int height = 0;

	for (int k = 0; k < nargs; k++) {
		if (k == 0)
			nodes[n].kid = args[k];
		else
			nodes[args[k - 1]].next = args[k];
		if (nodes[args[k]].height > height)
			height = nodes[args[k]].height;
	}
	nodes[n].nargs = nargs;
	nodes[n].height = height + 1;
	if (nodes[n].height > FX_MAX_DEPTH)
		return too_deep(p, (size_t)nodes[n].pos);
	return n;
}

static int make_op(struct parser *p, enum fx_fn fn, const struct fx_token *op,
                   int left, int right)
{
	int args[2] = {left, right};
	int n = add_node(p, NK_APPLY, fn, op->pos, op->len);

	if (n < 0)
		return -1;
	return attach(p, n, args, right < 0 ? 1 : 2);
}

/* The "expected ')' ... to close '(' at L:C" error for the '(' at open. */
static int unclosed(struct parser *p, size_t open, const char *expected)
{
	int line, col;

	fx_src_position(p->src, open, &line, &col);
	return fx_error_at(p->src, p->tok.pos, p->d,
	                   "expected %s to close '(' at %d:%d", expected, line,
	                   col);
}

/* call ::= NAME '(' [expr {',' expr}] ')'   (the name already read) */
static int parse_call(struct parser *p, const struct fx_token *name)
{
	size_t open = p->tok.pos;
	int n, first = -1, last = -1, nargs = 0, height = 0;

	if (enter(p, open) < 0 || advance(p) < 0)
		return -1;
	n = add_node(p, NK_APPLY, FN_CALL, name->pos, name->len);
	if (n < 0)
		return -1;
	for (bool more = p->tok.kind != T_RPAREN; more;) {
		int arg = parse_expr(p);
		if (arg < 0)
			return -1;
		if (first < 0)
			first = arg;
		else
			p->a->nodes[last].next = arg;
		last = arg;
		nargs++;
		if (p->a->nodes[arg].height > height)
			height = p->a->nodes[arg].height;
		more = p->tok.kind == T_COMMA;
		if (!more && p->tok.kind != T_RPAREN)
			return unclosed(p, open,
			                p->tok.kind == T_END ? "')'"
			                                     : "',' or ')'");
		if (more && advance(p) < 0)
			return -1;
	}
	p->depth--;
	if (advance(p) < 0)
		return -1;
	p->a->nodes[n].kid = first;
	p->a->nodes[n].nargs = nargs;
	p->a->nodes[n].height = height + 1;
	if (height + 1 > FX_MAX_DEPTH)
		return too_deep(p, name->pos);
	return n;
}

/* group ::= '(' expr ')' */
static int parse_group(struct parser *p)
{
	size_t open = p->tok.pos;
	int inner;

	if (enter(p, open) < 0 || advance(p) < 0)
		return -1;
	inner = parse_expr(p);
	if (inner < 0)
		return -1;
	if (p->tok.kind != T_RPAREN)
		return unclosed(p, open, "')'");
	p->depth--;
	if (advance(p) < 0)
		return -1;
	/* Parentheses count as a level, so that no text nests unboundedly. */
	if (++p->a->nodes[inner].height > FX_MAX_DEPTH)
		return too_deep(p, open);
	return inner;
}

/* primary ::= NUMBER | NAME | call | group */
static int parse_primary(struct parser *p)
{
	struct fx_token t = p->tok;
	int n;

	switch (t.kind) {
	case T_NUM:
		n = add_node(p, NK_NUM, 0, t.pos, t.len);
		if (n < 0 || advance(p) < 0)
			return -1;
		p->a->nodes[n].num = t.num;
		return n;
	case T_NAME:
	case T_IF:
		if (advance(p) < 0)
			return -1;
		if (p->tok.kind == T_LPAREN)
			return parse_call(p, &t);
		if (t.kind == T_IF)
			return fail(p, p->tok.pos, "expected '(' after 'if'");
		return add_node(p, NK_NAME, 0, t.pos, t.len);
	case T_LPAREN:
		return parse_group(p);
	default:
		return unexpected(p, "a number, a name or '('");
	}
}

/* The operator of optable.h written as the current token, used infix
 * (prefix false) or prefix; NULL when there is none. */
static const struct fx_opinfo *op_at(const struct parser *p, bool prefix)
{
	const char *s = p->src->text + p->tok.pos;

	if (p->tok.kind != T_OP)
		return NULL;
	for (int k = 0; k < FN_NFN; k++) {
		const struct fx_opinfo *op = &fx_ops[k];
		if ((prefix ? op->prefix : op->infix) > 0 &&
		    strlen(op->symbol) == p->tok.len &&
		    memcmp(op->symbol, s, p->tok.len) == 0)
			return op;
	}
	return NULL;
}

static int parse_subexpr(struct parser *p, int limit);

/* The operand of op, whose token is the current one, parsed as
 * subexpr(limit).  Operators that nest without bound (prefix ones and
 * right-associative ones) count as a level of nesting. */
static int operand(struct parser *p, const struct fx_token *op, int limit,
                   bool nests)
{
	int n;

	if (nests && enter(p, op->pos) < 0)
		return -1;
	if (advance(p) < 0 || (n = parse_subexpr(p, limit)) < 0)
		return -1;
	if (nests)
		p->depth--;
	return n;
}

/* subexpr ::= (PREFIX subexpr | primary) {INFIX subexpr}
 *
 * Reads operators that bind tighter than limit: an infix operator of
 * binding power b takes as its right operand subexpr(b), or subexpr(b - 1)
 * if it is right-associative; a prefix operator of power b starts an
 * operand when b >= limit and takes subexpr(b). */
static int parse_subexpr(struct parser *p, int limit)
{
	const struct fx_opinfo *op = op_at(p, true), *prev = NULL;
	struct fx_token t = p->tok;
	int left, right;

	if (op && op->prefix >= limit) {
		left = operand(p, &t, op->prefix, true);
		if (left >= 0)
			left = make_op(p, op->fn, &t, left, -1);
	} else {
		left = parse_primary(p);
	}
	while (left >= 0 && (op = op_at(p, false)) && op->infix > limit) {
		bool right_assoc = op->assoc == FX_ASSOC_RIGHT;
		if (prev && prev->assoc == FX_ASSOC_NONE &&
		    op->assoc == FX_ASSOC_NONE)
			return fail(p, p->tok.pos,
			            "comparisons do not chain: write "
			            "'a < b and b < c' instead of 'a < b < c'");
		t = p->tok;
		right = operand(p, &t, op->infix - right_assoc, right_assoc);
		if (right < 0)
			return -1;
		left = make_op(p, op->fn, &t, left, right);
		prev = op;
	}
	return left;
}

/* expr ::= subexpr(0) */
static int parse_expr(struct parser *p)
{
	return parse_subexpr(p, 0);
}

/* formula ::= expr END */
int fx_parse(const struct fx_src *src, struct fx_ast *a, struct diag *d)
{
	struct parser p = {.src = src, .a = a, .d = d};
	size_t len = strlen(src->text);

	a->text = src->text;
	a->len = len;
	a->root = -1;
	fx_lex_init(&p.lx, src, len);
	if (advance(&p) < 0)
		return FP_ERR;
	if (p.tok.kind == T_END)
		return fail(&p, p.tok.pos, "empty formula");
	a->root = parse_expr(&p);
	if (a->root < 0)
		return FP_ERR;
	if (p.tok.kind == T_RPAREN)
		return fail(&p, p.tok.pos, "unmatched ')'");
	if (p.tok.kind != T_END)
		return unexpected(&p, "an operator or the end of the formula");
	return FP_OK;
}
