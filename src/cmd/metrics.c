/* cmd_metrics.c: `fixprice metrics`: the metrics that can be used by name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "price/metric.h"
#include "price/metric_yaml.h"
#include "util/escape.h"

struct row {
	char *name, *description;
};

struct rows {
	struct row *v;
	size_t n;
	bool oom;
};

/* The description on one line, made safe for a terminal. */
static char *one_line(const char *s)
{
	char *flat = myaml_one_line(s), *safe = flat ? escape_terminal(flat)
	                                             : NULL;

	free(flat);
	return safe;
}

static void collect(const char *name, const char *path,
                    const char *description, void *arg)
{
	struct rows *rows = arg;
	struct row *grown = realloc(rows->v, (rows->n + 1) * sizeof *grown);

	(void)path;
	if (!grown) {
		rows->oom = true;
		return;
	}
	rows->v = grown;
	grown[rows->n].name = escape_terminal(name);
	grown[rows->n].description = one_line(description);
	if (!grown[rows->n].name || !grown[rows->n].description) {
		free(grown[rows->n].name);
		free(grown[rows->n].description);
		rows->oom = true;
		return;
	}
	rows->n++;
}

static void print_rows(const struct rows *rows)
{
	int width = 0;

	for (size_t i = 0; i < rows->n; i++)
		if ((int)strlen(rows->v[i].name) > width)
			width = (int)strlen(rows->v[i].name);
	for (size_t i = 0; i < rows->n; i++)
		printf("%-*s  %s\n", width, rows->v[i].name, rows->v[i].description);
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
		print_rows(&rows);
	for (size_t i = 0; i < rows.n; i++) {
		free(rows.v[i].name);
		free(rows.v[i].description);
	}
	free(rows.v);
	return rc == FP_OK ? EXIT_OK : FP_ERR;
}

const struct command cmd_metrics = {
	.name = "metrics",
	.summary = "list the shipped metrics",
	.args = "",
	.description =
		"Lists the metrics that -m NAME finds, one per line: name and\n"
		"description.  They are searched in each folder of\n"
		"$FIXPRICE_METRICS_PATH (colon-separated), then in the installed\n"
		"metrics folder; every shipped metric is also built in.\n",
	.run = metrics_run,
};
