/* ops.h: what every operator and function of the language does to doubles.
 *
 * One definition, inlined everywhere a value is computed: constant folding,
 * scalar instructions, the block kernels (where the compiler vectorises
 * them) and the per-case diagnostic evaluator.  So all of them agree to the
 * last bit, and a fault found by the fast path is found again by the slow
 * one.
 *
 * Domain problems give NaN (x/0, log of x <= 0, sqrt of x < 0, pow with a
 * non-real or infinite result, exp overflowing, clamp's bounds the wrong
 * way round) and NaN propagates through
 * everything; the code is written branch-free where a kernel uses it, so
 * that the compiler can turn it into vector selects. */
#ifndef FP_FORMULA_OPS_H
#define FP_FORMULA_OPS_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "formula/optable.h"

/* Every operation, user-visible or internal, in the order of optable.h. */
enum fx_fn {
#define X(ID, ...) FN_##ID,
	FX_OPS(X)
#undef X
	    FN_NFN
};

enum fx_assoc { FX_ASSOC_LEFT, FX_ASSOC_RIGHT, FX_ASSOC_NONE };

/* One row of optable.h (see there for the columns). */
struct fx_opinfo {
	enum fx_fn fn;
	const char *name, *symbol;
	int arity; /* of the kernel: 1, 2 or 3; 0: aggregate */
	int infix; /* binding power as an infix operator, or 0 */
	enum fx_assoc assoc;
	int prefix;             /* binding power as a prefix operator, or 0 */
	int min_args, max_args; /* of a call by name; max_args -1: no limit */
	const char *fault;
};

/* Indexed by enum fx_fn (funcs.c). */
extern const struct fx_opinfo fx_ops[FN_NFN];

static inline bool fn_is_unary(enum fx_fn f)
{
	return f < FN_NFN && fx_ops[f].arity == 1;
}
static inline bool fn_is_agg(enum fx_fn f)
{
	return f < FN_NFN && fx_ops[f].arity == 0;
}

/* NaN if x or y is NaN, else one of them: the NaN-propagating minimum.
 * Written as selects (no isnan() calls, no ||) so that gcc if-converts and
 * vectorises it. */
static inline double fx_min(double x, double y)
{
	double m = x < y ? x : y; /* y when y is NaN */
	return x != x ? x : m;
}

/* The result of a comparison or logic operation, NaN if either input is. */
static inline double fx_truth(bool t, double x, double y)
{
	double r = t ? 1.0 : 0.0, u = fx_min(x, y);
	return u != u ? u : r;
}

static inline double fx_add(double x, double y)
{
	return x + y;
}
static inline double fx_sub(double x, double y)
{
	return x - y;
}
static inline double fx_mul(double x, double y)
{
	return x * y;
}

/* Dividing by NaN instead of branching keeps the division unconditional,
 * which is what lets the compiler vectorise it. */
static inline double fx_div(double x, double y)
{
	return x / (y == 0 ? NAN : y);
}

static inline double fx_pow(double x, double y)
{
	double r = pow(x, y);
	/* C's pow(1, NaN) and pow(NaN, 0) are 1: NaN must win here. */
	if (isnan(x) || isnan(y) || isinf(r))
		return NAN;
	return r;
}

static inline double fx_lt(double x, double y)
{
	return fx_truth(x < y, x, y);
}
static inline double fx_le(double x, double y)
{
	return fx_truth(x <= y, x, y);
}
static inline double fx_gt(double x, double y)
{
	return fx_truth(x > y, x, y);
}
static inline double fx_ge(double x, double y)
{
	return fx_truth(x >= y, x, y);
}
static inline double fx_eq(double x, double y)
{
	return fx_truth(x == y, x, y);
}
static inline double fx_ne(double x, double y)
{
	return fx_truth(x != y, x, y);
}

/* Bitwise & and | rather than && and ||: no branch, so vectorisable. */
static inline double fx_and(double x, double y)
{
	return fx_truth((x != 0) & (y != 0), x, y);
}
static inline double fx_or(double x, double y)
{
	return fx_truth((x != 0) | (y != 0), x, y);
}

/* fx_min above and fx_max, not fmin/fmax: those drop a NaN operand. */
static inline double fx_max(double x, double y)
{
	double m = x > y ? x : y;
	return x != x ? x : m;
}

static inline double fx_neg(double x)
{
	return -x;
}
static inline double fx_not(double x)
{
	return fx_truth(x == 0, x, x);
}
static inline double fx_abs(double x)
{
	return fabs(x);
}
static inline double fx_sqrt(double x)
{
	return x < 0 ? NAN : sqrt(x);
}
static inline double fx_exp(double x)
{
	double r = exp(x);
	return isinf(r) ? NAN : r;
}
static inline double fx_log(double x)
{
	return x > 0 ? log(x) : NAN;
}
static inline double fx_log2(double x)
{
	return x > 0 ? log2(x) : NAN;
}
static inline double fx_log10(double x)
{
	return x > 0 ? log10(x) : NAN;
}
static inline double fx_floor(double x)
{
	return floor(x);
}
static inline double fx_ceil(double x)
{
	return ceil(x);
}
/* C's round() already rounds halves away from zero, as documented. */
static inline double fx_round(double x)
{
	return round(x);
}

/* if(c, a, b): NaN when c is NaN; otherwise only the chosen value counts,
 * so a NaN in the branch not taken does no harm. */
static inline double fx_if(double c, double a, double b)
{
	double r = c != 0 ? a : b;
	return isnan(c) ? c : r;
}

/* clamp's upper bound hi, or NaN when it is below the lower bound lo: the
 * fault of clamp(x, lo, hi) with lo > hi. */
static inline double fx_bounds(double lo, double hi)
{
	return lo > hi ? NAN : hi;
}

/* clamp(x, lo, hi): min(max(x, lo), hi), NaN when lo > hi.  The compiler
 * lowers it to those three operations (rewrite.c). */
static inline double fx_clamp(double x, double lo, double hi)
{
	return fx_min(fx_max(x, lo), fx_bounds(lo, hi));
}

/* Applies a non-aggregate fn to its arguments (args[0..arity)). */
double fx_apply(enum fx_fn fn, const double *args);

/* Writes to buf why fn gave a non-finite result from finite args:
 * "division by zero", ...; a generic text for an operation that cannot
 * fail that way.  Returns buf. */
const char *fx_fault_text(enum fx_fn fn, const double *args, char *buf,
                          size_t size);

#endif
