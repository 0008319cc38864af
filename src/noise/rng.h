/* rng.h: the bootstrap's random numbers, a counter-based generator.
 *
 * A draw is a pure function of (seed, resample, case, k): the k-th draw of
 * one case in one resample.  No state is carried from draw to draw, so the
 * resamples may be made in any order, by any number of threads, and give
 * the same bytes.  The mixing is splitmix64's finaliser (Steele, Lea and
 * Flood, "Fast splittable pseudorandom number generators", 2014), applied
 * to the key twice: once for (seed, resample, case), once per draw. */
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

/* The key of one case in one resample (and one side: side 0 or 1). */
static inline uint64_t noise_key(uint64_t seed, uint64_t resample,
                                 uint64_t case_index, unsigned side)
{
	uint64_t h = noise_mix(seed + NOISE_GOLDEN);

	h = noise_mix(h ^ (resample * NOISE_GOLDEN + side));
	return noise_mix(h ^ (case_index + 1) * UINT64_C(0xd1b54a32d192ed03));
}

/* Draw k of a key: an index in [0, m), m > 0.  The top 53 bits as a
 * fraction, times m: the bias is below m / 2^53. */
static inline size_t noise_draw(uint64_t key, uint64_t k, size_t m)
{
	uint64_t z = noise_mix(key + (k + 1) * NOISE_GOLDEN);

	return (size_t)((double)(z >> 11) * (1.0 / 9007199254740992.0) *
	                (double)m);
}

/* A uniform number in [0, 1) from draw k of a key. */
static inline double noise_uniform(uint64_t key, uint64_t k)
{
	return (double)(noise_mix(key + (k + 1) * NOISE_GOLDEN) >> 11) *
	       (1.0 / 9007199254740992.0);
}

#endif
