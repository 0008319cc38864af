/* mermaid.c: the record's chart inside the Markdown itself, so that it
 * shows in a pasted comment: a Mermaid xychart (GitHub and GitLab render
 * ```mermaid blocks) of where net comes from, the bars of report/bars.h
 * (the same as the gnuplot chart's): the largest shares of gain, the other
 * cases', the gain, the largest shares of cost, the other cases', net.
 *
 * xychart bars grow from the axis' start (left of 0 once the axis has tick
 * labels), not from 0, so a bar is a contribution's size, in points on a
 * labelled axis, and its sign is in its label ("+2.7500 NAME").  One
 * series: a second one (a colour per sign) would draw its zeros as stubs
 * over the first.  Numbers are plain decimals (the chart's grammar has no
 * exponents).
 *
 * Labels.  A case name becomes a label by one rule: ASCII letters and
 * digits, space and _ - . + = : / ( ) are kept, every other character
 * (quotes, brackets, backticks, #, ;, %, <, >, &, controls, anything not
 * ASCII) becomes _; then the names are shortened together to MERMAID_LABEL
 * characters (util/shorten.h: common start and end in the title, the cut
 * where they agree, no two alike).  So no name can end the quoted label,
 * the bracketed list, the line or the code block, nor be read as a
 * Mermaid entity (#quot;), comment (%%) or HTML. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/bars.h"
#include "report/internal.h"
#include "report/md.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* Characters of a case name in a label. */
#define MERMAID_LABEL 24

static bool label_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || (c && strchr(" _-.+=:/()", c));
}

/* A name in the label alphabet (above), before it is shortened, so that
 * the labels that stay apart are the ones drawn.  A new string. */
static char *label_form(const char *name)
{
	size_t len = strlen(name), o = 0;
	char *t = malloc(len + 1);

	if (!t)
		return NULL;
	for (size_t k = 0; k < len;) {
		size_t step = escape_utf8_len(name + k, len - k);

		t[o++] = label_char((unsigned char)name[k]) ? name[k] : '_';
		k += step ? step : 1;
	}
	t[o] = '\0';
	return t;
}

/* Decimals that show the largest bar to 4 significant places at least. */
static int decimals_for(double max)
{
	int dec = REPORT_DECIMALS;

	if (max > 0 && max < 1)
		dec += (int)ceil(-log10(max));
	return dec > 20 ? 20 : dec;
}

static double size_of(const struct report_bar *b)
{
	return b->kind == BAR_GAIN || b->kind == BAR_NET ? b->to
	                                                 : b->to - b->from;
}

/* The one series: each bar's size (its sign is in its label). */
static void put_series(FILE *out, const struct report_bars *b, int dec)
{
	char a[NUMFMT_MAX];

	fputs("    bar [", out);
	for (size_t k = 0; k < b->n; k++)
		fprintf(out, "%s%s", k ? ", " : "",
		        numfmt_fixed(a, fabs(size_of(&b->bar[k])), dec));
	fputs("]\n", out);
}

/* Bar k's label: its value, then its case's name or its words; a label
 * equal to an earlier one (one case on both sides with equal values)
 * gets its place. */
static void put_label(FILE *out, const struct report_bars *b, size_t k)
{
	const struct report_bar *bar = &b->bar[k];
	char a[NUMFMT_MAX], c[NUMFMT_MAX], w[64];
	double v = size_of(bar);

	fprintf(out, "%s\"%s%s ", k ? ", " : "", v >= 0 ? "+" : "",
	        numfmt_fixed(a, v, REPORT_DECIMALS));
	fputs(b->label[k][0] ? b->label[k] : report_bar_words(bar, w, sizeof w),
	      out);
	/* The same label means the same case (shorten.h); with the same
	 * value shown, its place tells the bars apart. */
	for (size_t j = 0; j < k; j++)
		if (b->label[k][0] && b->label[j] == b->label[k] &&
		    strcmp(
		        numfmt_fixed(c, size_of(&b->bar[j]), REPORT_DECIMALS),
		        a) == 0) {
			fprintf(out, " (%zu)", k + 1);
			break;
		}
	fputc('"', out);
}

/* What the names leave out, each part cut to MERMAID_LABEL characters
 * (the line of the table below has them whole); out of memory: "...". */
static void put_part(FILE *out, const char *what, const char *s)
{
	char *cut = cut_middle(s, MERMAID_LABEL);

	fprintf(out, "%s %s", what, cut ? cut : "...");
	free(cut);
}

static void put_names_note(FILE *out, const struct shorten *s)
{
	if (!s->prefix[0] && !s->suffix[0])
		return;
	fputs(" - names without ", out);
	if (s->prefix[0])
		put_part(out, "start", s->prefix);
	if (s->prefix[0] && s->suffix[0])
		fputs(" and ", out);
	if (s->suffix[0])
		put_part(out, "end", s->suffix);
}

void md_chart(struct mout *m, const struct record *r)
{
	struct report_bars b;
	double max = 0;
	char a[NUMFMT_MAX];
	int dec;

	if (!report_bars_of(r->price, MERMAID_LABEL, label_form, &b, &m->oom))
		return;
	for (size_t k = 0; k < b.n; k++)
		max = fabs(size_of(&b.bar[k])) > max ? fabs(size_of(&b.bar[k]))
		                                     : max;
	/* numfmt_fixed holds 31 characters: no chart of sizes it cannot. */
	if (max >= 1e15) {
		report_bars_free(&b);
		return;
	}
	dec = decimals_for(max);
	fputs("\n```mermaid\n%%{init: {\"themeVariables\": {\"xyChart\": "
	      "{\"plotColorPalette\": \"#57606a\"}}}}%%\n"
	      "xychart-beta horizontal\n"
	      "    title \"Where net comes from: gain, then cost, to net",
	      m->out);
	put_names_note(m->out, &b.names);
	fputs("\"\n    x-axis [", m->out);
	for (size_t k = 0; k < b.n; k++)
		put_label(m->out, &b, k);
	fprintf(m->out,
	        "]\n    y-axis \"points (size; + adds to net, - takes from "
	        "it)\" 0 --> %s\n",
	        numfmt_fixed(a, max > 0 ? max : 1, dec));
	put_series(m->out, &b, dec);
	fputs("```\n", m->out);
	report_bars_free(&b);
}
