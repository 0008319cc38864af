/* rng.h: the bootstrap's random numbers, a counter-based generator.
 *
 * A draw is a pure function of (seed, resample, side, case, k): the k-th
 * draw of one case in one resample.  No state is carried from draw to
 * draw, so the resamples may be made in any order, by any number of
 * threads, and give the same bytes.  The mixing is splitmix64's finaliser
 * (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", 2014): once per resample and side, once per case; a case's
 * few draws come out of its key's bits (noise_next). */
#ifndef FP_NOISE_RNG_H
#define FP_NOISE_RNG_H

#include <stddef.h>
#include <stdint.h>

#define NOISE_GOLDEN UINT64_C(0x9e3779b97f4a7c15)

static inline uint64_t noise_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* The key of one resample of one side (0 before, 1 after): computed once
 * per resample and side. */
static inline uint64_t noise_resample_key(uint64_t seed, uint64_t resample,
                                          unsigned side)
{
	return noise_mix(noise_mix(seed + NOISE_GOLDEN) ^
	                 (resample * NOISE_GOLDEN + side));
}

/* The seed of a control run's after side: apart from the fix's. */
static inline uint64_t noise_control_seed(uint64_t seed)
{
	return noise_mix(seed ^ UINT64_C(0x632be59bd9b4e019));
}

/* The key of one case within a resample's key. */
static inline uint64_t noise_case_key(uint64_t resample_key,
                                      uint64_t case_index)
{
	return noise_mix(resample_key ^
	                 (case_index + 1) * UINT64_C(0xd1b54a32d192ed03));
}

/* The key of one case in one resample (and one side). */
static inline uint64_t noise_key(uint64_t seed, uint64_t resample,
                                 uint64_t case_index, unsigned side)
{
	return noise_case_key(noise_resample_key(seed, resample, side),
	                      case_index);
}

/* The draws of one key: a stream of indices.  The key is itself a mixed
 * word; each draw multiplies the word's fraction by m and takes the
 * integer part, keeping the fraction for the next draw (as arithmetic
 * decoding does), until 32 of its 64 bits are spent; then the next word
 * is mix(key + c * golden) for c = 1, 2, ...  An index comes up with odds
 * off by at most m / 2^32.  For 0 < m < 2^32. */
__extension__ typedef unsigned __int128 noise_u128;

struct noise_stream {
	uint64_t key, word, spent, words;
	uint64_t m, limit; /* draws in [0, m); a fresh word past limit */
};

static inline struct noise_stream noise_stream(uint64_t key, size_t m)
{
	return (struct noise_stream){key, key, 1,
	                             0,   m,   (UINT64_C(1) << 32) / m};
}

static inline size_t noise_next(struct noise_stream *s)
{
	uint64_t m = s->m;
	noise_u128 p;

	if (s->spent > s->limit) {
		s->word = noise_mix(s->key + ++s->words * NOISE_GOLDEN);
		s->spent = 1;
	}
	s->spent *= m;
	p = (noise_u128)s->word * m;
	s->word = (uint64_t)p;
	return (size_t)(p >> 64);
}

/* Draws 0 .. k-1 of a key from x[0..m) into out[0..k). */
static inline void noise_gather(uint64_t key, size_t k, const double *x,
                                size_t m, double *out)
{
	struct noise_stream s = noise_stream(key, m);

	for (size_t t = 0; t < k; t++)
		out[t] = x[noise_next(&s)];
}

/* A uniform number in [0, 1) from word k of a key. */
static inline double noise_uniform(uint64_t key, uint64_t k)
{
	return (double)(noise_mix(key + (k + 1) * NOISE_GOLDEN) >> 11) *
	       (1.0 / 9007199254740992.0);
}

#endif
