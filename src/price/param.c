/* param.c: the errors about parameters (param.h). */
#include "price/param.h"

#include <math.h>

#include "price/metric.h"
#include "price/scenario.h"
#include "util/names.h"

int param_unknown(const struct metric *m, const struct scenario *sc,
                  const char *name, const char *tail, struct diag *d)
{
	char list[DIAG_MSG_MAX / 2] = "";

	for (size_t i = 0; m && i < m->nparams; i++)
		names_append(list, sizeof list, m->params[i].name);
	for (size_t i = 0; sc && i < sc->nparams; i++)
		names_append(list, sizeof list, sc->params[i].name);
	return names_unknown(d, "parameter", name, list, tail);
}

int param_check(bool found, const struct metric *m, const struct scenario *sc,
                const char *name, double value, struct diag *d)
{
	if (!found)
		return param_unknown(m, sc, name, "", d);
	if (!isfinite(value))
		return diag_set(d, NULL, 0, 0,
		                "parameter '%s' must be a finite number", name);
	return FP_OK;
}
