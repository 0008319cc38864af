/* shorten.h: short labels for a set of names shown together (a table, a
 * chart), that keep what tells the names apart.
 *
 * When every name fits, the labels are the names.  Otherwise:
 *   1. the names' common prefix (up to and with its last separator, one of
 *      / _ - . : = , ; | ( ) [ ] { } and space) and common suffix (from
 *      its first separator) are dropped; the caller shows them once,
 *      above the table;
 *   2. a label still longer than max keeps its first characters, the
 *      characters where it differs from the names nearest to it (sorted
 *      from the start and from the end) with some of their neighbours,
 *      and its last characters, with "..." for what is cut: the cuts fall
 *      in what it shares with other names;
 *   3. two labels still equal (or equal to a reserved label) are told
 *      apart by "~N" at the end, N the name's place (1-based).
 * So no two entries ever get the same label, whatever the names, even
 * equal ones.  Lengths count UTF-8 characters; a byte that starts none
 * counts as one, and a cut never splits a character. */
#ifndef FP_SHORTEN_H
#define FP_SHORTEN_H

#include <stdbool.h>
#include <stddef.h>

/* The least max that shorten_names takes (a smaller one is raised). */
#define SHORTEN_MIN 12

struct shorten {
	char *prefix; /* dropped common start, "" when none */
	char *suffix; /* dropped common end, "" when none */
	char **label; /* n labels, each at most max characters */
	size_t n;
};

/* Labels for name[0..n) (as above), none equal to one of reserved[0..
 * nreserved).  False when out of memory (*out is then empty).  Free with
 * shorten_free. */
bool shorten_names(const char *const *name, size_t n, size_t max,
                   const char *const *reserved, size_t nreserved,
                   struct shorten *out);

void shorten_free(struct shorten *s);

/* Characters in s[0..len) as shorten counts them. */
size_t shorten_chars(const char *s, size_t len);

#endif
