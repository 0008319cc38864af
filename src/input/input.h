/* input.h: what the run loaders in src/input/ share (internal to runs).
 *
 * run_load (run.c) reads the file and picks a loader; each loader turns the
 * bytes into cases and cells through a run builder, which owns the rules
 * every format has in common: case names (not empty, not too long, no
 * duplicates), the caps of run.h, and how a column's cells decide its kind
 * (number, pass state or text).  Loaders only know their syntax. */
#ifndef FP_INPUT_H
#define FP_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "price/run.h"
#include "util/diag.h"

/* Files above this size are refused before they are read. */
#define INPUT_MAX_FILE ((size_t)1 << 30)
/* Bytes of one CSV field (the YAML scalar cap is the same). */
#define INPUT_MAX_FIELD ((size_t)1 << 20)
/* Bytes of a name or cell shown in a message. */
#define INPUT_SHOW_MAX 60

/* ---- reading and choosing the loader (detect.c) ---- */

/* Reads the run file at path in the given format (NULL: by the file's
 * extension, and for .json by its content; see run_load). */
int input_load(const char *path, const char *format, struct run **out,
               struct diag *d);

/* ---- run builder (builder.c) ---- */

struct rb_column;

struct run_builder {
	const char *path;      /* for messages; not owned */
	const char *format;
	size_t n, cap;         /* cases so far */
	char **names;
	uint32_t *lines, *cols; /* position of each case (0 if unknown) */
	size_t ncols, colcap;
	struct rb_column *columns;
	size_t hint;           /* column after the last one looked up */
	size_t max_cases;      /* RUN_MAX_CASES (lowered only by tests) */
	struct diag *d;
};

void rb_init(struct run_builder *b, const char *path, const char *format,
             struct diag *d);
/* Frees everything the builder holds (after a failure, or after
 * rb_finish, which leaves nothing to free). */
void rb_discard(struct run_builder *b);

/* Adds a case: its name is copied.  Errors (FILE:LINE:COL at line:col):
 * a name that is empty, only blanks, has a blank (space, tab) at either
 * end, is not valid UTF-8 or is over RUN_MAX_NAME; more than
 * RUN_MAX_CASES cases.  Column names follow the same rules.
 * Duplicates are found by rb_finish. */
int rb_case(struct run_builder *b, const char *name, size_t len,
            uint32_t line, uint32_t col);

/* Index of the column called name, or -1.  Looks at the column after the
 * last one found first, so fields in the same order in every item cost
 * one comparison. */
long rb_find_column(struct run_builder *b, const char *name, size_t len);

/* Adds a column (name copied) and returns its index, or -1 with d filled
 * (empty name, name over RUN_MAX_NAME, more than RUN_MAX_COLUMNS).  The
 * caller has checked that no column has this name.  Cases that already
 * exist have no cell in it (see rb_finish). */
long rb_add_column(struct run_builder *b, const char *name, size_t len,
                   uint32_t line, uint32_t col);

/* Cells of the newest case (b->n - 1), one per column at most.  A cell is
 * a number, a pass state (a pass word, true/false, or a number equal to 0
 * or 1), both, or neither; see rb_finish for what that makes a column.
 * Each returns FP_ERR only when out of memory, but for numbers out of a
 * double's range (rb_text, rb_number_text). */

/* Text whose kind is read from it: a number, a pass word, or text.  If
 * `string` is set (a JSON string or quoted YAML scalar), it is never a
 * number: "1.5" in quotes is text (shown with its quotes in messages). */
int rb_text(struct run_builder *b, size_t col, const char *s, size_t len,
            bool string, uint32_t line, uint32_t pos_col);
int rb_number(struct run_builder *b, size_t col, double x, uint32_t line,
              uint32_t pos_col);
/* A number read from the text s[0..len) (a decimal, as in JSON): also
 * FP_ERR at line:col if the text overflows a double or underflows to 0
 * (1e400, 1e-400), which rb_text checks too. */
int rb_number_text(struct run_builder *b, size_t col, double x,
                   const char *s, size_t len, uint32_t line, uint32_t pos_col);
int rb_bool(struct run_builder *b, size_t col, bool x, uint32_t line,
            uint32_t pos_col);
/* A cell that is no number and no pass state, shown as `shown` ("null",
 * "[...]", "error: ..."). */
int rb_other(struct run_builder *b, size_t col, const char *shown,
             uint32_t line, uint32_t pos_col);

/* Makes the run.  Checks duplicate case names ("duplicate case 'x' (first
 * on line 3)" at the second), and that there is at least one case (else
 * "no cases").  A case without a cell in a column (JSON or YAML items with
 * different fields) leaves that column unusable, like text: bad_text NULL
 * and the case's position.  Columns: every cell a pass state -> COL_PASS;
 * every cell a number -> COL_NUMBER; otherwise COL_TEXT, its bad cell the
 * first that is neither, or (a mix of numbers and pass words) the first
 * pass word that is no number.  On success the builder is empty and the
 * caller owns *out; on failure rb_discard still has to be called. */
int rb_finish(struct run_builder *b, struct run **out);

/* Copies s[0..len) into buf (size INPUT_SHOW_MAX * 4 + 8) in terminal-safe
 * form, cut to INPUT_SHOW_MAX bytes with "...", for messages.  Returns buf. */
char *input_show(char *buf, size_t size, const char *s, size_t len);
#define INPUT_SHOW_SIZE (INPUT_SHOW_MAX * 4 + 8)

/* Line and column (1-based, columns in characters) of byte offset off of
 * text, which starts at line 1 column 1. */
void input_position(const char *text, size_t off, uint32_t *line,
                    uint32_t *col);

/* ---- JSON positions (jsonpos.c) ----
 *
 * Jansson keeps no source positions, so messages about a JSON value would
 * name no line.  A cursor walks the same text, which jansson has already
 * accepted, beside the jansson tree: same order for array items and object
 * members (jansson keeps insertion order), so the loaders can tell where
 * each value they look at stands. */
struct jcur {
	const char *p, *end;
	uint32_t line, col;
	uint32_t key_line, key_col; /* in an object: where the member's key is */
	bool in_object;        /* inside an object: values follow keys */
};

/* A cursor on the top-level value of text (after blanks). */
void jcur_init(struct jcur *c, const char *text, size_t len);
/* From an array or object at the cursor, onto its first item or member's
 * value; false (cursor unchanged) if it is empty or not a container. */
bool jcur_into(struct jcur *c);
/* Past the current value onto the next item or member's value; false at
 * the end of the container. */
bool jcur_next(struct jcur *c);
/* Bytes of the number or literal the cursor stands on. */
size_t jcur_scalar_len(const struct jcur *c);
/* A cursor on the value of member `key` of object o, which the cursor obj
 * stands on; false if o has no such member. */
struct json_t;
bool jcur_member(const struct jcur *obj, struct json_t *o, const char *key,
                 struct jcur *out);

/* Offset of the first byte of what is wrong in a JSON text that jansson
 * refused after reading pos bytes: the start of the token it stopped in,
 * or inside a string the bad escape (its backslash), control character
 * or byte.  at_end: jansson ran out of text; the offset is pos. */
size_t jpos_error_at(const char *text, size_t len, size_t pos, bool at_end);

/* ---- loaders: text[0..len) of the file at path ----
 * The text has no NUL bytes and no byte order mark (run_load removes it),
 * so offset 0 is line 1, column 1. */

int input_csv(const char *path, const char *text, size_t len,
              struct run **out, struct diag *d);
int input_yaml(const char *path, const char *text, size_t len,
               struct run **out, struct diag *d);

/* The JSON loaders take the parsed document and the text it came from,
 * for positions. */
int input_json_parse(const char *path, const char *text, size_t len,
                     struct json_t **out, struct diag *d);
int input_json(const char *path, struct json_t *root, const char *text,
               size_t len, struct run **out, struct diag *d);
int input_gbench(const char *path, struct json_t *root, const char *text,
                 size_t len, struct run **out, struct diag *d);
int input_hyperfine(const char *path, struct json_t *root, const char *text,
                    size_t len, struct run **out, struct diag *d);

/* Which of the JSON formats a parsed document is: "gbench" (top-level
 * `context` and `benchmarks`), "hyperfine" (top-level `results`, an array
 * of objects with `command`) or "json". */
const char *input_json_kind(struct json_t *root);

#endif
