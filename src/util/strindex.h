/* strindex.h: an index of strings by content, for looking names up in
 * constant time (the join of two runs by case name, duplicate case names).
 *
 * The index holds numbers, not strings: number i stands for names[i] of an
 * array the caller keeps alive and unchanged while the index is used.
 * Open addressing with linear probing, at most half full, each slot 64
 * bits (32 bits of the hash and the number), so that most probes that do
 * not match are told without reading the string.
 *
 * The hash is SipHash-1-3 (Aumasson and Bernstein; the hash of Python's
 * and Rust's string tables), keyed with 128 random bits per index
 * (getentropy): a run file crafted to collide cannot know the key, so no
 * input makes the probes long (hash flooding).  The order of the slots
 * changes from run to run; nothing ever reads the index in slot order, so
 * no output depends on it. */
#ifndef FP_STRINDEX_H
#define FP_STRINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What strindex_add and strindex_find return for "none". */
#define STRINDEX_NONE ((size_t)-1)
/* Numbers are below this. */
#define STRINDEX_MAX ((size_t)UINT32_MAX - 1)

struct strindex {
	const char *const *names; /* borrowed */
	uint64_t *slot;           /* hash << 32 | (number + 1); 0: empty */
	size_t mask;              /* slots - 1 (a power of two minus 1) */
	uint64_t k0, k1;          /* the key */
	size_t n;                 /* numbers added */
};

/* An empty index with room for n numbers (n <= STRINDEX_MAX) of strings in
 * names.  False when out of memory (nothing to free then). */
bool strindex_init(struct strindex *x, const char *const *names, size_t n);

/* Adds number i, whose string is names[i], unless an equal string is in
 * already: returns that one's number then (the index is unchanged), else
 * STRINDEX_NONE.  At most the n of strindex_init numbers may be added. */
size_t strindex_add(struct strindex *x, size_t i);

/* The number of the string equal to s, or STRINDEX_NONE. */
size_t strindex_find(const struct strindex *x, const char *s);

/* The same for many at a time, faster (hash_batch in strindex.c says
 * why): out[k] is strindex_add(x, from + k) for k < n, in that order, or
 * strindex_find(x, keys[k]); n at most STRINDEX_BATCH. */
#define STRINDEX_BATCH 16
void strindex_add_batch(struct strindex *x, size_t from, size_t n, size_t *out);
void strindex_find_batch(const struct strindex *x, const char *const *keys,
                         size_t n, size_t *out);

/* Adds numbers 0 .. n - 1 (all of them, in batches): returns the first
 * whose string was in already, with *first (unless first is NULL) the
 * number of that string, or STRINDEX_NONE if all n are distinct. */
size_t strindex_add_all(struct strindex *x, size_t n, size_t *first);

void strindex_free(struct strindex *x);

/* strindex_free, then free(x), for an index that is itself malloc'd;
 * NULL is fine. */
void strindex_delete(struct strindex *x);

/* SipHash-c-d of p[0..len) with the key k0, k1 (strindex uses c = 1,
 * d = 3; the reference test vectors are for c = 2, d = 4). */
uint64_t strindex_siphash(uint64_t k0, uint64_t k1, const void *p, size_t len,
                          int c, int d);

#endif
