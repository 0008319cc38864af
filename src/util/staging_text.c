/* staging_text.c: messages that name a staged file by its final path
 * (staging.h). */
#include <stdlib.h>
#include <string.h>

#include "util/staging.h"

char *staging_final_text(const struct staging *st, const char *text)
{
	size_t n = st && st->path ? strlen(st->path) : 0, k = 0, size;
	const char *p = text;
	char *out;

	if (!n)
		return strdup(text);
	while ((p = strstr(p, st->path))) {
		k++;
		p += n;
	}
	size = strlen(text) + k * strlen(st->final) + 1;
	if (!(out = malloc(size)))
		return NULL;
	out[0] = '\0';
	for (p = text; k--;) {
		const char *at = strstr(p, st->path);
		strncat(out, p, (size_t)(at - p));
		strcat(out, st->final);
		p = at + n;
	}
	strcat(out, p);
	return out;
}
