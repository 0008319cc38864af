/* md.h: what the Markdown writers share (md_out.c, markdown.c, md_cases.c,
 * md_budget.c, mermaid.c), for src/report/ only. */
#ifndef FP_REPORT_MD_H
#define FP_REPORT_MD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

struct mout {
	FILE *out;
	bool oom;
	/* Plots as links relative to the record folder (its decision.md);
	 * false in Markdown meant to be posted, which has no relative
	 * links: they would break in a comment. */
	bool links;
};

/* User text in a paragraph or table cell (escape_md_text). */
void md_text(struct mout *m, const char *s);
/* User text in a code span; cell: inside a table (escape_md_code). */
void md_code(struct mout *m, const char *s, bool cell);
/* A relative link's path (escape_url_path). */
void md_url(struct mout *m, const char *s);

/* The summary: the verdict line, the verdict, the counts, the arithmetic
 * and the control (markdown.c). */
void md_summary(struct mout *m, const struct record *r);
/* What follows the cases: break-even, plots and provenance. */
void md_tail(struct mout *m, const struct record *r);

/* "**Cases:** 1 newly passing, ..." with the runtime ratios (md_cases.c). */
void md_counts(struct mout *m, const struct record *r);

/* The cases in the order they matter: largest |gain share| + |cost share|
 * first, ties in case order; case order when the shares are undefined.
 * A new array of p->n indices (caller frees), NULL when out of memory. */
size_t *md_rank(const struct price *p);
/* One row of the per-case table, with a final newline; label: the name
 * shown (NULL: the case's name). */
void md_case_row(struct mout *m, const struct record *r, size_t i,
                 const char *label);
/* Characters of a case name in the per-case table: long names are
 * shortened together (util/shorten.h), so that the numbers stay in view. */
#define MD_NAME_MAX 40
/* The per-case table's header lines. */
void md_case_header(struct mout *m);

/* The Mermaid chart of the largest contributions to net and net itself
 * (mermaid.c); nothing when the shares are undefined. */
void md_chart(struct mout *m, const struct record *r);

/* n with a comma every three digits: "4,950".  buf of 32 bytes. */
const char *md_count(char buf[32], size_t n);

/* How a limit is counted: Unicode code points (GitHub's comments) or
 * bytes (GitHub's job summary files). */
enum md_unit { MD_CODE_POINTS, MD_BYTES };

/* The summary-first record within limit units of out (md_budget.c):
 * where_all names where every case is ("cases.csv"); links: plots as
 * relative links (the record folder's decision.md only). */
int md_write(const struct record *r, FILE *out, size_t limit, enum md_unit unit,
             const char *where_all, bool links, struct diag *d);

#endif
