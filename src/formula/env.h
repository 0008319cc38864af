/* env.h: the inside of struct fx_env, for the compiler and evaluator. */
#ifndef FP_FORMULA_ENV_H
#define FP_FORMULA_ENV_H

#include "formula/formula.h"

struct fx_slot {
	char *name;
	size_t len; /* of name: a look-up compares lengths first */
	enum fx_shape shape;
	const double *values; /* FX_PERCASE: bound column, not owned */
	double scalar;        /* FX_SCALAR */
};

struct fx_env {
	struct fx_slot *slots;
	int n, cap;
	size_t ncases;
};

/* fx_env_lookup for a name that is not NUL-terminated. */
int fx_env_find(const struct fx_env *env, const char *name, size_t len,
                enum fx_shape *shape);

#endif
