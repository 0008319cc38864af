/* funcs.c: the table of operations (generated from optable.h), lookups in
 * it, and the per-value meaning of each operation for the places that are
 * not inner loops (folding, scalar instructions, the diagnostic
 * evaluator). */
#include "formula/funcs.h"

#include <stdio.h>
#include <string.h>

#include "util/numfmt.h"

#define ARITY_BIN 2
#define ARITY_UN 1
#define ARITY_TERN 3
#define ARITY_AGG 0

const struct fx_opinfo fx_ops[FN_NFN] = {
#define X(ID, nm, shape, sym, infix, assoc, prefix, amin, amax, fault) \
	[FN_##ID] = {FN_##ID,          #nm,    sym,  ARITY_##shape, infix, \
	             FX_ASSOC_##assoc, prefix, amin, amax,          fault},
    FX_OPS(X)
#undef X
};

const struct fx_opinfo *fx_func_find(const char *name, size_t len)
{
	for (int k = 0; k < FN_NFN; k++) {
		const struct fx_opinfo *op = &fx_ops[k];
		if (fx_op_callable(op) && strlen(op->name) == len &&
		    memcmp(op->name, name, len) == 0)
			return op;
	}
	return NULL;
}

const char *fx_fn_name(enum fx_fn fn)
{
	return fn < FN_NFN ? fx_ops[fn].name : "?";
}

#define APPLY_BIN(name) fx_##name(a[0], a[1])
#define APPLY_UN(name) fx_##name(a[0])
#define APPLY_TERN(name) fx_##name(a[0], a[1], a[2])
#define APPLY_AGG(name) NAN /* aggregates are not per-value operations */

double fx_apply(enum fx_fn fn, const double *a)
{
	switch (fn) {
#define X(ID, name, shape, ...) \
	case FN_##ID: \
		return APPLY_##shape(name);
		FX_OPS(X)
#undef X
	default:
		return NAN;
	}
}

const char *fx_fault_text(enum fx_fn fn, const double *a, char *buf,
                          size_t size)
{
	char lo[NUMFMT_MAX], hi[NUMFMT_MAX];
	const char *text = fn < FN_NFN ? fx_ops[fn].fault : NULL;

	if (fn == FN_DIV && a[1] == 0)
		text = "division by zero";
	else if (fn == FN_POW && a[0] < 0 && a[1] != floor(a[1]))
		text = "power of a negative number with a fractional exponent";
	else if (fn == FN_POW && a[0] == 0 && a[1] < 0)
		text = "power of zero with a negative exponent";
	if (fn == FN_BOUNDS)
		snprintf(buf, size,
		         "clamp's lower bound %s is above its upper bound %s",
		         numfmt_exact(lo, a[0]), numfmt_exact(hi, a[1]));
	else
		snprintf(buf, size, "%s",
		         text ? text : "result is not a finite number");
	return buf;
}
