/* builder.c: the rules all run formats share (builder.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/context.h"
#include "util/grow.h"
#include "util/escape.h"
#include "util/numfmt.h"
#include "util/strindex.h"

void rb_init(struct run_builder *b, const char *path, const char *format,
             struct diag *d)
{
	*b = (struct run_builder){.path = path,
	                          .format = format,
	                          .d = d,
	                          .repeat_col = -1,
	                          .max_cases = RUN_MAX_CASES};
}

void rb_expect(struct run_builder *b, size_t cases, size_t name_bytes)
{
	b->expect = cases < b->max_cases ? cases : b->max_cases;
	b->expect_names = name_bytes;
}

void rb_column_free(struct rb_column *c)
{
	free(c->name);
	free(c->v);
	free(c->line);
	free(c->col);
	free(c->bad_text);
	free(c->mix_text);
}

void rb_discard(struct run_builder *b)
{
	free(b->name_text);
	free(b->name_off);
	free(b->lines);
	free(b->cols);
	strindex_delete(b->name_index);
	for (size_t i = 0; i < b->ncols; i++)
		rb_column_free(&b->columns[i]);
	free(b->columns);
	rbs_free(&b->smp);
	for (size_t i = 0; i < b->unpriced.nunpriced; i++)
		free(b->unpriced.unpriced[i]);
	free(b->unpriced.unpriced);
	rb_init(b, b->path, b->format, b->d);
}

void rb_position(const char *text, size_t off, uint32_t *line, uint32_t *col)
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

/* Why a case or column name (what: "case", "column") cannot be one, as a
 * message at line:col: empty, only blanks, a blank at either end, not
 * UTF-8, too long.  Such names could look like others in a message. */
static int check_name(struct run_builder *b, const char *what, const char *name,
                      size_t len, uint32_t line, uint32_t col)
{
	char shown[RUN_SHOW_SIZE];
	size_t i, n, blanks = 0;

	if (len == 0)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "empty %s name", what);
	if (len > RUN_MAX_NAME)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "%s name is longer than %d bytes", what,
		                RUN_MAX_NAME);
	while (blanks < len && (name[blanks] == ' ' || name[blanks] == '\t'))
		blanks++;
	/* The name is shown only in a message (run_show costs more than
	 * all the checks). */
	if (blanks == len)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "%s name '%s' is only blanks", what,
		                run_show(shown, sizeof shown, name, len));
	if (blanks > 0 || name[len - 1] == ' ' || name[len - 1] == '\t')
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "%s name '%s' has a %s blank", what,
		                run_show(shown, sizeof shown, name, len),
		                blanks > 0 ? "leading" : "trailing");
	for (i = 0; i < len; i += n)
		if (name[i] != 0 && (unsigned char)name[i] < 0x80)
			n = 1; /* ASCII, not NUL: always fine */
		else if (!(n = escape_utf8_len(name + i, len - i)) || !name[i])
			return diag_set(
			    b->d, b->path, (int)line, (int)col,
			    "%s name is not valid UTF-8 (byte 0x%02x "
			    "at byte %zu of the name)",
			    what, (unsigned char)name[i], i + 1);
	return FP_OK;
}

const char *rb_name(const struct run_builder *b, size_t i)
{
	return b->name_text + b->name_off[i];
}

/* Appends name[0..len) and a NUL to the builder's block of names. */
static int keep_name(struct run_builder *b, const char *name, size_t len)
{
	size_t cap = b->name_cap;

	/* Doubling: a big block grows by mremap, and untouched pages of it
	 * take no memory. */
	size_t need = b->name_len + len + 1;

	if (grow_array((void **)&b->name_text, &cap,
	               need > b->expect_names ? need : b->expect_names, 1))
		return diag_oom(b->d);
	b->name_cap = cap;
	memcpy(b->name_text + b->name_len, name, len);
	b->name_text[b->name_len + len] = '\0';
	b->name_off[b->n] = b->name_len;
	b->name_len += len + 1;
	return FP_OK;
}

int rb_case(struct run_builder *b, const char *name, size_t len, uint32_t line,
            uint32_t col)
{
	size_t cap = b->cap;

	if (check_name(b, "case", name, len, line, col) != FP_OK)
		return FP_ERR;
	if (b->n == b->max_cases)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "more than %zu cases", b->max_cases);
	if (b->n == b->cap) {
		size_t need = b->n < b->expect ? b->expect : b->n + 1;

		if (grow_array_written((void **)&b->name_off, &cap, need,
		                       sizeof *b->name_off))
			return diag_oom(b->d);
		cap = b->cap;
		if (grow_array_written((void **)&b->lines, &cap, need,
		                       sizeof *b->lines))
			return diag_oom(b->d);
		cap = b->cap;
		if (grow_array_written((void **)&b->cols, &cap, need,
		                       sizeof *b->cols))
			return diag_oom(b->d);
		b->cap = cap;
	}
	if (keep_name(b, name, len) != FP_OK)
		return FP_ERR;
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
	const struct run_reserved *res = run_reserved_find(name, len);
	struct rb_column *c;

	if (check_name(b, "column", name, len, line, col) != FP_OK)
		return -1;
	/* A column fixprice fills itself would be overwritten and misread. */
	if (res && res->role == RUN_RESERVED_REFUSED) {
		diag_set(b->d, b->path, (int)line, (int)col,
		         "column '%s' is reserved: %s; rename it", res->name,
		         res->what);
		return -1;
	}
	if (b->ncols == RUN_MAX_COLUMNS) {
		diag_set(b->d, b->path, (int)line, (int)col,
		         "more than %d columns", RUN_MAX_COLUMNS);
		return -1;
	}
	if (grow_array((void **)&b->columns, &b->colcap, b->ncols + 1,
	               sizeof *b->columns)) {
		diag_oom(b->d);
		return -1;
	}
	c = &b->columns[b->ncols];
	*c = (struct rb_column){.all_num = true, .all_pass = true};
	if (!(c->name = strndup(name, len))) {
		diag_oom(b->d);
		return -1;
	}
	b->hint = b->ncols + 1;
	return (long)b->ncols++;
}

/* Makes room in column c for the cells of all cases so far. */
static int reserve(struct run_builder *b, struct rb_column *c)
{
	size_t cap = c->cap, need = b->n < b->expect ? b->expect : b->n;

	if (b->n <= c->cap)
		return FP_OK;
	if (grow_array_written((void **)&c->v, &cap, need, sizeof *c->v))
		return diag_oom(b->d);
	cap = c->cap;
	if (grow_array_written((void **)&c->line, &cap, need, sizeof *c->line))
		return diag_oom(b->d);
	cap = c->cap;
	if (grow_array_written((void **)&c->col, &cap, need, sizeof *c->col))
		return diag_oom(b->d);
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
	c->v[i] = x->v;
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

/* Turns the offsets of the names into pointers, in the same array
 * (input.h).  memcpy gives the array's elements the type char * for
 * what follows (C11 6.5p6). */
static void names_to_pointers(struct run_builder *b)
{
	char *block;

	_Static_assert(sizeof(size_t) == sizeof(char *),
	               "name offsets and pointers share an array");
	/* Shrinking to fit never fails in practice; if it does, the block is
	 * only larger than it need be. */
	if (b->name_len && (block = realloc(b->name_text, b->name_len))) {
		b->name_text = block;
		b->name_cap = b->name_len;
	}
	for (size_t i = 0; i < b->n; i++) {
		char *p = b->name_text + b->name_off[i];
		memcpy(&b->names[i], &p, sizeof p);
	}
}

/* How a format gives samples of one case, for the duplicate-case error. */
static const char *samples_hint(const struct run_builder *b)
{
	if (strcmp(b->format, "csv") == 0)
		return ": rows of one case are its samples only in a file "
		       "with a 'repetition' column";
	if (strcmp(b->format, "json") == 0 || strcmp(b->format, "yaml") == 0)
		return ": give each case once, its runtimes as a list in "
		       "'samples'";
	return "";
}

/* Finds duplicate case names (util/strindex, keyed so that no file can
 * make it slow); reports the earliest second occurrence in the file.
 * The index is kept for the run (run.h: name_index), for the join would
 * make the same one again. */
static int check_duplicates(struct run_builder *b)
{
	struct strindex ix;
	size_t dup, first = 0;
	char shown[RUN_SHOW_SIZE];

	if (!strindex_init(&ix, (const char *const *)b->names, b->n))
		return diag_oom(b->d);
	dup = strindex_add_all(&ix, b->n, &first);
	if (dup == STRINDEX_NONE && (b->name_index = malloc(sizeof ix))) {
		*b->name_index = ix;
		return FP_OK;
	}
	strindex_free(&ix); /* out of memory, the join makes its own */
	if (dup == STRINDEX_NONE)
		return FP_OK;
	run_show(shown, sizeof shown, b->names[dup], strlen(b->names[dup]));
	if (b->lines[first] == 0)
		return diag_set(b->d, b->path, 0, 0,
		                "duplicate case '%s' (items %zu and %zu)%s",
		                shown, first + 1, dup + 1, samples_hint(b));
	return diag_set(b->d, b->path, (int)b->lines[dup], (int)b->cols[dup],
	                "duplicate case '%s' (first on line %u)%s", shown,
	                (unsigned)b->lines[first], samples_hint(b));
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
			out->bad_line = c->mix_line;
			out->bad_col = c->mix_col;
			out->bad_text = c->mix_text;
			c->mix_text = NULL;
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
	names_to_pointers(b);
	if (b->merge_rows && b->merge_rows(b) != FP_OK)
		return FP_ERR;
	if (check_duplicates(b) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < b->ncols; i++) {
		if (reserve(b, &b->columns[i]) != FP_OK)
			return FP_ERR;
		fill_missing(b, &b->columns[i], b->n);
	}
	if (b->smp.sampled && (rt = rb_find_column(b, "runtime", 7)) >= 0) {
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
		return diag_oom(b->d);
	}
	r->n = b->n;
	r->pass_source = b->pass_source;
	r->aggregate = b->aggregate;
	r->aggregate_of = b->aggregate_of;
	r->unpriced = b->unpriced.unpriced;
	r->nunpriced = b->unpriced.nunpriced;
	b->unpriced.unpriced = NULL;
	b->unpriced.nunpriced = 0;
	r->case_name = b->names;
	r->name_block = b->name_text;
	r->name_block_size = b->name_len;
	r->case_line = b->lines;
	r->case_col = b->cols;
	r->name_index = b->name_index;
	b->name_index = NULL;
	b->names = NULL;
	b->name_text = NULL;
	b->lines = NULL;
	b->cols = NULL;
	b->n = 0;
	r->ncols = b->ncols;
	for (size_t i = 0; i < b->ncols; i++)
		finish_column(&b->columns[i], &r->cols[i]);
	if (rbs_finish(&b->smp, r, b->d) != FP_OK) {
		run_free(r);
		return FP_ERR;
	}
	rb_discard(b);
	*out = r;
	return FP_OK;
}
