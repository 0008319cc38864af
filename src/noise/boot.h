/* boot.h: a bootstrap's options and results (bootstrap.h says what they
 * mean and how they are made). */
#ifndef FP_NOISE_BOOT_H
#define FP_NOISE_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/run.h"
#include "util/diag.h"

#define NOISE_DEFAULT_B 2000
#define NOISE_DEFAULT_SEED 20260901
#define NOISE_DEFAULT_CONFIDENCE 0.95

#define NOISE_MAX_B 10000000

struct boot_opts {
	size_t B;          /* resamples, > 0 */
	double confidence; /* in (0, 1) */
	uint64_t seed;
	size_t threads; /* 0: one per CPU */
	enum pass_policy policy;
	/* Side 1 is an A/A control run: its draws are keyed apart from a
	 * fix's after run (noise_side_seed), the before run's alike, so that
	 * resample r of the control and of the fix share the before run's
	 * draw and nothing else (noise_fold). */
	bool control_after;
	/* Only the resamples are wanted, as drawn (the noise arm): no
	 * scale, no bias, no intervals are made of them. */
	bool as_drawn;
	/* A visit that rides along (below), or NULL. */
	const struct noise_rider *rider;
};

struct interval {
	double lo, hi;
};

/* Gain, cost and net of one price. */
struct boot_gcn {
	double gain, cost, net;
};

/* How a bootstrap's resamples are fitted into an interval, measured
 * once per pair of sides (noise_fit_scales). */
struct noise_fitting {
	double correction; /* the spread's scale (bias.h) */
	/* How many times the resamples' added bias the measured price's own
	 * bias is taken to be at a clip: the estimator's share of
	 * noise_kink(correction) (bias.h: noise_bias_rule). */
	double kink;
	/* How many Monte Carlo errors of the resamples' mean the excess is
	 * taken less (noise_bias_rule). */
	double guard;
	/* The bias's doubt per unit of bias, on the measured price's side
	 * and on the other, and the most the other side's doubt widens the
	 * resamples' spread there, as a factor (noise_fit_doubt; INFINITY:
	 * no ceiling). */
	double doubt_measured, doubt_other, ceiling;
};

struct boot {
	size_t B, threads; /* threads used */
	double confidence;
	uint64_t seed;
	/* Per resample, at its index. */
	double *gain, *cost, *net;
	unsigned char *decide;
	/* With pass states that vary within a case: each resample priced
	 * again with the measured pass states, so that the clip's bias is
	 * read off runtimes alone; else NULL (the same as gain, cost,
	 * net). */
	double *rt_gain, *rt_cost, *rt_net;
	struct interval gain_ci, cost_ci, net_ci;
	double median_net;
	/* Share of resamples where decide holds: of net's resamples as the
	 * interval takes them when decide is net > 0 in every resample,
	 * else of decide as drawn. */
	double p_decide;
	double samples; /* mean samples per case that has two or more */
	struct noise_fitting fit; /* scale, kink and doubt (bootstrap.h) */
	struct boot_gcn point;    /* the measured runs' price */
	/* The price at every case's expected resampled estimate (bias.h),
	 * about which the resamples spread, and the bias of the measured
	 * price where a score clips: kink times how far the resamples' mean
	 * (on runtimes alone) lies above drawn (below), beyond the rule's
	 * guard of Monte Carlo errors.  The interval is about point -
	 * bias. */
	struct boot_gcn ref, bias;
	/* Net's bias doubted below and above its centre, in points, as its
	 * resamples were widened (noise_fit_doubt). */
	struct interval doubt;
	/* The price at every case's mean estimate over the resamples drawn
	 * (on runtimes alone), against which the resamples' mean price
	 * gives the excess (Efron's centring, noise/tally.h); ref where
	 * no case was tallied. */
	struct boot_gcn drawn;
	/* The prices at the resamples' two corners, with the measured pass
	 * states: every case at its slowest before sample and fastest after
	 * sample (0), and the other way (1); each a resample that draws one
	 * sample every time.  They bound the range a price can take as far
	 * as the runs show (noise_fit_range): a sum's largest value (every
	 * newly passing case at its best score) can lie beyond every drawn
	 * resample's.  Zero where not priced (0 is in every range). */
	struct boot_gcn corner[2];
};

/* What noise_visit calls for resample r: p is the resample's price on
 * session ses, one thread's own; results go to slot r of what ctx holds,
 * or are summed per thread, `thread` (below noise_threads), and the sums
 * added up afterwards (so any number of threads gives the same).  FP_OK,
 * or FP_ERR with d filled. */
struct session;
struct price;
typedef int (*noise_visit_fn)(void *ctx, size_t r, size_t thread,
                              struct session *ses, struct price *p,
                              struct diag *d);

/* A visit of a bootstrap's first B resamples, made as the bootstrap
 * prices them (with their sides whole, PRICE_SIDES_FULL), before their
 * numbers are kept: one draw and one sweep serve both (the cliffs,
 * noise/cliff.h).  It rides the fix's resamples, not a noise arm's. */
struct noise_rider {
	noise_visit_fn visit;
	void *ctx;
	size_t B;
};

#endif
