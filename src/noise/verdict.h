/* verdict.h: accept, reject or inconclusive, and why.
 *
 * The decision (the metric's decide on the measured runs) is one number's
 * sign; the verdict also weighs how far the runs' noise moves it (a
 * bootstrap, bootstrap.h) and two guards:
 *   - newly failing: a fix that makes a case fail is not accepted, whatever
 *     its net (off: metric key guards.newly_failing: off, or
 *     --allow-newly-failing);
 *   - the control: when net and the metric's own delta_total differ in
 *     sign, the verdict is inconclusive and names the cases that make them
 *     differ and why (off: guards.control: off, or --no-control-guard).
 *     A difference in size alone is a note.
 * With one sample per case and no control run the noise is not judged:
 * the verdict is the decision, and says how to judge it. */
#ifndef FP_NOISE_VERDICT_H
#define FP_NOISE_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "noise/bootstrap.h"
#include "price/price.h"
#include "util/diag.h"

enum verdict_kind { VERDICT_ACCEPT, VERDICT_REJECT, VERDICT_INCONCLUSIVE };

const char *verdict_name(enum verdict_kind k); /* "accept", ... */

/* Why one case makes net and delta_total differ. */
enum why_kind {
	WHY_CHARGED_UNSCORED,      /* cost charges a slowdown the total never
	                       * scored: the case fails on both sides */
	WHY_CHARGED_FAILED_BEFORE, /* ... failed before, so scored nothing */
	WHY_CHARGED_FAILS_AFTER,   /* ... fails after, so scores nothing */
	WHY_NEWLY_FAILING,         /* fails after the fix: the total loses its
	                       * score, which gain and cost do not count */
	WHY_CREDIT_DIFFERS, /* gain and cost give it other than the total */
};

struct why {
	size_t i; /* case */
	enum why_kind kind;
	double net_share;   /* gain share - cost share */
	double total_share; /* its change of the total */
};

/* Reasons, in the order they were found; each a short sentence. */
#define VERDICT_MAX_REASONS 6
#define VERDICT_REASON_MAX 200
#define VERDICT_MAX_WHY 10
#define VERDICT_MAX_WIDE 3

struct verdict_opts {
	bool newly_failing_guard;
	bool control_guard;
};

struct verdict {
	enum verdict_kind kind;
	bool decision;           /* decide on the measured runs */
	bool judged;             /* noise judged: a bootstrap ran */
	bool from_control;       /* ... from a control run's differences */
	bool prediction;         /* priced from a scenario: nothing measured */
	const struct boot *boot; /* borrowed; NULL when not judged */
	const char *estimator;   /* the runs' estimator, or NULL */
	enum pass_policy policy;
	size_t nreasons;
	char reasons[VERDICT_MAX_REASONS][VERDICT_REASON_MAX];

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
	 * it, or any_count (net is within noise at any count). */
	bool need_known, any_count;
	double samples_needed;
	size_t nwide;
	size_t wide[VERDICT_MAX_WIDE];

	/* The A/A control run, priced against the before run. */
	bool have_control, control_ci_known;
	double control_net;
	struct interval control_ci;
};

/* Fills v from the observed price p and, when the noise was judged, the
 * bootstrap b (else NULL); v's flaky cases, control run and estimator are
 * the caller's to set before (they are only read).  Caller frees with
 * verdict_free. */
int verdict_make(struct verdict *v, const struct price *p, const struct boot *b,
                 struct diag *d);
void verdict_free(struct verdict *v);

/* Adds a reason (formatted; cut to VERDICT_REASON_MAX). */
void verdict_reason(struct verdict *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
