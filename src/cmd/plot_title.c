#include "cmd/plot_title.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "plot/plot.h"
#include "report/report.h"
#include "util/escape.h"

char *plot_title(const char *what, const struct metric *m, const char *outcome,
                 bool prediction)
{
	char *name = escape_terminal_cut(m && m->name ? m->name : "metric",
	                                 PLOT_NAME_MAX - 3);
	char *t;
	size_t len;

	if (!name)
		return NULL;
	len = strlen(name) + strlen(what) + strlen(outcome) + 32;
	t = malloc(len);
	if (t)
		snprintf(t, len, "%s: %s -- %s -- %s", name, what, outcome,
		         prediction ? "PREDICTION" : "MEASURED");
	free(name);
	return t;
}

char *plot_title_record(const char *what, const struct record *r)
{
	char outcome[48];

	if (r->verdict)
		snprintf(outcome, sizeof outcome, "verdict: %s",
		         verdict_name(r->verdict->kind));
	else
		snprintf(outcome, sizeof outcome, "decision: %s",
		         r->price->accept ? "accept" : "reject");
	return plot_title(what, r->metric, outcome, r->prediction);
}

char *plot_title_now(const char *what, const struct priced *pr)
{
	return plot_title(what, pr->job.metric,
	                  pr->price->accept ? "point estimate now: accept"
	                                    : "point estimate now: reject",
	                  pr->job.scenario != NULL);
}
