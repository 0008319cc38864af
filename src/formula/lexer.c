/* lexer.c: splits a formula into tokens.
 *
 * Numbers are decimal only ("0.3", ".5", "1e-6"); strtod does the
 * conversion (the program never calls setlocale, so '.' is the point).
 * A number a double cannot hold is an error, not an infinity or a silent
 * 0: 1e400, 1e-400, and also the subnormal 1e-310, whose digits would be
 * cut short.
 * Characters that people bring from other languages ('=', '!', '&&', '^')
 * get a hint at what to write instead. */
#include "formula/lexer.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formula/ast.h"
#include "formula/funcs.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}
static bool is_name_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool is_name_char(char c)
{
	return is_name_start(c) || is_digit(c);
}
static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

void fx_lex_init(struct fx_lexer *lx, const struct fx_src *src, size_t len)
{
	lx->src = src;
	lx->len = len;
	lx->pos = 0;
}

/* True when the literal text, read as v, overflowed to an infinity or lost
 * its digits: underflowed to 0 although a digit is not 0, or became a
 * subnormal number, which keeps fewer significant digits than written. */
static bool out_of_range(const char *text, double v)
{
	if (isinf(v) || (v != 0 && fabs(v) < DBL_MIN))
		return true;
	for (; v == 0 && *text && *text != 'e' && *text != 'E'; text++)
		if (*text >= '1' && *text <= '9')
			return true;
	return false;
}

static int lex_number(struct fx_lexer *lx, struct fx_token *t, struct diag *d)
{
	const char *s = lx->src->text;
	size_t i = lx->pos;
	char buf[128];

	while (i < lx->len && is_digit(s[i]))
		i++;
	if (i < lx->len && s[i] == '.') {
		i++;
		while (i < lx->len && is_digit(s[i]))
			i++;
	}
	if (i < lx->len && (s[i] == 'e' || s[i] == 'E')) {
		size_t e = i + 1;
		if (e < lx->len && (s[e] == '+' || s[e] == '-'))
			e++;
		if (e >= lx->len || !is_digit(s[e])) {
			while (i < lx->len && is_name_char(s[i]))
				i++;
			return fx_error_at(lx->src, lx->pos, d,
			                   "malformed number '%.*s'",
			                   (int)(i - lx->pos), s + lx->pos);
		}
		i = e;
		while (i < lx->len && is_digit(s[i]))
			i++;
	}
	t->kind = T_NUM;
	t->pos = lx->pos;
	t->len = i - lx->pos;
	if (t->len >= sizeof buf)
		return fx_error_at(lx->src, lx->pos, d,
		                   "number has too many digits");
	memcpy(buf, s + lx->pos, t->len);
	buf[t->len] = '\0';
	t->num = strtod(buf, NULL);
	if (out_of_range(buf, t->num))
		return fx_error_at(lx->src, lx->pos, d,
		                   "number %s is out of range (a double holds "
		                   "about 1e-308 to 1e308)",
		                   buf);
	lx->pos = i;
	return FP_OK;
}

/* The length of the longest operator symbol of optable.h that text[0..len)
 * starts with, words (symbols that start like a name) only if word; 0 for
 * none. */
static size_t symbol_at(const char *text, size_t len, bool word)
{
	size_t best = 0;

	for (int k = 0; k < FN_NFN; k++) {
		const char *sym = fx_ops[k].symbol;
		size_t n = strlen(sym);
		if (n > best && n <= len && is_name_start(sym[0]) == word &&
		    memcmp(sym, text, n) == 0)
			best = n;
	}
	return best;
}

static enum fx_tok keyword(const char *s, size_t len)
{
	if (len == 2 && memcmp(s, "if", 2) == 0)
		return T_IF;
	return symbol_at(s, len, true) == len ? T_OP : T_NAME;
}

bool fx_is_keyword(const char *s, size_t len)
{
	return keyword(s, len) != T_NAME;
}

/* A function name hides a column or parameter of that name. */
bool fx_is_reserved(const char *name)
{
	size_t len = strlen(name);

	return fx_func_find(name, len) != NULL || fx_is_keyword(name, len);
}

/* Reports a character that starts no token, with a hint when it is a
 * common spelling from another language. */
static int bad_char(struct fx_lexer *lx, struct diag *d)
{
	const char *s = lx->src->text + lx->pos;
	unsigned char c = (unsigned char)*s;
	const char *hint = "";

	if (c == '=')
		hint = "; did you mean '=='?";
	else if (c == '!')
		hint = "; did you mean 'not' or '!='?";
	else if (c == '&')
		hint = "; did you mean 'and'?";
	else if (c == '|')
		hint = "; did you mean 'or'?";
	else if (c == '^')
		hint = "; did you mean '**'?";
	if (c >= 0x20 && c < 0x7f)
		return fx_error_at(lx->src, lx->pos, d,
		                   "unexpected character '%c'%s", c, hint);
	return fx_error_at(lx->src, lx->pos, d, "unexpected byte 0x%02X",
	                   (unsigned)c);
}

static int lex_token(struct fx_lexer *lx, struct fx_token *t, struct diag *d);

/* The length limit is checked token by token, so that a formula that is
 * both too long and too deeply nested reports the nesting, found first. */
int fx_lex_next(struct fx_lexer *lx, struct fx_token *t, struct diag *d)
{
	if (lex_token(lx, t, d) < 0)
		return FP_ERR;
	if (t->pos + t->len > FX_MAX_SOURCE)
		return fx_error_at(lx->src, t->pos, d,
		                   "formula longer than %d bytes",
		                   FX_MAX_SOURCE);
	return FP_OK;
}

static int lex_token(struct fx_lexer *lx, struct fx_token *t, struct diag *d)
{
	const char *s = lx->src->text;
	char c, n;

	while (lx->pos < lx->len && is_space(s[lx->pos]))
		lx->pos++;
	t->pos = lx->pos;
	t->len = 1;
	t->num = 0;
	if (lx->pos >= lx->len) {
		t->kind = T_END;
		t->len = 0;
		return FP_OK;
	}
	c = s[lx->pos];
	n = lx->pos + 1 < lx->len ? s[lx->pos + 1] : '\0';
	if (is_digit(c) || (c == '.' && is_digit(n)))
		return lex_number(lx, t, d);
	if (is_name_start(c)) {
		size_t i = lx->pos;
		while (i < lx->len && is_name_char(s[i]))
			i++;
		t->len = i - lx->pos;
		t->kind = keyword(s + lx->pos, t->len);
		lx->pos = i;
		return FP_OK;
	}
	switch (c) {
	case '(':
		t->kind = T_LPAREN;
		break;
	case ')':
		t->kind = T_RPAREN;
		break;
	case ',':
		t->kind = T_COMMA;
		break;
	default:
		t->len = symbol_at(s + lx->pos, lx->len - lx->pos, false);
		if (t->len == 0)
			return bad_char(lx, d);
		t->kind = T_OP;
		break;
	}
	lx->pos += t->len;
	return FP_OK;
}

/* ---- the public scan (formula.h) -------------------------------------- */

void fx_scan_init(struct fx_scan *scan, const char *text)
{
	scan->text = text;
	scan->len = strlen(text);
	scan->pos = 0;
}

/* The token at byte pos into *t; false at the end or on text that does not
 * lex (the message is dropped: the caller only shows the text). */
static bool scan_token(const struct fx_scan *scan, size_t pos,
                       struct fx_token *t)
{
	struct fx_src src = {"", 1, 1, NULL, scan->text};
	struct fx_lexer lx = {&src, scan->len, pos};
	struct diag d;

	return lex_token(&lx, t, &d) == FP_OK && t->kind != T_END;
}

bool fx_scan_next(struct fx_scan *scan, struct fx_lexeme *t)
{
	struct fx_token tok, next;

	if (!scan_token(scan, scan->pos, &tok))
		return false;
	scan->pos = tok.pos + tok.len;
	t->pos = tok.pos;
	t->len = tok.len;
	switch (tok.kind) {
	case T_NUM:
		t->kind = FX_LEX_NUMBER;
		break;
	case T_IF:
		t->kind = FX_LEX_FUNCTION;
		break;
	case T_NAME:
		t->kind =
		    scan_token(scan, scan->pos, &next) && next.kind == T_LPAREN
		        ? FX_LEX_FUNCTION
		        : FX_LEX_NAME;
		break;
	case T_OP:
		t->kind = FX_LEX_OPERATOR;
		break;
	default:
		t->kind = FX_LEX_PUNCT;
		break;
	}
	return true;
}
