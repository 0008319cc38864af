/* metric.c: fuzzes the metric loader (metric_load_text): YAML, keys,
 * parameters, weights, columns, and every formula compiled against the
 * metric's environments.  A metric that loads is then used: a case
 * weight, --set of its first parameter, and the pricing of a fixed pair
 * of runs, where its formulas meet data. */
#include "fuzz.h"

#include <stdlib.h>

#include "run/load.h"
#include "price/metric.h"
#include "price/price.h"
#include "price/session.h"

static const char before_csv[] = "case,runtime,passed,ref_runtime\n"
                                 "matmul/m512_k4096,2.5,true,3\n"
                                 "m64_k64,0.125,false,1\n"
                                 "conv/3x3,1e-3,pass,2e-3\n";
static const char after_csv[] = "case,runtime,passed,ref_runtime\n"
                                "m64_k64,0.25,true,1\n"
                                "matmul/m512_k4096,5,true,3\n"
                                "conv/3x3,1e-3,fail,2e-3\n";

/* Prices the fixed runs with m; errors go to fuzz_print. */
static void price(struct metric *m)
{
	struct run *before = NULL, *after = NULL;
	struct joined j = {0};
	struct session *ses = NULL;
	struct price *p = NULL;
	struct diag d;

	if (run_parse("before.csv", before_csv, sizeof before_csv - 1, NULL,
	              &before, &d) != FP_OK ||
	    run_parse("after.csv", after_csv, sizeof after_csv - 1, NULL,
	              &after, &d) != FP_OK)
		abort();
	if (price_join(before, after, false, &j, &d) != FP_OK ||
	    session_open(m, &j, NULL, &ses, &d) != FP_OK ||
	    price_compute(ses, &p, &d) != FP_OK)
		fuzz_print(&d);
	price_free(p);
	session_close(ses);
	joined_free(&j);
}

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
		const char *name = "matmul/m512_k4096";
		double w;

		if (metric_weights(m, &name, 1, &w, &d) != FP_OK)
			fuzz_print(&d);
		if (m->nparams &&
		    metric_set_param(m, m->params[0].name, 0.5, &d) != FP_OK)
			fuzz_print(&d);
		price(m);
	}
	metric_free(m);
	free(text);
	return 0;
}
