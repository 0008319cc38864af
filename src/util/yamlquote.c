/* yamlquote.c: a double-quoted YAML scalar laid out as in its file.
 *
 * libyaml hands over a double-quoted scalar decoded: "min(1,\n x)" holds
 * a real line break where the file has the two characters \ and n, so
 * offsets in the decoded text are not offsets in the file.  For a formula
 * only blanks differ between the two when every escape stands for a blank,
 * so a copy of the file's text with those escapes blanked out reads as the
 * same formula and keeps the file's positions (see ydoc_quoted_layout). */
#include "util/yamldoc.h"

#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

/* Length of the escape at p (a backslash) if it stands for a blank (space,
 * tab, line feed, carriage return), else 0. */
static size_t blank_escape(const char *p, const char *limit)
{
	static const char digits[] = {['x'] = 2, ['u'] = 4, ['U'] = 8};
	unsigned char e;
	long v;

	if (limit - p < 2)
		return 0;
	e = (unsigned char)p[1];
	if (e == 't' || e == '\t' || e == 'n' || e == 'r' || e == ' ')
		return 2;
	if (e >= sizeof digits || !digits[e] || limit - p < 2 + digits[e])
		return 0;
	v = escape_hex_value(p + 2, digits[e]);
	return v == ' ' || v == '\t' || v == '\n' || v == '\r'
	           ? 2 + (size_t)digits[e]
	           : 0;
}

char *ydoc_quoted_layout(const char *p, const char *limit, size_t *len)
{
	const char *q = p;
	char *out;
	size_t n;

	/* The closing quote: the first one that no backslash escapes. */
	while (q < limit && *q != '"')
		q += *q == '\\' && q + 1 < limit ? 2 : 1;
	if (q >= limit || !(out = malloc((size_t)(q - p) + 1)))
		return NULL;
	for (size_t i = 0; p + i < q; i += n) {
		n = p[i] == '\\' ? blank_escape(p + i, q) : 0;
		if (n > 0) {
			memset(out + i, ' ', n);
		} else {
			n = p[i] == '\\' ? 2 : 1;
			memcpy(out + i, p + i, n);
		}
	}
	out[q - p] = '\0';
	*len = (size_t)(q - p);
	return out;
}
