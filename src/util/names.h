/* names.h: "a, b, c" lists of names for messages ("it has: ..."). */
#ifndef FP_NAMES_H
#define FP_NAMES_H

#include <stdio.h>
#include <string.h>

#include "util/diag.h"

/* A macro's value as a string literal, for help texts that state a
 * default defined elsewhere ("default " FP_STR(NOISE_DEFAULT_B)). */
#define FP_STR(x) FP_STR_(x)
#define FP_STR_(x) #x

/* Appends name to the NUL-terminated list in buf[0..size), after ", " if
 * the list is not empty; a name that does not fit ends the list in "...". */
static inline void names_append(char *buf, size_t size, const char *name)
{
	size_t used = strlen(buf);

	if (used + 1 >= size ||
	    (used >= 3 && strcmp(buf + used - 3, "...") == 0))
		return;
	if (used + strlen(name) + 2 + 4 >= size) {
		snprintf(buf + used, size - used, "%s...", used ? ", " : "");
		return;
	}
	snprintf(buf + used, size - used, "%s%s", used ? ", " : "", name);
}

/* The one error for a name that is not there: "no KIND 'NAME' (there are:
 * LIST)", with "none" for an empty list and tail (may be "") after the list
 * ("; or weight:GLOB").  Returns FP_ERR. */
static inline int names_unknown(struct diag *d, const char *kind,
                                const char *name, const char *list,
                                const char *tail)
{
	return diag_set(d, NULL, 0, 0, "no %s '%s' (there are: %s%s)", kind,
	                name, list[0] ? list : "none", tail);
}

#endif
