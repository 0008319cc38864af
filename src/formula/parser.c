/* parser.c: recursive descent from tokens to the syntax tree.
 *
 * Precedence, lowest first: or, and, not, comparisons (which do not chain),
 * + -, * /, unary minus, ** (right-associative, and tighter than a unary
 * minus on its left: -2**2 is -4, 2**-1 is 0.5).
 *
 * A hostile formula must not overflow the stack: every construct that
 * recurses checks the nesting first, and every node checks its height, both
 * against FX_MAX_DEPTH.  Function names are resolved later, by the checker,
 * so the parser only records "a call of this name". */
#include <stdio.h>
#include <string.h>

#include "formula/ast.h"
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
		.kind = kind, .fn = fn, .pos = (int)pos, .len = (int)len,
		.slot = -1,
	};
	int n = fx_ast_add(p->a, &proto);

	if (n < 0)
		fail(p, pos, "out of memory");
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

/* NAME '(' [expr {',' expr}] ')' with the name already read. */
static int parse_call(struct parser *p, const struct fx_token *name)
{
	struct fx_token open = p->tok;
	int n, first = -1, last = -1, nargs = 0, height = 0;
	int line, col;

	if (enter(p, open.pos) < 0 || advance(p) < 0)
		return -1;
	n = add_node(p, NK_APPLY, FN_CALL, name->pos, name->len);
	if (n < 0)
		return -1;
	if (p->tok.kind != T_RPAREN) {
		for (;;) {
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
			if (p->tok.kind == T_COMMA) {
				if (advance(p) < 0)
					return -1;
				continue;
			}
			if (p->tok.kind == T_RPAREN)
				break;
			fx_src_position(p->src, open.pos, &line, &col);
			if (p->tok.kind == T_END)
				return fx_error_at(p->src, p->tok.pos, p->d,
				                   "expected ')' to close '(' at %d:%d",
				                   line, col);
			return fx_error_at(p->src, p->tok.pos, p->d,
			                   "expected ',' or ')' to close '(' at %d:%d",
			                   line, col);
		}
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

static int parse_group(struct parser *p)
{
	struct fx_token open = p->tok;
	int inner, line, col;

	if (enter(p, open.pos) < 0 || advance(p) < 0)
		return -1;
	inner = parse_expr(p);
	if (inner < 0)
		return -1;
	if (p->tok.kind != T_RPAREN) {
		fx_src_position(p->src, open.pos, &line, &col);
		return fx_error_at(p->src, p->tok.pos, p->d,
		                   "expected ')' to close '(' at %d:%d", line, col);
	}
	p->depth--;
	if (advance(p) < 0)
		return -1;
	/* Parentheses count as a level, so that no text nests unboundedly. */
	if (++p->a->nodes[inner].height > FX_MAX_DEPTH)
		return too_deep(p, open.pos);
	return inner;
}

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

/* power := primary ['**' unary] */
static int parse_unary(struct parser *p);
static int parse_power(struct parser *p)
{
	int base = parse_primary(p), expo;
	struct fx_token op = p->tok;

	if (base < 0 || op.kind != T_POW)
		return base;
	if (enter(p, op.pos) < 0 || advance(p) < 0)
		return -1;
	expo = parse_unary(p);
	if (expo < 0)
		return -1;
	p->depth--;
	return make_op(p, FN_POW, &op, base, expo);
}

/* unary := '-' unary | power */
static int parse_unary(struct parser *p)
{
	struct fx_token op = p->tok;
	int operand;

	if (op.kind != T_MINUS)
		return parse_power(p);
	if (enter(p, op.pos) < 0 || advance(p) < 0)
		return -1;
	operand = parse_unary(p);
	if (operand < 0)
		return -1;
	p->depth--;
	return make_op(p, FN_NEG, &op, operand, -1);
}

static int parse_mul(struct parser *p)
{
	int left = parse_unary(p);

	while (left >= 0 && (p->tok.kind == T_STAR || p->tok.kind == T_SLASH)) {
		struct fx_token op = p->tok;
		int right;
		if (advance(p) < 0 || (right = parse_unary(p)) < 0)
			return -1;
		left = make_op(p, op.kind == T_STAR ? FN_MUL : FN_DIV, &op,
		               left, right);
	}
	return left;
}

static int parse_add(struct parser *p)
{
	int left = parse_mul(p);

	while (left >= 0 && (p->tok.kind == T_PLUS || p->tok.kind == T_MINUS)) {
		struct fx_token op = p->tok;
		int right;
		if (advance(p) < 0 || (right = parse_mul(p)) < 0)
			return -1;
		left = make_op(p, op.kind == T_PLUS ? FN_ADD : FN_SUB, &op,
		               left, right);
	}
	return left;
}

static enum fx_fn comparison(enum fx_tok t)
{
	switch (t) {
	case T_LT: return FN_LT;
	case T_LE: return FN_LE;
	case T_GT: return FN_GT;
	case T_GE: return FN_GE;
	case T_EQ: return FN_EQ;
	case T_NE: return FN_NE;
	default: return FN_NFN;
	}
}

/* cmp := add [CMP add], and no second CMP: a < b < c means nothing useful. */
static int parse_cmp(struct parser *p)
{
	int left = parse_add(p), right;
	struct fx_token op = p->tok;
	enum fx_fn fn = comparison(op.kind);

	if (left < 0 || fn == FN_NFN)
		return left;
	if (advance(p) < 0 || (right = parse_add(p)) < 0)
		return -1;
	if (comparison(p->tok.kind) != FN_NFN)
		return fx_error_at(p->src, p->tok.pos, p->d,
		                   "comparisons do not chain: write "
		                   "'a < b and b < c' instead of 'a < b < c'");
	return make_op(p, fn, &op, left, right);
}

static int parse_not(struct parser *p)
{
	struct fx_token op = p->tok;
	int operand;

	if (op.kind != T_NOT)
		return parse_cmp(p);
	if (enter(p, op.pos) < 0 || advance(p) < 0)
		return -1;
	operand = parse_not(p);
	if (operand < 0)
		return -1;
	p->depth--;
	return make_op(p, FN_NOT, &op, operand, -1);
}

static int parse_and(struct parser *p)
{
	int left = parse_not(p);

	while (left >= 0 && p->tok.kind == T_AND) {
		struct fx_token op = p->tok;
		int right;
		if (advance(p) < 0 || (right = parse_not(p)) < 0)
			return -1;
		left = make_op(p, FN_AND, &op, left, right);
	}
	return left;
}

static int parse_or(struct parser *p)
{
	int left = parse_and(p);

	while (left >= 0 && p->tok.kind == T_OR) {
		struct fx_token op = p->tok;
		int right;
		if (advance(p) < 0 || (right = parse_and(p)) < 0)
			return -1;
		left = make_op(p, FN_OR, &op, left, right);
	}
	return left;
}

static int parse_expr(struct parser *p)
{
	return parse_or(p);
}

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
