/* jsonpos.c: where the values of a JSON text stand (see input.h).
 *
 * The text has been accepted by jansson, so the cursor can trust its
 * syntax: it only needs to skip strings (with their escapes), scalars and
 * nested containers, counting lines and characters as it goes.  It never
 * reads past the end, whatever the text. */
#include <jansson.h>
#include <string.h>

#include "input/input.h"

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

/* At a member's key: onto its value. */
static void skip_key(struct jcur *c)
{
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
	json_object_foreach(o, k, v) {
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
