/* globset.c: exact names by hash, globs by prefix (globset.h). */
#include "util/globset.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

bool globset_is_glob(const char *pat)
{
	return strpbrk(pat, "*?[\\") != NULL;
}

size_t globset_count_globs(const char *const *pats, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += globset_is_glob(pats[i]);
	return k;
}

bool globset_init(struct globset *g, const char *const *pats, size_t n)
{
	memset(g, 0, sizeof *g);
	g->pats = pats;
	g->n = n;
	g->first = malloc((n ? n : 1) * sizeof *g->first);
	g->last = malloc((n ? n : 1) * sizeof *g->last);
	g->globs = malloc((n ? n : 1) * sizeof *g->globs);
	g->plen = malloc((n ? n : 1) * sizeof *g->plen);
	if (!g->first || !g->last || !g->globs || !g->plen ||
	    !strindex_init(&g->exact, pats, n)) {
		free(g->first);
		free(g->last);
		free(g->globs);
		free(g->plen);
		memset(g, 0, sizeof *g);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		size_t at;
		if (globset_is_glob(pats[i])) {
			g->plen[g->nglobs] = strcspn(pats[i], "*?[\\");
			g->globs[g->nglobs++] = i;
		} else if ((at = strindex_add(&g->exact, i)) == STRINDEX_NONE) {
			g->first[i] = g->last[i] = i;
		} else {
			g->last[at] = i;
		}
	}
	return true;
}

/* The glob that matches name, lowest or highest index, or GLOBSET_NONE. */
static size_t find_glob(const struct globset *g, const char *name, bool last)
{
	for (size_t k = 0; k < g->nglobs; k++) {
		size_t j = last ? g->nglobs - 1 - k : k;
		const char *pat = g->pats[g->globs[j]];
		if (strncmp(pat, name, g->plen[j]) == 0 &&
		    fnmatch(pat, name, 0) == 0)
			return g->globs[j];
	}
	return GLOBSET_NONE;
}

size_t globset_find(const struct globset *g, const char *name, bool last)
{
	size_t at = g->n ? strindex_find(&g->exact, name) : STRINDEX_NONE;
	size_t e = at == STRINDEX_NONE ? GLOBSET_NONE
	           : last              ? g->last[at]
	                               : g->first[at];
	size_t m = find_glob(g, name, last);

	if (e == GLOBSET_NONE)
		return m;
	if (m == GLOBSET_NONE)
		return e;
	return last ? (e > m ? e : m) : (e < m ? e : m);
}

void globset_free(struct globset *g)
{
	if (g->first)
		strindex_free(&g->exact);
	free(g->first);
	free(g->last);
	free(g->globs);
	free(g->plen);
	memset(g, 0, sizeof *g);
}

/* True if glob pat matches one of names[0..n). */
static bool glob_hits(const char *pat, const char *const *names, size_t n)
{
	size_t plen = strcspn(pat, "*?[\\");

	for (size_t i = 0; i < n; i++)
		if (strncmp(pat, names[i], plen) == 0 &&
		    fnmatch(pat, names[i], 0) == 0)
			return true;
	return false;
}

/* Which exact patterns of pats[0..npats) some of names[0..n) equals, in
 * hit[] (a repeated pattern as its first): an index of the patterns, few,
 * rather than of the names, which may be millions.  False when out of
 * memory. */
static bool exact_hits(const char *const *pats, size_t npats,
                       const char *const *names, size_t n, bool *hit)
{
	struct strindex x;
	size_t *first = malloc(npats * sizeof *first), left = 0;

	if (!first || !strindex_init(&x, pats, npats)) {
		free(first);
		return false;
	}
	for (size_t i = 0; i < npats; i++)
		if (!globset_is_glob(pats[i])) {
			size_t at = strindex_add(&x, i);
			first[i] = at == STRINDEX_NONE ? i : at;
			left += at == STRINDEX_NONE;
		}
	for (size_t i = 0; i < n && left > 0; i++) {
		size_t at = strindex_find(&x, names[i]);
		if (at != STRINDEX_NONE && !hit[at]) {
			hit[at] = true;
			left--;
		}
	}
	for (size_t i = 0; i < npats; i++)
		if (!globset_is_glob(pats[i]))
			hit[i] = hit[first[i]];
	strindex_free(&x);
	free(first);
	return true;
}

size_t globset_unmatched(const char *const *pats, size_t npats,
                         const char *const *names, size_t n, bool *oom)
{
	bool *hit;
	size_t found = GLOBSET_NONE;

	*oom = false;
	if (npats == 0)
		return GLOBSET_NONE;
	if (!(hit = calloc(npats, sizeof *hit)) ||
	    (globset_count_globs(pats, npats) < npats &&
	     !exact_hits(pats, npats, names, n, hit))) {
		free(hit);
		*oom = true;
		return GLOBSET_NONE;
	}
	for (size_t i = 0; i < npats && found == GLOBSET_NONE; i++)
		if (globset_is_glob(pats[i]) ? !glob_hits(pats[i], names, n)
		                             : !hit[i])
			found = i;
	free(hit);
	return found;
}
