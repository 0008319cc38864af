/* metrics.c: `fixprice metrics`: the metrics that can be used by name and
 * where each is found; --show NAME prints one metric's file. */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "price/metric.h"
#include "report/listing.h"
#include "util/source.h"

struct metrics_own {
	const char *show; /* --show NAME|FILE, or NULL: list */
};

static int metrics_option(void *own, enum opt_id id, const char *arg,
                          struct diag *d)
{
	struct metrics_own *o = own;

	if (id != OPT_SHOW)
		return diag_set(d, NULL, 0, 0, "metrics takes no option %d",
		                (int)id);
	o->show = arg;
	return FP_OK;
}

struct rows {
	struct metric_row *v;
	size_t n;
	bool oom;
};

/* Keeps a copy of each metric's name, description and file (NULL for a
 * built-in copy, whose path starts "<builtin>/"). */
static void collect(const char *name, const char *path, const char *description,
                    void *arg)
{
	struct rows *rows = arg;
	bool builtin = strncmp(path, "<builtin>/", 10) == 0;
	char *n = strdup(name), *desc = strdup(description ? description : "");
	char *from = builtin ? NULL : strdup(path);

	if (!n || !desc || (!builtin && !from) ||
	    !CLI_RESERVE(rows->v, rows->n)) {
		free(n);
		free(desc);
		free(from);
		rows->oom = true;
		return;
	}
	rows->v[rows->n++] = (struct metric_row){n, desc, from};
}

static int list(struct diag *d)
{
	struct rows rows = {0};
	int rc = metric_list(collect, &rows, d);

	if (rc == FP_OK && rows.oom)
		rc = diag_oom(d);
	if (rc == FP_OK)
		rc = report_metric_list(rows.v, rows.n, stdout, d);
	for (size_t i = 0; i < rows.n; i++) {
		free((char *)rows.v[i].name);
		free((char *)rows.v[i].description);
		free((char *)rows.v[i].from);
	}
	free(rows.v);
	return rc;
}

/* The metric's file, byte for byte, to start an edited copy from.  When
 * standard output is itself a file on the search path, the copy comes from
 * the next one. */
static int show(const char *name, struct diag *d)
{
	struct source s;
	char *path;

	if (metric_read(name, fileno(stdout), &s, &path, d) != FP_OK)
		return FP_ERR;
	fwrite(s.data, 1, s.len, stdout);
	source_free(&s);
	free(path);
	return FP_OK;
}

static int metrics_run(const struct cmd_call *call, struct diag *d)
{
	const struct metrics_own *o = call->own;

	if ((o->show ? show(o->show, d) : list(d)) != FP_OK)
		return FP_ERR;
	return EXIT_OK;
}

const struct command cmd_metrics = {
    .name = "metrics",
    .summary = "list the metrics -m NAME finds, or show one",
    .args = "[--show NAME]",
    .description =
        "Lists the metrics that -m NAME finds, two lines each: name and "
        "description, then where it comes from (a file, or built in).  "
        "A name is searched in each folder of $FIXPRICE_METRICS_PATH "
        "(colon-separated), then in $XDG_CONFIG_HOME/fixprice/metrics "
        "(default ~/.config/fixprice/metrics), then in the installed "
        "metrics folder; every shipped metric is also built in.  The "
        "first file found wins.",
    .epilogue = "To edit a shipped metric: fixprice metrics --show pypto-gym > "
                "~/.config/fixprice/metrics/pypto-gym.yaml, then edit that "
                "copy.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_SHOW,
             .name = "show",
             .arg = "NAME",
             .help = "print the file of the metric -m NAME would load"},
            {0},
        },
    .own_size = sizeof(struct metrics_own),
    .option = metrics_option,
    .run = metrics_run,
};
