/* metric.c: fuzzes the metric loader (metric_load_text): YAML, keys,
 * parameters, weights, columns, and every formula compiled against the
 * metric's environments. */
#include "fuzz.h"

#include <stdlib.h>

#include "price/metric.h"

FUZZ_TARGET(metric)
{
	struct metric *m = NULL;
	struct diag d;
	size_t len;
	char *text = fuzz_text(data, size, &len);

	if (!text)
		return 0;
	if (metric_load_text("fuzz.yaml", text, len, &m, &d) != FP_OK) {
		fuzz_print(&d);
	} else {
		metric_case_weight(m, "matmul/m512_k4096");
		if (m->nparams &&
		    metric_set_param(m, m->params[0].name, 0.5, &d) != FP_OK)
			fuzz_print(&d);
	}
	metric_free(m);
	free(text);
	return 0;
}
