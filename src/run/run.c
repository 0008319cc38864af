/* run.c: runs as columns (run.h); the readers are in run/formats/. */
#include "run/run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "util/numfmt.h"
#include "util/strindex.h"

/* Whether name is one of the names in run's name_block (run.h). */
static bool in_block(const struct run *run, const char *name)
{
	uintptr_t p = (uintptr_t)name, b = (uintptr_t)run->name_block;

	return run->name_block && p >= b && p - b < run->name_block_size;
}

const struct strindex *run_name_index(const struct run *run)
{
	const struct strindex *x = run->name_index;

	return x && x->names == (const char *const *)run->case_name &&
	               x->n == run->n
	           ? x
	           : NULL;
}

void run_drop_index(struct run *run)
{
	strindex_delete(run->name_index);
	run->name_index = NULL;
}

void run_free(struct run *run)
{
	if (!run)
		return;
	run_free(run->part_next);
	run_drop_index(run);
	for (size_t i = 0; run->case_name && i < run->n; i++)
		if (!in_block(run, run->case_name[i]))
			free(run->case_name[i]);
	free(run->name_block);
	for (size_t i = 0; run->cols && i < run->ncols; i++) {
		free(run->cols[i].name);
		free(run->cols[i].v);
		free(run->cols[i].line);
		free(run->cols[i].col);
		free(run->cols[i].bad_text);
	}
	free(run->case_name);
	free(run->case_line);
	free(run->case_col);
	free(run->cols);
	free(run->samples);
	free(run->sample_off);
	free(run->sample_pass);
	free(run->sample_run);
	free(run->run_off);
	for (size_t i = 0; run->ctx && i < run->nctx; i++) {
		free(run->ctx[i].key);
		free(run->ctx[i].value);
	}
	free(run->ctx);
	for (size_t i = 0; i < run->nunpriced; i++)
		free(run->unpriced[i]);
	free(run->unpriced);
	for (size_t i = 0; i < run->nfiles; i++)
		free(run->files[i]);
	free(run->files);
	free(run->path);
	free(run->format);
	free(run);
}

const struct run_reserved run_reserved[] = {
    {RUN_PASS_FROM, RUN_RESERVED_REFUSED,
     "fixprice records there where each case's pass state came from"},
    {"run", RUN_RESERVED_LABEL,
     "the run (rerun of the benchmark process) each row was measured in"},
    {"round", RUN_RESERVED_LABEL,
     "the interleaved round of before and after each row was measured in"},
};
const size_t run_nreserved = sizeof run_reserved / sizeof *run_reserved;

const struct run_reserved *run_reserved_find(const char *name, size_t len)
{
	for (size_t i = 0; i < run_nreserved; i++)
		if (strlen(run_reserved[i].name) == len &&
		    memcmp(run_reserved[i].name, name, len) == 0)
			return &run_reserved[i];
	return NULL;
}

int run_add_unpriced(struct run *run, const char *what, const char *why,
                     struct diag *d)
{
	size_t len = strlen(what) + strlen(why) + 3;
	char **v = realloc(run->unpriced,
	                   (run->nunpriced + 1) * sizeof *run->unpriced);
	char *s = malloc(len);

	if (v)
		run->unpriced = v;
	if (!v || !s) {
		free(s);
		return diag_oom(d);
	}
	snprintf(s, len, "%s: %s", what, why);
	run->unpriced[run->nunpriced++] = s;
	return FP_OK;
}

char *run_show(char *buf, size_t size, const char *s, size_t len)
{
	size_t cut = len > RUN_SHOW_MAX ? RUN_SHOW_MAX : len;
	char *raw, *safe;

	/* Never in a UTF-8 character. */
	while (cut < len && cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
		cut--;
	raw = strndup(s, cut);
	safe = raw ? escape_terminal(raw) : NULL;

	snprintf(buf, size, "%s%s", safe ? safe : "?",
	         len > RUN_SHOW_MAX ? "..." : "");
	free(raw);
	free(safe);
	return buf;
}

char *run_case_shown(const struct run *r, size_t i, char buf[RUN_SHOW_SIZE])
{
	return run_show(buf, RUN_SHOW_SIZE, r->case_name[i],
	                strlen(r->case_name[i]));
}

struct column *run_find(const struct run *run, const char *name)
{
	for (size_t i = 0; run && i < run->ncols; i++)
		if (strcmp(run->cols[i].name, name) == 0)
			return &run->cols[i];
	return NULL;
}

/* The run's path for a message: terminal-safe, whole as far as it fits
 * (names and cells are cut short; a path is what the user typed). */
static const char *show_path(const struct run *run, char buf[DIAG_FILE_MAX])
{
	char *safe = escape_terminal(run->path);

	snprintf(buf, DIAG_FILE_MAX, "%s", safe ? safe : run->path);
	free(safe);
	return buf;
}

/* "case, runtime, passed" into out, cut with "..." to fit. */
static void list_columns(const struct run *run, char *out, size_t size)
{
	size_t used = (size_t)snprintf(out, size, "case");

	for (size_t i = 0; i < run->ncols; i++) {
		char shown[RUN_SHOW_SIZE];
		const char *name = run->cols[i].name;
		run_show(shown, sizeof shown, name, strlen(name));
		if (used + strlen(shown) + 8 >= size) {
			snprintf(out + used, size - used, ", ...");
			return;
		}
		used +=
		    (size_t)snprintf(out + used, size - used, ", %s", shown);
	}
}

static int no_column(const struct run *run, const char *name, const char *pre,
                     struct diag *d)
{
	char list[320], shown[RUN_SHOW_SIZE], path[DIAG_FILE_MAX];

	list_columns(run, list, sizeof list);
	run_show(shown, sizeof shown, name, strlen(name));
	return diag_set(d, NULL, 0, 0, "%sno column '%s' in %s (it has: %s)",
	                pre, shown, show_path(run, path), list);
}

uint32_t run_cell_line(const struct run *run, const struct column *c, size_t i)
{
	return c && c->line ? c->line[i] : run->case_line[i];
}

uint32_t run_cell_col(const struct column *c, size_t i)
{
	return c && c->col ? c->col[i] : 0;
}

/* The case whose cell in c is at the column's bad position, or NULL. */
static const char *bad_case(const struct run *run, const struct column *c)
{
	for (size_t i = 0; c->col && i < run->n; i++)
		if (run_cell_line(run, c, i) == c->bad_line &&
		    c->col[i] == c->bad_col)
			return run->case_name[i];
	return NULL;
}

const struct column *run_numeric(const struct run *run, const char *name,
                                 struct diag *d)
{
	const struct column *c = run_find(run, name);
	char col[RUN_SHOW_SIZE], cell[RUN_SHOW_SIZE];
	const char *who;
	int line, pos;

	if (!c) {
		no_column(run, name, "", d);
		return NULL;
	}
	if (c->kind != COL_TEXT)
		return c;
	run_show(col, sizeof col, name, strlen(name));
	line = (int)c->bad_line;
	pos = (int)c->bad_col;
	if (!c->bad_text) {
		/* JSON or YAML items with different fields. */
		who = bad_case(run, c);
		run_show(cell, sizeof cell, who ? who : "?",
		         strlen(who ? who : "?"));
		diag_set(d, run->path, line, pos, "case '%s' has no '%s'", cell,
		         col);
	} else if (c->bad_text[0] == '\0') {
		diag_set(d, run->path, line, pos,
		         "empty cell in column '%s' is not a number", col);
	} else {
		double ignored;
		run_show(cell, sizeof cell, c->bad_text, strlen(c->bad_text));
		/* A pass word is only wrong beside numbers other than 0 and 1. */
		if (run_parse_pass(c->bad_text, strlen(c->bad_text), &ignored))
			diag_set(
			    d, run->path, line, pos,
			    "cell '%s' in column '%s' is a pass state, but the "
			    "column also holds numbers other than 0 and 1",
			    cell, col);
		else if (numfmt_parse(c->bad_text, strlen(c->bad_text),
		                      &ignored))
			diag_set(
			    d, run->path, line, pos,
			    "cell '%s' in column '%s' is not a pass state, but the "
			    "column also holds pass words",
			    cell, col);
		else if (strcmp(name, "passed") == 0)
			diag_set(d, run->path, line, pos,
			         "cell '%s' in column '%s' is neither a number "
			         "nor a pass state (true, false, pass, fail, "
			         "yes, no, on, off)",
			         cell, col);
		else
			diag_set(d, run->path, line, pos,
			         "cell '%s' in column '%s' is not a number",
			         cell, col);
	}
	return NULL;
}

int run_rename(struct run *run, const char *to, const char *from,
               struct diag *d)
{
	struct column *c = run_find(run, from);
	char pre[2 * RUN_SHOW_SIZE + 40], a[RUN_SHOW_SIZE], b[RUN_SHOW_SIZE];
	char *name;

	run_show(a, sizeof a, from, strlen(from));
	run_show(b, sizeof b, to, strlen(to));
	snprintf(pre, sizeof pre, "cannot rename column '%s' to '%s': ", a, b);
	if (!c)
		return no_column(run, from, pre, d);
	if (strcmp(to, from) == 0)
		return FP_OK;
	if (run_find(run, to) || strcmp(to, "case") == 0) {
		char path[DIAG_FILE_MAX];
		return diag_set(d, NULL, 0, 0, "%s%s already has a column '%s'",
		                pre, show_path(run, path), b);
	}
	if (!(name = strdup(to)))
		return diag_oom(d);
	free(c->name);
	c->name = name;
	return FP_OK;
}

/* Copies n cells of from into to (NULL stays NULL); false when out of
 * memory. */
static bool copy_cells(void **to, const void *from, size_t n, size_t size)
{
	free(*to);
	*to = NULL;
	if (!from)
		return true;
	if (!(*to = malloc((n ? n : 1) * size)))
		return false;
	memcpy(*to, from, n * size);
	return true;
}

int run_replace(struct run *run, const char *to, const char *from,
                struct diag *d)
{
	const struct column *f = run_find(run, from);
	struct column *t = run_find(run, to);

	if (!f || !t || f == t)
		return run_rename(run, to, from, d);
	free(t->bad_text);
	t->bad_text = NULL;
	t->kind = f->kind;
	t->bad_line = f->bad_line;
	t->bad_col = f->bad_col;
	if ((f->bad_text && !(t->bad_text = strdup(f->bad_text))) ||
	    !copy_cells((void **)&t->v, f->v, run->n, sizeof *t->v) ||
	    !copy_cells((void **)&t->line, f->line, run->n, sizeof *t->line) ||
	    !copy_cells((void **)&t->col, f->col, run->n, sizeof *t->col))
		return diag_oom(d);
	return FP_OK;
}

int run_add_column(struct run *run, const char *name, enum column_kind kind,
                   double *values, struct diag *d)
{
	struct column *cols;
	char *copy;

	if (run_find(run, name) || strcmp(name, "case") == 0) {
		char path[DIAG_FILE_MAX], shown[RUN_SHOW_SIZE];
		free(values);
		run_show(shown, sizeof shown, name, strlen(name));
		return diag_set(d, NULL, 0, 0, "%s already has a column '%s'",
		                show_path(run, path), shown);
	}
	cols = realloc(run->cols, (run->ncols + 1) * sizeof *cols);
	if (cols)
		run->cols = cols;
	if (!cols || !(copy = strdup(name))) {
		free(values);
		return diag_oom(d);
	}
	run->cols[run->ncols++] =
	    (struct column){.name = copy, .kind = kind, .v = values};
	return FP_OK;
}

double *run_pass_from(struct run *run, struct diag *d)
{
	struct column *c = run_find(run, RUN_PASS_FROM);
	double *v;

	if (c && c->v)
		return c->v;
	/* calloc: every case RUN_FROM_FILE (0). */
	if (!(v = calloc(run->n ? run->n : 1, sizeof *v))) {
		diag_oom(d);
		return NULL;
	}
	if (run_add_column(run, RUN_PASS_FROM, COL_NUMBER, v, d) != FP_OK)
		return NULL;
	return v;
}

struct run *run_new_like(const struct run *src, const char *path,
                         const char *format)
{
	struct run *r = calloc(1, sizeof *r);
	size_t n = src->n ? src->n : 1;

	if (!r)
		return NULL;
	r->path = strdup(path);
	r->format = strdup(format);
	r->case_name = calloc(n, sizeof *r->case_name);
	r->case_line = calloc(n, sizeof *r->case_line);
	if (!r->path || !r->format || !r->case_name || !r->case_line) {
		run_free(r);
		return NULL;
	}
	r->n = src->n;
	for (size_t i = 0; i < src->n; i++)
		if (!(r->case_name[i] = strdup(src->case_name[i]))) {
			run_free(r);
			return NULL;
		}
	return r;
}

int run_bad_runtime(const struct run *r, const char *name, size_t i, double v,
                    uint32_t line, uint32_t col, struct diag *d)
{
	char num[NUMFMT_MAX];

	return diag_set(d, r->path, line ? (int)line : (int)r->case_line[i],
	                (int)col,
	                "%s of case '%s' must be a finite number "
	                "above 0, got %s",
	                name, r->case_name[i], numfmt_exact(num, v));
}

int run_check_runtimes(const struct run *r, const struct column *c,
                       struct diag *d)
{
	for (size_t i = 0; i < r->n; i++) {
		double v = c->v[i];
		if (!isnan(v) && !(isfinite(v) && v > 0))
			return run_bad_runtime(r, c->name, i, v,
			                       run_cell_line(r, c, i),
			                       run_cell_col(c, i), d);
	}
	return FP_OK;
}

bool run_is_runtime_name(const char *name)
{
	size_t n = strlen(name);

	return n >= 7 && strcmp(name + n - 7, "runtime") == 0;
}

/* a[k] = a[rows[k]] for k < n, for an array of 4- or 8-byte elements
 * (pointers, doubles, uint32_t), through scratch (room for n elements of
 * 8 bytes).  memcpy of a constant size is one load and one store. */
static void gather(void *a, size_t size, const size_t *rows, size_t n,
                   void *scratch)
{
	unsigned char *to = scratch;
	const unsigned char *from = a;

	if (!a)
		return;
	if (size == 4)
		for (size_t k = 0; k < n; k++)
			memcpy(to + 4 * k, from + 4 * rows[k], 4);
	else
		for (size_t k = 0; k < n; k++)
			memcpy(to + 8 * k, from + 8 * rows[k], 8);
	memcpy(a, scratch, n * size);
}

int run_gather_samples(const struct run *run, const size_t *rows, size_t n,
                       double **v, size_t **off, unsigned char **pass)
{
	size_t m = 0;

	for (size_t k = 0; k < n; k++)
		m += run_sample_count(run, rows[k]);
	*v = malloc((m ? m : 1) * sizeof **v);
	*off = malloc((n + 1) * sizeof **off);
	*pass = run->sample_pass ? malloc(m ? m : 1) : NULL;
	if (!*v || !*off || (run->sample_pass && !*pass)) {
		free(*v);
		free(*off);
		free(*pass);
		return FP_ERR;
	}
	m = 0;
	for (size_t k = 0; k < n; k++) {
		size_t from = run->sample_off[rows[k]];
		size_t count = run_sample_count(run, rows[k]);
		(*off)[k] = m;
		if (count == 0)
			continue; /* samples may be NULL then */
		memcpy(*v + m, run->samples + from, count * sizeof **v);
		if (*pass)
			memcpy(*pass + m, run->sample_pass + from, count);
		m += count;
	}
	(*off)[n] = m;
	return FP_OK;
}

int run_gather_sample_runs(const struct run *run, const size_t *rows, size_t n,
                           uint32_t **out)
{
	size_t m = 0;

	*out = NULL;
	if (!run->sample_run)
		return FP_OK;
	for (size_t k = 0; k < n; k++)
		m += run_sample_count(run, rows[k]);
	if (!(*out = malloc((m ? m : 1) * sizeof **out)))
		return FP_ERR;
	m = 0;
	for (size_t k = 0; k < n; k++) {
		size_t count = run_sample_count(run, rows[k]);
		if (count)
			memcpy(*out + m,
			       run->sample_run + run->sample_off[rows[k]],
			       count * sizeof **out);
		m += count;
	}
	return FP_OK;
}

int run_keep_rows(struct run *run, const size_t *rows, size_t n, struct diag *d)
{
	/* Everything allocated first, so that a failure changes nothing;
	 * then each array is gathered through one scratch array, so that
	 * the run is never held twice. */
	uint64_t *scratch = malloc((n ? n : 1) * sizeof *scratch);
	unsigned char *kept = calloc(run->n ? run->n : 1, 1);
	double *sv = NULL;
	size_t *soff = NULL;
	unsigned char *spass = NULL;
	uint32_t *sruns = NULL;

	if (!scratch || !kept ||
	    (run->sample_off &&
	     (run_gather_samples(run, rows, n, &sv, &soff, &spass) != FP_OK ||
	      run_gather_sample_runs(run, rows, n, &sruns) != FP_OK))) {
		if (soff) {
			free(sv);
			free(soff);
			free(spass);
		}
		free(scratch);
		free(kept);
		return diag_oom(d);
	}
	for (size_t k = 0; k < n; k++)
		kept[rows[k]] = 1;
	for (size_t i = 0; i < run->n; i++)
		if (!kept[i] && !in_block(run, run->case_name[i]))
			free(run->case_name[i]);
	run_drop_index(run); /* its numbers are the old rows' */
	gather(run->case_name, sizeof *run->case_name, rows, n, scratch);
	gather(run->case_line, sizeof *run->case_line, rows, n, scratch);
	if (run->case_col)
		gather(run->case_col, sizeof *run->case_col, rows, n, scratch);
	for (size_t c = 0; c < run->ncols; c++) {
		struct column *col = &run->cols[c];
		gather(col->v, sizeof *col->v, rows, n, scratch);
		gather(col->line, sizeof *col->line, rows, n, scratch);
		gather(col->col, sizeof *col->col, rows, n, scratch);
	}
	if (run->sample_off) {
		free(run->samples);
		free(run->sample_off);
		free(run->sample_pass);
		run->samples = sv;
		run->sample_off = soff;
		run->sample_pass = spass;
		free(run->sample_run);
		run->sample_run = sruns;
	}
	run->n = n;
	free(scratch);
	free(kept);
	return FP_OK;
}

uint32_t run_case_col(const struct run *run, size_t i)
{
	return run->case_col ? run->case_col[i] : 0;
}

size_t run_sample_count(const struct run *run, size_t i)
{
	if (!run->sample_off)
		return 0;
	return run->sample_off[i + 1] - run->sample_off[i];
}
