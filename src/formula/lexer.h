/* lexer.h: the tokens of a formula. */
#ifndef FP_FORMULA_LEXER_H
#define FP_FORMULA_LEXER_H

#include <stddef.h>

#include "formula/formula.h"

enum fx_tok {
	T_END,
	T_NUM,
	T_NAME,
	T_IF, /* a keyword, but also a function: if(c, a, b) */
	T_OP, /* an operator of optable.h, by its symbol ("+", "and") */
	T_LPAREN,
	T_RPAREN,
	T_COMMA,
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

/* True if s[0..len) is a word of the language (if, and the operators
 * written as words: and, or, not). */
bool fx_is_keyword(const char *s, size_t len);

void fx_lex_init(struct fx_lexer *lx, const struct fx_src *src, size_t len);

/* Reads the next token into *t.  Fails on a character that starts no token
 * or a number that is malformed or too large. */
int fx_lex_next(struct fx_lexer *lx, struct fx_token *t, struct diag *d);

#endif
