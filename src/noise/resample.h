/* resample.h: the parts of a bootstrap below the threads (resample.c). */
#ifndef FP_NOISE_RESAMPLE_H
#define FP_NOISE_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "noise/bootstrap.h"

/* Room for one case's draws, grown as needed; free x and p. */
struct resample_buf {
	double *x;
	unsigned char *p;
	size_t cap;
};

/* Resample r of side `side` (0 before, 1 after) of n cases: each case's
 * runtime (its estimator over the draws) and pass state (the policy over
 * the draws' pass states, else the observed one) into runtime[] and
 * passed[].  A case without samples keeps its observed values.  s->off
 * must not be NULL.  FP_ERR only when out of memory. */
int noise_side_resample(const struct noise_side *s, size_t n, uint64_t seed,
                        size_t r, unsigned side, enum pass_policy policy,
                        struct resample_buf *buf, double *runtime,
                        double *passed);


/* qsort's order of doubles. */
int noise_cmp_double(const void *a, const void *b);

/* The (at most k) indices of the largest x[i] > 0, largest first, ties in
 * index order, into idx; returns how many. */
size_t noise_top(const double *x, size_t n, size_t k, size_t *idx);

#endif
