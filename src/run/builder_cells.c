/* builder_cells.c: the cells of a run being built (builder.h): each
 * cell's value, what it says of its column's kind, and where it is. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "util/grow.h"
#include "util/numfmt.h"

/* reserve when there is no room: grows column c's arrays. */
static int grow_column(struct run_builder *b, struct rb_column *c)
{
	size_t cap = c->cap, need = b->n < b->expect ? b->expect : b->n;

	if (grow_array_written((void **)&c->v, &cap, need, sizeof *c->v))
		return diag_oom(b->d);
	cap = c->cap;
	if (c->line &&
	    grow_array_written((void **)&c->line, &cap, need, sizeof *c->line))
		return diag_oom(b->d);
	cap = c->cap;
	if (grow_array_written((void **)&c->col, &cap, need, sizeof *c->col))
		return diag_oom(b->d);
	c->cap = cap;
	return FP_OK;
}

/* Makes room in column c for the cells of all cases so far: a test kept
 * in line, made for every cell. */
static inline __attribute__((always_inline)) int reserve(struct run_builder *b,
                                                         struct rb_column *c)
{
	return b->n <= c->cap ? FP_OK : grow_column(b, c);
}

/* Cases before `upto` that have no cell in c get a missing one. */
static void fill_missing(struct run_builder *b, struct rb_column *c,
                         size_t upto)
{
	for (; c->n < upto; c->n++) {
		c->v[c->n] = NAN;
		if (c->line)
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

/* One cell as the loaders see it. */
struct cell {
	double v;
	bool num, pass; /* a number; a pass state */
	const char *s;  /* its text (NULL: a number, written from v) */
	size_t len;
	bool quote; /* show the text in double quotes */
	uint32_t line, col;
};

/* A malloc'd copy of the cell's text, in double quotes if it was quoted. */
static char *cell_text(const struct cell *x)
{
	char num[NUMFMT_MAX], *t;
	const char *s = x->s ? x->s : numfmt_exact(num, x->v);
	size_t len = x->s ? x->len : strlen(num);

	if (!(t = malloc(len + 3)))
		return NULL;
	if (x->quote)
		snprintf(t, len + 3, "\"%.*s\"", (int)len, s);
	else
		snprintf(t, len + 1, "%.*s", (int)len, s);
	return t;
}

/* Keeps what the column's message will need: its first cell that is
 * neither a number nor a pass state (bad), else the first cell after
 * which the column is neither all numbers nor all pass states (mix): a 2
 * after `true`, or `fail` after 1.5. */
static int keep_culprit(struct run_builder *b, struct rb_column *c,
                        const struct cell *x, bool before)
{
	bool bad = !x->num && !x->pass;

	if (bad && !c->has_bad) {
		if (!(c->bad_text = cell_text(x)))
			return diag_oom(b->d);
		c->has_bad = true;
		c->bad_line = x->line;
		c->bad_col = x->col;
	} else if (!bad && before && !c->all_num && !c->all_pass &&
	           !c->has_mix) {
		if (!(c->mix_text = cell_text(x)))
			return diag_oom(b->d);
		c->has_mix = true;
		c->mix_line = x->line;
		c->mix_col = x->col;
	}
	return FP_OK;
}

/* Column c's first cell off its case's line: from now on c keeps a line
 * per cell, those before on their cases' lines. */
static int keep_lines(struct run_builder *b, struct rb_column *c)
{
	uint32_t *line = malloc(c->cap * sizeof *line);

	if (!line)
		return diag_oom(b->d);
	memcpy(line, b->lines, c->n * sizeof *line);
	c->line = line;
	return FP_OK;
}

/* Sets the newest case's cell in column ci. */
static int set_cell(struct run_builder *b, size_t ci, const struct cell *x)
{
	struct rb_column *c = &b->columns[ci];
	size_t i = b->n - 1;
	bool before;

	if (reserve(b, c) != FP_OK)
		return FP_ERR;
	fill_missing(b, c, i);
	if (c->n > i)
		return diag_set(b->d, b->path, (int)x->line, (int)x->col,
		                "column '%s' given twice for one case",
		                c->name);
	if (!c->line && x->line != b->lines[i] && keep_lines(b, c) != FP_OK)
		return FP_ERR;
	c->v[i] = x->v;
	if (c->line)
		c->line[i] = x->line;
	c->col[i] = x->col;
	c->n = i + 1;
	before = c->all_num || c->all_pass;
	c->all_num &= x->num;
	c->all_pass &= x->pass;
	return keep_culprit(b, c, x, before);
}

/* A number that strtod turned into 0 or infinity is not what the file
 * says: 1e-400 is no 0.  Text is a plain decimal (numfmt_parse). */
static int out_of_range(struct run_builder *b, const char *s, size_t len,
                        double x, uint32_t line, uint32_t col)
{
	char shown[RUN_SHOW_SIZE];
	bool nonzero = false;

	if (isinf(x))
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "number '%s' is out of a double's range "
		                "(magnitude above 1.8e308)",
		                run_show(shown, sizeof shown, s, len));
	if (x != 0)
		return FP_OK;
	for (size_t i = 0; i < len && s[i] != 'e' && s[i] != 'E'; i++)
		nonzero |= s[i] >= '1' && s[i] <= '9';
	if (nonzero)
		return diag_set(
		    b->d, b->path, (int)line, (int)col,
		    "number '%s' is too small for a double (it would "
		    "read as 0)",
		    run_show(shown, sizeof shown, s, len));
	return FP_OK;
}

int rb_text(struct run_builder *b, size_t col, const char *s, size_t len,
            bool string, uint32_t line, uint32_t pos_col)
{
	double x = NAN, p;
	bool looks_numeric = numfmt_parse(s, len, &x);
	struct cell c = {.v = x,
	                 .num = true,
	                 .pass = x == 0 || x == 1,
	                 .s = s,
	                 .len = len,
	                 .line = line,
	                 .col = pos_col};

	if (!string && looks_numeric) {
		if (out_of_range(b, s, len, x, line, pos_col) != FP_OK)
			return FP_ERR;
		return set_cell(b, col, &c);
	}
	/* A quoted number must not read as the number in a message. */
	c.num = false;
	c.quote = string && looks_numeric;
	c.pass = run_parse_pass(s, len, &p);
	c.v = c.pass ? p : NAN;
	return set_cell(b, col, &c);
}

int rb_number(struct run_builder *b, size_t col, double x, uint32_t line,
              uint32_t pos_col)
{
	struct cell c = {.v = x,
	                 .num = true,
	                 .pass = x == 0 || x == 1,
	                 .line = line,
	                 .col = pos_col};

	return set_cell(b, col, &c);
}

int rb_number_text(struct run_builder *b, size_t col, double x, const char *s,
                   size_t len, uint32_t line, uint32_t pos_col)
{
	if (out_of_range(b, s, len, x, line, pos_col) != FP_OK)
		return FP_ERR;
	return rb_number(b, col, x, line, pos_col);
}

int rb_bool(struct run_builder *b, size_t col, bool x, uint32_t line,
            uint32_t pos_col)
{
	struct cell c = {.v = x ? 1 : 0,
	                 .pass = true,
	                 .s = x ? "true" : "false",
	                 .len = x ? 4 : 5,
	                 .line = line,
	                 .col = pos_col};

	return set_cell(b, col, &c);
}

int rb_other(struct run_builder *b, size_t col, const char *shown,
             uint32_t line, uint32_t pos_col)
{
	struct cell c = {.v = NAN,
	                 .s = shown,
	                 .len = strlen(shown),
	                 .line = line,
	                 .col = pos_col};

	return set_cell(b, col, &c);
}

int rb_fill_columns(struct run_builder *b)
{
	for (size_t i = 0; i < b->ncols; i++) {
		if (reserve(b, &b->columns[i]) != FP_OK)
			return FP_ERR;
		fill_missing(b, &b->columns[i], b->n);
	}
	return FP_OK;
}
