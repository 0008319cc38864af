/* go_names.c: the names of the cases of Go benchmark text (go.h), as its
 * format specification and benchstat read them.
 *
 * A benchmark is a name without its -N suffix (GOMAXPROCS) in a package
 * (the `pkg:` configuration line before it).  The first pass notes each
 * benchmark: its GOMAXPROCS values, whether a result line of it has a
 * time (ns/op), whether it failed or was skipped; and for each name, its
 * packages.  The second pass names a line's case from that: the suffix is
 * cut per line, and kept only for a benchmark measured under several
 * GOMAXPROCS values (BenchmarkCopy, BenchmarkCopy-2: two cases, as
 * benchstat shows them), and a benchmark that only failed is taken as
 * failed under each value when some benchmark of the file has several
 * (go test -cpu 1,2 stops a benchmark at its first failure); a name that several packages have is qualified
 * by its package as Go qualifies a function, PKG.NAME
 * (example.com/cache.BenchmarkGet).  With --split-by pkg, the package
 * tells the runs apart instead, and names are not qualified. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/go.h"

/* What a key is: a benchmark ("NAME\tPKG") or a name ("NAME"). */
struct go_entry {
	size_t first; /* a benchmark: its first GOMAXPROCS value (an index
	               * in st->procs), a name: its first benchmark's entry;
	               * SIZE_MAX: none yet */
	unsigned char several; /* another value, or another package */
	unsigned char timed, failed, skipped, listed;
};

size_t go_cut_procs(const char *name, size_t len, const char **procs)
{
	size_t i = len;

	*procs = NULL;
	while (i > 0 && isdigit((unsigned char)name[i - 1]))
		i--;
	if (i == len || i < 2 || name[i - 1] != '-')
		return len;
	*procs = name + i;
	return i - 1;
}

bool go_names_init(struct go_names *nm, const char *text, size_t len)
{
	size_t lines = 1;

	for (const char *p = text;
	     (p = memchr(p, '\n', len - (size_t)(p - text))); p++)
		lines++;
	/* A benchmark and a name per result or failure line at most. */
	nm->cap = 2 * lines < STRINDEX_MAX ? 2 * lines : STRINDEX_MAX;
	nm->n = 0;
	nm->any_several = false;
	nm->key = calloc(nm->cap, sizeof *nm->key);
	nm->entry = calloc(nm->cap, sizeof *nm->entry);
	if (!nm->key || !nm->entry ||
	    !strindex_init(&nm->index, (const char *const *)nm->key, nm->cap)) {
		free(nm->key);
		free(nm->entry);
		nm->key = NULL;
		nm->entry = NULL;
		return false;
	}
	return true;
}

void go_names_free(struct go_names *nm)
{
	if (!nm->key)
		return;
	for (size_t i = 0; i < nm->n; i++)
		free(nm->key[i]);
	strindex_free(&nm->index);
	free(nm->key);
	free(nm->entry);
	nm->key = NULL;
	nm->entry = NULL;
}

/* The package the line being read is in ("" with none, or when the run
 * is split by it). */
static const char *pkg_now(const struct go_state *st)
{
	const char *key = st->src->opts->split_by,
	           *pkg = go_config_get(&st->cfg, "pkg");

	return pkg && !(key && strcmp(key, "pkg") == 0) ? pkg : "";
}

/* The entry of key "base[0..len)" or "base[0..len)\tpkg", found or (if
 * add) added; NULL when not found, or with d filled and *failed set. */
static struct go_entry *entry(struct go_state *st, const char *base, size_t len,
                              const char *pkg, bool add, bool *failed)
{
	struct go_names *nm = &st->names;
	size_t plen = pkg ? strlen(pkg) + 1 : 0, i;
	char *k = malloc(len + plen + 1);

	*failed = true;
	if (!k)
		return diag_oom(st->b.d), NULL;
	*failed = false;
	memcpy(k, base, len);
	if (pkg) {
		k[len] = '\t';
		memcpy(k + len + 1, pkg, plen - 1);
	}
	k[len + plen] = '\0';
	if ((i = strindex_find(&nm->index, k)) != STRINDEX_NONE || !add) {
		free(k);
		return i == STRINDEX_NONE ? NULL : &nm->entry[i];
	}
	if (nm->n == nm->cap) {
		free(k);
		*failed = true;
		go_error(st, base, "more benchmarks than lines");
		return NULL;
	}
	nm->key[nm->n] = k;
	nm->entry[nm->n] = (struct go_entry){.first = SIZE_MAX};
	strindex_add(&nm->index, nm->n);
	return &nm->entry[nm->n++];
}

int go_names_note(struct go_state *st, const char *name, size_t len,
                  enum go_seen seen, long procs)
{
	const char *pkg = pkg_now(st), *digits;
	size_t blen = go_cut_procs(name, len, &digits);
	bool failed;
	struct go_entry *b = entry(st, name, blen, pkg, true, &failed), *n;
	size_t self;

	if (!b)
		return FP_ERR;
	self = (size_t)(b - st->names.entry);
	if (procs >= 0 && b->first == SIZE_MAX)
		b->first = (size_t)procs;
	else if (procs >= 0 && b->first != (size_t)procs) {
		b->several = 1;
		st->names.any_several = true;
	}
	b->timed |= seen == GO_TIMED;
	b->failed |= seen == GO_FAILED;
	b->skipped |= seen == GO_SKIPPED;
	if (!(n = entry(st, name, blen, NULL, true, &failed)))
		return FP_ERR;
	if (n->first == SIZE_MAX)
		n->first = self;
	else if (n->first != self)
		n->several = 1;
	return FP_OK;
}

char *go_names_case(struct go_state *st, const char *name, size_t len,
                    struct go_case_name *out)
{
	const char *pkg = pkg_now(st), *digits;
	size_t blen = go_cut_procs(name, len, &digits), plen;
	bool failed;
	struct go_entry *b = entry(st, name, blen, pkg, false, &failed),
	                *n = NULL;
	char *s;

	if (b)
		n = entry(st, name, blen, NULL, false, &failed);
	if (!b || !n) {
		if (!failed)
			go_error(st, name,
			         "a benchmark the first pass did "
			         "not see");
		return NULL;
	}
	/* A benchmark with only failures, in a file of several GOMAXPROCS
	 * values per benchmark (go test -cpu 1,2), failed under each. */
	out->several_procs =
	    b->several || (b->first == SIZE_MAX && st->names.any_several);
	out->has_procs = digits != NULL;
	out->priced = b->timed || b->failed;
	out->skipped = b->skipped;
	out->listed = &b->listed;
	plen = n->several && *pkg ? strlen(pkg) + 1 : 0;
	/* The suffix is kept for several GOMAXPROCS values. */
	if (out->several_procs)
		blen = len;
	if (!(s = malloc(plen + blen + 1)))
		return diag_oom(st->b.d), NULL;
	if (plen) {
		memcpy(s, pkg, plen - 1);
		s[plen - 1] = '.';
	}
	memcpy(s + plen, name, blen);
	s[plen + blen] = '\0';
	out->len = plen + blen;
	return s;
}
