/* price.h: gain, cost, net, per-case shares, the control, the decision.
 *
 * Pricing takes a session (session.h: a loaded metric, two runs joined case
 * by case, and the parameter values and weights to use), binds the runs'
 * columns into the session's environments, evaluates score/value/total for
 * each side, then the defines, gain, cost and decide.  It is the one place
 * where the formulas meet data.  It changes nothing but the session and the
 * price it makes, so two sessions over one metric may price at once. */
#ifndef FP_PRICE_H
#define FP_PRICE_H

#include <stdbool.h>
#include <stddef.h>

#include "price/join.h"
#include "price/metric.h"
#include "price/session.h"
#include "util/diag.h"

struct price {
	size_t n;
	const char *const *case_name; /* borrowed from the before run */
	double N, W;
	double *weight;
	/* Borrowed from the runs; a prediction's runtime[1] from the session
	 * (its predicted runtimes), so valid while the session is open. */
	const double *passed[2], *runtime[2];
	/* 1 where the case has a runtime on that side, 0 where it has none
	 * (runtime NaN: a failing case without samples); owned. */
	double *has_runtime[2];
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
	/* newly_passing, newly_failing, still_passing, still_failing */
	double *transition[4];

	/* With a gate (price/gate.h): the pass states it derives, owned,
	 * which passed[] then points at; else NULL. */
	double *gate_pass[2];

	/* Storage behind every array above that price owns; price_free frees
	 * it. */
	size_t nowned;
	double **owned;
};

/* Evaluates everything with the session's current parameter values and
 * weights.  Caller owns *out (price_free); the session is bound to its
 * arrays (session.h).  Errors name the formula and the case at fault. */
int price_compute(struct session *s, struct price **out, struct diag *d);

/* price_compute without each case's share of gain and cost and the
 * control (PRICE_DETAIL): a price to be priced again (price_resample,
 * which makes them when asked), whose shares are NULL until then.  Their
 * columns are left untouched: a bootstrap's threads each price the runs
 * once, and do not pay for pages nobody reads. */
int price_compute_sides(struct session *s, struct price **out, struct diag *d);

/* What price_recompute redoes after something changed (for sweeps). */
enum {
	PRICE_WEIGHTS = 1, /* weight rules changed: weights, W */
	PRICE_SIDES = 2,   /* runtimes or a parameter of score/value/total */
	PRICE_DETAIL = 4,  /* shares and the control, not only the decision */
	/* price_resample_fused: only gain, cost, net and accept are read
	 * afterwards, so value and total are made only where a formula of
	 * the cross side reads them (else left as they were) */
	PRICE_LEAN = 8,
	/* With PRICE_LEAN: the sides are read as well (each side's runtime,
	 * pass state, column defaults and score, as a visit of the cliffs
	 * reads them, noise/cliff.c): these are made whole in p, the rest
	 * lean */
	PRICE_SIDES_FULL = 16,
};

/* Re-evaluates p, the price last computed on s, after a change to the
 * session.  The defines, gain, cost, net and the decision are always redone;
 * `what` (PRICE_* flags) says what else.  Allocates nothing unless
 * PRICE_DETAIL is given. */
int price_recompute(struct session *s, struct price *p, unsigned what,
                    struct diag *d);

/* Prices p, the price last computed on s, again on other runtimes and pass
 * states of both sides (a bootstrap resample, src/noise/): runtime[side]
 * and passed[side] are n values each, borrowed until the next call; column
 * defaults, the transitions, both sides and the decision are redone, and
 * with PRICE_DETAIL in `what` the shares and the control too.  Allocates
 * nothing unless PRICE_DETAIL is given. */
int price_resample(struct session *s, struct price *p,
                   const double *const runtime[2],
                   const double *const passed[2], unsigned what,
                   struct diag *d);

/* Fills cases [base, base + len) of each side s being resampled (rt[s]
 * not NULL): the runtimes into rt[s][0 .. len), the pass states into
 * ps[s][0 .. len) unless ps[s] is NULL (they are steady: see
 * price_fused_job).  FP_ERR with *d. */
typedef int (*price_fill_fn)(void *ctx, size_t base, size_t len,
                             double *const rt[2], double *const ps[2],
                             struct diag *d);

/* price_resample_fused's answer when the metric's formulas cannot be
 * priced in one sweep (one reads a number another makes: total_before,
 * gain, a one-number define; or needs two passes). */
#define PRICE_NOT_FUSED 1

/* price_resample (what: 0 or PRICE_LEAN) of n-long columns runtime[2] and
 * passed[2], with the same result to the bit, where the sides in
 * `resampled` (bit s for side s) are made block by block by `fill` just
 * before the formulas read them, so that a block goes through the whole
 * price while it is in cache (with PRICE_LEAN, the blocks are scratch and
 * runtime[s], passed[s] of those sides are left as they were).  FP_OK,
 * PRICE_NOT_FUSED (nothing filled: fill the columns and call
 * price_resample), or FP_ERR with *d. */
int price_resample_fused(struct session *s, struct price *p,
                         const double *const runtime[2],
                         const double *const passed[2], unsigned resampled,
                         price_fill_fn fill, void *ctx, unsigned what,
                         struct diag *d);

/* What a caller's sweeps learn once about a price whose weights and
 * has_runtime columns stay as they are from sweep to sweep (the
 * bootstrap's): which of them are one number over every case; and when
 * no side's pass states change (steady_passed, or not resampled), the
 * transitions the formulas read, made once.  Zeroed before the first
 * sweep; price_steady_free after the last. */
struct price_steady {
	bool known;
	bool one[3]; /* weight, has_runtime before, after */
	double v[3];
	bool trans_known;
	double *trans[4]; /* n each, the ones read; else NULL */
};

void price_steady_free(struct price_steady *memo);

/* One price of a sweep shared by several (price_resample_fused_jobs): the
 * arguments of price_resample_fused, and a memo (or NULL) for PRICE_LEAN
 * to read a column of one number from a block in cache. */
struct price_fused_job {
	struct session *ses;
	struct price *p;
	const double *runtime[2], *passed[2];
	unsigned resampled;
	/* Bit s: side s's pass states are the same in every resample,
	 * passed[s], read whole; its fill is handed ps[s] NULL (no copy of
	 * them in every block of every resample) */
	unsigned steady_passed;
	price_fill_fn fill;
	void *ctx;
	struct price_steady *steady;
	const char *name; /* an error of this price says so first, or NULL */
	/* With PRICE_LEAN: room for a block of side s's resampled runtimes
	 * and pass states that the caller owns, so that two jobs may read
	 * one block (the later one's fill then finds it filled); NULL: the
	 * sweep's own scratch. */
	double *block_rt[2], *block_ps[2];
	/* Priced PRICE_LEAN whatever the sweep's `what` (a noise arm, whose
	 * decision alone is read) */
	bool lean;
};

/* The most jobs one sweep takes. */
#define PRICE_FUSED_JOBS 4

/* price_resample_fused of nj jobs (on sessions of their own) in one sweep
 * over the cases: each block of cases is filled and priced by job 0, then
 * by job 1, and so on, so that a job's fill may read what an earlier job
 * filled for the same block.  Each job's price is the same to the bit as
 * on its own.  FP_OK, PRICE_NOT_FUSED (when any job cannot be fused:
 * price them all column by column) or FP_ERR with *d. */
int price_resample_fused_jobs(const struct price_fused_job *jobs, size_t nj,
                              unsigned what, struct diag *d);

/* Evaluates only the metric's decide formula for given gain and cost (the
 * closed-form path of sensitivity analysis), with the session's values. */
int price_decide(struct session *s, double gain, double cost, bool *accept,
                 struct diag *d);

/* Binds the session's environments to p's arrays and totals, as
 * price_compute left them (the values are not evaluated again): after
 * price_copy, or to go back to p after another price was bound.  FP_ERR
 * only when out of memory. */
int price_bind(const struct price *p, struct session *s);

/* Binds the session's side environment to side `side` (0 before, 1
 * after) of p, as pricing that side does: for an analysis that reads a
 * side formula's inputs (sens/flips.c). */
void price_bind_side(struct session *s, const struct price *p, int side);

/* A copy of src, bound to s (a session over the same metric and runs,
 * perhaps another thread's): every array src owns is copied, nothing is
 * evaluated, so the copy can be moved (price_recompute, price_resample)
 * while src stays as it was.  Caller owns *out (price_free). */
int price_copy(const struct price *src, struct session *s, struct price **out,
               struct diag *d);

void price_free(struct price *p);

#endif
