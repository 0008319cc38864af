/* csv.c: CSV runs (RFC 4180, with a header row; rows from csvrows.c).
 *
 * The header names the columns; `case` holds the case names.  Each row is
 * a case, its cells read as numbers, pass words or text (builder.c).
 *
 * Samples as rows: when the header has a `repetition` column, rows with
 * the same case name are samples of one case, not duplicates: the
 * `runtime` cell of each row is a sample, the `passed` cell (if there is
 * a passed column) that sample's pass state, and the case passes when
 * every sample does.  The `repetition` cells only mark the file (any
 * values); every other cell must be the same in all rows of a case.
 * An empty runtime cell is a row without a time (a failing repetition):
 * no sample, so a case whose every runtime is empty has no runtime.
 * Without a `repetition` column a repeated name is a duplicate case, an
 * error, as a typo usually is, and an empty runtime cell is a case
 * without a runtime (NaN), which only a failing case may be. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "run/builder.h"
#include "run/parts.h"
#include "run/formats/csvrows.h"
#include "run/repeat.h"
#include "run/formats/formats.h"
#include "util/numfmt.h"

struct csv_run {
	const char *path;
	struct run_builder b;
	struct diag *d;
	size_t header_n;   /* cells in the header */
	size_t case_field; /* which of them is `case` */
	long *column_of;   /* header field -> builder column (-1: case) */
	long runtime_col;  /* the builder column `runtime`, or -1 */
};

/* Lists the header's names for a message, cut to fit. */
static void list_header(const struct csv_field *f, size_t n, char *out,
                        size_t size)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < n && used + 8 < size; i++) {
		char shown[RUN_SHOW_SIZE];
		run_show(shown, sizeof shown, f[i].text, f[i].len);
		if (used + strlen(shown) + 8 >= size) {
			snprintf(out + used, size - used, "%s...",
			         i ? ", " : "");
			return;
		}
		used += (size_t)snprintf(out + used, size - used, "%s%s",
		                         i ? ", " : "", shown);
	}
}

static bool same_name(const struct csv_field *a, const struct csv_field *b)
{
	return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

static int no_case(struct csv_run *st, const struct csv_field *f, size_t n)
{
	char names[300];
	const char *hint = "";

	list_header(f, n, names, sizeof names);
	for (size_t i = 0; i < n; i++)
		if (strcasecmp(f[i].text, "case") == 0)
			hint = " (names are case-sensitive)";
	return diag_set(st->d, st->path, (int)f[0].line, 0,
	                "no 'case' column%s: the header has %s", hint, names);
}

static int read_header(struct csv_run *st, const struct csv_field *f, size_t n)
{
	bool have_case = false;
	long runtime = -1, repetition = -1;

	if (!(st->column_of = malloc(n * sizeof *st->column_of)))
		return diag_oom(st->d);
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < i; j++)
			if (same_name(&f[i], &f[j])) {
				char shown[RUN_SHOW_SIZE];
				run_show(shown, sizeof shown, f[i].text,
				         f[i].len);
				return diag_set(
				    st->d, st->path, (int)f[i].line,
				    (int)f[i].col,
				    "duplicate column '%s' (first at "
				    "line %u, column %u)",
				    shown, (unsigned)f[j].line,
				    (unsigned)f[j].col);
			}
		if (strcmp(f[i].text, "case") == 0) {
			have_case = true;
			st->case_field = i;
			st->column_of[i] = -1;
			continue;
		}
		st->column_of[i] = rb_add_column(&st->b, f[i].text, f[i].len,
		                                 f[i].line, f[i].col);
		if (st->column_of[i] < 0)
			return FP_ERR;
		if (strcmp(f[i].text, "runtime") == 0)
			runtime = st->column_of[i];
		if (strcmp(f[i].text, "repetition") == 0)
			repetition = st->column_of[i];
	}
	if (!have_case)
		return no_case(st, f, n);
	if (repetition >= 0 && runtime >= 0)
		rb_repeat_rows(&st->b, runtime);
	st->runtime_col = runtime;
	st->header_n = n;
	return FP_OK;
}

/* A runtime cell of a file with samples as rows: a number, or empty for
 * a row that has no time (NaN: no sample). */
static int sample_cell(struct csv_run *st, size_t col,
                       const struct csv_field *f)
{
	double x = NAN;
	char shown[RUN_SHOW_SIZE];

	if (f->len == 0 || (numfmt_parse(f->text, f->len, &x) && isfinite(x)))
		return rb_number(&st->b, col, x, f->line, f->col);
	run_show(shown, sizeof shown, f->text, f->len);
	return diag_set(st->d, st->path, (int)f->line, (int)f->col,
	                "runtime sample '%s' is not a number (leave it empty "
	                "for a row without a time)",
	                shown);
}

/* A row with more or fewer cells than the header: at its first extra
 * cell, or at its end naming the first column it has no cell for. */
static int wrong_length(struct csv_run *st, const struct csv_field *f, size_t n)
{
	char shown[RUN_SHOW_SIZE];
	size_t h = st->header_n;
	const char *s = n == 1 ? "" : "s";
	long c;

	if (n > h) {
		run_show(shown, sizeof shown, f[h].text, f[h].len);
		return diag_set(st->d, st->path, (int)f[h].line, (int)f[h].col,
		                "row has %zu cell%s, the header has %zu: extra "
		                "cell '%s'",
		                n, s, h, shown);
	}
	c = st->column_of[n];
	run_show(shown, sizeof shown, c < 0 ? "case" : st->b.columns[c].name,
	         strlen(c < 0 ? "case" : st->b.columns[c].name));
	return diag_set(st->d, st->path, (int)f[n].line, (int)f[n].col,
	                "row has %zu cell%s, the header has %zu: no cell for "
	                "column '%s'",
	                n, s, h, shown);
}

static int read_row(struct csv_run *st, const struct csv_field *f, size_t n)
{
	const struct csv_field *fc = &f[st->case_field];

	if (n != st->header_n)
		return wrong_length(st, f, n);
	if (rb_case(&st->b, fc->text, fc->len, fc->line, fc->col) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < n; i++) {
		long c = st->column_of[i];
		if (c >= 0 && c == st->b.repeat_col) {
			if (sample_cell(st, (size_t)c, &f[i]) != FP_OK)
				return FP_ERR;
		} else if (c >= 0 && c == st->runtime_col && f[i].len == 0) {
			/* No runtime: a failing case may have none (a
			 * passing one is refused when priced). */
			if (rb_number(&st->b, (size_t)c, NAN, f[i].line,
			              f[i].col) != FP_OK)
				return FP_ERR;
		} else if (c >= 0 &&
		           rb_text(&st->b, (size_t)c, f[i].text, f[i].len,
		                   false, f[i].line, f[i].col) != FP_OK) {
			return FP_ERR;
		}
	}
	return FP_OK;
}

static int on_row(void *ctx, size_t row, const struct csv_field *f, size_t n)
{
	struct csv_run *st = ctx;

	return row == 0 ? read_header(st, f, n) : read_row(st, f, n);
}

int fmt_csv(const struct fmt_src *s, struct run **out, struct diag *d)
{
	const char *path = s->path, *text = s->text;
	size_t len = s->len;
	struct csv_run st = {.path = path, .d = d, .runtime_col = -1};
	size_t rows = 0;
	int rc = FP_ERR;

	rb_init(&st.b, path, "csv", d);
	rb_expect(&st.b, csv_count_rows(text, len), len);
	if (fmt_csv_rows(path, text, len, 0, on_row, &st, &rows, d) != FP_OK)
		goto out;
	if (rows == 0)
		diag_set(d, path, 0, 0,
		         "empty file: a CSV run needs a header "
		         "row and a row per case");
	else if (rows == 1)
		diag_set(d, path, 0, 0,
		         "no cases: the file has a header row "
		         "and no data rows");
	else
		rc = rb_finish_parts(&st.b, out);
out:
	rb_discard(&st.b);
	free(st.column_of);
	return rc;
}
