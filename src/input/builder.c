/* builder.c: the rules all run formats share (see input.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/input.h"
#include "util/numfmt.h"

static int oom(struct run_builder *b)
{
	return diag_set(b->d, b->path, 0, 0, "out of memory");
}

void rb_init(struct run_builder *b, const char *path, const char *format,
             struct diag *d)
{
	*b = (struct run_builder){.path = path, .format = format, .d = d,
	                          .repeat_col = -1};
}

void rb_column_free(struct rb_column *c)
{
	free(c->name);
	free(c->v);
	free(c->line);
	free(c->col);
	free(c->bad_text);
	free(c->word_text);
}

void rb_discard(struct run_builder *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->names[i]);
	free(b->names);
	free(b->lines);
	free(b->cols);
	for (size_t i = 0; i < b->ncols; i++)
		rb_column_free(&b->columns[i]);
	free(b->columns);
	rb_discard_samples(b);
	rb_init(b, b->path, b->format, b->d);
}

void input_position(const char *text, size_t off, uint32_t *line,
                    uint32_t *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)text[i] & 0xc0) != 0x80) {
			(*col)++;
		}
	}
}

/* Grows an array of `size`-byte elements to hold at least `need`. */
int rb_grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return FP_OK;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		return FP_ERR;
	*p = q;
	*cap = n;
	return FP_OK;
}

int rb_case(struct run_builder *b, const char *name, size_t len,
            uint32_t line, uint32_t col)
{
	size_t cap = b->cap;
	char *copy;

	if (len == 0)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "empty case name");
	if (len > RUN_MAX_NAME)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "case name is longer than %d bytes", RUN_MAX_NAME);
	if (b->n == RUN_MAX_CASES)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "more than %d cases", RUN_MAX_CASES);
	if (b->n == b->cap) {
		if (rb_grow((void **)&b->names, &cap, b->n + 1, sizeof *b->names))
			return oom(b);
		cap = b->cap;
		if (rb_grow((void **)&b->lines, &cap, b->n + 1, sizeof *b->lines))
			return oom(b);
		cap = b->cap;
		if (rb_grow((void **)&b->cols, &cap, b->n + 1, sizeof *b->cols))
			return oom(b);
		b->cap = cap;
	}
	if (!(copy = strndup(name, len)))
		return oom(b);
	b->names[b->n] = copy;
	b->lines[b->n] = line;
	b->cols[b->n] = col;
	b->n++;
	return FP_OK;
}

static bool name_is(const struct rb_column *c, const char *name, size_t len)
{
	return strncmp(c->name, name, len) == 0 && c->name[len] == '\0';
}

long rb_find_column(struct run_builder *b, const char *name, size_t len)
{
	if (b->hint < b->ncols && name_is(&b->columns[b->hint], name, len))
		return (long)b->hint++;
	for (size_t i = 0; i < b->ncols; i++)
		if (name_is(&b->columns[i], name, len)) {
			b->hint = i + 1;
			return (long)i;
		}
	return -1;
}

long rb_add_column(struct run_builder *b, const char *name, size_t len,
                   uint32_t line, uint32_t col)
{
	struct rb_column *c;

	if (len == 0) {
		diag_set(b->d, b->path, (int)line, (int)col, "empty column name");
		return -1;
	}
	if (len > RUN_MAX_NAME) {
		diag_set(b->d, b->path, (int)line, (int)col,
		         "column name is longer than %d bytes", RUN_MAX_NAME);
		return -1;
	}
	if (b->ncols == RUN_MAX_COLUMNS) {
		diag_set(b->d, b->path, (int)line, (int)col,
		         "more than %d columns", RUN_MAX_COLUMNS);
		return -1;
	}
	if (rb_grow((void **)&b->columns, &b->colcap, b->ncols + 1,
	         sizeof *b->columns)) {
		oom(b);
		return -1;
	}
	c = &b->columns[b->ncols];
	*c = (struct rb_column){.all_num = true, .all_pass = true};
	if (!(c->name = strndup(name, len))) {
		oom(b);
		return -1;
	}
	b->hint = b->ncols + 1;
	return (long)b->ncols++;
}

/* Makes room in column c for the cells of all cases so far. */
static int reserve(struct run_builder *b, struct rb_column *c)
{
	size_t cap = c->cap;

	if (b->n <= c->cap)
		return FP_OK;
	if (rb_grow((void **)&c->v, &cap, b->n, sizeof *c->v))
		return oom(b);
	cap = c->cap;
	if (rb_grow((void **)&c->line, &cap, b->n, sizeof *c->line))
		return oom(b);
	cap = c->cap;
	if (rb_grow((void **)&c->col, &cap, b->n, sizeof *c->col))
		return oom(b);
	c->cap = cap;
	return FP_OK;
}

/* Cases before `upto` that have no cell in c get a missing one. */
static void fill_missing(struct run_builder *b, struct rb_column *c,
                         size_t upto)
{
	for (; c->n < upto; c->n++) {
		c->v[c->n] = NAN;
		c->line[c->n] = b->lines[c->n];
		c->col[c->n] = b->cols[c->n];
		c->all_num = c->all_pass = false;
		if (!c->has_bad) {
			c->has_bad = true;
			c->bad_line = b->lines[c->n];
			c->bad_col = b->cols[c->n];
		}
	}
}

/* What a cell's text is kept for: nothing, or as the column's first cell
 * that is neither a number nor a pass state (BAD), or as its first pass
 * word that is no number (WORD). */
enum keep { KEEP_NONE, KEEP_BAD, KEEP_WORD };

/* A malloc'd copy of s[0..len), in double quotes if quote is set. */
static char *text_copy(const char *s, size_t len, bool quote)
{
	char *t = malloc(len + 3);

	if (t && quote)
		snprintf(t, len + 3, "\"%.*s\"", (int)len, s);
	else if (t)
		snprintf(t, len + 1, "%.*s", (int)len, s);
	return t;
}

/* Sets the newest case's cell in column ci. */
static int set_cell(struct run_builder *b, size_t ci, double v, bool num,
                    bool pass, enum keep keep, const char *s, size_t len,
                    bool quote, uint32_t line, uint32_t col)
{
	struct rb_column *c = &b->columns[ci];
	size_t i = b->n - 1;

	if (reserve(b, c) != FP_OK)
		return FP_ERR;
	fill_missing(b, c, i);
	if (c->n > i)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "column '%s' given twice for one case", c->name);
	c->v[i] = v;
	c->line[i] = line;
	c->col[i] = col;
	c->n = i + 1;
	c->all_num &= num;
	c->all_pass &= pass;
	if (keep == KEEP_BAD && !c->has_bad) {
		if (!(c->bad_text = text_copy(s, len, quote)))
			return oom(b);
		c->has_bad = true;
		c->bad_line = line;
		c->bad_col = col;
	}
	if (keep == KEEP_WORD && !c->has_word) {
		if (!(c->word_text = text_copy(s, len, quote)))
			return oom(b);
		c->has_word = true;
		c->word_line = line;
		c->word_col = col;
	}
	return FP_OK;
}

int rb_text(struct run_builder *b, size_t col, const char *s, size_t len,
            bool string, uint32_t line, uint32_t pos_col)
{
	double x = NAN, p;
	bool looks_numeric = numfmt_parse(s, len, &x);

	if (!string && looks_numeric && isfinite(x))
		return set_cell(b, col, x, true, x == 0 || x == 1, KEEP_NONE,
		                NULL, 0, false, line, pos_col);
	/* A quoted number must not read as the number in a message. */
	if (run_parse_pass(s, len, &p))
		return set_cell(b, col, p, false, true, KEEP_WORD, s, len,
		                string && looks_numeric, line, pos_col);
	return set_cell(b, col, NAN, false, false, KEEP_BAD, s, len,
	                string && looks_numeric, line, pos_col);
}

int rb_number(struct run_builder *b, size_t col, double x, uint32_t line,
              uint32_t pos_col)
{
	return set_cell(b, col, x, true, x == 0 || x == 1, KEEP_NONE, NULL, 0,
	                false, line, pos_col);
}

int rb_bool(struct run_builder *b, size_t col, bool x, uint32_t line,
            uint32_t pos_col)
{
	const char *w = x ? "true" : "false";

	return set_cell(b, col, x ? 1 : 0, false, true, KEEP_WORD, w,
	                strlen(w), false, line, pos_col);
}

int rb_other(struct run_builder *b, size_t col, const char *shown,
             uint32_t line, uint32_t pos_col)
{
	return set_cell(b, col, NAN, false, false, KEEP_BAD, shown,
	                strlen(shown), false, line, pos_col);
}

int rb_by_name(const void *a, const void *b)
{
	const struct name_at *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return (x->i > y->i) - (x->i < y->i);
}

/* Finds duplicate case names by sorting (no hash that a crafted file could
 * make slow); reports the earliest second occurrence in the file. */
static int check_duplicates(struct run_builder *b)
{
	struct name_at *v = malloc(b->n * sizeof *v);
	size_t dup = (size_t)-1, first = 0;
	char shown[RUN_SHOW_SIZE];

	if (!v)
		return oom(b);
	for (size_t i = 0; i < b->n; i++)
		v[i] = (struct name_at){b->names[i], i};
	qsort(v, b->n, sizeof *v, rb_by_name);
	for (size_t i = 1; i < b->n; i++)
		if (strcmp(v[i].name, v[i - 1].name) == 0 && v[i].i < dup &&
		    (i < 2 || strcmp(v[i - 1].name, v[i - 2].name) != 0)) {
			dup = v[i].i;
			first = v[i - 1].i;
		}
	free(v);
	if (dup == (size_t)-1)
		return FP_OK;
	run_show(shown, sizeof shown, b->names[dup], strlen(b->names[dup]));
	if (b->lines[first] == 0)
		return diag_set(b->d, b->path, 0, 0,
		                "duplicate case '%s' (items %zu and %zu)", shown,
		                first + 1, dup + 1);
	return diag_set(b->d, b->path, (int)b->lines[dup], (int)b->cols[dup],
	                "duplicate case '%s' (first on line %u)", shown,
	                (unsigned)b->lines[first]);
}

/* Moves builder column c into run column out. */
static void finish_column(struct rb_column *c, struct column *out)
{
	*out = (struct column){.name = c->name, .line = c->line, .col = c->col};
	c->name = NULL;
	c->line = c->col = NULL;
	if (c->all_pass) {
		out->kind = COL_PASS;
	} else if (c->all_num) {
		out->kind = COL_NUMBER;
	} else {
		out->kind = COL_TEXT;
		if (c->has_bad) {
			out->bad_line = c->bad_line;
			out->bad_col = c->bad_col;
			out->bad_text = c->bad_text;
			c->bad_text = NULL;
		} else {
			out->bad_line = c->word_line;
			out->bad_col = c->word_col;
			out->bad_text = c->word_text;
			c->word_text = NULL;
		}
		return;
	}
	out->v = c->v;
	c->v = NULL;
}

int rb_finish(struct run_builder *b, struct run **out)
{
	struct run *r;
	long rt;

	if (b->n == 0)
		return diag_set(b->d, b->path, 0, 0, "no cases");
	if (b->repeat_col >= 0 && rb_merge_repeats(b) != FP_OK)
		return FP_ERR;
	if (check_duplicates(b) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < b->ncols; i++) {
		if (reserve(b, &b->columns[i]) != FP_OK)
			return FP_ERR;
		fill_missing(b, &b->columns[i], b->n);
	}
	if (b->sampled && (rt = rb_find_column(b, "runtime", 7)) >= 0) {
		/* Which runtime: the file's or the samples'? */
		const struct rb_column *c = &b->columns[rt];
		size_t k = 0;
		/* The first cell there is: a missing one has the case's
		 * position. */
		while (k + 1 < b->n && c->line[k] == b->lines[k] &&
		       c->col[k] == b->cols[k])
			k++;
		return diag_set(b->d, b->path, (int)c->line[k], (int)c->col[k],
		                "a run with samples makes 'runtime' from them: "
		                "give 'samples' or 'runtime', not both");
	}
	r = calloc(1, sizeof *r);
	if (!r || !(r->path = strdup(b->path)) ||
	    !(r->format = strdup(b->format)) ||
	    !(r->cols = calloc(b->ncols ? b->ncols : 1, sizeof *r->cols))) {
		run_free(r);
		return oom(b);
	}
	r->n = b->n;
	r->case_name = b->names;
	r->case_line = b->lines;
	b->names = NULL;
	b->lines = NULL;
	b->n = 0;
	r->ncols = b->ncols;
	for (size_t i = 0; i < b->ncols; i++)
		finish_column(&b->columns[i], &r->cols[i]);
	if (rb_finish_samples(b, r) != FP_OK) {
		run_free(r);
		return FP_ERR;
	}
	rb_discard(b);
	*out = r;
	return FP_OK;
}
