/* builder.c: the rules all run formats share (builder.h). */
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "util/grow.h"
#include "util/escape.h"

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
	/* Nearly every name: no UTF-8 walk. */
	if (escape_plain(name, len))
		return FP_OK;
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
	if (rb_fill_columns(b) != FP_OK)
		return FP_ERR;
	if (b->smp.sampled && (rt = rb_find_column(b, "runtime", 7)) >= 0) {
		/* Which runtime: the file's or the samples'? */
		const struct rb_column *c = &b->columns[rt];
		size_t k = 0;
		/* The first cell there is: a missing one has the case's
		 * position. */
		while (k + 1 < b->n && rb_cell_line(b, c, k) == b->lines[k] &&
		       c->col[k] == b->cols[k])
			k++;
		return diag_set(b->d, b->path, (int)rb_cell_line(b, c, k),
		                (int)c->col[k],
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
