/* rng.h: the bootstrap's random numbers, a counter-based generator.
 *
 * A draw is a pure function of (seed, resample, side, case, k): the k-th
 * draw of one case in one resample.  No state is carried from draw to
 * draw, so the resamples may be made in any order, by any number of
 * threads, and give the same bytes.  The mixing is splitmix64's finaliser
 * (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", 2014): once per resample and side, once per case, and once
 * per two draws. */
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

/* Draw k of a key: an index in [0, m), 0 < m < 2^32.  Each mixed word
 * gives two draws, one from each 32-bit half, scaled to m by a multiply
 * and shift: an index comes up with odds off by at most m / 2^32. */
static inline size_t noise_draw(uint64_t key, uint64_t k, size_t m)
{
	uint64_t z = noise_mix(key + (k / 2 + 1) * NOISE_GOLDEN);
	uint64_t half = k % 2 ? z >> 32 : z & UINT64_C(0xffffffff);

	return (size_t)((half * (uint64_t)m) >> 32);
}

/* Draws 0 .. k-1 of a key from x[0..m) into out[0..k): out[t] =
 * x[noise_draw(key, t, m)], one mixed word per two draws. */
static inline void noise_gather(uint64_t key, size_t k, const double *x,
                                size_t m, double *out)
{
	for (size_t t = 0; t < k; t += 2) {
		uint64_t z = noise_mix(key + (t / 2 + 1) * NOISE_GOLDEN);

		out[t] = x[((z & UINT64_C(0xffffffff)) * (uint64_t)m) >> 32];
		if (t + 1 < k)
			out[t + 1] = x[((z >> 32) * (uint64_t)m) >> 32];
	}
}

/* A uniform number in [0, 1) from word k of a key. */
static inline double noise_uniform(uint64_t key, uint64_t k)
{
	return (double)(noise_mix(key + (k + 1) * NOISE_GOLDEN) >> 11) *
	       (1.0 / 9007199254740992.0);
}

#endif
