/* globset.h: which of many case names or globs match a name, in time
 * linear in the names looked up.
 *
 * Weight rules and a scenario's pass and fail lists are mostly exact case
 * names (a list made by a script may hold one per case: 10^5 of them), and
 * a few globs (fnmatch(3) patterns: "gemm_*").  An exact name is found by
 * a keyed hash index (util/strindex.h) in constant time; the globs, at
 * most GLOBSET_MAX_GLOBS of them, are tried in turn, each after a cheap
 * test of its literal prefix (the text before its first * ? [ or \), so
 * a name costs O(1) plus the globs whose prefix it starts with. */
#ifndef FP_GLOBSET_H
#define FP_GLOBSET_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strindex.h"

/* Patterns with * ? [ or \ in one set, at most. */
#define GLOBSET_MAX_GLOBS 256
/* Patterns in one set, at most. */
#define GLOBSET_MAX 1000000
#define GLOBSET_NONE ((size_t)-1)

struct globset {
	const char *const *pats; /* borrowed, n of them */
	size_t n;
	struct strindex exact; /* the exact names, by their first index */
	size_t *first, *last;  /* of each exact name, by its first index */
	size_t *globs;         /* indices of the globs, ascending */
	size_t *plen;          /* their literal prefixes' lengths */
	size_t nglobs;
};

/* True if pat holds one of * ? [ \ (so fnmatch may match other text). */
bool globset_is_glob(const char *pat);

/* How many of pats[0..n) are globs. */
size_t globset_count_globs(const char *const *pats, size_t n);

/* Indexes pats[0..n), which must stay alive and unchanged while g is
 * used; n at most GLOBSET_MAX and at most GLOBSET_MAX_GLOBS globs (the
 * caller says so to the user first).  False when out of memory (nothing
 * to free then). */
bool globset_init(struct globset *g, const char *const *pats, size_t n);

/* The lowest (last: the highest) index i with pats[i] matching name
 * (fnmatch with no flags, or equal), or GLOBSET_NONE. */
size_t globset_find(const struct globset *g, const char *name, bool last);

/* The first of pats[0..npats) that matches none of names[0..n), or
 * GLOBSET_NONE when each matches one; in time linear in names and pats
 * but for the globs, each tried on the names until one matches.  *oom is
 * set (and GLOBSET_NONE returned) when out of memory. */
size_t globset_unmatched(const char *const *pats, size_t npats,
                         const char *const *names, size_t n, bool *oom);

void globset_free(struct globset *g);

#endif
