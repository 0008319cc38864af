/* draws.h: the random variates one resampled case is drawn from
 * (draws.c): uniforms, Beta and binomial numbers from a case's key, and
 * the multisets of k draws from m samples with their multinomial odds.
 *
 * A resample of a case with m samples is a multiset of k draws from them.
 * Its estimate, when that is an order statistic (the median, the min),
 * and its count of passing draws come from a Beta and binomial numbers,
 * in time that does not grow with k; for few samples the whole multiset
 * is one draw from an alias table.  doc/noise.md has the derivation. */
#ifndef FP_NOISE_DRAWS_H
#define FP_NOISE_DRAWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The uniforms of one key: word c is mix(key + c * golden), c = 1, 2...
 * (as rng.h's later words), with a normal number kept for the next call
 * (Box-Muller makes two). */
struct noise_ustream {
	uint64_t key, c;
	double spare;
	bool have_spare;
};

static inline struct noise_ustream noise_ustream(uint64_t key)
{
	return (struct noise_ustream){key, 0, 0, false};
}

/* A uniform number in (0, 1), never 0 or 1. */
double noise_u01(struct noise_ustream *s);

/* A Beta(a, b) number, for integers a, b >= 1: the a-th smallest of
 * a + b - 1 uniforms.  Exact in distribution (closed forms for a or b 1,
 * else the ratio of two Gamma numbers by Marsaglia and Tsang's
 * rejection). */
double noise_beta(struct noise_ustream *s, size_t a, size_t b);

/* A binomial(n, p) number: the count of n uniforms below p, split at
 * their middle order statistic (a Beta number) until few are left. */
size_t noise_binomial(struct noise_ustream *s, size_t n, double p);

/* The multisets of k draws from m samples, each with its multinomial odds
 * k! / (c_0! ... c_{m-1}!) / m^k, in an alias table (Walker, Vose).  A
 * multiset is its k draws in ascending order (the sample of rank r is
 * draw r - 1). */
#define NOISE_MULTISET_MAX 8

struct noise_multiset_col {
	uint64_t keep;        /* the column's own multiset below this */
	uint32_t self, alias; /* else its alias */
};

struct noise_multisets {
	const struct noise_multiset_col *col;
	const unsigned char (*draws)[NOISE_MULTISET_MAX];
	size_t size;
};

/* The table for m and k, both in 1 .. NOISE_MULTISET_MAX, made once per
 * process for all of them; false only when out of memory. */
bool noise_multisets(size_t m, size_t k, struct noise_multisets *out);

/* The alias table of noise_multisets(m, k) with each multiset read at
 * two ranks (1-based; the same twice for an estimator of one rank): the
 * samples there, so that a draw of an order statistic costs one look-up
 * less.  Made once per process for each m, k and ranks, when first
 * asked for; NULL only when out of memory or out of range. */
struct noise_rank_col {
	uint64_t keep;        /* the column's own multiset below this */
	uint16_t self, alias; /* samples at the two ranks, low byte first */
};

const struct noise_rank_col *noise_rank_table(size_t m, size_t k, size_t r0,
                                              size_t r1);

/* The samples at the two ranks of one multiset drawn from one word:
 * the first in the low byte. */
static inline unsigned noise_rank_draw(const struct noise_rank_col *t,
                                       size_t size, uint64_t word)
{
	__extension__ typedef unsigned __int128 u128;
	u128 p = (u128)word * size;
	const struct noise_rank_col *e = &t[(size_t)(p >> 64)];
	unsigned own = -(unsigned)((uint64_t)p < e->keep);

	return (e->self & own) | (e->alias & ~own);
}

/* One multiset from one 64-bit word: its k draws, ascending. */
static inline const unsigned char *noise_multiset_draw(
    const struct noise_multisets *t, uint64_t word)
{
	__extension__ typedef unsigned __int128 u128;
	u128 p = (u128)word * t->size;
	const struct noise_multiset_col *e = &t->col[(size_t)(p >> 64)];

	/* Without a branch: which of the two is taken is a coin flip for
	 * the branch predictor. */
	uint32_t own = -(uint32_t)((uint64_t)p < e->keep);

	return t->draws[(e->self & own) | (e->alias & ~own)];
}

#endif
