/* openmetrics.c: the record's numbers as an OpenMetrics text exposition,
 * the form GitLab reads as a merge request's metrics report (metrics.txt,
 * `artifacts:reports:metrics`), which shows each value beside the target
 * branch's.
 *
 * One gauge per number: fixprice_gain, fixprice_cost, fixprice_net,
 * fixprice_total_before, fixprice_total_after, fixprice_delta_total, and
 * fixprice_accept (1 accept, 0 reject), each with one sample labelled
 * metric (its name), version and kind (measured or prediction).  Values are
 * exact (the shortest text that reads back to the same double); label
 * values are the names' visible form (util/escape.h: no control, bidi
 * control or CI command reaches a terminal or a log through them), then
 * escaped as the OpenMetrics text format says (backslash, double quote
 * and line feed).  From price, first comes the headline: fixprice_verdict, labelled
 * verdict with its name, and when the noise was judged the interval of
 * net as fixprice_net_interval_low and _high.  The exposition ends with
 * "# EOF". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "noise/verdict.h"
#include "report/internal.h"
#include "report/report.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* The labels every sample has: the metric's name and version in their
 * visible form, and the kind. */
struct om_labels {
	char *metric, *version;
	const char *kind;
};

/* Writes s as an OpenMetrics label value, without the quotes. */
static void put_label_value(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '\\')
			fputs("\\\\", out);
		else if (*s == '"')
			fputs("\\\"", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else
			fputc(*s, out);
	}
}

/* OpenMetrics spells the non-finite values NaN, +Inf and -Inf. */
static void put_value(FILE *out, double x)
{
	char buf[NUMFMT_MAX];

	if (isnan(x))
		fputs("NaN", out);
	else if (isinf(x))
		fputs(x > 0 ? "+Inf" : "-Inf", out);
	else
		fputs(numfmt_exact(buf, x), out);
}

/* NAME{metric="...",version="...",kind="..." */
static void put_labels(FILE *out, const char *name, const struct om_labels *l)
{
	fprintf(out, "%s{metric=\"", name);
	put_label_value(out, l->metric);
	fputs("\",version=\"", out);
	put_label_value(out, l->version);
	fprintf(out, "\",kind=\"%s\"", l->kind);
}

static void put_gauge(FILE *out, const struct om_labels *l, const char *name,
                      const char *help, double x)
{
	char full[64];

	snprintf(full, sizeof full, "fixprice_%s", name);
	fprintf(out, "# TYPE %s gauge\n", full);
	fprintf(out, "# HELP %s %s\n", full, help);
	put_labels(out, full, l);
	fputs("} ", out);
	put_value(out, x);
	fputc('\n', out);
}

/* The headline first: the verdict, labelled with its name (1 accept, -1
 * reject, 0 otherwise), and the interval of net when it was judged. */
static void put_verdict(FILE *out, const struct record *r,
                        const struct om_labels *l)
{
	const struct verdict *v = r->verdict;

	if (!v)
		return;
	fputs("# TYPE fixprice_verdict gauge\n"
	      "# HELP fixprice_verdict The verdict, named by its label: 1 "
	      "accept, -1 reject, 0 otherwise.\n",
	      out);
	put_labels(out, "fixprice_verdict", l);
	fprintf(out, ",verdict=\"%s\"} %d\n", verdict_name(v->kind),
	        v->kind == VERDICT_ACCEPT   ? 1
	        : v->kind == VERDICT_REJECT ? -1
	                                    : 0);
	if (!v->boot)
		return;
	put_gauge(out, l, "net_interval_low",
	          "The low end of the verdict's interval of net.",
	          v->boot->net_ci.lo);
	put_gauge(out, l, "net_interval_high",
	          "The high end of the verdict's interval of net.",
	          v->boot->net_ci.hi);
}

static void put_gauges(FILE *out, const struct record *r,
                       const struct om_labels *l)
{
	const struct price *p = r->price;

	put_verdict(out, r, l);
	put_gauge(out, l, "gain",
	          "What the newly passing cases add, in the "
	          "metric's units.",
	          p->gain);
	put_gauge(out, l, "cost",
	          "What the slowdown takes from every case, in "
	          "the metric's units.",
	          p->cost);
	put_gauge(out, l, "net", "gain - cost.", p->net);
	put_gauge(out, l, "total_before",
	          "The metric's total over the before "
	          "run.",
	          p->total[SIDE_BEFORE]);
	put_gauge(out, l, "total_after",
	          "The metric's total over the after "
	          "run.",
	          p->total[SIDE_AFTER]);
	put_gauge(out, l, "delta_total",
	          "total_after - total_before, the "
	          "control for net.",
	          p->delta_total);
	put_gauge(out, l, "accept",
	          "1 when the decision is accept, 0 when it "
	          "is reject.",
	          p->accept ? 1 : 0);
	fputs("# EOF\n", out);
}

int report_openmetrics(const struct record *r, FILE *out, struct diag *d)
{
	struct om_labels l = {
	    .metric = escape_terminal(r->metric->name),
	    .version = escape_terminal(r->metric->version),
	    .kind = r->prediction ? "prediction" : "measured",
	};
	int rc;

	if (l.metric && l.version)
		put_gauges(out, r, &l);
	rc = l.metric && l.version ? report_finish(out, "OpenMetrics", d)
	                           : diag_oom(d);
	free(l.metric);
	free(l.version);
	return rc;
}
