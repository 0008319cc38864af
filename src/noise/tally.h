/* tally.h: every case's resampled estimates summed over the resamples,
 * so that the clip's bias can be read off the price at their mean (bias.h:
 * Efron's centring), the same to the bit whatever the threads.
 *
 * A sum of doubles depends on its order, and the threads split the
 * resamples differently for every count of threads; a sum of integers
 * does not.  Each estimate is summed in fixed point: times a power of two
 * that takes its case's largest sample to between 2^37 and 2^38
 * (estimates are means, medians and mins of the samples, so no larger),
 * rounded to a whole number.  The mean is then within 2^-37 of the
 * largest sample of the true mean (1e-11), and B (at most NOISE_MAX_B,
 * below 2^24) sums stay below 2^62.  A case whose samples are all equal
 * is not tallied: its expected estimate is exact. */
#ifndef FP_NOISE_TALLY_H
#define FP_NOISE_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "noise/resample.h"

/* Side s's case i at s n + i. */
struct noise_tally {
	size_t n;
	/* Per case, the power of two its estimates are summed at (0: the
	 * case is not tallied): a float, 4 bytes a case for the loop that
	 * sums to read beside its sum. */
	const float *scale;
	int64_t *sum;
	/* Resamples summed (set by the caller once they all are), and per
	 * case-side those of them with no time (NaN: a case whose draws all
	 * failed without one), not summed. */
	uint64_t resamples;
	uint32_t *missing;
};

/* The scales of the sides' n cases (2 n of them) into *scale, malloc'd:
 * 0 for a fixed side and a case without two different timed samples.
 * FP_OK or FP_ERR (out of memory). */
int noise_tally_scales(const struct noise_side side[2], size_t n,
                       float **scale);

/* An empty tally over those.  FP_OK or FP_ERR (out of memory). */
int noise_tally_open(struct noise_tally *t, size_t n, const float *scale);
void noise_tally_close(struct noise_tally *t);

/* Side s's estimates of cases [i0, i0 + len), x[0 .. len), summed (each
 * resample adds every case of both sides once). */
void noise_tally_add(struct noise_tally *t, unsigned s, size_t i0, size_t len,
                     const double *x);

/* from's sums added to into's (not its resamples). */
void noise_tally_merge(struct noise_tally *into,
                       const struct noise_tally *from);

/* The mean of side s's case i's estimates, if any was summed. */
bool noise_tally_mean(const struct noise_tally *t, unsigned s, size_t i,
                      double *mean);

#endif
