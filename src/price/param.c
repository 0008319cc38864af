/* param.c: the errors about parameters (param.h). */
#include "price/param.h"

#include <math.h>

#include "util/names.h"

int param_unknown(const struct param *a, size_t na, const struct param *b,
                  size_t nb, const char *name, const char *tail, struct diag *d)
{
	char list[DIAG_MSG_MAX / 2] = "";

	for (size_t i = 0; i < na; i++)
		names_append(list, sizeof list, a[i].name);
	for (size_t i = 0; i < nb; i++)
		names_append(list, sizeof list, b[i].name);
	return names_unknown(d, "parameter", name, list, tail);
}

int param_check_value(const char *name, double value, struct diag *d)
{
	if (!isfinite(value))
		return diag_set(d, NULL, 0, 0,
		                "parameter '%s' must be a finite number", name);
	return FP_OK;
}
