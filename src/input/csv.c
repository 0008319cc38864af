/* csv.c: CSV runs (RFC 4180, with a header row), parsed by libcsv.
 *
 * libcsv reports fields and rows but not where they are.  Positions come
 * from how the text is fed: in chunks that end just after each comma, CR
 * or LF, so that a field or row callback (which libcsv makes only on such
 * a byte) always belongs to the last byte of the current chunk.  A field
 * starts after the byte that ended the one before; libcsv also drops
 * blanks around unquoted fields and skips empty lines, and so does the
 * position.  Quoted fields spanning lines come out right because positions
 * are counted over the text itself. */
#include <csv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/input.h"

#define CSV_BLOCK ((size_t)64 << 10) /* libcsv's buffer grows by this */
#define CSV_PIECE ((size_t)64 << 10) /* bytes fed at most at a time */

struct field {
	size_t off, len;       /* in the row buffer */
	uint32_t line, col;
};

struct csv_state {
	const char *path, *text;
	size_t len;
	struct run_builder b;
	struct diag *d;
	bool failed;

	/* Where fields start, and a cursor that turns offsets into lines and
	 * columns (fields only move forward, so counting is linear). */
	size_t trigger;        /* offset of the byte being fed last */
	size_t next_start;     /* offset just after the end of the last field */
	bool row_start;        /* the next field starts a row */
	size_t pos_off;
	uint32_t pos_line, pos_col;

	/* The row being read: its cells wait for its case name. */
	char *buf;
	size_t buf_len, buf_cap;
	struct field *fields;
	size_t nfields;        /* fields seen in the row (all counted) */
	size_t fields_cap;

	size_t row_end;        /* offset of the byte that ended the row */
	char *header_buf;      /* the header's names once it is read */
	struct field *header_fields;

	size_t rows;           /* rows done, the header included */
	size_t header_n;       /* cells in the header */
	size_t case_field;     /* which of them is `case` */
	long *column_of;       /* header field -> builder column (-1: case) */
};

static int oom(struct csv_state *st)
{
	st->failed = true;
	return diag_set(st->d, st->path, 0, 0, "out of memory");
}

/* Moves the position cursor to offset off.  A lone CR ends a line too. */
static void track_to(struct csv_state *st, size_t off)
{
	for (; st->pos_off < off; st->pos_off++) {
		unsigned char c = (unsigned char)st->text[st->pos_off];
		if (c == '\n' || (c == '\r' && (st->pos_off + 1 == st->len ||
		                                st->text[st->pos_off + 1] != '\n'))) {
			st->pos_line++;
			st->pos_col = 1;
		} else if ((c & 0xc0) != 0x80 && c != '\r') {
			st->pos_col++;
		}
	}
}

/* Offset where the field that starts at or after `from` really begins:
 * past the blanks libcsv drops, and at a row start past empty lines. */
static size_t field_begin(const struct csv_state *st, size_t from)
{
	const char *skip = st->row_start ? " \t\r\n" : " \t";

	while (from < st->len && st->text[from] && strchr(skip, st->text[from]))
		from++;
	return from;
}

/* The field at the cursor is over the cap. */
static void field_too_long(struct csv_state *st)
{
	diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
	         "field is longer than %zu bytes", INPUT_MAX_FIELD);
	st->failed = true;
}

static void on_field(void *s, size_t len, void *data)
{
	struct csv_state *st = data;
	size_t begin;
	struct field *f;

	if (st->failed)
		return;
	begin = field_begin(st, st->next_start);
	st->next_start = st->trigger + 1;
	st->row_start = false;
	track_to(st, begin);
	if (len > INPUT_MAX_FIELD) {
		field_too_long(st);
		return;
	}
	/* The header holds `case` and at most RUN_MAX_COLUMNS others. */
	if (st->rows == 0 && st->nfields == RUN_MAX_COLUMNS + 1) {
		diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
		         "more than %d columns", RUN_MAX_COLUMNS);
		st->failed = true;
		return;
	}
	/* A data row longer than the header is an error anyway: only its
	 * length and its first extra cell matter. */
	if (st->rows > 0 && st->nfields > st->header_n) {
		st->nfields++;
		return;
	}
	if (st->nfields == st->fields_cap) {
		size_t cap = st->fields_cap ? 2 * st->fields_cap : 16;
		struct field *nf = realloc(st->fields, cap * sizeof *nf);
		if (!nf) {
			oom(st);
			return;
		}
		st->fields = nf;
		st->fields_cap = cap;
	}
	if (st->buf_len + len + 1 > st->buf_cap) {
		size_t cap = st->buf_cap ? st->buf_cap : 256;
		char *nb;
		while (cap < st->buf_len + len + 1)
			cap *= 2;
		if (!(nb = realloc(st->buf, cap))) {
			oom(st);
			return;
		}
		st->buf = nb;
		st->buf_cap = cap;
	}
	if (len)
		memcpy(st->buf + st->buf_len, s, len);
	st->buf[st->buf_len + len] = '\0';
	f = &st->fields[st->nfields++];
	*f = (struct field){st->buf_len, len, st->pos_line, st->pos_col};
	st->buf_len += len + 1;
}

static const char *field_text(const struct csv_state *st, size_t i)
{
	return st->buf + st->fields[i].off;
}

/* Lists the header's names for a message, cut to fit. */
static void list_header(const struct csv_state *st, char *out, size_t size)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < st->nfields && used + 8 < size; i++) {
		char shown[INPUT_SHOW_SIZE];
		input_show(shown, sizeof shown, field_text(st, i),
		           st->fields[i].len);
		if (used + strlen(shown) + 8 >= size) {
			snprintf(out + used, size - used, "%s...", i ? ", " : "");
			return;
		}
		used += (size_t)snprintf(out + used, size - used, "%s%s",
		                         i ? ", " : "", shown);
	}
}

static int read_header(struct csv_state *st)
{
	size_t n = st->nfields;
	bool have_case = false;

	if (!(st->column_of = malloc(n * sizeof *st->column_of)))
		return oom(st);
	for (size_t i = 0; i < n; i++) {
		const char *name = field_text(st, i);
		size_t len = st->fields[i].len;
		const struct field *f = &st->fields[i];

		for (size_t j = 0; j < i; j++)
			if (st->fields[j].len == len &&
			    memcmp(field_text(st, j), name, len) == 0) {
				char shown[INPUT_SHOW_SIZE];
				input_show(shown, sizeof shown, name, len);
				return diag_set(st->d, st->path, (int)f->line,
				                (int)f->col,
				                "duplicate column '%s' (first at "
				                "line %u, column %u)", shown,
				                (unsigned)st->fields[j].line,
				                (unsigned)st->fields[j].col);
			}
		if (len == 4 && memcmp(name, "case", 4) == 0) {
			have_case = true;
			st->case_field = i;
			st->column_of[i] = -1;
			continue;
		}
		st->column_of[i] = rb_add_column(&st->b, name, len, f->line,
		                                 f->col);
		if (st->column_of[i] < 0)
			return FP_ERR;
	}
	if (!have_case) {
		char names[300];
		const char *hint = "";
		list_header(st, names, sizeof names);
		for (size_t i = 0; i < n; i++)
			if (strcasecmp(field_text(st, i), "case") == 0)
				hint = " (names are case-sensitive)";
		return diag_set(st->d, st->path, (int)st->fields[0].line, 0,
		                "no 'case' column%s: the header has %s", hint,
		                names);
	}
	st->header_n = n;
	/* The rows reuse the buffers: keep the header's names aside. */
	st->header_buf = st->buf;
	st->header_fields = st->fields;
	st->buf = NULL;
	st->fields = NULL;
	st->buf_cap = st->fields_cap = 0;
	return FP_OK;
}

/* A row with more or fewer cells than the header: at its first extra
 * cell, or at its end naming the first column it has no cell for. */
static int wrong_length(struct csv_state *st)
{
	char shown[INPUT_SHOW_SIZE];
	size_t n = st->nfields, h = st->header_n;
	const char *s = n == 1 ? "" : "s";

	if (n > h) {
		const struct field *f = &st->fields[h];
		input_show(shown, sizeof shown, field_text(st, h), f->len);
		return diag_set(st->d, st->path, (int)f->line, (int)f->col,
		                "row has %zu cell%s, the header has %zu: extra "
		                "cell '%s'", n, s, h, shown);
	}
	track_to(st, st->row_end);
	input_show(shown, sizeof shown, st->header_buf +
	           st->header_fields[n].off, st->header_fields[n].len);
	return diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
	                "row has %zu cell%s, the header has %zu: no cell for "
	                "column '%s'", n, s, h, shown);
}

static int read_row(struct csv_state *st)
{
	const struct field *fc = &st->fields[st->case_field];

	if (st->nfields != st->header_n)
		return wrong_length(st);
	if (rb_case(&st->b, field_text(st, st->case_field), fc->len, fc->line,
	            fc->col) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < st->nfields; i++) {
		const struct field *f = &st->fields[i];
		if (st->column_of[i] >= 0 &&
		    rb_text(&st->b, (size_t)st->column_of[i], field_text(st, i),
		            f->len, false, f->line, f->col) != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

static void on_row(int c, void *data)
{
	struct csv_state *st = data;
	int rc;

	(void)c;
	if (st->failed)
		return;
	st->row_end = st->trigger;
	rc = st->rows == 0 ? read_header(st) : read_row(st);
	st->failed = rc != FP_OK;
	st->rows++;
	st->nfields = 0;
	st->buf_len = 0;
	st->row_start = true;
	st->next_start = st->trigger + 1;
}

/* What libcsv's strict mode refused at offset off. */
static int syntax_error(struct csv_state *st, size_t off)
{
	size_t begin = field_begin(st, st->next_start);
	bool quoted = begin < st->len && st->text[begin] == '"';

	track_to(st, off);
	st->failed = true;
	if (quoted)
		return diag_set(st->d, st->path, (int)st->pos_line,
		                (int)st->pos_col,
		                "text after the closing quote of a quoted field");
	return diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
	                "quote in an unquoted field (quote the whole field "
	                "and write each quote inside as \"\")");
}

/* Offset just past the chunk that starts at i: after its first comma, CR
 * or LF, or CSV_PIECE bytes on (a piece without one makes libcsv call
 * nothing back, so positions stay right). */
static size_t chunk_end(const struct csv_state *st, size_t i)
{
	size_t end;

	for (end = i; end < st->len && end - i < CSV_PIECE; end++)
		if (st->text[end] == ',' || st->text[end] == '\n' ||
		    st->text[end] == '\r')
			return end + 1;
	return end;
}

static void parse(struct csv_state *st, struct csv_parser *p)
{
	size_t i = 0, end, got;

	while (i < st->len && !st->failed) {
		end = chunk_end(st, i);
		st->trigger = end - 1;
		got = csv_parse(p, st->text + i, end - i, on_field, on_row, st);
		if (st->failed)
			return;
		if (got != end - i) {
			syntax_error(st, i + got);
			return;
		}
		/* libcsv keeps the field it is reading in one buffer. */
		if (p->entry_pos > INPUT_MAX_FIELD) {
			track_to(st, field_begin(st, st->next_start));
			field_too_long(st);
			return;
		}
		i = end;
	}
	st->trigger = st->len;
	if (csv_fini(p, on_field, on_row, st) != 0 && !st->failed) {
		track_to(st, field_begin(st, st->next_start));
		diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
		         "unterminated quoted field");
		st->failed = true;
	}
}

int input_csv(const char *path, const char *text, size_t len,
              struct run **out, struct diag *d)
{
	struct csv_state st = {.path = path, .text = text, .len = len, .d = d,
	                       .row_start = true, .pos_line = 1, .pos_col = 1};
	struct csv_parser p;
	int rc = FP_ERR;

	rb_init(&st.b, path, "csv", d);
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return diag_set(d, path, 0, 0, "out of memory");
	/* libcsv grows its field buffer by this much at a time (128 bytes by
	 * default: a 1 MiB field took 3 s under ASan, now 7 ms). */
	csv_set_blk_size(&p, CSV_BLOCK);
	parse(&st, &p);
	csv_free(&p);
	if (st.failed)
		goto out;
	if (st.rows == 0)
		diag_set(d, path, 0, 0, "empty file: a CSV run needs a header "
		         "row and a row per case");
	else if (st.rows == 1)
		diag_set(d, path, 0, 0, "no cases: the file has a header row "
		         "and no data rows");
	else
		rc = rb_finish(&st.b, out);
out:
	rb_discard(&st.b);
	free(st.buf);
	free(st.fields);
	free(st.header_buf);
	free(st.header_fields);
	free(st.column_of);
	return rc;
}
