/* resample.h: the parts of a bootstrap below the threads (resample.c):
 * pass policies, the sides of a pricing to resample, one resample. */
#ifndef FP_NOISE_RESAMPLE_H
#define FP_NOISE_RESAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "price/join.h"
#include "run/estimate.h"
#include "run/run.h"
#include "util/diag.h"

/* Where one side's resamples come from. */
enum { NOISE_QUICK = 1, NOISE_QUICK_PASS = 2 };

struct noise_side {
	const double *v;           /* case i's samples: v[off[i] .. off[i+1]) */
	const size_t *off;         /* n + 1 offsets; NULL: the side is fixed */
	const unsigned char *pass; /* per sample 1/0, or NULL */
	enum run_estimator est;
	size_t draws;          /* 0: as many as the case has */
	bool sorted;           /* each case's samples in ascending order
	                             * (noise_sort_side) */
	const double *runtime; /* observed, for a case without samples */
	const double *passed;  /* observed */
	/* With pass and sorted: per sample, how many of its case's samples
	 * before it passed (noise_sort_side), or NULL. */
	const uint32_t *pass_below;
	/* Per case, from noise_sort_side: whether the case is drawn by the
	 * quick path (an order statistic of a multiset, no NaN, its samples'
	 * pass states all alike: NOISE_QUICK) and whether its draws pass
	 * (NOISE_QUICK_PASS); or NULL. */
	const unsigned char *quick;
	/* From noise_sort_side: m when every case is quick with m samples,
	 * case i's at v[i m .. i m + m), drawn m at a time; else 0. */
	size_t regular;
	/* With regular: the pass state of every draw of case i (the same in
	 * every resample), n of them. */
	const double *regular_passed;
	/* Several runs merged (run.h: nruns, run_off): case i's samples of
	 * run j are v[run_off[i * nruns + j] .. run_off[i * nruns + j + 1]).
	 * A resample then draws nruns runs with replacement, each drawn
	 * run's samples as a case of its own, and takes the estimator over
	 * the drawn runs' estimates.  nruns 0 or 1: one run. */
	size_t nruns;
	const size_t *run_off;
	/* The runs are interleaved rounds (run.h: rounds), run j of both
	 * sides taken together: a resample draws the same runs on both
	 * sides (from side 0's key), so drift shared by a round cancels in
	 * after less before.  Samples within each drawn run are still drawn
	 * per side. */
	bool paired;
	/* Paired: the rounds are drawn with side 0's key under rounds_seed
	 * (the before run's seed), not the seed the side draws its samples
	 * with, so that a control run's after side, keyed apart, still draws
	 * the rounds the before run draws.  Else under that seed. */
	bool rounds_keyed;
	uint64_t rounds_seed;
	/* Every run kept once in every resample, only the samples within
	 * each drawn: the spread the samples within runs give alone (the
	 * verdict's split of the interval between runs and samples). */
	bool runs_kept;
};

/* A quick case's pass state: its draws all pass or all fail, as its
 * samples do (noise_sort_side); without sample pass states, the
 * observed. */
static inline double noise_quick_pass(const struct noise_side *s, size_t i)
{
	return s->pass ? (s->quick[i] & NOISE_QUICK_PASS) != 0 : s->passed[i];
}

/* The sides of joined runs as their samples say (a run without samples is
 * fixed at its observed columns).  Borrowed from the runs. */
int noise_sides(const struct joined *runs, enum pass_policy policy,
                struct noise_side side[2], struct diag *d);

/* A sorted case with at most this many samples is resampled by counting
 * its draws per sample (resample.c). */
#define RESAMPLE_COUNTED 64

/* A copy of side `in` of n cases whose samples (and their pass states)
 * are sorted by runtime within each case, into *out, which then points
 * into *storage (caller frees *storage), with the running counts of
 * passing samples (pass_below).  Resampling with replacement does not
 * care about the order of a case's samples; the draws by counts and by
 * order statistics need it ascending.  A fixed side is copied as it is.
 * FP_ERR when out of memory. */
int noise_sort_side(const struct noise_side *in, size_t n,
                    struct noise_side *out, void **storage);

/* Room for one case's draws, grown as needed; free x and p. */
struct resample_buf {
	double *x;
	unsigned char *p;
	size_t cap;
};

/* Resample r of side `side` (0 before, 1 after), cases [i0, i1): each
 * case's runtime (its estimator over the draws) and pass state (the policy
 * over the draws' pass states, else the observed one) into runtime[i - i0]
 * and passed[i - i0]; any split of the cases gives the same values.  A
 * case without samples keeps its observed values.  passed may be NULL
 * for a regular side (its pass states are regular_passed in every
 * resample).  s->off must not be NULL.  FP_ERR only when out of
 * memory. */
int noise_side_resample_range(const struct noise_side *s, size_t i0, size_t i1,
                              uint64_t seed, size_t r, unsigned side,
                              enum pass_policy policy, struct resample_buf *buf,
                              double *runtime, double *passed);

/* noise_side_resample_range of two sides with the same keys (the same
 * seed, r and side: the fix's after run and the noise arm's, which is the
 * before run), into runtime[0], passed[0] for s and runtime[1],
 * passed[1] for t: a case drawn as one multiset on both is drawn once.
 * The same values as two calls. */
int noise_side_resample_twin(const struct noise_side *s,
                             const struct noise_side *t, size_t i0, size_t i1,
                             uint64_t seed, size_t r, unsigned side,
                             enum pass_policy policy, struct resample_buf *buf,
                             double *runtime[2], double *passed[2]);

/* The same for all n cases of the side. */
static inline int noise_side_resample(const struct noise_side *s, size_t n,
                                      uint64_t seed, size_t r, unsigned side,
                                      enum pass_policy policy,
                                      struct resample_buf *buf, double *runtime,
                                      double *passed)
{
	return noise_side_resample_range(s, 0, n, seed, r, side, policy, buf,
	                                 runtime, passed);
}

/* For a side of several runs (nruns > 1): the mean of case i's estimate
 * over NOISE_RUNS_EXPECTED resamples drawn with keys of their own (from
 * seed and the case, apart from the bootstrap's), the expected resampled
 * estimate that the bias step prices at where noise_runs_exact cannot
 * work it out (expect_runs.h; bias.h: noise_expected does it for one
 * run). */
#define NOISE_RUNS_EXPECTED 2048
double noise_runs_expected(const struct noise_side *s, size_t i, uint64_t seed);

/* qsort's order of doubles. */
int noise_cmp_double(const void *a, const void *b);

#endif
