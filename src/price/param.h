/* param.h: the parameters of a metric or a scenario (numbers a user may
 * set with --set or vary in a sensitivity analysis), and the errors about
 * them, so that each reads the same everywhere. */
#ifndef FP_PARAM_H
#define FP_PARAM_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

struct param {
	char *name;
	double value;      /* as loaded, after --set */
	double file_value; /* as written in the file */
	int slot;          /* in the formula environments (and their clones) */
	int line, col;     /* where the file sets it; 0 when it does not */
};

/* The error for a parameter name that neither list has (either may be
 * empty): "no parameter 'x' (there are: a, b, c)", tail (may be "") added
 * after the list.  Returns FP_ERR. */
int param_unknown(const struct param *a, size_t na, const struct param *b,
                  size_t nb, const char *name, const char *tail,
                  struct diag *d);

/* "parameter 'x' must be a finite number" unless value is one.  Returns
 * FP_OK or FP_ERR. */
int param_check_value(const char *name, double value, struct diag *d);

#endif
