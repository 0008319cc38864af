/* html_cases.c: where net comes from and the cases, in the HTML page. */
#include <math.h>
#include <stdlib.h>

#include "report/bars.h"
#include "report/html.h"
#include "report/internal.h"
#include "report/md.h"
#include "util/numfmt.h"

/* The names on the bars: long ones shortened, as on the other charts. */
#define HTML_BAR_NAME 48

static double lo_of(const struct report_bar *b)
{
	return b->from < b->to ? b->from : b->to;
}

static double hi_of(const struct report_bar *b)
{
	return b->from < b->to ? b->to : b->from;
}

/* One bar's row: its label, its value, and the bar between its ends on a
 * scale from lo to hi. */
static void put_bar(struct hout *h, const struct report_bars *b, size_t k,
                    double lo, double hi)
{
	const struct report_bar *bar = &b->bar[k];
	bool total = bar->kind == BAR_GAIN || bar->kind == BAR_NET;
	double v = total ? bar->to : bar->to - bar->from, span = hi - lo;
	char a[NUMFMT_MAX], x[NUMFMT_MAX], w[NUMFMT_MAX], words[64];

	fputs("<tr><td class=\"case\">", h->out);
	if (b->label[k][0])
		html_text(h, b->label[k]);
	else
		html_visible(h, report_bar_words(bar, words, sizeof words));
	fprintf(
	    h->out,
	    "</td><td class=\"n\">%s%s</td><td><div class=\"bar\"><div "
	    "class=\"%s\" style=\"left: %s%%; width: %s%%\"></div></div>"
	    "</td></tr>\n",
	    v > 0 ? "+" : "", numfmt_fixed(a, v, REPORT_DECIMALS),
	    total ? "total" : (bar->to < bar->from ? "takes" : "adds"),
	    numfmt_fixed(x, span > 0 ? (lo_of(bar) - lo) / span * 100 : 0, 2),
	    numfmt_fixed(
	        w, span > 0 ? (hi_of(bar) - lo_of(bar)) / span * 100 : 0, 2));
}

void html_bars(struct hout *h, const struct record *r)
{
	struct report_bars b;
	double lo = 0, hi = 0;
	char *note;

	if (!report_bars_of(r->price, HTML_BAR_NAME, NULL, &b, &h->oom))
		return;
	for (size_t k = 0; k < b.n; k++) {
		lo = fmin(lo, lo_of(&b.bar[k]));
		hi = fmax(hi, hi_of(&b.bar[k]));
	}
	fputs("<h2>Where net comes from</h2>\n", h->out);
	note = report_names_note(&b.names);
	if (!note)
		h->oom = true;
	else if (note[0]) {
		fputs("<p>", h->out);
		html_text(h, note);
		fputs("</p>\n", h->out);
	}
	free(note);
	fputs("<table id=\"bars\">\n<tr><th>bar</th><th>points</th>"
	      "<th>from 0 (gain, net) or from the bar before</th></tr>\n",
	      h->out);
	for (size_t k = 0; k < b.n; k++)
		put_bar(h, &b, k, lo, hi);
	fputs("</table>\n", h->out);
	report_bars_free(&b);
}

static void put_row(struct hout *h, const struct record *r, size_t i)
{
	const struct price *p = r->price;
	char a[REPORT_CELL_MAX];

	fprintf(h->out, "<tr><td class=\"n\">%s</td><td>%s</td><td>%s</td>",
	        numfmt_human(a, p->weight[i], REPORT_DIGITS),
	        p->passed[SIDE_BEFORE][i] != 0 ? "pass" : "fail",
	        p->passed[SIDE_AFTER][i] != 0 ? "pass" : "fail");
	for (int s = 0; s < 2; s++)
		fprintf(h->out, "<td class=\"n\">%s</td>",
		        report_runtime_cell(a, r, s, i, PRECISION_HUMAN));
	for (int s = 0; s < 2; s++)
		fprintf(h->out, "<td class=\"n\">%s</td>",
		        numfmt_fixed(a, p->score[s][i], REPORT_DECIMALS));
	if (p->gain_share && p->cost_share) {
		fprintf(h->out, "<td class=\"n\">%s</td>",
		        numfmt_fixed(a, p->gain_share[i], REPORT_DECIMALS));
		fprintf(h->out, "<td class=\"n\">%s</td>",
		        numfmt_fixed(a, p->cost_share[i], REPORT_DECIMALS));
	} else {
		fputs("<td>-</td><td>-</td>", h->out);
	}
	fputs("<td class=\"case\">", h->out);
	html_text(h, p->case_name[i]);
	fputs("</td></tr>\n", h->out);
}

void html_cases(struct hout *h, const struct record *r)
{
	const struct price *p = r->price;
	size_t *rank = md_rank(p), shown = p->n;
	char a[32], b[32];

	if (!rank) {
		h->oom = true;
		return;
	}
	if (shown > HTML_CASES_MAX)
		shown = HTML_CASES_MAX;
	fputs("<h2>Cases</h2>\n<p>", h->out);
	if (p->gain_share && p->cost_share)
		fputs("Largest shares of gain and cost first", h->out);
	else
		fputs("In case order (the shares are not defined)", h->out);
	fprintf(h->out, ": %s of %s cases", md_count(a, shown),
	        md_count(b, p->n));
	fputs(shown < p->n ? "; all of them in cases.csv.</p>\n" : ".</p>\n",
	      h->out);
	fputs("<table id=\"cases\">\n<tr><th>weight</th><th>pass before</th>"
	      "<th>pass after</th><th>runtime before</th><th>runtime after</th>"
	      "<th>score before</th><th>score after</th><th>gain share</th>"
	      "<th>cost share</th><th>case</th></tr>\n",
	      h->out);
	for (size_t k = 0; k < shown; k++)
		put_row(h, r, rank[k]);
	fputs("</table>\n", h->out);
	free(rank);
}
