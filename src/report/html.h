/* html.h: the record folder's index.html (html.c, html_cases.c,
 * html_svg.c), for src/report/ only.
 *
 * One self-contained page a browser opens from the folder: no script, no
 * link, nothing fetched (a Content-Security-Policy of default-src 'none'
 * says so to the browser too); the verdict first, the arithmetic, where
 * net comes from (the bars of report/bars.h, drawn in HTML), every plot
 * inline as the SVG gnuplot drew (html_svg.c makes it safe), the cases
 * and the provenance.  User text goes through escape_html. */
#ifndef FP_REPORT_HTML_H
#define FP_REPORT_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "report/report.h"
#include "util/diag.h"

/* Largest SVG picture put inline. */
#define HTML_SVG_MAX (64 << 20)
/* Rows of the case table (largest shares first; cases.csv has all). */
#define HTML_CASES_MAX 1000

struct hout {
	FILE *out;
	bool oom;
};

/* User text (escape_html) and text already visible (escape_html_visible). */
void html_text(struct hout *h, const char *s);
void html_visible(struct hout *h, const char *s);

/* The sections of where net comes from and of the cases (html_cases.c). */
void html_bars(struct hout *h, const struct record *r);
void html_cases(struct hout *h, const struct record *r);

/* The SVG picture at path, cleaned of anything that runs or fetches, as
 * one <svg> element on out. */
int html_svg(FILE *out, const char *path, struct diag *d);

#endif
