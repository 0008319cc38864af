/* price.h: gain, cost, net, per-case shares, the control, the decision.
 *
 * Pricing takes a loaded metric and two runs joined case by case (the same
 * cases in the same order), binds the runs' columns into the metric's
 * environments, evaluates score/value/total for each side, then the defines,
 * gain, cost and decide.  It is the one place where the formulas meet data. */
#ifndef FP_PRICE_H
#define FP_PRICE_H

#include <stdbool.h>
#include <stddef.h>

#include "price/metric.h"
#include "price/run.h"
#include "util/diag.h"

/* Two runs made to match: after join, before->case_name[i] and
 * after->case_name[i] are the same case. */
struct joined {
	struct run *before, *after; /* owned */
	size_t ndropped;            /* cases dropped by --drop-missing */
};

/* Joins two runs by case name (after is reordered to before's order).  A
 * case in only one run is an error naming it and how many more, unless
 * drop_missing.  Takes ownership of both runs, also on failure. */
int price_join(struct run *before, struct run *after, bool drop_missing,
               struct joined *out, struct diag *d);

/* Splits one run with runtime_before/runtime_after/passed_before/
 * passed_after columns into two.  Takes ownership of both. */
int price_split(struct run *both, struct joined *out, struct diag *d);

void joined_free(struct joined *j);

struct price {
	size_t n;
	const char *const *case_name; /* borrowed from the before run */
	double N, W;
	double *weight;
	const double *passed[2], *runtime[2]; /* borrowed from the runs */
	double *score[2], *value[2];
	double total[2], delta_total;
	double gain, cost, net;
	bool accept;

	/* Each case's share of gain and of cost: defined when the formula is
	 * sum(per-case term) times one number; NULL otherwise, with the reason
	 * in shares_undefined. */
	double *gain_share, *cost_share;
	char shares_undefined[160];

	/* The control: net against delta_total.  control_ok is false when they
	 * differ in sign or by more than rounding (control_gap = net -
	 * delta_total); control_cases then names, largest first, the cases whose
	 * per-case difference accounts for it. */
	bool control_ok;
	double control_gap;
	size_t ncontrol_cases;
	size_t *control_cases;

	/* The metric's extra columns per side (borrowed from the runs, or owned
	 * when made from a column default): extra[side][k] for columns[k]. */
	const double **extra[2];

	/* Working arrays, allocated once by price_compute so that recomputing
	 * (sweeps) allocates nothing: per-case defines, share buffers. */
	double **define_values;
	double *share_buf[4]; /* gain, cost, total before, total after */
	double *control_diff;

	/* Storage behind every array above that price owns; price_free frees
	 * it. */
	size_t nowned;
	double **owned;
};

/* Evaluates everything.  Caller owns *out (price_free).  Errors name the
 * formula and the case at fault. */
int price_compute(struct metric *m, const struct joined *j, struct price **out,
                  struct diag *d);

/* What price_recompute redoes after something changed (for sweeps). */
enum {
	PRICE_WEIGHTS = 1, /* weight rules changed: weights, W */
	PRICE_SIDES = 2,   /* runtimes or a parameter of score/value/total */
	PRICE_DETAIL = 4,  /* shares and the control, not only the decision */
};

/* Re-evaluates an existing price after a change.  The defines, gain, cost,
 * net and the decision are always redone; `what` (PRICE_* flags) says what
 * else.  Allocates nothing unless PRICE_DETAIL is given. */
int price_recompute(struct metric *m, const struct joined *j, struct price *p,
                    unsigned what, struct diag *d);

/* Evaluates only the metric's decide formula for given gain and cost (the
 * closed-form path of sensitivity analysis). */
int price_decide(struct metric *m, const struct joined *j, double gain,
                 double cost, bool *accept, struct diag *d);

void price_free(struct price *p);

#endif
