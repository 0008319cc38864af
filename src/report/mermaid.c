/* mermaid.c: the record's chart inside the Markdown itself, so that it
 * shows in a pasted comment: a Mermaid xychart (GitHub and GitLab render
 * ```mermaid blocks) of the largest contributions to net (each case's gain
 * share minus cost share, report_top_cases) and net itself.
 *
 * xychart bars grow from the axis' minimum, not from 0, so a bar is a
 * contribution's size and its sign is in its label and its colour: the
 * first series (green, set by an init directive) adds to net, the second
 * (red) takes from it (each case has a 0 in the other).  The size axis has
 * no tick labels (the bars' labels carry the values): with them, Mermaid
 * pads the axis and a 0 draws as a stub over the other series.  Labels
 * start with the bar's rank ("3: "), so cut names never merge two bars.
 * Numbers are plain decimals (the chart's grammar has no exponents).
 *
 * Labels.  A case name becomes a label by one rule: ASCII letters and
 * digits, space and _ - . + = : / ( ) are kept, every other character
 * (quotes, brackets, backticks, #, ;, %, <, >, &, controls, anything not
 * ASCII) becomes _, and a name longer than MERMAID_LABEL characters is cut
 * to MERMAID_LABEL - 3 and "...".  So no name can end the quoted label,
 * the bracketed list, the line or the code block, nor be read as a
 * Mermaid entity (#quot;), comment (%%) or HTML. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/md.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* Bars besides net. */
#define MERMAID_BARS 10
/* Characters of a case name in a label. */
#define MERMAID_LABEL 24

static bool label_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || (c && strchr(" _-.+=:/()", c));
}

/* The label form of name (above) on out. */
static void put_label_name(FILE *out, const char *name)
{
	size_t chars = 0, len = strlen(name);

	for (size_t k = 0; k < len; chars++)
		k += escape_utf8_len(name + k, len - k)
		         ? escape_utf8_len(name + k, len - k)
		         : 1;
	for (size_t k = 0, shown = 0; k < len; shown++) {
		size_t step = escape_utf8_len(name + k, len - k);

		if (chars > MERMAID_LABEL && shown == MERMAID_LABEL - 3) {
			fputs("...", out);
			return;
		}
		fputc(label_char((unsigned char)name[k]) ? name[k] : '_', out);
		k += step ? step : 1;
	}
}

/* Decimals that show the largest bar to 4 significant places at least. */
static int decimals_for(double max)
{
	int dec = REPORT_DECIMALS;

	if (max > 0 && max < 1)
		dec += (int)ceil(-log10(max));
	return dec > 20 ? 20 : dec;
}

/* One series: the sizes of the values of sign (adds: >= 0). */
static void put_series(FILE *out, const double *v, size_t n, bool adds, int dec)
{
	char a[NUMFMT_MAX];

	fputs("    bar [", out);
	for (size_t k = 0; k < n; k++) {
		double size = (v[k] >= 0) == adds ? fabs(v[k]) : 0;

		fprintf(out, "%s%s", k ? ", " : "", numfmt_fixed(a, size, dec));
	}
	fputs("]\n", out);
}

static void put_label_value(FILE *out, double v)
{
	char a[NUMFMT_MAX];

	fprintf(out, "%s%s", v >= 0 ? "+" : "",
	        numfmt_fixed(a, v, REPORT_DECIMALS));
}

void md_chart(struct mout *m, const struct record *r)
{
	const struct price *p = r->price;
	size_t idx[MERMAID_BARS], n;
	double v[MERMAID_BARS + 1], max = 0;
	char a[NUMFMT_MAX];

	if (!p->gain_share || !p->cost_share)
		return;
	n = report_top_cases(p, MERMAID_BARS, idx);
	for (size_t k = 0; k < n; k++)
		v[k] = p->gain_share[idx[k]] - p->cost_share[idx[k]];
	v[n] = p->net;
	for (size_t k = 0; k <= n; k++) {
		if (!isfinite(v[k]))
			return;
		max = fabs(v[k]) > max ? fabs(v[k]) : max;
	}
	/* numfmt_fixed holds 31 characters: no chart of sizes it cannot. */
	if (max >= 1e15)
		return;
	fputs("\n```mermaid\n%%{init: {\"xyChart\": {\"yAxis\": "
	      "{\"showLabel\": false}}, \"themeVariables\": {\"xyChart\": "
	      "{\"plotColorPalette\": \"#1a7f37, #cf222e\"}}}}%%\n"
	      "xychart-beta horizontal\n"
	      "    title \"Largest contributions to net (gain share - cost "
	      "share), and net\"\n    x-axis [",
	      m->out);
	for (size_t k = 0; k < n; k++) {
		fprintf(m->out, "%s\"%zu: ", k ? ", " : "", k + 1);
		put_label_value(m->out, v[k]);
		fputc(' ', m->out);
		put_label_name(m->out, p->case_name[idx[k]]);
		fputc('"', m->out);
	}
	fputs(n ? ", \"net " : "\"net ", m->out);
	put_label_value(m->out, v[n]);
	fprintf(m->out,
	        "\"]\n    y-axis \"size (green adds to net, red "
	        "takes from it)\" 0 --> %s\n",
	        numfmt_fixed(a, max > 0 ? max : 1, decimals_for(max)));
	put_series(m->out, v, n + 1, true, decimals_for(max));
	put_series(m->out, v, n + 1, false, decimals_for(max));
	fputs("```\n", m->out);
}
