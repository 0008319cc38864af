/* csvrows.c: CSV text as rows of fields with positions, parsed by libcsv
 * (RFC 4180).
 *
 * libcsv reports fields and rows but not where they are.  Positions come
 * from how the text is fed: in chunks that end just after each comma, CR
 * or LF, so that a field or row callback (which libcsv makes only on such
 * a byte) always belongs to the last byte of the current chunk.  A field
 * starts after the byte that ended the one before (blanks are part of
 * a field, quoted or not: no_blanks); libcsv skips empty lines, and so
 * does the position.  Quoted fields spanning lines come out right because
 * positions are counted over the text itself.
 *
 * Text without a quote (nearly every run) is split here instead, feeding
 * the same callbacks (parse_plain); plain ASCII with LF line ends, the
 * most common text of all, a row at a time (parse_ascii: each line copied
 * whole and split at its commas, each position set from its line's start
 * rather than counted). */
#include <csv.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/formats/csvrows.h"
#include "util/escape.h"
#include "util/grow.h"
#include "util/words.h"

#define CSV_BLOCK ((size_t)64 << 10) /* libcsv's buffer grows by this */
#define CSV_PIECE ((size_t)64 << 10) /* bytes fed at most at a time */

struct csv_state {
	const char *path, *text;
	size_t len;
	struct diag *d;
	bool failed;
	csv_row_fn fn;
	void *ctx;

	/* Where fields start, and a cursor that turns offsets into lines and
	 * columns (fields only move forward, so counting is linear). */
	size_t trigger;    /* offset of the byte being fed last */
	size_t next_start; /* offset just after the end of the last field */
	bool row_start;    /* the next field starts a row */
	size_t pos_off;
	uint32_t pos_line, pos_col;

	/* The row being read. */
	char *buf;
	size_t buf_len, buf_cap;
	struct csv_field *fields;
	size_t *offs; /* where each field's text is in buf, which
	                        * may move before the row ends */
	size_t nfields, fields_cap;
	size_t rows; /* rows done, the header included */
};

static void oom(struct csv_state *st)
{
	st->failed = true;
	diag_oom(st->d);
}

/* Whether the eight bytes at p hold no line end and no byte past ASCII,
 * so that each is a column: all eight tested at once. */
static bool plain8(const char *p)
{
	uint64_t w = words_load(p);

	return !(words_eq(w, '\n') | words_eq(w, '\r') | words_high(w));
}

/* Moves the position cursor to offset off.  A lone CR ends a line too. */
static void track_to(struct csv_state *st, size_t off)
{
	while (st->pos_off + 8 <= off && plain8(st->text + st->pos_off)) {
		st->pos_off += 8;
		st->pos_col += 8;
	}
	for (; st->pos_off < off; st->pos_off++) {
		unsigned char c = (unsigned char)st->text[st->pos_off];
		if (c == '\n' ||
		    (c == '\r' && (st->pos_off + 1 == st->len ||
		                   st->text[st->pos_off + 1] != '\n'))) {
			st->pos_line++;
			st->pos_col = 1;
		} else if ((c & 0xc0) != 0x80 && c != '\r') {
			st->pos_col++;
		}
	}
}

/* Offset where the field that starts at or after `from` really begins:
 * at a row start past the empty lines libcsv skips. */
static size_t field_begin(const struct csv_state *st, size_t from)
{
	for (; from < st->len && st->row_start; from++) {
		char c = st->text[from];
		if (c != '\r' && c != '\n')
			break;
	}
	return from;
}

/* One rule, quoted or not: a field is all that stands between its commas
 * (or inside its quotes), blanks too.  libcsv would drop blanks around
 * an unquoted field and keep them inside quotes; with no byte a blank to
 * it, " b " and  b  are the same field, whose blanks a name may not have
 * (input/builder.c) and a number may. */
static int no_blanks(unsigned char c)
{
	return 0;
}

/* The field at the cursor is over the cap. */
static void field_too_long(struct csv_state *st)
{
	diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
	         "field is longer than %zu bytes", RUN_MAX_FIELD);
	st->failed = true;
}

/* make_room when there is none: grows the fields and the buffer. */
static bool grow_room(struct csv_state *st, size_t len)
{
	size_t cap = st->fields_cap;

	if (grow_array((void **)&st->fields, &cap, st->nfields + 1,
	               sizeof *st->fields) != FP_OK)
		return false;
	cap = st->fields_cap;
	if (grow_array((void **)&st->offs, &cap, st->nfields + 1,
	               sizeof *st->offs) != FP_OK)
		return false;
	st->fields_cap = cap;
	if (st->buf_len + len + 1 > st->buf_cap) {
		size_t room = st->buf_cap ? st->buf_cap : 256;
		char *nb;
		while (room < st->buf_len + len + 1)
			room *= 2;
		if (!(nb = realloc(st->buf, room)))
			return false;
		st->buf = nb;
		st->buf_cap = room;
	}
	return true;
}

/* Room for one more field of len bytes: a test kept in line, made for
 * every field (left to itself, gcc calls it). */
static inline __attribute__((always_inline)) bool make_room(
    struct csv_state *st, size_t len)
{
	return (st->nfields + 1 <= st->fields_cap &&
	        st->buf_len + len + 1 <= st->buf_cap) ||
	       grow_room(st, len);
}

static void on_field(void *s, size_t len, void *data)
{
	struct csv_state *st = data;
	size_t begin;

	if (st->failed)
		return;
	begin = field_begin(st, st->next_start);
	st->next_start = st->trigger + 1;
	st->row_start = false;
	track_to(st, begin);
	if (len > RUN_MAX_FIELD) {
		field_too_long(st);
		return;
	}
	/* The header holds `case` and at most RUN_MAX_COLUMNS others, and a
	 * row longer than that is wrong whatever the header says. */
	if (st->nfields == RUN_MAX_COLUMNS + 1) {
		diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
		         "more than %d columns", RUN_MAX_COLUMNS);
		st->failed = true;
		return;
	}
	if (!make_room(st, len)) {
		oom(st);
		return;
	}
	if (len)
		memcpy(st->buf + st->buf_len, s, len);
	st->buf[st->buf_len + len] = '\0';
	st->offs[st->nfields] = st->buf_len;
	st->fields[st->nfields++] =
	    (struct csv_field){NULL, len, st->pos_line, st->pos_col};
	st->buf_len += len + 1;
}

static void on_row(int c, void *data)
{
	struct csv_state *st = data;

	if (st->failed)
		return;
	/* A line of blanks only is an empty line, as libcsv skips those. */
	if (st->nfields == 1 && strspn(st->buf, " \t") == st->fields[0].len) {
		st->nfields = 0;
		st->buf_len = 0;
		st->row_start = true;
		st->next_start = st->trigger + 1;
		return;
	}
	/* After the fields, where the row ends (the byte that ended it). */
	if (!make_room(st, 0)) {
		oom(st);
		return;
	}
	track_to(st, st->trigger);
	st->fields[st->nfields] =
	    (struct csv_field){NULL, 0, st->pos_line, st->pos_col};
	for (size_t i = 0; i < st->nfields; i++)
		st->fields[i].text = st->buf + st->offs[i];
	st->failed =
	    st->fn(st->ctx, st->rows, st->fields, st->nfields) != FP_OK;
	st->rows++;
	st->nfields = 0;
	st->buf_len = 0;
	st->row_start = true;
	st->next_start = st->trigger + 1;
}

/* What libcsv's strict mode refused at offset off. */
static void syntax_error(struct csv_state *st, size_t off)
{
	size_t begin = field_begin(st, st->next_start);
	bool quoted = begin < st->len && st->text[begin] == '"';

	track_to(st, off);
	st->failed = true;
	if (quoted)
		diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
		         "text after the closing quote of a quoted field");
	else
		diag_set(st->d, st->path, (int)st->pos_line, (int)st->pos_col,
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

static void parse(struct csv_state *st, struct csv_parser *p, size_t i)
{
	size_t end, got;

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
		if (p->entry_pos > RUN_MAX_FIELD) {
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

/* The fast path, for text without a quote: one pass that splits each
 * line at its commas itself, feeding on_field and on_row as libcsv would
 * (the same fields, the same positions, the same errors): a field keeps
 * its blanks (no_blanks), CR, LF or CRLF ends a row, empty lines are
 * skipped (a line of blanks by on_row), the last row without its line
 * end. */
static void parse_plain(struct csv_state *st, size_t i)
{
	const char *t = st->text;
	size_t len = st->len;

	while (i < len && !st->failed) {
		size_t b = i, e;

		while (b < len && (t[b] == '\r' || t[b] == '\n'))
			b++;
		if (b == len)
			break;
		for (e = b; e < len && t[e] != '\n' && t[e] != '\r'; e++)
			;
		while (b <= e && !st->failed) {
			size_t fe = b;

			while (fe < e && t[fe] != ',')
				fe++;
			st->trigger = fe < len ? fe : len;
			on_field((void *)(t + b), fe - b, st);
			b = fe + 1;
		}
		if (st->failed)
			return;
		st->trigger = e < len ? e : len;
		on_row(0, st);
		i = e + 1;
	}
}

/* Puts the position cursor at off, on line `line` that starts at
 * line_start: for plain ASCII text, where it need not count its way. */
static void place(struct csv_state *st, size_t off, uint32_t line,
                  size_t line_start)
{
	st->pos_off = off;
	st->pos_line = line;
	st->pos_col = (uint32_t)(off - line_start + 1);
}

/* Ends the field buf[s .. fe) of parse_ascii's row, at column s + 1 of
 * line `line`: on_field's cap on columns, without the copy. */
static bool ascii_field(struct csv_state *st, size_t s, size_t fe,
                        uint32_t line, size_t line_start)
{
	if (st->nfields == RUN_MAX_COLUMNS + 1) {
		place(st, line_start + s, line, line_start);
		diag_set(st->d, st->path, (int)line, (int)st->pos_col,
		         "more than %d columns", RUN_MAX_COLUMNS);
		st->failed = true;
		return false;
	}
	if (!make_room(st, 0)) {
		oom(st);
		return false;
	}
	st->buf[fe] = '\0';
	st->fields[st->nfields++] =
	    (struct csv_field){st->buf + s, fe - s, line, (uint32_t)(s + 1)};
	return true;
}

/* parse_ascii's row: the line text[b .. e), at most RUN_MAX_FIELD bytes
 * (so no field of it is over the cap), copied whole into the row buffer,
 * where each comma, found eight bytes at a time, becomes the NUL that
 * ends its field; then on_row's work.  A copy per row, not per field. */
static void ascii_row(struct csv_state *st, size_t b, size_t e, uint32_t line)
{
	size_t n = e - b, s = 0;

	st->buf_len = 0;
	if (!make_room(st, n + 8)) {
		oom(st);
		return;
	}
	memcpy(st->buf, st->text + b, n);
	memset(st->buf + n, 0, 8); /* the last word's bytes past the line */
	st->buf_len = n + 1;
	for (size_t k = 0; k < n; k += 8)
		for (uint64_t m = words_eq(words_load(st->buf + k), ','); m;
		     m &= m - 1) {
			size_t at = k + (size_t)__builtin_ctzll(m) / 8;
			if (!ascii_field(st, s, at, line, b))
				return;
			s = at + 1;
		}
	if (!ascii_field(st, s, n, line, b) || !make_room(st, 0)) {
		if (!st->failed)
			oom(st);
		return;
	}
	st->fields[st->nfields] =
	    (struct csv_field){NULL, 0, line, (uint32_t)(n + 1)};
	/* A line of blanks only is an empty line, as in on_row. */
	if (!(st->nfields == 1 && strspn(st->buf, " \t") == n)) {
		st->failed =
		    st->fn(st->ctx, st->rows, st->fields, st->nfields) != FP_OK;
		st->rows++;
	}
	st->nfields = 0;
	st->buf_len = 0;
	st->next_start = e + 1; /* as on_row leaves them */
	st->row_start = true;
}

/* parse_plain for plain ASCII text with LF line ends, from the start of a
 * line: lines found by memchr, each row's fields by ascii_row (a line
 * over RUN_MAX_FIELD by memchr too, field by field, where on_field's cap
 * on a field's length applies), and each position set rather than
 * counted from the last. */
static void parse_ascii(struct csv_state *st, size_t i)
{
	const char *t = st->text, *nl, *comma;
	size_t len = st->len;
	uint32_t line = st->pos_line;

	while (i < len && !st->failed) {
		size_t b, e;

		for (; i < len && t[i] == '\n'; i++)
			line++;
		if (i == len)
			break;
		nl = memchr(t + i, '\n', len - i);
		e = nl ? (size_t)(nl - t) : len;
		if (e - i <= RUN_MAX_FIELD) {
			ascii_row(st, i, e, line);
			i = e + 1;
			line++;
			continue;
		}
		for (b = i; b <= e && !st->failed;) {
			comma = memchr(t + b, ',', e - b);
			size_t fe = comma ? (size_t)(comma - t) : e;
			st->trigger = fe;
			place(st, b, line, i);
			on_field((void *)(t + b), fe - b, st);
			b = fe + 1;
		}
		if (st->failed)
			return;
		st->trigger = e;
		place(st, e, line, i);
		on_row(0, st);
		i = e + 1;
		line++;
	}
}

int fmt_csv_rows(const char *path, const char *text, size_t len, size_t start,
                 csv_row_fn fn, void *ctx, size_t *rows, struct diag *d)
{
	struct csv_state st = {.path = path,
	                       .text = text,
	                       .len = len,
	                       .d = d,
	                       .fn = fn,
	                       .ctx = ctx,
	                       .row_start = true,
	                       .pos_line = 1,
	                       .pos_col = 1,
	                       .next_start = start};
	struct csv_parser p;

	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return diag_oom(d);
	/* libcsv grows its field buffer by this much at a time (128 bytes by
	 * default: a 1 MiB field took 3 s under ASan, now 7 ms). */
	csv_set_blk_size(&p, CSV_BLOCK);
	csv_set_space_func(&p, no_blanks);
	track_to(&st, start);
	if (memchr(text + start, '"', len - start))
		parse(&st, &p, start);
	/* Plain ASCII with LF line ends: each byte a column. */
	else if (st.pos_col == 1 && !memchr(text + start, '\r', len - start) &&
	         escape_ascii(text + start, len - start))
		parse_ascii(&st, start);
	else
		parse_plain(&st, start);
	csv_free(&p);
	free(st.buf);
	free(st.fields);
	free(st.offs);
	*rows = st.rows;
	return st.failed ? FP_ERR : FP_OK;
}

size_t csv_count_rows(const char *text, size_t len)
{
	const char *p = text, *line = text, *end = text + len;
	size_t rows = 1;

	/* Empty lines (libcsv skips them) are not counted: a file of blank
	 * lines forecasts nothing. */
	while ((p = memchr(p, '\n', (size_t)(end - p)))) {
		rows += p > line && !(p == line + 1 && *line == '\r');
		line = ++p;
		if (p == end)
			break;
	}
	return rows;
}

int fmt_csv_width(const char *path, const struct csv_field *f, size_t n,
                  size_t want, struct diag *d)
{
	const struct csv_field *at = &f[n > want ? want : n];

	if (n == want)
		return FP_OK;
	return diag_set(d, path, (int)at->line, (int)at->col,
	                "row has %zu cell%s, the header has %zu", n,
	                n == 1 ? "" : "s", want);
}
