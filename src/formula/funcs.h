/* funcs.h: the built-in functions by name, and the names of operations. */
#ifndef FP_FORMULA_FUNCS_H
#define FP_FORMULA_FUNCS_H

#include <stddef.h>

#include "formula/ops.h"

struct fx_func {
	const char *name;
	enum fx_fn fn;
	int min_args, max_args; /* max_args -1: no upper limit */
};

/* The function called name[0..len), or NULL. */
const struct fx_func *fx_func_find(const char *name, size_t len);

/* All functions, for "did you mean" (NULL-terminated by name). */
extern const struct fx_func fx_funcs[];

/* Short lower-case name of an operation for disassembly ("add", "sqrt"). */
const char *fx_fn_name(enum fx_fn fn);

/* How an operation is written in a formula ("+", "sqrt"). */
const char *fx_fn_symbol(enum fx_fn fn);

#endif
