/* tally.h: every case's resampled estimates summed over the resamples,
 * so that the clip's bias can be read off the price at their mean (bias.h:
 * Efron's centring), the same to the bit whatever the threads.
 *
 * A sum of doubles depends on its order, and the threads split the
 * resamples differently for every count of threads; a sum of integers
 * does not.  Each estimate is summed in fixed point, as its distance
 * from an anchor (the case's observed runtime) in steps of 2^-36 of its
 * samples' furthest from it (estimates are means, medians and mins of
 * them): the mean is then within 1e-11 of that reach of the true mean,
 * exactly the anchor where every estimate is, and B (at most NOISE_MAX_B,
 * below 2^24) sums of at most 2^37 steps stay below 2^61.  A case whose
 * samples are all its anchor is not tallied: its mean is the anchor. */
#ifndef FP_NOISE_TALLY_H
#define FP_NOISE_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "noise/resample.h"

/* Side s's case i at s n + i. */
struct noise_tally {
	size_t n;
	/* Per case, its anchor and a step (0: the case is not tallied). */
	const double *at;
	int64_t *sum;
	uint32_t *count; /* estimates summed (NaN, a case without a time, is
	                  * not) */
};

/* The anchors and steps of the sides' n cases into *at, malloc'd (step
 * 0 for a fixed side and a case without a timed sample).  FP_OK or
 * FP_ERR (out of memory). */
int noise_tally_steps(const struct noise_side side[2], size_t n, double **at);

/* An empty tally over those.  FP_OK or FP_ERR (out of memory). */
int noise_tally_open(struct noise_tally *t, size_t n, const double *at);
void noise_tally_close(struct noise_tally *t);

/* Side s's estimates of cases [i0, i0 + len), x[0 .. len), summed. */
void noise_tally_add(struct noise_tally *t, unsigned s, size_t i0, size_t len,
                     const double *x);

/* from's sums added to into's. */
void noise_tally_merge(struct noise_tally *into,
                       const struct noise_tally *from);

/* The mean of side s's case i's estimates, if any was summed. */
bool noise_tally_mean(const struct noise_tally *t, unsigned s, size_t i,
                      double *mean);

#endif
