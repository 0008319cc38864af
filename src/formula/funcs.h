/* funcs.h: the built-in functions by name, and the names of operations. */
#ifndef FP_FORMULA_FUNCS_H
#define FP_FORMULA_FUNCS_H

#include <stddef.h>

#include "formula/ops.h"

/* The function called name[0..len), or NULL. */
const struct fx_opinfo *fx_func_find(const char *name, size_t len);

/* True when op can be called by name. */
static inline bool fx_op_callable(const struct fx_opinfo *op)
{
	return op->max_args != 0;
}

/* Short lower-case name of an operation for disassembly ("add", "sqrt"). */
const char *fx_fn_name(enum fx_fn fn);

#endif
