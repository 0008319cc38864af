/* compare.h: several candidate fixes priced against one before run, and
 * how sure their ranking is (`fixprice compare`).
 *
 * The candidates are jobs already loaded and priced, each the before run
 * joined with a measured after run or with a scenario's prediction.  They
 * are resampled jointly: resample r draws the before run's samples once
 * (the keys of (seed, r, side 0, case), as price's bootstrap draws them)
 * and every candidate is priced on that one draw, so candidates measured
 * against the same before run share its noise; each measured after run is
 * drawn with keys of its own candidate (its runs are measured apart).  A
 * scenario's predicted runtimes follow the drawn before run in proportion
 * (case i's prediction times its drawn before runtime over its measured
 * one), its predicted pass states held.  P(best) of a candidate is the
 * share of resamples in which its net is the largest (a tie shared evenly
 * among the tied).  doc/noise.md, doc/pricing.md. */
#ifndef FP_NOISE_COMPARE_H
#define FP_NOISE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "noise/bootstrap.h"
#include "price/load.h"
#include "price/price.h"
#include "util/diag.h"

/* One candidate: its job and its measured price (both borrowed). */
struct noise_cand {
	const struct job *job;
	const struct price *price;
};

struct noise_ranking {
	size_t k;      /* candidates */
	size_t best;   /* the largest measured net (the first of equals) */
	size_t *order; /* candidates by measured net, largest first */
	/* Resamples made: 0 when none (o->B 0, or no case of any candidate
	 * has two samples on a side): then p_best and net are NULL. */
	size_t B;
	double *p_best; /* k shares of the resamples */
	double *net;    /* net of candidate c in resample r at [r * k + c] */
};

/* Ranks the k >= 1 candidates and resamples them jointly with o's seed,
 * policy and B.  Every candidate must join the same cases in the same
 * order (FP_ERR naming the first that does not, counting from 1).
 * Caller frees *out with noise_ranking_free (also after a failure). */
int noise_compare(const struct boot_opts *o, const struct noise_cand *c,
                  size_t k, struct noise_ranking *out, struct diag *d);
void noise_ranking_free(struct noise_ranking *r);

/* Into share[0..k): the share of the B resamples of net (net[r * k + c])
 * in which candidate c has the largest net, a tie split evenly. */
void noise_best_shares(const double *net, size_t B, size_t k, double *share);

/* The key seed of candidate c's measured after run: apart from the before
 * run's and from every other candidate's. */
uint64_t noise_compare_seed(uint64_t seed, size_t c);

#endif
