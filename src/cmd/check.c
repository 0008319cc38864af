/* check.c: `fixprice check [METRIC]`: load a metric, check everything in
 * it, and show what it defines. */
#include <stdio.h>

#include "cmd/command.h"
#include "price/metric.h"
#include "report/listing.h"

static int check_run(const struct cmd_call *call, struct diag *d)
{
	struct metric *m;
	int rc;

	if (metric_load(call->nargs ? call->args[0] : NULL, &m, d) != FP_OK)
		return FP_ERR;
	rc = report_metric(m, stdout, d);
	metric_free(m);
	return rc == FP_OK ? EXIT_OK : FP_ERR;
}

const struct command cmd_check = {
    .name = "check",
    .summary = "validate a metric file and show what it defines",
    .args = "[METRIC]",
    .description =
        "Loads METRIC (a shipped metric's name or a path to a metric "
        "file; default pypto-gym), checks every key, name and formula "
        "in it, and prints what it defines: name, version, source, "
        "SHA-256, parameters, weights, columns, and each formula with "
        "its shape.  Exits 2 with the error's file, line and column if "
        "anything is wrong.",
    .max_args = 1,
    .run = check_run,
};
