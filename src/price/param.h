/* param.h: the errors about parameters, for the metric, the scenario, the
 * loader and sessions alike, so that each reads the same everywhere. */
#ifndef FP_PARAM_H
#define FP_PARAM_H

#include <stdbool.h>

#include "util/diag.h"

struct metric;
struct scenario;

/* The error for a parameter name that neither m nor sc has (either may be
 * NULL): "no parameter 'x' (there are: a, b, c)", tail (may be "") added
 * after the list.  Returns FP_ERR. */
int param_unknown(const struct metric *m, const struct scenario *sc,
                  const char *name, const char *tail, struct diag *d);

/* FP_OK when a parameter was found and value may be given to it (a finite
 * number); else param_unknown's error (listing m's and sc's parameters) or
 * "parameter 'x' must be a finite number". */
int param_check(bool found, const struct metric *m, const struct scenario *sc,
                const char *name, double value, struct diag *d);

#endif
