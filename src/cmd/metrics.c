/* cmd_metrics.c: `fixprice metrics`: the metrics that can be used by name. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cli.h"
#include "cmd/commands.h"
#include "price/metric.h"
#include "price/metric_yaml.h"
#include "util/escape.h"

const char cmd_metrics_usage[] =
	"usage: fixprice metrics\n"
	"\n"
	"Lists the metrics that -m NAME finds, one per line: name and\n"
	"description.  They are searched in each folder of\n"
	"$FIXPRICE_METRICS_PATH (colon-separated), then in the installed\n"
	"metrics folder; every shipped metric is also built in.\n"
	"\n"
	"  -h, --help   show this help\n";

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

int cmd_metrics(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	struct rows rows = { NULL, 0, false };
	struct diag d;
	int opt, rc, width = 0, status = EXIT_OK;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (opt == 'h') {
			fputs(cmd_metrics_usage, stdout);
			return EXIT_OK;
		}
		cli_short_usage("metrics", cmd_metrics_usage);
		return EXIT_USAGE;
	}
	if (optind < argc) {
		cli_short_usage("metrics", cmd_metrics_usage);
		return EXIT_USAGE;
	}
	rc = metric_list(collect, &rows, &d);
	if (rc == FP_OK && rows.oom)
		rc = diag_set(&d, NULL, 0, 0, "out of memory");
	if (rc != FP_OK) {
		diag_print(&d, stderr);
		status = EXIT_USAGE;
	} else {
		for (size_t i = 0; i < rows.n; i++)
			if ((int)strlen(rows.v[i].name) > width)
				width = (int)strlen(rows.v[i].name);
		for (size_t i = 0; i < rows.n; i++)
			printf("%-*s  %s\n", width, rows.v[i].name,
			       rows.v[i].description);
	}
	for (size_t i = 0; i < rows.n; i++) {
		free(rows.v[i].name);
		free(rows.v[i].description);
	}
	free(rows.v);
	return status;
}
