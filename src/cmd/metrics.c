/* metrics.c: `fixprice metrics`: the metrics that can be used by name. */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "price/metric.h"
#include "report/listing.h"

struct rows {
	struct metric_row *v;
	size_t n;
	bool oom;
};

/* Keeps a copy of each metric's name and description. */
static void collect(const char *name, const char *path,
                    const char *description, void *arg)
{
	struct rows *rows = arg;
	char *n = strdup(name), *desc = strdup(description ? description : "");

	(void)path;
	if (!n || !desc || !CLI_RESERVE(rows->v, rows->n)) {
		free(n);
		free(desc);
		rows->oom = true;
		return;
	}
	rows->v[rows->n++] = (struct metric_row){n, desc};
}

static int metrics_run(const struct cmd_call *call, struct diag *d)
{
	struct rows rows = {0};
	int rc;

	(void)call;
	rc = metric_list(collect, &rows, d);
	if (rc == FP_OK && rows.oom)
		rc = diag_oom(d);
	if (rc == FP_OK)
		rc = report_metric_list(rows.v, rows.n, stdout, d);
	for (size_t i = 0; i < rows.n; i++) {
		free((char *)rows.v[i].name);
		free((char *)rows.v[i].description);
	}
	free(rows.v);
	return rc == FP_OK ? EXIT_OK : FP_ERR;
}
const struct command cmd_metrics = {
	.name = "metrics",
	.summary = "list the shipped metrics",
	.args = "",
	.description =
		"Lists the metrics that -m NAME finds, one per line: name and "
		"description.  They are searched in each folder of "
		"$FIXPRICE_METRICS_PATH (colon-separated), then in the "
		"installed metrics folder; every shipped metric is also built "
		"in.",
	.run = metrics_run,
};
