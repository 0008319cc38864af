/* verdict.h: accept, reject, no material effect, inconclusive or not
 * judged, and why.
 *
 * The decision (the metric's decide on the measured runs) is one number's
 * sign; the verdict is one rule on the interval of net (bootstrap.h) and
 * the margin M (metric key `margin`, --margin): accept when the interval
 * lies above +M, reject when below -M, no material effect when within
 * [-M, M], inconclusive otherwise.  A decide that is not about net alone
 * (it disagrees with net > 0 in some resample) is judged the same three
 * ways on P(decide) against the confidence.  Then two guards:
 *   - newly failing: a fix that makes a case fail is not accepted, whatever
 *     its net (off: metric key guards.newly_failing: off, or
 *     --allow-newly-failing);
 *   - the control: when net and the metric's own delta_total differ in
 *     sign, the verdict is inconclusive and names the cases that make them
 *     differ and why (off: guards.control: off, or --no-control-guard).
 *     A difference in size alone is a note.
 * When no case has two samples that differ (and no control run gives
 * pseudo-samples), or the runs are a prediction, or too few resamples
 * place the interval, the noise is not judged: the verdict is NOT
 * JUDGED, and its reason says how to judge it. */
#ifndef FP_NOISE_VERDICT_H
#define FP_NOISE_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "noise/bootstrap.h"
#include "noise/need_runs.h"
#include "price/guards.h"
#include "price/price.h"
#include "util/diag.h"

enum verdict_kind {
	VERDICT_ACCEPT,
	VERDICT_REJECT,
	VERDICT_INCONCLUSIVE,
	VERDICT_NO_EFFECT,
	VERDICT_NOT_JUDGED,
	VERDICT_KIND_COUNT
};

/* "accept", "reject", "inconclusive", "no material effect", "not
 * judged". */
const char *verdict_name(enum verdict_kind k);

struct verdict;
/* The decision a verdict stands for: its kind, or for one not judged
 * against noise the point estimate's as the guards leave it (what
 * --check follows and every headline leads with). */
enum verdict_kind verdict_decision(const struct verdict *v);

/* Why the verdict is what it is: a code and its numbers, worded by
 * src/report/ only. */
enum reason_code {
	/* The interval of net against the margin: x[0], x[1] the interval,
	 * x[2] the margin, x[3] the confidence; n[0] the resamples; n[1] 1
	 * when it is the interval of net less a control run's. */
	REASON_ABOVE_MARGIN,
	REASON_BELOW_MARGIN,
	REASON_WITHIN_MARGIN,
	REASON_STRADDLES,
	/* A decide not about net alone: x[0] P(decide), x[1] the
	 * confidence; n[0] the resamples. */
	REASON_DECIDE_HOLDS,
	REASON_DECIDE_FAILS,
	REASON_DECIDE_WAVERS,
	/* Not judged. */
	REASON_ONE_SAMPLE,   /* no case has two samples */
	REASON_ALIKE,        /* ... that differ: n[0] the cases with two */
	REASON_PREDICTION,   /* a scenario measures nothing */
	REASON_NO_BOOTSTRAP, /* --bootstrap 0 */
	/* Too few resamples for the confidence: n[0] the resamples, n[1]
	 * the fewest that place the interval, x[0] the confidence. */
	REASON_FEW_RESAMPLES,
	/* A guard fired: n[1] which (price/guards.h), n[0] the cases its
	 * check named. */
	REASON_GUARD,
};

struct verdict_reason {
	enum reason_code code;
	double x[4];
	size_t n[2];
};

/* Why one case makes net and delta_total differ. */
enum why_kind {
	WHY_CHARGED_UNSCORED,      /* cost charges a slowdown the total never
	                       * scored: the case fails on both sides */
	WHY_CHARGED_FAILED_BEFORE, /* ... failed before, so scored nothing */
	WHY_CHARGED_FAILS_AFTER,   /* ... fails after, so scores nothing */
	WHY_NEWLY_FAILING,         /* fails after the fix: the total loses its
	                       * score, which gain and cost do not count */
	WHY_CREDIT_DIFFERS, /* gain and cost give it other than the total */
	WHY_KIND_COUNT
};

struct why {
	size_t i; /* case */
	enum why_kind kind;
	double net_share;   /* gain share - cost share */
	double total_share; /* its change of the total */
};

/* Reasons, in the order they were found. */
#define VERDICT_MAX_REASONS 6
#define VERDICT_MAX_WHY 10
#define VERDICT_MAX_WIDE 3

struct verdict_opts {
	bool guard_on[GUARD_COUNT]; /* by price/guards.h's table */
	double margin;              /* points of net, >= 0 */
};

struct verdict {
	enum verdict_kind kind;
	bool decision; /* decide on the measured runs */
	/* Not judged: the point estimate's decision as the guards leave it
	 * (accept, reject or inconclusive), what --check follows; the kind
	 * stays not judged, its evidence no surer for a guard. */
	enum verdict_kind point_kind;
	bool judged;             /* noise judged: a bootstrap ran */
	bool about_net;          /* decide agrees with net > 0 throughout */
	bool from_control;       /* ... from a control run's differences */
	bool prediction;         /* priced from a scenario: nothing measured */
	size_t resamples;        /* --bootstrap B */
	double confidence;       /* of the interval asked for */
	size_t sampled_cases;    /* cases with two samples (alike or not) */
	const struct boot *boot; /* borrowed; NULL when not judged */
	const char *estimator;   /* the runs' estimator, or NULL */
	enum pass_policy policy;
	size_t nreasons;
	struct verdict_reason reasons[VERDICT_MAX_REASONS];

	/* Guards. */
	struct verdict_opts guards;
	size_t nnewly_failing;
	size_t *newly_failing;  /* owned, case indices */
	bool sign_differs;      /* net and delta_total differ in sign */
	bool size_differs;      /* same sign, another size: a note */
	size_t nwhy, nwhy_more; /* cases explained, and how many more differ */
	struct why why[VERDICT_MAX_WHY];

	/* Cases whose samples disagree on passing (owned, case indices, in
	 * case order; a case flaky on either side once). */
	size_t nflaky;
	size_t *flaky;

	/* Inconclusive with a bootstrap: samples per case that would decide
	 * it, or any_count (net is within noise at any count); when not
	 * known, need_why says why. */
	bool need_known, any_count;
	enum need_why {
		NEED_NOT_INCONCLUSIVE, /* decided, or not judged */
		NEED_GUARD, /* the control guard made it so, not the noise */
		NEED_GUARD_AND_NOISE, /* both: no count lifts the guard */
		NEED_NOT_NET,         /* decide is not about net */
		NEED_ESTIMATED,       /* need_known */
	} need_why;
	/* What the interval would do at that count: lie above the margin,
	 * below minus the margin, or within it (with margin 0: exclude 0). */
	enum need_target { NEED_ABOVE, NEED_BELOW, NEED_WITHIN } need_target;
	double samples_needed;
	/* How many times too wide the part of the interval beyond the
	 * margin's edge is (need_known): samples_needed is samples times its
	 * square.  With several runs per side, runs_need splits it between
	 * more runs and more samples per run (judge.c fills it). */
	double need_ratio;
	struct need_runs runs_need;
	/* Several runs on a side: the share of net's resampled variance (of
	 * net less the control run's when folded) that the samples within
	 * runs give; the rest is the spread between runs (judge.c). */
	bool levels_known;
	double within_share;
	size_t nwide;
	size_t wide[VERDICT_MAX_WIDE];

	/* Without a control run: the noise arm, the before run resampled
	 * against itself (as many resamples, the same seed), whose net an
	 * unchanged fix would have: its mean over the resamples (0 if the
	 * metric were linear in runtime; a clip makes it negative) and its
	 * interval. */
	bool have_arm;
	double arm_mean;
	struct interval arm_ci;

	/* The A/A control run, priced against the before run. */
	bool have_control, control_ci_known;
	double control_net;
	struct interval control_ci;
	/* The control folded in (fold.h): boot is the fix's resamples less
	 * the control's, and the verdict is on net less the control's net;
	 * fix_ci is the fix's own interval of net, fix_p its P(decide). */
	bool against_control;
	struct interval fix_ci;
	double fix_p;
};

/* Fills v from the observed price p and, when the noise was judged, the
 * bootstrap b (else NULL); v's guards (with the margin), flaky cases,
 * control run, estimator and prediction are the caller's to set before
 * (they are only read).  Caller frees with verdict_free. */
int verdict_make(struct verdict *v, const struct price *p, const struct boot *b,
                 struct diag *d);
void verdict_free(struct verdict *v);

/* Adds a reason (the rest of its numbers 0). */
void verdict_reason(struct verdict *v, enum reason_code code, const double *x,
                    size_t nx, size_t n0);

#endif
