/* hyperfine_csv.c: hyperfine's --export-csv output.
 *
 *   command,mean,stddev,median,user,system,min,max
 *
 * One case per row, named by `command`, with the values of its
 * parameter_NAME columns after it for a parameter scan ("sleep (n=1)").  The export keeps no times, so
 * each case has one sample: the statistic of the estimator (`median` for
 * median, `mean` for mean, `min` for min), in seconds.  Every other
 * column is kept as it is (parameter columns too).  The export keeps no
 * exit codes either: every case passes (column passed 1, unless the file
 * has a `passed` column of its own, which is then read like any run's),
 * so a command that failed under hyperfine -i looks like one that passed;
 * the run says so (pass_source RUN_PASS_ASSUMED, aggregate: the
 * statistic): use the JSON export, or merge a test report (junit.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/formats/csvrows.h"
#include "run/formats/formats.h"
#include "util/numfmt.h"

static const char header[] = "command,mean,stddev,median,";

bool fmt_hyperfine_csv_detect(const char *text, size_t len)
{
	return len >= sizeof header - 1 &&
	       memcmp(text, header, sizeof header - 1) == 0;
}

struct hcsv {
	const struct fmt_src *src;
	struct run_builder b;
	size_t header_n, command, stat;
	long *column_of; /* header field -> builder column */
	const char *
	    *param;   /* header field -> NAME of parameter_NAME, or NULL */
	char *header; /* the names param points into */
	long passed;  /* the column every case passes in, or -1
	                            * when the file has its own */
};

/* Copies the header's names; param[i] is NAME where field i is
 * parameter_NAME (hyperfine's parameter scans). */
static char *parameter_names(const struct csv_field *f, size_t n,
                             const char **param)
{
	size_t size = 1, at = 0;
	char *s;

	for (size_t i = 0; i < n; i++)
		size += f[i].len + 1;
	if (!(s = malloc(size)))
		return NULL;
	for (size_t i = 0; i < n; i++) {
		memcpy(s + at, f[i].text, f[i].len + 1);
		if (f[i].len > 10 && memcmp(f[i].text, "parameter_", 10) == 0)
			param[i] = s + at + 10;
		at += f[i].len + 1;
	}
	return s;
}

static int read_header(struct hcsv *st, const struct csv_field *f, size_t n)
{
	static const char *const stat[] = {"median", "mean", "min"};
	const char *want = stat[st->src->opts->estimator];

	st->header_n = n;
	st->stat = st->command = n;
	st->b.aggregate = want;
	if (!(st->column_of = calloc(n, sizeof *st->column_of)) ||
	    !(st->param = calloc(n, sizeof *st->param)) ||
	    !(st->header = parameter_names(f, n, st->param)))
		return diag_oom(st->b.d);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(f[i].text, "command") == 0) {
			st->command = i;
			st->column_of[i] = -1;
			continue;
		}
		if (strcmp(f[i].text, want) == 0)
			st->stat = i;
		if (rb_find_column(&st->b, f[i].text, f[i].len) >= 0)
			return diag_set(st->b.d, st->src->path, (int)f[i].line,
			                (int)f[i].col, "duplicate column '%s'",
			                f[i].text);
		st->column_of[i] = rb_add_column(&st->b, f[i].text, f[i].len,
		                                 f[i].line, f[i].col);
		if (st->column_of[i] < 0)
			return FP_ERR;
	}
	if (st->command == n || st->stat == n)
		return diag_set(st->b.d, st->src->path, (int)f[0].line,
		                (int)f[0].col, "no '%s' column in the header",
		                st->command == n ? "command" : want);
	st->passed = -1;
	if (rb_find_column(&st->b, "passed", 6) >= 0)
		return FP_OK;
	st->b.pass_source = RUN_PASS_ASSUMED;
	st->passed = rb_add_column(&st->b, "passed", 6, 0, 0);
	return st->passed < 0 ? FP_ERR : FP_OK;
}

/* The case of a row: its command and, for a parameter scan, the values of
 * its parameter_NAME columns, "CMD (NAME=V, ...)" (as hyperfine.c). */
static int case_name(struct hcsv *st, const struct csv_field *f)
{
	const struct csv_field *c = &f[st->command];
	size_t len = c->len, cap = c->len + 4;
	char *name;
	int rc;

	for (size_t i = 0; i < st->header_n; i++)
		if (st->param[i])
			cap += strlen(st->param[i]) + f[i].len + 3;
	if (cap == c->len + 4)
		return rb_case(&st->b, c->text, c->len, c->line, c->col);
	if (!(name = malloc(cap)))
		return diag_oom(st->b.d);
	memcpy(name, c->text, c->len);
	for (size_t i = 0; i < st->header_n; i++)
		if (st->param[i])
			len += (size_t)sprintf(name + len, "%s%s=%s",
			                       len == c->len ? " (" : ", ",
			                       st->param[i], f[i].text);
	strcpy(name + len, ")");
	rc = rb_case(&st->b, name, len + 1, c->line, c->col);
	free(name);
	return rc;
}

static int read_row(struct hcsv *st, const struct csv_field *f, size_t n)
{
	const struct csv_field *s = &f[st->stat];
	double x;

	if (fmt_csv_width(st->src->path, f, n, st->header_n, st->b.d) != FP_OK)
		return FP_ERR;
	if (case_name(st, f) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < n; i++)
		if (st->column_of[i] >= 0 &&
		    rb_text(&st->b, (size_t)st->column_of[i], f[i].text,
		            f[i].len, false, f[i].line, f[i].col) != FP_OK)
			return FP_ERR;
	if (!numfmt_parse(s->text, s->len, &x) || !isfinite(x)) {
		char shown[RUN_SHOW_SIZE];
		run_show(shown, sizeof shown, s->text, s->len);
		return diag_set(st->b.d, st->src->path, (int)s->line,
		                (int)s->col, "'%s' is not a number", shown);
	}
	return rb_sample(&st->b, x, -1) ||
	               (st->passed >= 0 && rb_number(&st->b, (size_t)st->passed,
	                                             1, f[0].line, f[0].col))
	           ? FP_ERR
	           : FP_OK;
}

static int on_row(void *ctx, size_t row, const struct csv_field *f, size_t n)
{
	return row == 0 ? read_header(ctx, f, n) : read_row(ctx, f, n);
}

int fmt_hyperfine_csv(const struct fmt_src *s, struct run **out, struct diag *d)
{
	struct hcsv st = {.src = s};
	size_t rows = 0;
	int rc = FP_ERR;

	rb_init(&st.b, s->path, "hyperfine-csv", d);
	rb_use_samples(&st.b);
	if (fmt_csv_rows(s->path, s->text, s->len, 0, on_row, &st, &rows, d) ==
	    FP_OK) {
		if (rows < 2)
			diag_set(d, s->path, 0, 0,
			         "no results: the file has no "
			         "data rows");
		else
			rc = rb_finish(&st.b, out);
	}
	rb_discard(&st.b);
	free(st.column_of);
	free(st.param);
	free(st.header);
	return rc;
}
