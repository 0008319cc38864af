/* jsonpos.h: positions in a JSON text, for messages.
 *
 * Jansson keeps no source positions, so messages about a JSON value would
 * name no line.  A cursor walks the same text, which jansson has already
 * accepted, beside the jansson tree: same order for array items and object
 * members (jansson keeps insertion order), so the readers can tell where
 * each value they look at stands. */
#ifndef FP_RUN_FORMATS_JSONPOS_H
#define FP_RUN_FORMATS_JSONPOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_t;

struct jcur {
	const char *p, *end;
	uint32_t line, col;
	uint32_t key_line,
	    key_col;    /* in an object: where the member's key is */
	bool in_object; /* inside an object: values follow keys */
};

/* A cursor on the top-level value of text (after blanks). */
void jcur_init(struct jcur *c, const char *text, size_t len);
/* From an array or object at the cursor, onto its first item or member's
 * value; false (cursor unchanged) if it is empty or not a container. */
bool jcur_into(struct jcur *c);
/* Past the current value onto the next item or member's value; false at
 * the end of the container. */
bool jcur_next(struct jcur *c);
/* Bytes of the number or literal the cursor stands on. */
size_t jcur_scalar_len(const struct jcur *c);
/* A cursor on the value of member `key` of object o, which the cursor obj
 * stands on; false if o has no such member. */
bool jcur_member(const struct jcur *obj, struct json_t *o, const char *key,
                 struct jcur *out);

/* Offset of the first byte of what is wrong in a JSON text that jansson
 * refused after reading pos bytes: the start of the token it stopped in,
 * or inside a string the bad escape (its backslash), control character
 * or byte.  at_end: jansson ran out of text; the offset is pos. */
size_t jpos_error_at(const char *text, size_t len, size_t pos, bool at_end);

#endif
