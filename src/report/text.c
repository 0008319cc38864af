/* text.c: the record as a short summary for a terminal.
 *
 * Verdict first (and, above it, that this is a prediction when it is one),
 * then the control, the cases that matter most, break-even values and
 * plots; with verbose, the whole per-case table.  Every string from a user
 * goes through escape_terminal, so a case name cannot move the cursor,
 * change colours or reorder the line.
 *
 * Lines fit TEXT_WIDTH columns: a name in a line is cut in the middle to
 * TEXT_NAME_MAX characters, the names of the table of cases are shortened
 * together to as many (util/shorten.h: they stay apart), lists of names end in "and N more" (facts.c,
 * verdict.c), and a longer line is wrapped at its spaces with the next part
 * indented.  A word longer than the line (a path) is not broken, so that it
 * can be copied; the verbose per-case table may be wider. */
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/report.h"
#include "report/verdict.h"
#include "util/escape.h"
#include "util/numfmt.h"
#include "util/shorten.h"

/* Most control cases named on the summary line. */
#define TEXT_MAX_CONTROL_NAMES 10
#define TEXT_TOP_CASES 3
#define TEXT_WIDTH 80
/* A case name of the top cases with its three columns fits TEXT_WIDTH. */
#define TEXT_NAME_MAX 40

struct tout {
	FILE *out;
	bool oom;
	/* The lines being gathered for wrapping (wrap_begin .. wrap_end). */
	FILE *dest;
	char *buf;
	size_t len;
};

/* How many characters (UTF-8) s[0..len) holds. */
static size_t chars(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

/* The terminal form of a name, cut in the middle to TEXT_NAME_MAX
 * characters ("m512_k40...k4096_fp32"): names that differ at their end
 * stay apart.  NULL when out of memory. */
static char *name_form(const char *s)
{
	char *e = escape_terminal(s),
	     *cut = e ? cut_middle(e, TEXT_NAME_MAX) : NULL;

	free(e);
	return cut;
}

/* Prints s in its terminal form; remembers running out of memory. */
static void put(struct tout *t, const char *s)
{
	char *e = escape_terminal(s);

	if (!e) {
		t->oom = true;
		return;
	}
	fputs(e, t->out);
	free(e);
}

/* Prints a name (see name_form). */
static void put_name(struct tout *t, const char *s)
{
	char *e = name_form(s);

	if (!e) {
		t->oom = true;
		return;
	}
	fputs(e, t->out);
	free(e);
}

/* Where to break s, written after lead columns: at its last space within
 * TEXT_WIDTH past byte skip, else its first space past skip (a long word
 * stays whole); 0 when it fits or cannot be broken. */
static size_t find_break(const char *s, size_t len, size_t lead, size_t skip)
{
	size_t col = lead, brk = 0;

	if (lead + chars(s, len) <= TEXT_WIDTH)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == ' ' && i > skip) {
			if (col > TEXT_WIDTH)
				return brk ? brk : i;
			brk = i;
		}
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			col++;
	}
	return brk;
}

/* One line (without its '\n') to out, wrapped at TEXT_WIDTH, the parts
 * after the first indented 2 more than it. */
static void wrap_line(FILE *out, const char *s, size_t len)
{
	size_t indent = 0, lead = 0, more, brk;

	while (indent < len && s[indent] == ' ')
		indent++;
	more = indent + 2 < 20 ? indent + 2 : 20;
	while ((brk = find_break(s, len, lead, lead ? 0 : indent)) > 0) {
		fprintf(out, "%*s%.*s\n", (int)lead, "", (int)brk, s);
		while (brk < len && s[brk] == ' ')
			brk++;
		s += brk;
		len -= brk;
		lead = more;
	}
	if (len > 0 || lead == 0)
		fprintf(out, "%*s%.*s\n", (int)lead, "", (int)len, s);
}

/* Gathers what follows into memory, for wrap_end to wrap onto t->out. */
static void wrap_begin(struct tout *t)
{
	t->dest = t->out;
	t->buf = NULL;
	t->len = 0;
	t->out = open_memstream(&t->buf, &t->len);
	if (!t->out) {
		t->oom = true;
		t->out = t->dest;
		t->dest = NULL;
	}
}

static void wrap_end(struct tout *t)
{
	const char *p;

	if (!t->dest)
		return;
	if (fclose(t->out) != 0)
		t->oom = true;
	t->out = t->dest;
	t->dest = NULL;
	for (p = t->buf; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		wrap_line(t->out, p, n);
		p += n + (nl ? 1 : 0);
	}
	free(t->buf);
	t->buf = NULL;
}

static const char *fixed(char buf[NUMFMT_MAX], double x)
{
	return numfmt_fixed(buf, x, REPORT_DECIMALS);
}

static const char *human(char buf[NUMFMT_MAX], double x)
{
	return numfmt_human(buf, x, REPORT_DIGITS);
}

static void sink_name(void *ctx, const char *s)
{
	put_name(ctx, s);
}

static void put_verdict(struct tout *t, const struct record *r)
{
	const struct facts_sink sink = {t->out, "", sink_name, t};
	const struct price *p = r->price;
	char a[NUMFMT_MAX];

	/* The verdict first, then what kind of run it judged. */
	report_headline(t->out, r);
	report_dropped_changing(r, &sink);
	fputc('\n', t->out);
	if (r->prediction) {
		fputs("PREDICTION", t->out);
		if (r->scenario) {
			fputs(" from scenario '", t->out);
			put_name(t, r->scenario->name);
			fputs("'", t->out);
		}
		fputs(" (not measured)\n", t->out);
	}
	fputs("metric ", t->out);
	put_name(t, r->metric->name);
	if (r->metric->version) {
		fputs(" version ", t->out);
		put_name(t, r->metric->version);
	}
	fprintf(t->out, ", %zu case%s, W %s\n", p->n, p->n == 1 ? "" : "s",
	        numfmt_exact(a, p->W));
	if (r->ndropped > 0)
		fprintf(t->out, "dropped: %zu case%s found in only one run\n",
		        r->ndropped, r->ndropped == 1 ? "" : "s");
	report_facts(r, &sink);
}

static void put_control(struct tout *t, const struct record *r)
{
	const struct price *p = r->price;
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[NUMFMT_MAX];
	size_t shown;

	fprintf(t->out,
	        "control: total_before %s, total_after %s, "
	        "delta_total %s",
	        fixed(a, p->total[SIDE_BEFORE]), fixed(b, p->total[SIDE_AFTER]),
	        fixed(c, p->delta_total));
	if (p->control_ok) {
		fputs(" (agrees with net)\n", t->out);
		return;
	}
	if (r->verdict) {
		fputc('\n', t->out);
		report_control_words(t->out, r, FORMAT_TEXT, &t->oom);
		return;
	}
	fprintf(t->out, "\n  DISAGREES with net by %s (net - delta_total)",
	        fixed(a, p->control_gap));
	if (p->ncontrol_cases == 0) {
		fputc('\n', t->out);
		return;
	}
	fputs("; cases that account for it: ", t->out);
	shown = p->ncontrol_cases < TEXT_MAX_CONTROL_NAMES
	            ? p->ncontrol_cases
	            : TEXT_MAX_CONTROL_NAMES;
	for (size_t k = 0; k < shown; k++) {
		if (k > 0)
			fputs(", ", t->out);
		put_name(t, p->case_name[p->control_cases[k]]);
	}
	if (shown < p->ncontrol_cases)
		fprintf(t->out, " and %zu more", p->ncontrol_cases - shown);
	fputc('\n', t->out);
}

static void pad(FILE *out, size_t n)
{
	while (n-- > 0)
		fputc(' ', out);
}

/* The terminal forms of the top cases' names, shortened together
 * (util/shorten.h); false when out of memory. */
static bool top_names(const struct price *p, const size_t *idx, size_t n,
                      struct shorten *sh)
{
	char *e[TEXT_TOP_CASES] = {0};
	bool ok = true;

	for (size_t k = 0; k < n; k++)
		ok = ok && (e[k] = escape_terminal(p->case_name[idx[k]]));
	ok = ok && shorten_names((const char *const *)e, n, TEXT_NAME_MAX, NULL,
	                         0, sh);
	for (size_t k = 0; k < n; k++)
		free(e[k]);
	return ok;
}

/* The few cases whose share of gain and of cost differ most. */
static void put_top_cases(struct tout *t, const struct price *p)
{
	static const char *const head[] = {"gain share", "cost share",
	                                   "difference"};
	size_t idx[TEXT_TOP_CASES], n, namew = strlen("case");
	char num[3][NUMFMT_MAX];
	struct shorten sh;

	if (!p->gain_share || !p->cost_share) {
		fputs("per-case shares: not defined: ", t->out);
		put(t, p->shares_undefined);
		fputc('\n', t->out);
		return;
	}
	n = report_top_cases(p, TEXT_TOP_CASES, idx);
	if (n == 0)
		return;
	if (!top_names(p, idx, n, &sh)) {
		t->oom = true;
		return;
	}
	for (size_t k = 0; k < n; k++)
		if (report_width(sh.label[k]) > namew)
			namew = report_width(sh.label[k]);
	fputs("cases that matter most:\n", t->out);
	/* Already in their terminal form. */
	if (sh.prefix[0])
		fprintf(t->out, "  (names without their common start %s)\n",
		        sh.prefix);
	if (sh.suffix[0])
		fprintf(t->out, "  (names without their common end %s)\n",
		        sh.suffix);
	fputs("  case", t->out);
	pad(t->out, namew - strlen("case"));
	for (size_t c = 0; c < 3; c++)
		fprintf(t->out, "  %10s", head[c]);
	fputc('\n', t->out);
	for (size_t k = 0; k < n; k++) {
		size_t i = idx[k];

		fprintf(t->out, "  %s", sh.label[k]);
		pad(t->out, namew - report_width(sh.label[k]));
		fixed(num[0], p->gain_share[i]);
		fixed(num[1], p->cost_share[i]);
		fixed(num[2], p->gain_share[i] - p->cost_share[i]);
		for (size_t c = 0; c < 3; c++)
			fprintf(t->out, "  %10s", num[c]);
		fputc('\n', t->out);
	}
	shorten_free(&sh);
}

static void put_breakeven(struct tout *t, const struct record *r)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[NUMFMT_MAX];

	for (size_t k = 0; k < r->nbreakeven; k++) {
		const struct param_breakeven *be = &r->breakeven[k];

		fputs("break-even: ", t->out);
		put_name(t, be->param);
		if (be->zero_everywhere && be->every_crossing) {
			fprintf(t->out,
			        ": net is 0 everywhere between %s and %s",
			        human(a, be->lo), human(b, be->hi));
		} else if (be->zero_everywhere) {
			fprintf(t->out,
			        ": net is 0 at every point sampled between %s "
			        "and %s",
			        human(a, be->lo), human(b, be->hi));
		} else if (be->ncross == 0) {
			fprintf(t->out, ": no sign change between %s and %s",
			        human(a, be->lo), human(b, be->hi));
		} else {
			fputs(" = ", t->out);
			for (size_t i = 0; i < be->ncross; i++)
				fprintf(t->out, "%s%s%s", i ? ", " : "",
				        human(a, be->cross[i]),
				        report_jump_at(be, i) ? REPORT_JUMP
				                              : "");
			fprintf(t->out, " (searched %s to %s)",
			        human(b, be->lo), human(c, be->hi));
		}
		fprintf(t->out, "; now %s%s\n", human(a, be->value),
		        be->every_crossing ? ""
		                           : "; sampled: a crossing narrower "
		                             "than the step may be missed");
	}
}

/* A gnuplot rendering, line by line, each line in its terminal form. */
static void put_ascii(struct tout *t, const char *ascii)
{
	const char *line = ascii;

	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char *copy = malloc(len + 1);

		if (!copy) {
			t->oom = true;
			return;
		}
		memcpy(copy, line, len);
		copy[len] = '\0';
		put(t, copy);
		fputc('\n', t->out);
		free(copy);
		line += len + (nl ? 1 : 0);
	}
}

static void put_plots(struct tout *t, const struct record *r)
{
	for (size_t k = 0; k < r->nplots; k++) {
		fputs("plot: ", t->out);
		put(t, r->plots[k].title);
		fputs(": ", t->out);
		put(t, r->plots[k].file);
		fputc('\n', t->out);
		if (r->plots[k].ascii) {
			/* A picture is not wrapped: gnuplot drew it to fit. */
			wrap_end(t);
			put_ascii(t, r->plots[k].ascii);
			wrap_begin(t);
		}
	}
}

/* ---- The full per-case table (verbose) ---------------------------------- */

enum {
	COL_CASE,
	COL_WEIGHT,
	COL_PASS_B,
	COL_PASS_A,
	COL_RT_B,
	COL_RT_A,
	COL_SCORE_B,
	COL_SCORE_A,
	COL_GAIN,
	COL_COST,
	NCOLS
};

static const char *const table_head[NCOLS] = {
    "case",           "weight",        "pass before",  "pass after",
    "runtime before", "runtime after", "score before", "score after",
    "gain share",     "cost share",
};

/* Formats the numeric cells of case i (all but COL_CASE). */
static void row_cells(const struct record *r, size_t i,
                      char cell[NCOLS][REPORT_CELL_MAX])
{
	const struct price *p = r->price;
	bool shares = p->gain_share && p->cost_share;

	cell[COL_CASE][0] = '\0';
	human(cell[COL_WEIGHT], p->weight[i]);
	strcpy(cell[COL_PASS_B],
	       p->passed[SIDE_BEFORE][i] != 0 ? "pass" : "fail");
	strcpy(cell[COL_PASS_A],
	       p->passed[SIDE_AFTER][i] != 0 ? "pass" : "fail");
	report_runtime_cell(cell[COL_RT_B], r, SIDE_BEFORE, i, PRECISION_HUMAN);
	report_runtime_cell(cell[COL_RT_A], r, SIDE_AFTER, i, PRECISION_HUMAN);
	fixed(cell[COL_SCORE_B], p->score[SIDE_BEFORE][i]);
	fixed(cell[COL_SCORE_A], p->score[SIDE_AFTER][i]);
	if (shares) {
		fixed(cell[COL_GAIN], p->gain_share[i]);
		fixed(cell[COL_COST], p->cost_share[i]);
	} else {
		strcpy(cell[COL_GAIN], "-");
		strcpy(cell[COL_COST], "-");
	}
}

/* Two passes, widths then rows, so that a run of millions of cases needs no
 * memory for the table. */
static void put_table(struct tout *t, const struct record *r)
{
	const struct price *p = r->price;
	size_t width[NCOLS];
	char cell[NCOLS][REPORT_CELL_MAX];

	for (size_t c = 0; c < NCOLS; c++)
		width[c] = strlen(table_head[c]);
	for (size_t i = 0; i < p->n; i++) {
		char *e = escape_terminal(p->case_name[i]);

		if (!e) {
			t->oom = true;
			return;
		}
		if (report_width(e) > width[COL_CASE])
			width[COL_CASE] = report_width(e);
		free(e);
		row_cells(r, i, cell);
		for (size_t c = 1; c < NCOLS; c++)
			if (strlen(cell[c]) > width[c])
				width[c] = strlen(cell[c]);
	}
	fputs("per case:\n  ", t->out);
	fputs(table_head[COL_CASE], t->out);
	pad(t->out, width[COL_CASE] - strlen(table_head[COL_CASE]));
	for (size_t c = 1; c < NCOLS; c++) {
		pad(t->out, 2 + width[c] - strlen(table_head[c]));
		fputs(table_head[c], t->out);
	}
	fputc('\n', t->out);
	for (size_t i = 0; i < p->n; i++) {
		char *e = escape_terminal(p->case_name[i]);

		if (!e) {
			t->oom = true;
			return;
		}
		fprintf(t->out, "  %s", e);
		pad(t->out, width[COL_CASE] - report_width(e));
		free(e);
		row_cells(r, i, cell);
		for (size_t c = 1; c < NCOLS; c++) {
			pad(t->out, 2 + width[c] - strlen(cell[c]));
			fputs(cell[c], t->out);
		}
		fputc('\n', t->out);
	}
}

int report_text(const struct record *r, FILE *out, int verbose, struct diag *d)
{
	struct tout t = {.out = out};

	wrap_begin(&t);
	put_verdict(&t, r);
	if (r->verdict)
		report_verdict_words(t.out, r, FORMAT_TEXT, &t.oom);
	put_control(&t, r);
	report_suspects_words(t.out, r, FORMAT_TEXT, &t.oom);
	report_gate_words(t.out, r, FORMAT_TEXT, &t.oom);
	report_cliff_words(t.out, r, FORMAT_TEXT, &t.oom);
	put_top_cases(&t, r->price);
	put_breakeven(&t, r);
	put_plots(&t, r);
	wrap_end(&t);
	if (verbose)
		put_table(&t, r);
	if (t.oom)
		return diag_oom(d);
	return report_finish(out, "text", d);
}
