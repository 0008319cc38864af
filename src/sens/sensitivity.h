/* sensitivity.h: where the decision flips.
 *
 * A knob is one number the analysis varies: a metric parameter, a scenario
 * parameter, or the weight of the cases a glob matches ("weight:GLOB").
 * Everything here re-evaluates a pricing session (price/session.h), never
 * re-parsing, and redoes only what the knob can change:
 *   - a metric parameter that score/value/total do not read leaves the
 *     per-case scores alone: only defines, gain, cost and decide are redone;
 *   - if, moreover, gain and cost are affine in the parameter (as gain is in
 *     pass_reward), two evaluations give net everywhere in closed form, and
 *     only break-even points are re-checked by real evaluations;
 *   - a scenario parameter re-predicts the runtimes in place;
 *   - a weight knob re-weighs and redoes everything per case.
 * Knobs are set in the session, never in the metric or the scenario, which
 * stay as loaded; an analysis on one session leaves other sessions over
 * the same metric alone. */
#ifndef FP_SENSITIVITY_H
#define FP_SENSITIVITY_H

#include <stdbool.h>
#include <stddef.h>

#include "price/price.h"
#include "price/session.h"
#include "util/diag.h"

enum knob_kind { KNOB_METRIC, KNOB_SCENARIO, KNOB_WEIGHT };

struct knob {
	enum knob_kind kind;
	char
	    name[128]; /* as the user wrote it: "pass_reward", "weight:m512*" */
	double base;   /* its value when the analysis started */
	size_t index;  /* metric or scenario parameter, or weight rule */
	unsigned redo; /* PRICE_* flags a change of this knob needs */
	bool affine;   /* net is affine in it: closed form after 2 points */
	/* The closed form, valid when affine: gain = g0 + g1*x, cost = c0 + c1*x */
	double g0, g1, c0, c1;
	/* Set by sens_breakeven: net was exactly 0 at every point it could
	 * evaluate, so no point decides anything (two identical runs). */
	bool zero_everywhere;
	/* Set by sens_breakeven: the search found every crossing (it looked
	 * at every point where a branch of the metric flips: sens_flips). */
	bool every_crossing;
};

/* The analysis state: a session and its price at the knobs' current
 * values. */
struct sens {
	struct session *session;  /* borrowed */
	const struct price *base; /* borrowed: the price at the base point */
	struct price *price;      /* owned: a copy of base the analysis moves */
	double base_net;
	bool base_accept;
};

/* Opens an analysis on base, the price of the session at the base point
 * (priced once by the caller): the analysis moves a copy of it, to which
 * the session is bound until sens_close binds it back to base (caller
 * frees with sens_close, also on failure; session and base outlive it). */
int sens_open(struct sens *s, struct session *session, const struct price *base,
              struct diag *d);
void sens_close(struct sens *s);

/* Finds a knob by name: a metric or scenario parameter, or weight:GLOB
 * (which adds a weight rule for GLOB, starting at the weight the matching
 * cases have now; an error if they have different weights or none match). */
int sens_knob(struct sens *s, const char *name, struct knob *k, struct diag *d);

/* Every metric and scenario parameter, in file order (caller frees *out). */
int sens_all_knobs(struct sens *s, struct knob **out, size_t *n,
                   struct diag *d);

/* One point: gain, cost, net and the decision with the knob at x; the knob
 * keeps x until it is set again (sens_set(s, k, k->base) to restore). */
struct sens_point {
	double x, gain, cost, net;
	bool accept;
};
int sens_eval(struct sens *s, struct knob *k, double x, struct sens_point *pt,
              struct diag *d);
int sens_set(struct sens *s, const struct knob *k, double x, struct diag *d);

/* The values of k in [lo, hi] where a branch of the metric (a
 * comparison, min/max, if, abs, and/or, count in any formula) flips in
 * some case, each with a point just beyond the rounding of its
 * computation on either side, sorted (*pts malloc'd; caller frees).
 * *exact when the list is complete and net is, between flips, affine or
 * a ratio of affine functions of k: then net changes sign within a piece
 * only between two points of opposite sign, and a search that looks at
 * these points and at points on every piece finds every crossing. */
int sens_flips(struct sens *s, struct knob *k, double lo, double hi,
               double **pts, size_t *npts, bool *exact, struct diag *d);

/* Where the sign of net changes for x in [lo, hi]: every crossing, each
 * solved by bisection to adjacent doubles.  The points searched are
 * SENS_SAMPLES spread over the range and the points of sens_flips; when
 * that list is exact (k->every_crossing) no crossing is missed, else one
 * narrower than the step between two points may be.  Net may be exactly 0 over a
 * stretch (a step-shaped metric, or runs that do not differ there): then
 * the edges of that stretch inside [lo, hi] are the points, each bisected,
 * and a stretch that shrinks to one point counts once.  *cross is malloc'd
 * (caller frees); 0 crossings when the sign never changes, and then
 * k->zero_everywhere says whether net was 0 throughout.  Points where the
 * inputs become invalid (a runtime <= 0, a domain error) are skipped.
 * (*jump)[i] (malloc'd beside *cross; jump may be NULL) is true where the
 * sign changes by a jump, net far from 0 on both sides of the point (a
 * step or a pole of the formulas): the decision flips there, but net is
 * never 0. */
#define SENS_SAMPLES 1000
int sens_breakeven(struct sens *s, struct knob *k, double lo, double hi,
                   double **cross, bool **jump, size_t *ncross, struct diag *d);

/* Where net is zero as one parameter varies, the others held. */
struct param_breakeven {
	const char *param;    /* the metric's or scenario's, which outlive it */
	double value;         /* the parameter's current value */
	double lo, hi;        /* range searched */
	size_t ncross;        /* 0: the sign never flips in [lo, hi] */
	double *cross;        /* ncross values */
	bool *jump;           /* beside cross (or NULL): a jump across 0, a
	                         step or a pole, where net is not 0 */
	bool zero_everywhere; /* net is 0 throughout: no value decides */
	bool every_crossing;  /* none missed (else sampled: a crossing
	                         narrower than the step may be) */
};

/* The break-even of every parameter of the session's metric and scenario
 * over its default range, on a copy of base: *out (n of them) to free
 * with sens_breakevens_free, also after a failure. */
int sens_all_breakevens(struct session *ses, const struct price *base,
                        struct param_breakeven **out, size_t *n,
                        struct diag *d);
void sens_breakevens_free(struct param_breakeven *b, size_t n);

/* The default break-even range of a knob: [base/100, base*100] for a
 * positive value (mirrored for a negative one), [-1, 1] for zero. */
void sens_default_range(const struct knob *k, double *lo, double *hi);

/* A sweep: points from lo to hi by step (x_i = lo + i*step, never
 * accumulated), and the break-even points within [lo, hi]. */
struct sweep {
	size_t n;
	struct sens_point *pts;
	size_t ncross;
	double *cross;
	bool *jump;           /* beside cross: a jump, not a zero */
	bool zero_everywhere; /* net is 0 over the whole range */
	bool every_crossing;  /* as the knob's: no crossing was missed */
};
int sens_sweep(struct sens *s, struct knob *k, double lo, double hi,
               double step, struct sweep *out, struct diag *d);
void sweep_free(struct sweep *w);

/* One bar of a tornado chart: net with the knob at base*(1-delta) and
 * base*(1+delta) (base -/+ delta when base is 0), the others held. */
struct tornado_row {
	const struct knob *knob;
	double x_low, x_high, net_low, net_high, swing;
	bool flips; /* the decision at either end differs from the base one */
};
/* Rows for every knob in knobs[0..n), sorted by swing, widest first (ties
 * in parameter order).  *rows is malloc'd. */
int sens_tornado(struct sens *s, struct knob *knobs, size_t n, double delta,
                 struct tornado_row **rows, struct diag *d);

/* Net over an nx-by-ny grid, ends included: net[j * nx + i] at x[i], y[j]. */
struct netmap {
	size_t nx, ny;
	double *x, *y, *net;
	bool *accept;
};
int sens_map(struct sens *s, struct knob *kx, double xlo, double xhi,
             struct knob *ky, double ylo, double yhi, size_t resolution,
             struct netmap *out, struct diag *d);
void netmap_free(struct netmap *m);

#endif
