/* jsonpos.c: where the values of a JSON text stand (see input.h).
 *
 * The text has been accepted by jansson, so the cursor can trust its
 * syntax: it only needs to skip strings (with their escapes), scalars and
 * nested containers, counting lines and characters as it goes.  It never
 * reads past the end, whatever the text. */
#include <jansson.h>
#include <string.h>

#include "run/formats/jsonpos.h"
#include "util/escape.h"

/* Steps over one byte.  Columns count characters: a UTF-8 continuation
 * byte does not start a new one. */
static void step(struct jcur *c)
{
	unsigned char b = (unsigned char)*c->p++;

	if (b == '\n') {
		c->line++;
		c->col = 1;
	} else if ((b & 0xc0) != 0x80) {
		c->col++;
	}
}

static bool at(const struct jcur *c, char ch)
{
	return c->p < c->end && *c->p == ch;
}

static void skip_blanks(struct jcur *c)
{
	while (c->p < c->end && strchr(" \t\r\n", *c->p) && *c->p)
		step(c);
}

/* At an opening quote: past the closing one. */
static void skip_string(struct jcur *c)
{
	step(c);
	while (c->p < c->end && *c->p != '"') {
		if (*c->p == '\\' && c->p + 1 < c->end)
			step(c);
		step(c);
	}
	if (c->p < c->end)
		step(c);
}

static void skip_value(struct jcur *c)
{
	size_t depth = 0;

	do {
		if (c->p >= c->end)
			return;
		if (*c->p == '"') {
			skip_string(c);
			continue;
		}
		if (*c->p == '[' || *c->p == '{')
			depth++;
		else if (*c->p == ']' || *c->p == '}')
			depth--;
		else if (depth == 0) {
			/* A number or literal: up to the next delimiter. */
			while (c->p < c->end && !strchr(",]} \t\r\n", *c->p))
				step(c);
			return;
		}
		step(c);
	} while (depth > 0);
}

size_t jcur_scalar_len(const struct jcur *c)
{
	size_t n = 0;

	while (c->p + n < c->end && !strchr(",]} \t\r\n", c->p[n]))
		n++;
	return n;
}

/* At a member's key: onto its value. */
static void skip_key(struct jcur *c)
{
	c->key_line = c->line;
	c->key_col = c->col;
	skip_string(c);
	skip_blanks(c);
	if (at(c, ':'))
		step(c);
	skip_blanks(c);
}

void jcur_init(struct jcur *c, const char *text, size_t len)
{
	*c = (struct jcur){.p = text, .end = text + len, .line = 1, .col = 1};
	skip_blanks(c);
}

bool jcur_into(struct jcur *c)
{
	struct jcur in = *c;

	if (!at(c, '[') && !at(c, '{'))
		return false;
	in.in_object = *c->p == '{';
	step(&in);
	skip_blanks(&in);
	if (in.p >= in.end || *in.p == ']' || *in.p == '}')
		return false;
	if (in.in_object)
		skip_key(&in);
	*c = in;
	return true;
}

bool jcur_next(struct jcur *c)
{
	skip_value(c);
	skip_blanks(c);
	if (!at(c, ','))
		return false;
	step(c);
	skip_blanks(c);
	if (c->in_object)
		skip_key(c);
	return true;
}

bool jcur_member(const struct jcur *obj, json_t *o, const char *key,
                 struct jcur *out)
{
	struct jcur c = *obj;
	const char *k;
	json_t *v;
	bool more;

	if (!json_is_object(o) || !json_object_get(o, key))
		return false;
	more = jcur_into(&c);
	/* Jansson keeps members in the order of the text. */
	json_object_foreach(o, k, v)
	{
		if (!more)
			return false;
		if (strcmp(k, key) == 0) {
			*out = c;
			return true;
		}
		more = jcur_next(&c);
	}
	return false;
}

/* ---- where a syntax error is ---- */

/* Offset just past the token that starts at i (a string to its closing
 * quote, a bracket or punctuation, or a scalar up to a delimiter). */
static size_t token_end(const char *t, size_t len, size_t i)
{
	if (t[i] == '"') {
		for (i++; i < len && t[i] != '"'; i++)
			if (t[i] == '\\')
				i++;
		return i < len ? i + 1 : len;
	}
	if (strchr("[]{}:,", t[i]))
		return i + 1;
	for (i++; i < len && !strchr("[]{}:,\" \t\r\n", t[i]); i++)
		;
	return i;
}

/* Value of the four hex digits at s (avail bytes there), or -1. */
static long hex4(const char *s, size_t avail)
{
	return avail < 4 ? -1 : escape_hex_value(s, 4);
}

/* Bytes of the escape at t[i] (a backslash) if it is valid JSON and no
 * \u0000 or lone surrogate; 0 if it is what is wrong. */
static size_t escape_len(const char *t, size_t len, size_t i)
{
	long v, lo;

	if (i + 1 >= len || !strchr("\"\\/bfnrtu", t[i + 1]))
		return 0;
	if (t[i + 1] != 'u')
		return 2;
	v = hex4(t + i + 2, len - i - 2);
	if (v <= 0 || (v >= 0xdc00 && v <= 0xdfff))
		return 0;
	if (v < 0xd800 || v > 0xdbff)
		return 6;
	if (i + 7 >= len || t[i + 6] != '\\' || t[i + 7] != 'u')
		return 0;
	lo = hex4(t + i + 8, len - i - 8);
	return lo >= 0xdc00 && lo <= 0xdfff ? 12 : 0;
}

/* In the string whose quote is at t[q]: the first byte that is wrong (a
 * control character, a bad or NUL escape, a lone surrogate, a byte that
 * is no UTF-8), or q itself if none is. */
static size_t string_fault(const char *t, size_t len, size_t q)
{
	size_t i = q + 1, n;

	while (i < len && t[i] != '"') {
		unsigned char c = (unsigned char)t[i];
		if (c < 0x20)
			return i;
		if (c == '\\') {
			if (!(n = escape_len(t, len, i)))
				return i;
		} else if (c >= 0x80) {
			if (!(n = escape_utf8_len(t + i, len - i)))
				return i;
		} else {
			n = 1;
		}
		i += n;
	}
	return q;
}

size_t jpos_error_at(const char *text, size_t len, size_t pos, bool at_end)
{
	size_t i = 0, last = 0;
	bool any = false;

	if (pos > len)
		pos = len;
	if (at_end)
		return pos;
	/* Jansson reads token by token; the error is in the last token that
	 * starts before where it stopped. */
	for (;;) {
		while (i < len && strchr(" \t\r\n", text[i]) && text[i])
			i++;
		if (i >= len || i >= pos)
			break;
		last = i;
		any = true;
		i = token_end(text, len, i);
	}
	if (!any)
		return pos;
	return text[last] == '"' ? string_fault(text, len, last) : last;
}
