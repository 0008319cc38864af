/* go.c: the text of `go test -bench`, read the way its format
 * specification and benchstat read it.
 *
 *   goos: linux                       configuration lines: "key: value"
 *   pkg: example.com/harness
 *   BenchmarkSpin-2  2000  203.4 ns/op  0 B/op  0 allocs/op
 *   --- FAIL: BenchmarkCheck
 *
 * Each result line of a benchmark is one sample: its ns/op, in seconds
 * (times 1e-9).  Results of one benchmark under one configuration,
 * anywhere in the file, are its samples: the output of go test run again
 * and appended (a common loop) adds samples, it is no duplicate.  Every
 * other unit is a column holding the mean over the case's results, named
 * by the unit with "/" spelled "_per_" and any other character that is no
 * letter or digit as "_" (B/op: B_per_op, allocs/op: allocs_per_op).
 *
 * A configuration is part of a result's identity.  The -N suffix
 * (GOMAXPROCS) is cut per line, and kept only for a benchmark measured
 * under several values (go test -cpu 1,2: BenchmarkCopy, BenchmarkCopy-2,
 * two cases, as benchstat shows them); a file with one value keeps it in
 * the context as `gomaxprocs`.  A benchmark is a name in a package (the
 * `pkg:` line): a name that two packages have (go test ./...) is named
 * PKG.NAME (go_names.c).  A configuration line (go_config.h) sets a key
 * for the results after it; results of one benchmark under two
 * configurations are an error, which names --split-by KEY when the file
 * has two values of KEY (run_opts.split_by: the file's first value of KEY
 * holds the before results and its second the after ones).  Every
 * configuration line is also context (of its group, when split; the split
 * key is not).
 *
 * `--- FAIL: BenchmarkX` makes the case fail (column passed 0); with
 * several GOMAXPROCS values, every case of X, or when X has no result at
 * all, a failing case of X for each value.  A case with no result line has
 * no samples, so no runtime.  A benchmark that is skipped (`--- SKIP:`,
 * with -v) and has no result, and one whose results have no time (no
 * ns/op: sizes only, or bent's build-real-ns/op), is no case: listed as
 * not priced.  The pass states are recorded where the file has PASS, FAIL,
 * ok or `--- FAIL:` lines (or test2json's events), else assumed.  Lines of
 * any other kind (logs, prose, benchstat's `Unit` lines) are ignored.
 * go_json.c reads `go test -json` through the same code. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/formats/formats.h"
#include "run/formats/go.h"
#include "run/formats/go_config.h"
#include "util/numfmt.h"

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

static bool is_name(const char *s, size_t len)
{
	return len >= 9 && memcmp(s, "Benchmark", 9) == 0 &&
	       (len == 9 || !islower((unsigned char)s[9]));
}

static bool is_count(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return len > 0;
}

/* Whether field k is the unit u. */
static bool is_unit(const struct fields *f, size_t k, const char *u)
{
	return f->len[k] == strlen(u) && memcmp(f->at[k], u, f->len[k]) == 0;
}

/* A result line: a name, a count of iterations, then value-unit pairs. */
static bool is_result(const struct fields *f)
{
	return f->n >= 4 && is_name(f->at[0], f->len[0]) &&
	       is_count(f->at[1], f->len[1]);
}

/* Whether the first MiB of text has a result line, with a time (ns/op)
 * if `timed`. */
static bool has_result(const char *text, size_t len, bool timed)
{
	const char *s = text, *end = text + (len < (1u << 20) ? len : 1u << 20);

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
		size_t b = 0;
		struct fields f;

		/* Only a line whose first field is a name is split: this
		 * runs over the first MiB of every run that is read. */
		while (b < n && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r'))
			b++;
		if (n - b >= 9 && memcmp(s + b, "Benchmark", 9) == 0) {
			split(s, n, &f);
			for (size_t k = 3; is_result(&f) && k < f.n; k += 2)
				if (!timed || is_unit(&f, k, "ns/op"))
					return true;
		}
		s += n + 1;
	}
	return false;
}

/* A configuration line (see config) or benchstat's "Unit UNIT ...". */
static bool is_config(const char *s, size_t len)
{
	const char *colon = memchr(s, ':', len);

	if (len > 5 && memcmp(s, "Unit ", 5) == 0)
		return true;
	if (!colon || !islower((unsigned char)s[0]) || colon + 1 == s + len ||
	    (colon[1] != ' ' && colon[1] != '\t'))
		return false;
	for (const char *p = s; p < colon; p++)
		if (*p == ' ' || *p == '\t')
			return false;
	return true;
}

bool fmt_go_detect(const char *text, size_t len)
{
	static const char *const starts[] = {
	    "goos:", "goarch:", "pkg:", "cpu:"};
	size_t i = 0, n;
	struct fields f;

	while (i < len && strchr(" \t\r\n", text[i]))
		i++;
	for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
		if (len - i >= strlen(starts[k]) &&
		    memcmp(text + i, starts[k], strlen(starts[k])) == 0)
			return true;
	for (n = i; n < len && text[n] != '\n'; n++)
		;
	split(text + i, n - i, &f);
	/* A Go name, not hyperfine's "Benchmark 1: ...". */
	if (f.n > 0 && f.len[0] > 9 && is_name(f.at[0], f.len[0]))
		return true;
	/* benchstat's configuration before the results (bent's files,
	 * whose results may have no ns/op). */
	return i < len && is_config(text + i, n - i) &&
	       has_result(text, len, false);
}

bool fmt_go_detect_result(const char *text, size_t len)
{
	return has_result(text, len, true);
}

static int values_error(struct go_state *st, const char *at, int rc,
                        const char *what)
{
	if (rc == -1)
		return diag_oom(st->b.d);
	return go_error(st, at, "more than %d values of %s in one file",
	                GO_MAX_VALUES, what);
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

/* Whether the line being read belongs to the group this run reads (always,
 * unsplit).  Results before any line of the split key belong to none. */
static int in_group(struct go_state *st, const char *at, bool *in)
{
	const char *key = st->src->opts->split_by, *v;

	*in = true;
	if (!key || !st->add)
		return FP_OK;
	if (!(v = go_config_get(&st->cfg, key)))
		return go_error(st, at,
		                "--split-by %s: a result before any '%s:' "
		                "line belongs to neither run",
		                key, key);
	*in = strcmp(v, st->group) == 0;
	return FP_OK;
}

/* The first pass over a result line: checks it, makes its unit columns,
 * and notes its GOMAXPROCS value. */
static int result_columns(struct go_state *st, const struct fields *f)
{
	const char *procs;
	size_t len = go_cut_procs(f->at[0], f->len[0], &procs), v;
	size_t plen = procs ? f->len[0] - len - 1 : 0;
	bool timed = false;
	int rc;

	st->nresults++;
	if ((rc = go_values_add(&st->procs, procs ? procs : "", plen)) != 0)
		return values_error(st, f->at[0], rc, "GOMAXPROCS");
	for (v = 0; strlen(st->procs.v[v]) != plen ||
	            memcmp(st->procs.v[v], procs ? procs : "", plen) != 0;)
		v++;
	for (size_t k = 3; k < f->n; k += 2)
		timed |= is_unit(f, k, "ns/op");
	if (go_names_note(st, f->at[0], f->len[0],
	                  timed ? GO_TIMED : GO_UNTIMED, (long)v) != FP_OK)
		return FP_ERR;
	for (size_t k = 2; k + 1 < f->n; k += 2) {
		char col[RUN_MAX_NAME];
		size_t n =
		    unit_column(f->at[k + 1], f->len[k + 1], col, sizeof col);
		double x;
		if (!numfmt_parse(f->at[k], f->len[k], &x) || !isfinite(x))
			return go_error(st, f->at[k],
			                "a value must be a number");
		if (is_unit(f, k + 1, "ns/op") ||
		    rb_find_column(&st->b, col, n) >= 0)
			continue;
		if (rb_add_column(&st->b, col, n, st->lineno,
		                  (uint32_t)(f->at[k + 1] - st->line) + 1) < 0)
			return FP_ERR;
	}
	return f->n % 2 != 0
	           ? go_error(st, f->at[f->n - 1], "a value without a unit")
	           : FP_OK;
}

/* A benchmark whose results have no time, listed once as not priced
 * (with the units its line gives). */
static int untimed(struct go_state *st, const struct fields *f,
                   const char *name)
{
	char why[160] = "no ns/op, only";
	size_t n = strlen(why);

	for (size_t k = 3; k < f->n && n + 2 < sizeof why; k += 2) {
		snprintf(why + n, sizeof why - n, "%s %.*s", k > 3 ? "," : "",
		         (int)f->len[k], f->at[k]);
		n = strlen(why);
	}
	return rb_unpriced(&st->b, name, why);
}

/* The samples and cells of the result line f of case i. */
static int result_values(struct go_state *st, const struct fields *f, long i)
{
	char shown[RUN_SHOW_SIZE];

	for (size_t k = 2; k + 1 < f->n; k += 2) {
		char col[RUN_MAX_NAME];
		size_t n =
		    unit_column(f->at[k + 1], f->len[k + 1], col, sizeof col);
		double x;
		numfmt_parse(f->at[k], f->len[k], &x);
		if (is_unit(f, k + 1, "ns/op")) {
			/* Cases are made after the samples: checked here,
			 * where the number is (rb_sample_pos). */
			if (!(x * 1e-9 > 0 && isfinite(x * 1e-9)))
				return go_error(
				    st, f->at[k],
				    "runtime sample of case '%s' must "
				    "be a finite number above 0, got "
				    "%.*s ns/op",
				    run_show(shown, sizeof shown, st->name[i],
				             strlen(st->name[i])),
				    (int)f->len[k], f->at[k]);
			if (rb_sample_at(&st->b, (size_t)i, x * 1e-9, -1))
				return FP_ERR;
		} else if (go_cell(st, (size_t)i,
		                   (size_t)rb_find_column(&st->b, col, n),
		                   x) != FP_OK) {
			return FP_ERR;
		}
	}
	return FP_OK;
}

/* The second pass over a result line: its sample and cells. */
static int result(struct go_state *st, const struct fields *f)
{
	const char *procs;
	size_t len = go_cut_procs(f->at[0], f->len[0], &procs);
	struct go_case_name cn;
	char *name;
	long i;
	bool in;
	int rc = FP_OK;

	if (in_group(st, f->at[0], &in) != FP_OK || !in)
		return in ? FP_ERR : FP_OK;
	if (st->procs.n == 1 && procs &&
	    rb_context_n(&st->b, "gomaxprocs", procs, f->len[0] - len - 1) !=
	        FP_OK)
		return FP_ERR;
	if (!(name = go_names_case(st, f->at[0], f->len[0], &cn)))
		return FP_ERR;
	if (!cn.priced) {
		if (!*cn.listed)
			rc = untimed(st, f, name);
		*cn.listed = 1;
	} else if ((i = go_case(st, name, cn.len, f->at[0])) < 0) {
		rc = FP_ERR;
	} else {
		rc = result_values(st, f, i);
	}
	free(name);
	return rc;
}

/* "--- FAIL: BenchmarkX" or "--- SKIP: BenchmarkX": a failing case, or
 * a skipped benchmark (with no result and no failure) listed once as not
 * priced. */
static int failure(struct go_state *st, const struct fields *f, bool skip)
{
	struct go_case_name cn;
	char *name;
	bool in;
	int rc = FP_OK;

	if (!st->add) {
		st->nfails++;
		return go_names_note(st, f->at[2], f->len[2],
		                     skip ? GO_SKIPPED : GO_FAILED, -1);
	}
	if (in_group(st, f->at[2], &in) != FP_OK || !in)
		return in ? FP_ERR : FP_OK;
	if (!(name = go_names_case(st, f->at[2], f->len[2], &cn)))
		return FP_ERR;
	if (!skip)
		rc = go_fail(st, name, cn.len,
		             cn.several_procs && !cn.has_procs, f->at[2]);
	else if (!cn.priced && !*cn.listed)
		rc = rb_unpriced(&st->b, name, "skipped (--- SKIP)");
	if (skip && !cn.priced)
		*cn.listed = 1;
	free(name);
	return rc;
}

/* A configuration line: "key: value", the key a lower-case letter and no
 * blank.  Context (of the group, when split), and the configuration. */
static int config(struct go_state *st, const char *s, size_t len)
{
	const char *colon = memchr(s, ':', len), *v,
	           *key = st->src->opts->split_by;
	size_t klen = colon ? (size_t)(colon - s) : 0;
	const char *now;
	int rc;

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
	if ((rc = go_config_set(&st->cfg, s, klen, v, len)) != 0)
		return rc == -1
		           ? diag_oom(st->b.d)
		           : go_error(st, s, "more than %d configuration keys",
		                      GO_MAX_KEYS);
	if (key && strlen(key) == klen && memcmp(s, key, klen) == 0) {
		rc = st->add ? 0 : go_values_add(&st->groups, v, len);
		return rc ? values_error(st, s, rc, key) : FP_OK;
	}
	now = key ? go_config_get(&st->cfg, key) : NULL;
	if (!st->add || (now && strcmp(now, st->group) != 0))
		return FP_OK;
	{
		char *k = strndup(s, klen);
		rc = k ? rb_context_n(&st->b, k, v, len) : diag_oom(st->b.d);
		free(k);
		return rc;
	}
}

/* One line, in the first or the second pass. */
static int line(struct go_state *st, const char *s, size_t len)
{
	struct fields f;

	split(s, len, &f);
	if (is_result(&f))
		return st->add ? result(st, &f) : result_columns(st, &f);
	if (f.n >= 1 && (is_unit(&f, 0, "PASS") || is_unit(&f, 0, "FAIL") ||
	                 is_unit(&f, 0, "ok")))
		st->pass_lines = true;
	if (f.n >= 3 && is_unit(&f, 0, "---") &&
	    (is_unit(&f, 1, "FAIL:") || is_unit(&f, 1, "SKIP:")) &&
	    is_name(f.at[2], f.len[2])) {
		st->pass_lines |= is_unit(&f, 1, "FAIL:");
		return failure(st, &f, is_unit(&f, 1, "SKIP:"));
	}
	return config(st, s, len);
}

static int pass(struct go_state *st, const char *text, size_t n, bool add)
{
	const char *s = text, *end = text + n;

	st->add = add;
	st->lineno = 0;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
		st->line = s;
		st->lineno++;
		if (len > 0 && line(st, s, len) != FP_OK)
			return FP_ERR;
		s += len + 1;
	}
	return FP_OK;
}

/* After the first pass: the group this run reads, when split. */
static int choose_group(struct go_state *st)
{
	const struct run_opts *o = st->src->opts;
	char list[256] = "";

	if (!o->split_by)
		return FP_OK;
	for (size_t i = 0; i < st->groups.n; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
		         "%s'%s'", i ? ", " : "", st->groups.v[i]);
	if (st->groups.n != 2)
		return diag_set(
		    st->b.d, st->src->path, 0, 0,
		    "--split-by %s: the file has %zu value%s of "
		    "'%s'%s%s%s, not two (the before and the after run)",
		    o->split_by, st->groups.n, st->groups.n == 1 ? "" : "s",
		    o->split_by, st->groups.n ? " (" : "", list,
		    st->groups.n ? ")" : "");
	st->group = st->groups.v[o->split_group ? 1 : 0];
	return rb_context(&st->b, o->split_by, st->group);
}

static int parse(struct go_state *st, const char *text, size_t len,
                 struct run **out)
{
	if (rb_add_column(&st->b, "passed", 6, 0, 0) < 0 ||
	    pass(st, text, len, false) != FP_OK || choose_group(st) != FP_OK)
		return FP_ERR;
	if (st->nresults + st->nfails == 0)
		return diag_set(st->b.d, st->src->path, 0, 0,
		                "no benchmarks: no result line ('BenchmarkX N "
		                "V ns/op') and no '--- FAIL: BenchmarkX'");
	go_config_free(&st->cfg);
	if (!go_config_init(&st->cfg, st->src->opts->split_by))
		return diag_oom(st->b.d);
	if (pass(st, text, len, true) != FP_OK)
		return FP_ERR;
	if (!st->pass_lines)
		st->b.pass_source = RUN_PASS_ASSUMED;
	return go_finish(st, out);
}

int go_parse(const struct fmt_src *s, const char *text, size_t len,
             const uint32_t *line_of, bool events, const char *format,
             struct run **out, struct diag *d)
{
	struct go_state st = {.src = s,
	                      .line_of = line_of,
	                      .text = text,
	                      .len = len,
	                      .pass_lines = events};
	int rc = FP_ERR;

	rb_init(&st.b, s->path, format, d);
	rb_use_samples(&st.b);
	if (!go_config_init(&st.cfg, s->opts->split_by) ||
	    !go_names_init(&st.names, text, len))
		diag_oom(d);
	else
		rc = parse(&st, text, len, out);
	rb_discard(&st.b);
	go_config_free(&st.cfg);
	go_values_free(&st.procs);
	go_values_free(&st.groups);
	go_names_free(&st.names);
	go_cases_free(&st);
	return rc;
}

int fmt_go(const struct fmt_src *s, struct run **out, struct diag *d)
{
	return go_parse(s, s->text, s->len, NULL, false, "go", out, d);
}
