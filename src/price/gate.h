/* gate.h: pass states from the metric's accuracy gate (metric.h: keys
 * gate, gate_margin, gate_near, gate_errors; doc/pricing.md).
 *
 * A metric with a gate decides each case's pass state on each side from
 * its error columns, with the session's parameter values (atol, rtol,
 * max_error_ratio, ...): pricing derives them before score (price.c),
 * and again whenever a parameter or a resample changes them, so that a
 * sweep over a gate parameter re-derives pass states and hence gain.
 * The runs need no `passed` column; one they give must agree with the
 * gate.  The derivation (price_gate_derive) is declared in price_env.h,
 * internal to pricing. */
#ifndef FP_PRICE_GATE_H
#define FP_PRICE_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

struct metric;
struct price;
struct scenario;
struct session;

/* Under m's gate, which decides every pass state, a scenario's pass: or
 * fail: would be overridden unseen: an error at its key in the
 * scenario's file, and --pass or --fail (npass, nfail) one at origin.
 * FP_OK without a gate. */
int gate_check_scenario(const struct metric *m, const struct scenario *s,
                        const char *origin, size_t npass, size_t nfail,
                        struct diag *d);

/* One case near its gate on one side. */
struct gate_near {
	size_t i;
	int side; /* 0 before, 1 after (enum metric_side) */
	double margin, near;
	bool passed;
};

/* The cases within gate_near of their gate (|margin| <= near), both
 * inside (passing: likely flaky) and outside (failing: a fix can flip
 * them), in case order, before side first.  on: the metric has a
 * gate_margin (else nothing is listed). */
struct gate_nears {
	bool on;
	size_t n;
	struct gate_near *c;
};

/* Fills *out from p, the price last computed on ses (which is left
 * bound to p as it was).  Caller frees with gate_nears_free (also after
 * a failure). */
int price_gate_nears(const struct price *p, struct session *ses,
                     struct gate_nears *out, struct diag *d);
void gate_nears_free(struct gate_nears *g);

#endif
