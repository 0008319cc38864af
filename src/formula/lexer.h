/* lexer.h: the tokens of a formula. */
#ifndef FP_FORMULA_LEXER_H
#define FP_FORMULA_LEXER_H

#include <stddef.h>

#include "formula/formula.h"

enum fx_tok {
	T_END, T_NUM, T_NAME,
	T_AND, T_OR, T_NOT, T_IF,               /* keywords */
	T_PLUS, T_MINUS, T_STAR, T_SLASH, T_POW,
	T_LT, T_LE, T_GT, T_GE, T_EQ, T_NE,
	T_LPAREN, T_RPAREN, T_COMMA,
};

struct fx_token {
	enum fx_tok kind;
	size_t pos, len; /* in the text */
	double num;      /* T_NUM */
};

struct fx_lexer {
	const struct fx_src *src;
	size_t len, pos;
};

/* True if s[0..len) is a word of the language (and, or, not, if). */
bool fx_is_keyword(const char *s, size_t len);

void fx_lex_init(struct fx_lexer *lx, const struct fx_src *src, size_t len);

/* Reads the next token into *t.  Fails on a character that starts no token
 * or a number that is malformed or too large. */
int fx_lex_next(struct fx_lexer *lx, struct fx_token *t, struct diag *d);

#endif
