/* words.h: eight bytes at a time, for the loops that scan text (the CSV
 * fast path, names, the hash of names).  A word holds bytes first-lowest
 * on any host, and a byte test marks each byte it holds for as the top
 * bit of that byte, exactly: no carry or borrow from one byte reaches the
 * next, so the marks also say where. */
#ifndef FP_WORDS_H
#define FP_WORDS_H

#include <stdint.h>
#include <string.h>

#define WORDS_ONES 0x0101010101010101u
#define WORDS_HIGH 0x8080808080808080u

/* The eight bytes at p, the first lowest: one load. */
static inline uint64_t words_load(const void *p)
{
	uint64_t w;

	memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

/* The bytes of w that are 0. */
static inline uint64_t words_zero(uint64_t w)
{
	const uint64_t low7 = ~WORDS_HIGH;

	return ~(((w & low7) + low7) | w | low7);
}

/* The bytes of w that are c. */
static inline uint64_t words_eq(uint64_t w, unsigned char c)
{
	return words_zero(w ^ WORDS_ONES * c);
}

/* The bytes of w past ASCII. */
static inline uint64_t words_high(uint64_t w)
{
	return w & WORDS_HIGH;
}

#endif
