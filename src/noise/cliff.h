/* cliff.h: cases within noise of a cliff of their score.
 *
 * A score that clamps (pypto-gym's min(1, ref_runtime / runtime)) or
 * steps (kernelbench's score > p) changes slope or jumps where a branch
 * of the side formulas flips (formula/pieces.c finds the branches that
 * move with the runtime).  A case whose runtime sits within noise of
 * such a point is priced on one side of it by the measured runs and on
 * the other by a rerun: its share of the price is a coin toss.  For
 * each case and side, the share of the first CLIFF_RESAMPLES bootstrap
 * resamples (bootstrap.h, the same draws as the verdict's) in which a
 * branch of score or value is on the other side than at the measured
 * runtimes; a case whose share reaches CLIFF_MIN_SHARE (the point lies
 * within the central 95% of its resampled runtimes) is flagged.  A
 * warning in the record, not a guard. */
#ifndef FP_NOISE_CLIFF_H
#define FP_NOISE_CLIFF_H

#include <stddef.h>

#include "noise/bootstrap.h"
#include "price/price.h"

#define CLIFF_RESAMPLES 200
#define CLIFF_MIN_SHARE 0.025

struct cliff_case {
	size_t i;
	int side;     /* SIDE_BEFORE or SIDE_AFTER */
	double share; /* of resamples that cross */
};

struct cliffs {
	size_t B; /* resamples looked at; 0: not looked for */
	size_t n;
	struct cliff_case *c; /* largest share first, then case order */
};

/* The cases of p (the measured price of runs under m) near a cliff, seen
 * in the first CLIFF_RESAMPLES resamples of the bootstrap with options o:
 * noise_cliffs_open sets up *rider to ride that bootstrap (rider->B 0:
 * nothing to look for, as when no branch moves with the runtime);
 * noise_cliffs_close, after an open whatever it returned, collects what
 * the rider saw into *out, which the caller frees with cliffs_free (out
 * NULL, after a failure: only frees). */
int noise_cliffs_open(const struct metric *m, const struct joined *runs,
                      const struct price *p, const struct boot_opts *o,
                      struct noise_rider *rider, struct diag *d);
int noise_cliffs_close(const struct noise_rider *rider, struct cliffs *out,
                       struct diag *d);
void cliffs_free(struct cliffs *c);

#endif
