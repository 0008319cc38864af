/* md_budget.c: the Markdown record within a limit.
 *
 * Summary first: the verdict line, the verdict, the counts, the arithmetic
 * and the control always come whole.  Then the cases (md_rank's order):
 * the chart, the ten that matter most in a table, the others folded in
 * <details>, and then break-even, plots and provenance.  When the record
 * would pass the limit, what goes first is the folded table (cut row by
 * row, the rest counted in one line), then rows of the top table, then
 * the chart, then the tail (one line says where it is); when even the
 * summary does not fit, the record is one line saying so.  Every part is
 * rendered and measured before it is written, so the limit is never
 * passed. */
#include <stdlib.h>
#include <string.h>

#include "noise/verdict.h"
#include "report/internal.h"
#include "report/md.h"
#include "util/shorten.h"

/* Rows in the table of the cases that matter most. */
#define MD_TOP 10

struct piece {
	char *s;
	size_t len;
	size_t units;
};

struct row {
	size_t i;
	struct piece pc;
};

static size_t units_of(const char *s, size_t len, enum md_unit u)
{
	size_t n = 0;

	if (u == MD_BYTES)
		return len;
	for (size_t k = 0; k < len; k++)
		n += ((unsigned char)s[k] & 0xc0) != 0x80;
	return n;
}

/* Starts rendering into pc; false when out of memory. */
static bool begin(struct piece *pc, struct mout *m)
{
	memset(pc, 0, sizeof *pc);
	m->oom = false;
	m->out = open_memstream(&pc->s, &pc->len);
	return m->out != NULL;
}

/* Ends it and measures it; false when out of memory. */
static bool end(struct piece *pc, struct mout *m, enum md_unit u)
{
	if (fclose(m->out) != 0 || !pc->s || m->oom) {
		free(pc->s);
		pc->s = NULL;
		return false;
	}
	pc->units = units_of(pc->s, pc->len, u);
	return true;
}

/* The rendered parts and what is left of the limit. */
struct plan {
	const struct record *r;
	enum md_unit unit;
	size_t limit, left;
	const char *where_all;
	bool links;
	struct piece sum, head, chart, tail, more, thead;
	size_t *rank;
	/* The names of the first nlabel cases in rank order, shortened
	 * together: at most that many rows fit the limit. */
	struct shorten names;
	size_t nlabel;
	struct piece note; /* what the names leave out */
	struct row *rows;  /* rendered rows, rank order */
	size_t nrows, ntop, nfold;
	bool oom;
};

static void section(struct plan *pl, struct piece *pc,
                    void (*fn)(struct mout *, const struct record *))
{
	struct mout m;

	if (!begin(pc, &m)) {
		pl->oom = true;
		return;
	}
	m.links = pl->links;
	fn(&m, pl->r);
	pl->oom |= !end(pc, &m, pl->unit);
}

/* "And N more cases ..." for n cases left out; n = r's count gives the
 * longest it can be. */
static void put_more(struct plan *pl, size_t n)
{
	struct mout m;
	char a[32], b[32];

	free(pl->more.s);
	if (!begin(&pl->more, &m)) {
		pl->oom = true;
		return;
	}
	fprintf(m.out,
	        "\nAnd %s more case%s, left out to fit the limit of %s "
	        "%s (all of them in %s).\n",
	        md_count(a, n), n == 1 ? "" : "s", md_count(b, pl->limit),
	        pl->unit == MD_BYTES ? "bytes" : "characters", pl->where_all);
	pl->oom |= !end(&pl->more, &m, pl->unit);
}

/* Renders the row of case rank[k] into pl->rows[k]; false when out of
 * memory. */
static bool row(struct plan *pl, size_t k)
{
	struct mout m;

	/* The row that did not fit the top table is made again for the
	 * fold. */
	free(pl->rows[k].pc.s);
	if (!begin(&pl->rows[k].pc, &m))
		return false;
	pl->rows[k].i = pl->rank[k];
	md_case_row(&m, pl->r, pl->rank[k],
	            k < pl->nlabel ? pl->names.label[k] : NULL);
	if (!end(&pl->rows[k].pc, &m, pl->unit))
		return false;
	if (k + 1 > pl->nrows)
		pl->nrows = k + 1;
	return true;
}

/* Takes units from what is left: false (nothing taken) if they do not
 * fit. */
static bool take(struct plan *pl, size_t units)
{
	if (units > pl->left)
		return false;
	pl->left -= units;
	return true;
}

static void put_head(struct mout *m, const struct record *r)
{
	const struct price *p = r->price;

	if (p->gain_share && p->cost_share) {
		fputs("\n### Cases that matter most\n", m->out);
		return;
	}
	fputs("\n### Cases\n\nPer-case shares are not defined: ", m->out);
	md_text(m, p->shares_undefined);
	fputs(".\n", m->out);
}

static void put_thead(struct mout *m, const struct record *r)
{
	md_case_header(m);
}

/* The tail when it does not fit: one line. */
static void put_short_tail(struct mout *m, const struct record *r)
{
	fputs("\n### Provenance\n\nBreak-even values, plots and provenance "
	      "are left out to fit the limit: see the JSON record.\n",
	      m->out);
}

/* The summary, the cases' heading and the longest "and N more" line
 * must fit; the tail too, else its short form; the chart if it fits, and
 * only beside the whole tail (the chart goes before the tail does).
 * false when even the summary does not fit. */
static bool plan_fixed(struct plan *pl)
{
	bool short_tail = false;

	if (!take(pl, pl->sum.units + pl->head.units + pl->more.units +
	                  pl->note.units))
		return false;
	if (!take(pl, pl->tail.units)) {
		free(pl->tail.s);
		section(pl, &pl->tail, put_short_tail);
		if (pl->oom || !take(pl, pl->tail.units))
			return false;
		short_tail = true;
	}
	if (short_tail || !take(pl, pl->chart.units)) {
		free(pl->chart.s);
		pl->chart = (struct piece){0};
	}
	return true;
}

/* Renders and takes rows from k on, at most max of them, while they fit;
 * returns how many. */
static size_t take_rows(struct plan *pl, size_t k, size_t max)
{
	size_t got = 0;

	for (; got < max && k + got < pl->r->price->n; got++) {
		if (!row(pl, k + got)) {
			pl->oom = true;
			break;
		}
		if (!take(pl, pl->rows[k + got].pc.units))
			break;
	}
	return got;
}

static int by_case(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return (x->i > y->i) - (x->i < y->i);
}

/* The top table's rows, then the folded table's, as many as fit; a
 * table without rows gives its own lines back. */
static void plan_cases(struct plan *pl)
{
	const struct price *p = pl->r->price;
	size_t want = p->gain_share && p->cost_share
	                  ? (p->n < MD_TOP ? p->n : MD_TOP)
	                  : 0;
	char a[32];
	/* A table's own lines at their longest: its header, an intro with
	 * two counts of at most p->n, a closing line. */
	size_t over = pl->thead.units + 100 + 2 * strlen(md_count(a, p->n));

	if (want > 0 && take(pl, over)) {
		pl->ntop = take_rows(pl, 0, want);
		if (pl->ntop == 0)
			pl->left += over;
	}
	if (pl->ntop < p->n && take(pl, over)) {
		pl->nfold = take_rows(pl, pl->ntop, p->n - pl->ntop);
		if (pl->nfold == 0)
			pl->left += over;
	}
	if (pl->ntop + pl->nfold == p->n)
		qsort(pl->rows + pl->ntop, pl->nfold, sizeof *pl->rows,
		      by_case);
}

static void put(FILE *out, const struct piece *pc)
{
	if (pc->s)
		fwrite(pc->s, 1, pc->len, out);
}

static void put_rows(FILE *out, const struct plan *pl, size_t from, size_t n)
{
	put(out, &pl->thead);
	for (size_t k = from; k < from + n; k++)
		put(out, &pl->rows[k].pc);
}

static void emit_cases(FILE *out, struct plan *pl)
{
	const struct price *p = pl->r->price;
	bool all = pl->ntop + pl->nfold == p->n;
	char a[32], b[32];

	if (pl->ntop > 0) {
		fprintf(out,
		        "\nLargest shares of gain and cost (%s of %s "
		        "case%s):\n\n",
		        md_count(a, pl->ntop), md_count(b, p->n),
		        p->n == 1 ? "" : "s");
		put_rows(out, pl, 0, pl->ntop);
	}
	if (pl->nfold > 0) {
		fprintf(out, "\n<details><summary>%s %s case%s%s</summary>\n\n",
		        all        ? (pl->ntop ? "The other" : "All")
		        : pl->ntop ? "The next"
		                   : "The first",
		        md_count(a, pl->nfold), pl->nfold == 1 ? "" : "s",
		        !all && pl->ntop ? " by size of their shares" : "");
		put_rows(out, pl, pl->ntop, pl->nfold);
		fputs("\n</details>\n", out);
	}
	if (!all) {
		put_more(pl, p->n - pl->ntop - pl->nfold);
		put(out, &pl->more);
	}
}

/* The record when even its summary does not fit: one line without user
 * text, well under REPORT_MD_LIMIT_MIN. */
static void emit_one_line(FILE *out, const struct plan *pl)
{
	const struct record *r = pl->r;
	const char *kind = r->verdict
	                       ? verdict_name(verdict_decision(r->verdict))
	                   : r->price->accept ? "accept"
	                                      : "reject";
	char a[32], b[32];

	fprintf(out,
	        "**fixprice: %s.** The summary of this record (%s %s) "
	        "does not fit the limit of %s %s (--md-limit): see the JSON "
	        "record.\n",
	        kind, md_count(a, pl->sum.units),
	        pl->unit == MD_BYTES ? "bytes" : "characters",
	        md_count(b, pl->limit),
	        pl->unit == MD_BYTES ? "bytes" : "characters");
}

/* The shortest a row can be: ten cells of one character. */
#define MD_ROW_MIN 40

/* The names of as many cases as can fit, shortened together, and the line
 * saying what they leave out. */
static void plan_names(struct plan *pl)
{
	const struct price *p = pl->r->price;
	const char **name;
	struct mout m;

	pl->nlabel = pl->limit / MD_ROW_MIN + 1;
	if (pl->nlabel > p->n)
		pl->nlabel = p->n;
	name = malloc((pl->nlabel ? pl->nlabel : 1) * sizeof *name);
	if (!name) {
		pl->oom = true;
		return;
	}
	for (size_t k = 0; k < pl->nlabel; k++)
		name[k] = p->case_name[pl->rank[k]];
	if (!shorten_names(name, pl->nlabel, MD_NAME_MAX, NULL, 0,
	                   &pl->names)) {
		pl->nlabel = 0;
		pl->oom = true;
	}
	free(name);
	if (pl->oom || !begin(&pl->note, &m)) {
		pl->oom = true;
		return;
	}
	if (pl->names.prefix[0] || pl->names.suffix[0]) {
		fputs("\nCase names are shown without their common ", m.out);
		if (pl->names.prefix[0])
			md_code(&m, pl->names.prefix, false);
		if (pl->names.prefix[0])
			fputs(" at the start", m.out);
		if (pl->names.prefix[0] && pl->names.suffix[0])
			fputs(" and ", m.out);
		if (pl->names.suffix[0]) {
			md_code(&m, pl->names.suffix, false);
			fputs(" at the end", m.out);
		}
		fprintf(m.out, " (cut where they agree; whole in %s).\n",
		        pl->where_all);
	}
	pl->oom |= !end(&pl->note, &m, pl->unit);
}

static void plan_free(struct plan *pl)
{
	struct piece *pcs[] = {&pl->sum,  &pl->head,  &pl->chart, &pl->tail,
	                       &pl->more, &pl->thead, &pl->note};

	for (size_t k = 0; k < sizeof pcs / sizeof *pcs; k++)
		free(pcs[k]->s);
	for (size_t k = 0; k < pl->nrows; k++)
		free(pl->rows[k].pc.s);
	free(pl->rows);
	free(pl->rank);
	shorten_free(&pl->names);
}

int md_write(const struct record *r, FILE *out, size_t limit, enum md_unit unit,
             const char *where_all, bool links, struct diag *d)
{
	struct plan pl = {.r = r,
	                  .unit = unit,
	                  .limit = limit,
	                  .left = limit,
	                  .where_all = where_all,
	                  .links = links};
	size_t n = r->price->n;

	section(&pl, &pl.sum, md_summary);
	section(&pl, &pl.head, put_head);
	section(&pl, &pl.chart, md_chart);
	section(&pl, &pl.tail, md_tail);
	section(&pl, &pl.thead, put_thead);
	put_more(&pl, n);
	pl.rank = md_rank(r->price);
	pl.rows = calloc(n ? n : 1, sizeof *pl.rows);
	if (!pl.oom && pl.rank && pl.rows)
		plan_names(&pl);
	if (pl.oom || !pl.rank || !pl.rows) {
		plan_free(&pl);
		return diag_oom(d);
	}
	if (!plan_fixed(&pl)) {
		if (!pl.oom)
			emit_one_line(out, &pl);
	} else {
		plan_cases(&pl);
		put(out, &pl.sum);
		put(out, &pl.head);
		put(out, &pl.chart);
		if (pl.ntop + pl.nfold > 0)
			put(out, &pl.note);
		emit_cases(out, &pl);
		put(out, &pl.tail);
	}
	plan_free(&pl);
	if (pl.oom)
		return diag_oom(d);
	return report_finish(out, "Markdown", d);
}

int report_markdown(const struct record *r, FILE *out, struct diag *d)
{
	return md_write(r, out, r->md_limit ? r->md_limit : REPORT_MD_LIMIT,
	                MD_CODE_POINTS, "the CSV record, `--format csv`", false,
	                d);
}
