/* go.c: the text of `go test -bench`, read the way benchstat reads it.
 *
 *   goos: linux                       context lines: "key: value"
 *   pkg: example.com/harness
 *   BenchmarkSpin-2  2000  203.4 ns/op  0 B/op  0 allocs/op
 *   --- FAIL: BenchmarkCheck
 *
 * Each result line of a benchmark is one sample: its ns/op, in seconds
 * (times 1e-9).  The -N suffix (GOMAXPROCS) is cut from the name and kept
 * in the context as `gomaxprocs`.  Every other unit is a column holding
 * the mean over the case's lines, named by the unit with "/" spelled
 * "_per_" and any other character that is no letter or digit as "_"
 * (B/op: B_per_op, allocs/op: allocs_per_op, MB/s: MB_per_s).
 * `--- FAIL: BenchmarkX` or `--- SKIP: BenchmarkX` makes the case fail
 * (column passed 0); a case with no result line has no samples, so no
 * runtime.  A benchmark's lines come together, as go test writes them:
 * the same name again after another is a duplicate case.  Lines of any
 * other kind (PASS, ok, logs) are skipped.
 * Context: every "key: value" line (goos, goarch, pkg, cpu, ...); a key
 * starts with a lower-case letter and holds no blank. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/formats/formats.h"
#include "util/numfmt.h"

bool fmt_go_detect(const char *text, size_t len)
{
	static const char *const starts[] = {
	    "goos:", "goarch:", "pkg:", "cpu:", "Benchmark"};
	size_t i = 0;

	while (i < len && strchr(" \t\r\n", text[i]))
		i++;
	for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
		if (len - i >= strlen(starts[k]) &&
		    memcmp(text + i, starts[k], strlen(starts[k])) == 0)
			return true;
	return false;
}

/* One line's fields: blank-separated, in place. */
struct fields {
	size_t n;
	const char *at[64];
	size_t len[64];
};

static void split(const char *s, size_t len, struct fields *f)
{
	size_t i = 0;

	f->n = 0;
	while (i < len && f->n < 64) {
		while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
			i++;
		if (i == len)
			break;
		f->at[f->n] = s + i;
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			i++;
		f->len[f->n] = (size_t)(s + i - f->at[f->n]);
		f->n++;
	}
}

struct go_state {
	const struct fmt_src *src;
	struct run_builder b;
	const char *line; /* the line being read */
	uint32_t lineno;
	double *sum; /* per column: sum and count of this case */
	size_t *count;
	bool pending; /* the newest case's columns are unsummed */
	bool failed;  /* the newest case failed */
};

static int error_at(struct go_state *st, const char *at, const char *what)
{
	return diag_set(st->b.d, st->src->path, (int)st->lineno,
	                (int)(at - st->line) + 1, "%s", what);
}

/* Writes the newest case's passed and column means. */
static int close_case(struct go_state *st)
{
	struct run_builder *b = &st->b;

	if (!st->pending)
		return FP_OK;
	st->pending = false;
	if (rb_number(b, 0, !st->failed, b->lines[b->n - 1],
	              b->cols[b->n - 1]) != FP_OK)
		return FP_ERR;
	/* A unit the case never reported: missing, NaN. */
	for (size_t c = 1; c < b->ncols; c++) {
		double mean =
		    st->count[c] ? st->sum[c] / (double)st->count[c] : NAN;
		if (rb_number(b, c, mean, b->lines[b->n - 1],
		              b->cols[b->n - 1]) != FP_OK)
			return FP_ERR;
		st->sum[c] = 0;
		st->count[c] = 0;
	}
	return FP_OK;
}

/* Makes the case called name[0..len) the newest, unless it is already. */
static int open_case(struct go_state *st, const char *name, size_t len)
{
	struct run_builder *b = &st->b;

	if (b->n > 0 && strncmp(rb_name(b, b->n - 1), name, len) == 0 &&
	    rb_name(b, b->n - 1)[len] == '\0')
		return FP_OK;
	if (close_case(st) != FP_OK)
		return FP_ERR;
	st->pending = true;
	st->failed = false;
	return rb_case(b, name, len, st->lineno,
	               (uint32_t)(name - st->line) + 1);
}

/* The column name of a unit into buf: "/" as "_per_", others as "_". */
static size_t unit_column(const char *u, size_t len, char *buf, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 6 < size; i++) {
		if (u[i] == '/') {
			memcpy(buf + n, "_per_", 5);
			n += 5;
		} else {
			buf[n++] = isalnum((unsigned char)u[i]) ? u[i] : '_';
		}
	}
	buf[n] = '\0';
	return n;
}

/* Cuts a -N suffix (digits) off name; *procs is the digits, or NULL. */
static size_t cut_procs(const char *name, size_t len, const char **procs)
{
	size_t i = len;

	*procs = NULL;
	while (i > 0 && isdigit((unsigned char)name[i - 1]))
		i--;
	if (i == len || i < 2 || name[i - 1] != '-')
		return len;
	*procs = name + i;
	return i - 1;
}

static bool is_name(const char *s, size_t len)
{
	return len >= 9 && memcmp(s, "Benchmark", 9) == 0 &&
	       (len == 9 || !islower((unsigned char)s[9]));
}

/* A result line: name, iterations, then value-unit pairs.  With `add`
 * unset, only makes the columns of its units. */
static int result(struct go_state *st, const struct fields *f, bool add)
{
	const char *procs;
	size_t len = cut_procs(f->at[0], f->len[0], &procs);
	double x;

	if (!numfmt_parse(f->at[1], f->len[1], &x) || x != floor(x))
		return error_at(st, f->at[1],
		                "the count of iterations must be a "
		                "whole number");
	if (f->n % 2 != 0)
		return error_at(st, f->at[f->n - 1], "a value without a unit");
	if (add && (open_case(st, f->at[0], len) != FP_OK ||
	            (procs && rb_context_n(&st->b, "gomaxprocs", procs,
	                                   f->len[0] - len - 1) != FP_OK)))
		return FP_ERR;
	for (size_t k = 2; k + 1 < f->n; k += 2) {
		char col[RUN_MAX_NAME];
		size_t n =
		    unit_column(f->at[k + 1], f->len[k + 1], col, sizeof col);
		long c;
		if (!numfmt_parse(f->at[k], f->len[k], &x) || !isfinite(x))
			return error_at(st, f->at[k],
			                "a value must be a number");
		if (f->len[k + 1] == 5 &&
		    memcmp(f->at[k + 1], "ns/op", 5) == 0) {
			if (add && rb_sample(&st->b, x * 1e-9, -1) != FP_OK)
				return FP_ERR;
			continue;
		}
		c = rb_find_column(&st->b, col, n);
		if (!add && c < 0 &&
		    rb_add_column(&st->b, col, n, st->lineno,
		                  (uint32_t)(f->at[k + 1] - st->line) + 1) < 0)
			return FP_ERR;
		if (add) {
			st->sum[c] += x;
			st->count[c]++;
		}
	}
	return FP_OK;
}

/* "--- FAIL: BenchmarkX" or "--- SKIP: BenchmarkX". */
static int failure(struct go_state *st, const struct fields *f)
{
	const char *procs;
	size_t len = cut_procs(f->at[2], f->len[2], &procs);

	if (open_case(st, f->at[2], len) != FP_OK)
		return FP_ERR;
	st->failed = true;
	return FP_OK;
}

/* A "key: value" line at the start of a line. */
static int config(struct go_state *st, const char *s, size_t len)
{
	const char *colon = memchr(s, ':', len), *v;

	if (!colon || !islower((unsigned char)s[0]))
		return FP_OK;
	for (const char *p = s; p < colon; p++)
		if (*p == ' ' || *p == '\t')
			return FP_OK;
	for (v = colon + 1; v < s + len && (*v == ' ' || *v == '\t'); v++)
		;
	len = (size_t)(s + len - v);
	while (len > 0 && (v[len - 1] == ' ' || v[len - 1] == '\r'))
		len--;
	{
		char *key = strndup(s, (size_t)(colon - s));
		int rc =
		    key ? rb_context_n(&st->b, key, v, len) : diag_oom(st->b.d);
		free(key);
		return rc;
	}
}

/* One line; with `add` unset, the first pass that finds the columns. */
static int line(struct go_state *st, const char *s, size_t len, bool add)
{
	struct fields f;

	split(s, len, &f);
	if (f.n >= 3 && is_name(f.at[0], f.len[0]))
		return result(st, &f, add);
	if (!add)
		return FP_OK;
	if (f.n >= 3 && f.len[0] == 3 && memcmp(f.at[0], "---", 3) == 0 &&
	    f.len[1] == 5 &&
	    (memcmp(f.at[1], "FAIL:", 5) == 0 ||
	     memcmp(f.at[1], "SKIP:", 5) == 0) &&
	    is_name(f.at[2], f.len[2]))
		return failure(st, &f);
	return config(st, s, len);
}

static int pass(struct go_state *st, bool add)
{
	const char *text = st->src->text, *end = text + st->src->len;
	const char *s = text;

	st->lineno = 0;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
		st->line = s;
		st->lineno++;
		if (len > 0 && line(st, s, len, add) != FP_OK)
			return FP_ERR;
		s += len + 1;
	}
	return add ? close_case(st) : FP_OK;
}

/* The run, if there was a benchmark. */
static int finish(struct go_state *st, struct run **out)
{
	if (st->b.n > 0)
		return rb_finish(&st->b, out);
	return diag_set(st->b.d, st->src->path, 0, 0,
	                "no benchmarks: no line "
	                "starts with 'Benchmark'");
}

int fmt_go(const struct fmt_src *s, struct run **out, struct diag *d)
{
	struct go_state st = {.src = s};
	int rc = FP_ERR;

	rb_init(&st.b, s->path, "go", d);
	rb_use_samples(&st.b);
	st.sum = calloc(RUN_MAX_COLUMNS + 1, sizeof *st.sum);
	st.count = calloc(RUN_MAX_COLUMNS + 1, sizeof *st.count);
	if (!st.sum || !st.count)
		diag_oom(d);
	else if (rb_add_column(&st.b, "passed", 6, 0, 0) >= 0 &&
	         pass(&st, false) == FP_OK && pass(&st, true) == FP_OK)
		rc = finish(&st, out);
	rb_discard(&st.b);
	free(st.sum);
	free(st.count);
	return rc;
}
