/* html.c: the record as one self-contained HTML page (html.h). */
#include <stdlib.h>
#include <string.h>

#include "report/html.h"
#include "report/internal.h"
#include "report/verdict.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* No script, no fetch: styles only from the page itself. */
static const char page_head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
    "'none'; style-src 'unsafe-inline'\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, "
    "initial-scale=1\">\n";

static const char page_style[] =
    "<style>\n"
    "body { font-family: sans-serif; max-width: 72em; margin: 1em auto; "
    "padding: 0 1em; line-height: 1.45; color: #1f2328; }\n"
    "#verdict { font-size: 1.3em; font-weight: bold; padding: 0.5em; "
    "border-left: 6px solid #57606a; background: #f6f8fa; }\n"
    "#verdict.accept { border-color: #1a7f37; }\n"
    "#verdict.reject { border-color: #cf222e; }\n"
    "pre, code { font-family: monospace; white-space: pre-wrap; }\n"
    "table { border-collapse: collapse; }\n"
    "td, th { border: 1px solid #d1d9e0; padding: 0.2em 0.6em; }\n"
    "td.n { text-align: right; font-variant-numeric: tabular-nums; }\n"
    "td.case { overflow-wrap: anywhere; min-width: 8em; }\n"
    ".bar { position: relative; width: 30em; height: 1.1em; }\n"
    ".bar div { position: absolute; top: 0; height: 100%; }\n"
    ".adds { background: #1b7837; } .takes { background: #d95f02; }\n"
    ".total { background: #57606a; }\n"
    "svg { max-width: 100%; height: auto; }\n"
    "</style>\n</head>\n<body>\n";

/* A block the text form wrote (its names already visible), line by line. */
static void put_lines(struct hout *h, char *text)
{
	for (char *line = text, *nl; line && *line; line = nl) {
		nl = strchr(line, '\n');
		if (nl)
			*nl++ = '\0';
		html_visible(h, line);
		fputc('\n', h->out);
	}
}

/* What fn writes in the text form, into a <pre>. */
static void put_text_block(struct hout *h, const struct record *r,
                           const char *id,
                           void (*fn)(FILE *, const struct record *,
                                      enum report_format, bool *))
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	if (!f) {
		h->oom = true;
		return;
	}
	fn(f, r, FORMAT_TEXT, &h->oom);
	if (fclose(f) != 0 || !buf) {
		h->oom = true;
		free(buf);
		return;
	}
	if (len > 0) {
		fprintf(h->out, "<pre id=\"%s\">", id);
		put_lines(h, buf);
		fputs("</pre>\n", h->out);
	}
	free(buf);
}

static void put_verdict(struct hout *h, const struct record *r)
{
	const char *kind = r->verdict
	                       ? verdict_name(verdict_decision(r->verdict))
	                   : r->price->accept ? "accept"
	                                      : "reject";

	/* The border's colour: accept, reject, or neither. */
	if (strcmp(kind, "accept") != 0 && strcmp(kind, "reject") != 0)
		kind = "other";
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	if (!f) {
		h->oom = true;
		return;
	}
	report_headline(f, r);
	if (fclose(f) != 0 || !buf) {
		h->oom = true;
		free(buf);
		return;
	}
	fputs("<title>fixprice: ", h->out);
	html_visible(h, buf);
	fprintf(h->out, "</title>\n%s<p id=\"verdict\" class=\"%s\">",
	        page_style, kind);
	html_visible(h, buf);
	free(buf);
	if (r->prediction) {
		fputs(". PREDICTION", h->out);
		if (r->scenario) {
			fputs(" from scenario '", h->out);
			html_text(h, r->scenario->name);
			fputc('\'', h->out);
		}
		fputs(" (not measured)", h->out);
	}
	fputs("</p>\n", h->out);
	if (r->verdict)
		put_text_block(h, r, "verdict-words", report_verdict_words);
}

static void put_step(struct hout *h, const char *what,
                     const struct metric_formula *f, double v)
{
	char a[NUMFMT_MAX];

	fprintf(h->out, "<li>%s = <code>", what);
	html_text(h, f->src.text);
	fprintf(h->out, "</code> = <b>%s</b></li>\n",
	        numfmt_fixed(a, v, REPORT_DECIMALS));
}

static void put_arithmetic(struct hout *h, const struct record *r)
{
	const struct price *p = r->price;
	const struct metric *mt = r->metric;
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[NUMFMT_MAX];

	fputs("<h2>Arithmetic</h2>\n<p>Metric ", h->out);
	html_text(h, mt->name);
	if (mt->version) {
		fputs(" version ", h->out);
		html_text(h, mt->version);
	}
	fprintf(h->out, ", N = %s cases, W = %s.</p>\n<ul>\n",
	        numfmt_exact(a, p->N), numfmt_exact(b, p->W));
	put_step(h, "gain", &mt->gain, p->gain);
	put_step(h, "cost", &mt->cost, p->cost);
	fprintf(h->out, "<li>net = gain - cost = %s - %s = <b>%s</b></li>\n",
	        numfmt_fixed(a, p->gain, REPORT_DECIMALS),
	        numfmt_fixed(b, p->cost, REPORT_DECIMALS),
	        numfmt_fixed(c, p->net, REPORT_DECIMALS));
	fputs("<li>decision: <code>", h->out);
	html_text(h, mt->decide.src.text);
	fprintf(h->out, "</code> gives <b>%s</b></li>\n",
	        p->accept ? "accept" : "reject");
	for (size_t k = 0; k < mt->nparams; k++) {
		fputs(k ? ", <code>" : "<li>with <code>", h->out);
		html_text(h, mt->params[k].name);
		fprintf(h->out, "</code> = %s",
		        numfmt_exact(a, mt->params[k].value));
	}
	fputs(mt->nparams ? "</li>\n</ul>\n" : "</ul>\n", h->out);
	fprintf(h->out,
	        "<p>The metric's own total: total_before = %s, total_after = "
	        "%s, delta_total = %s.</p>\n",
	        numfmt_fixed(a, p->total[SIDE_BEFORE], REPORT_DECIMALS),
	        numfmt_fixed(b, p->total[SIDE_AFTER], REPORT_DECIMALS),
	        numfmt_fixed(c, p->delta_total, REPORT_DECIMALS));
	if (r->verdict) {
		put_text_block(h, r, "control", report_control_words);
	} else if (!p->control_ok) {
		fprintf(h->out,
		        "<p><b>net disagrees with delta_total by %s</b> (net - "
		        "delta_total).</p>\n",
		        numfmt_fixed(a, p->control_gap, REPORT_DECIMALS));
	}
}

/* Every plot inline; one that cannot be says why. */
static void put_plots(struct hout *h, const struct record *r)
{
	if (r->nplots == 0)
		return;
	fputs("<h2>Plots</h2>\n", h->out);
	for (size_t k = 0; k < r->nplots; k++) {
		const struct record_plot *pl = &r->plots[k];
		struct diag d = {0};

		fputs("<figure>\n<figcaption>", h->out);
		html_text(h, pl->title);
		fputs("</figcaption>\n", h->out);
		if (!pl->path || html_svg(h->out, pl->path, &d) != FP_OK) {
			fputs("<p>Not drawn here: ", h->out);
			html_text(h, pl->path ? d.msg : "not an SVG picture");
			fputs(" (the record folder has its gnuplot script and "
			      "data).</p>",
			      h->out);
		}
		fputs("\n</figure>\n", h->out);
	}
}

static void put_provenance(struct hout *h, const struct record *r)
{
	const struct metric *mt = r->metric;

	fputs("<h2>Provenance</h2>\n<ul>\n<li>tool: fixprice ", h->out);
	html_text(h, r->tool_version);
	fputs("</li>\n<li>metric: ", h->out);
	html_text(h, mt->name);
	fputs(" from <code>", h->out);
	html_text(h, mt->path);
	fputs("</code>", h->out);
	if (mt->sha256[0])
		fprintf(h->out, ", sha256 <code>%s</code>", mt->sha256);
	fputs("</li>\n", h->out);
	for (size_t k = 0; k < r->ninputs; k++) {
		fputs("<li>", h->out);
		html_text(h, r->inputs[k].role);
		fputs(": <code>", h->out);
		html_text(h, r->inputs[k].path);
		fputs("</code>", h->out);
		if (r->inputs[k].sha256[0]) {
			fputs(", sha256 <code>", h->out);
			html_text(h, r->inputs[k].sha256);
			fputs("</code>", h->out);
		}
		fputs("</li>\n", h->out);
	}
	fputs("</ul>\n", h->out);
}

int report_html(const struct record *r, FILE *out, struct diag *d)
{
	struct hout h = {out, false};

	fputs(page_head, out);
	put_verdict(&h, r);
	put_arithmetic(&h, r);
	html_bars(&h, r);
	put_plots(&h, r);
	html_cases(&h, r);
	put_provenance(&h, r);
	fputs("</body>\n</html>\n", out);
	if (h.oom)
		return diag_oom(d);
	return report_finish(out, "HTML", d);
}
