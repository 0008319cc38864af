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

int plot_outcome_now(const struct priced *pr, const struct cmd_noise *o,
                     char *buf, size_t size, struct diag *d)
{
	struct judge_opts jo = cmd_judge_opts(o);
	struct judged j = {0};
	int rc = judge_price(&jo, &pr->job, pr->price, NULL, &j, d);

	if (rc == FP_OK && j.v.kind != VERDICT_NOT_JUDGED)
		snprintf(buf, size, "verdict now: %s", verdict_name(j.v.kind));
	else /* as the guards leave it, as price's --check */
		snprintf(buf, size, "point estimate now: %s",
		         rc == FP_OK         ? verdict_name(j.v.point_kind)
		         : pr->price->accept ? "accept"
		                             : "reject");
	judged_free(&j);
	return rc;
}

char *plot_title_now(const char *what, const struct priced *pr,
                     const char *outcome)
{
	return plot_title(what, pr->job.metric, outcome,
	                  pr->job.scenario != NULL);
}
