/* strindex.c: strings indexed by content (strindex.h). */
#include "util/strindex.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "util/bigmem.h"
#include "util/words.h"

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

static inline void sipround(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = ROTL(v[1], 13);
	v[1] ^= v[0];
	v[0] = ROTL(v[0], 32);
	v[2] += v[3];
	v[3] = ROTL(v[3], 16);
	v[3] ^= v[2];
	v[0] += v[3];
	v[3] = ROTL(v[3], 21);
	v[3] ^= v[0];
	v[2] += v[1];
	v[1] = ROTL(v[1], 17);
	v[1] ^= v[2];
	v[2] = ROTL(v[2], 32);
}

static inline void compress(uint64_t v[4], uint64_t m, int rounds)
{
	v[3] ^= m;
	for (int r = 0; r < rounds; r++)
		sipround(v);
	v[0] ^= m;
}

/* SipHash-c-d, in line: hash() asks for c = 1, d = 3, and with the
 * rounds known the compiler unrolls them. */
static inline __attribute__((always_inline)) uint64_t siphash(
    uint64_t k0, uint64_t k1, const unsigned char *s, size_t len, int c, int d)
{
	uint64_t v[4] = {k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL,
	                 k0 ^ 0x6c7967656e657261ULL,
	                 k1 ^ 0x7465646279746573ULL};
	uint64_t last = (uint64_t)len << 56;
	size_t whole = len - len % 8;

	for (size_t i = 0; i < whole; i += 8)
		compress(v, words_load(s + i), c);
	/* The last len % 8 bytes: the top ones of the string's last word
	 * when it has one, else one at a time. */
	if (len >= 8 && len > whole)
		last |= words_load(s + len - 8) >> (8 * (8 - (len - whole)));
	else
		for (size_t i = whole; i < len; i++)
			last |= (uint64_t)s[i] << (8 * (i - whole));
	compress(v, last, c);
	v[2] ^= 0xff;
	for (int r = 0; r < d; r++)
		sipround(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

uint64_t strindex_siphash(uint64_t k0, uint64_t k1, const void *p, size_t len,
                          int c, int d)
{
	return siphash(k0, k1, p, len, c, d);
}

static uint64_t hash(const struct strindex *x, const char *s)
{
	return siphash(x->k0, x->k1, (const unsigned char *)s, strlen(s), 1, 3);
}

bool strindex_init(struct strindex *x, const char *const *names, size_t n)
{
	size_t slots = 16;
	uint64_t key[2];

	*x = (struct strindex){.names = names};
	if (n > STRINDEX_MAX)
		return false;
	while (slots < 2 * n)
		slots *= 2;
	if (!(x->slot = calloc(slots, sizeof *x->slot)))
		return false;
	bigmem_advise(x->slot, slots * sizeof *x->slot);
	x->mask = slots - 1;
	/* Without entropy (a sandbox that forbids it) the index still works,
	 * only a crafted input could then make it slow. */
	if (getentropy(key, sizeof key) != 0) {
		key[0] = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ULL;
		key[1] = (uint64_t)(uintptr_t)x->slot ^ (uint64_t)clock();
	}
	x->k0 = key[0];
	x->k1 = key[1];
	return true;
}

/* The slot where s is, or the empty slot where it would go. */
static size_t probe(const struct strindex *x, const char *s, uint64_t h)
{
	uint64_t tag = h >> 32 << 32;
	size_t k = (size_t)h & x->mask;

	for (;; k = (k + 1) & x->mask) {
		uint64_t e = x->slot[k];
		if (e == 0)
			return k;
		if ((e & ~(uint64_t)UINT32_MAX) == tag &&
		    strcmp(x->names[(e & UINT32_MAX) - 1], s) == 0)
			return k;
	}
}

static size_t add(struct strindex *x, size_t i, uint64_t h)
{
	size_t k = probe(x, x->names[i], h);

	if (x->slot[k])
		return (size_t)(x->slot[k] & UINT32_MAX) - 1;
	x->slot[k] = h >> 32 << 32 | (uint64_t)(i + 1);
	x->n++;
	return STRINDEX_NONE;
}

static size_t find(const struct strindex *x, const char *s, uint64_t h)
{
	size_t k = probe(x, s, h);

	return x->slot[k] ? (size_t)(x->slot[k] & UINT32_MAX) - 1
	                  : STRINDEX_NONE;
}

size_t strindex_add(struct strindex *x, size_t i)
{
	return add(x, i, hash(x, x->names[i]));
}

size_t strindex_find(const struct strindex *x, const char *s)
{
	return find(x, s, hash(x, s));
}

/* The hashes of keys[0..n) into h, each key's first slot asked of the
 * memory at once: an index of 10^6 names is larger than the caches, and
 * a batch waits for its slots about as long as one key would. */
static void hash_batch(const struct strindex *x, const char *const *keys,
                       size_t n, uint64_t h[STRINDEX_BATCH])
{
	for (size_t k = 0; k < n; k++) {
		h[k] = hash(x, keys[k]);
#if defined __GNUC__
		__builtin_prefetch(&x->slot[(size_t)h[k] & x->mask]);
#endif
	}
}

void strindex_add_batch(struct strindex *x, size_t from, size_t n, size_t *out)
{
	uint64_t h[STRINDEX_BATCH];

	hash_batch(x, x->names + from, n, h);
	for (size_t k = 0; k < n; k++)
		out[k] = add(x, from + k, h[k]);
}

void strindex_find_batch(const struct strindex *x, const char *const *keys,
                         size_t n, size_t *out)
{
	uint64_t h[STRINDEX_BATCH];

	hash_batch(x, keys, n, h);
	for (size_t k = 0; k < n; k++)
		out[k] = find(x, keys[k], h[k]);
}

size_t strindex_add_all(struct strindex *x, size_t n, size_t *first)
{
	size_t dup = STRINDEX_NONE;

	for (size_t i = 0; i < n; i += STRINDEX_BATCH) {
		size_t m = n - i < STRINDEX_BATCH ? n - i : STRINDEX_BATCH;
		size_t seen[STRINDEX_BATCH];

		strindex_add_batch(x, i, m, seen);
		for (size_t k = 0; k < m && dup == STRINDEX_NONE; k++)
			if (seen[k] != STRINDEX_NONE) {
				dup = i + k;
				if (first)
					*first = seen[k];
			}
	}
	return dup;
}

void strindex_free(struct strindex *x)
{
	free(x->slot);
	x->slot = NULL;
}

void strindex_delete(struct strindex *x)
{
	if (x)
		strindex_free(x);
	free(x);
}
