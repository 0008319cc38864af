/* input.h: what the run loaders in src/input/ share (internal to runs).
 *
 * input_load (detect.c) reads the input once (util/source.h: a file, a
 * pipe or "-"), picks a loader, and makes the runtime from the samples
 * (run_estimate).  Each loader turns the bytes into cases, cells, samples
 * and context through a run builder, which owns the rules every format has
 * in common: case names (not empty, not too long, no duplicates), the caps
 * of run.h, and how a column's cells decide its kind (number, pass state
 * or text).  Loaders only know their syntax. */
#ifndef FP_INPUT_H
#define FP_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "price/run.h"
#include "util/diag.h"

/* Inputs above this size are refused (util/source.h). */
#define INPUT_MAX_FILE ((size_t)1 << 30)
/* Bytes of one CSV field (the YAML scalar cap is the same). */
#define INPUT_MAX_FIELD ((size_t)1 << 20)

/* ---- reading and choosing the loader (detect.c) ---- */

/* Reads the run file at path ("-": standard input) as opts say (NULL:
 * defaults; format NULL: by content and extension, see detect.c), then
 * makes its runtime from its samples, if it has any (run_estimate): the
 * entry point for loading a run.  The `case` column becomes case_name;
 * every other column is kept.  Duplicate case names, an empty file, a row
 * with the wrong number of cells are errors with FILE:LINE:COL.  On success
 * the caller owns *out (run_free).  On failure nothing is allocated. */
int input_load(const char *path, const struct run_opts *opts, struct run **out,
               struct diag *d);

/* What a loader reads: text[0..len) of the input named path. */
struct input_src {
	const char *path; /* for messages and the run */
	const char *text; /* no NUL bytes, no byte order mark */
	size_t len;
	const struct run_opts *opts; /* never NULL */
};

/* ---- run builder (builder.c) ---- */

/* A column being built (builder.c; repeat.c merges rows). */
struct rb_column {
	char *name;
	size_t n, cap; /* cells so far (cases 0..n-1), room */
	double *v;
	uint32_t *line, *col;
	bool all_num, all_pass;
	/* First cell that is neither a number nor a pass state (bad_text NULL:
	 * the case had no cell here). */
	bool has_bad;
	uint32_t bad_line, bad_col;
	char *bad_text;
	/* The cell that made the column neither all numbers nor all pass
	 * states, for a column mixing both (see keep_culprit in builder.c). */
	bool has_mix;
	uint32_t mix_line, mix_col;
	char *mix_text;
};

struct run_builder {
	const char *path; /* for messages; not owned */
	const char *format;
	size_t n, cap; /* cases so far */
	/* Case names, one after another with their NULs, in one block that
	 * becomes the run's name_block (run.h): no malloc per case.  While
	 * cases are added, name_off[i] is where name i starts (the block
	 * moves as it grows: use rb_name); rb_finish turns the offsets into
	 * pointers in the same array, names[i], before anything else. */
	char *name_text;
	size_t name_len, name_cap;
	union {
		size_t *name_off;
		char **names;
	};
	uint32_t *lines, *cols; /* position of each case (0 if unknown) */
	size_t ncols, colcap;
	struct rb_column *columns;
	size_t hint;      /* column after the last one looked up */
	size_t max_cases; /* RUN_MAX_CASES (lowered only by tests) */
	struct diag *d;

	/* Samples (samples.c), in the order given: the case each belongs
	 * to, its value and pass state (-1: none given). */
	bool sampled; /* the run holds samples (rb_use_samples) */
	size_t nsamples, samplecap;
	size_t *sample_case;
	double *sample_v;
	signed char *sample_pass;
	/* Rows of one case name are samples (repeat.c): the column whose
	 * cells are the samples, -1 if off. */
	long repeat_col;
	/* Context, kept in a run that holds nothing else (samples.c). */
	struct run ctx;
};

/* Grows an array of `size`-byte elements (*cap of them) to hold at least
 * need; FP_ERR (nothing changed) when out of memory. */
int rb_grow(void **p, size_t *cap, size_t need, size_t size);

/* Frees what a builder column holds. */
void rb_column_free(struct rb_column *c);

void rb_init(struct run_builder *b, const char *path, const char *format,
             struct diag *d);
/* Frees everything the builder holds (after a failure, or after
 * rb_finish, which leaves nothing to free). */
void rb_discard(struct run_builder *b);

/* The name of case i, while cases are added (until rb_finish); valid
 * until the next rb_case. */
const char *rb_name(const struct run_builder *b, size_t i);

/* Adds a case: its name is copied.  Errors (FILE:LINE:COL at line:col):
 * a name that is empty, only blanks, has a blank (space, tab) at either
 * end, is not valid UTF-8 or is over RUN_MAX_NAME; more than
 * RUN_MAX_CASES cases.  Column names follow the same rules.
 * Duplicates are found by rb_finish. */
int rb_case(struct run_builder *b, const char *name, size_t len, uint32_t line,
            uint32_t col);

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
int rb_number_text(struct run_builder *b, size_t col, double x, const char *s,
                   size_t len, uint32_t line, uint32_t pos_col);
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

/* ---- samples and context (samples.c) ---- */

/* Says that the run holds samples, so that a case without any (a failing
 * one) has none, rather than the run having no samples at all. */
void rb_use_samples(struct run_builder *b);
/* Adds a runtime sample to the newest case; pass is 1, 0 or -1 (the
 * format gives no pass state per sample). */
int rb_sample(struct run_builder *b, double x, int pass);
/* The same for case i. */
int rb_sample_at(struct run_builder *b, size_t i, double x, int pass);
/* Sets a context key to a value (copied; an earlier value is replaced). */
int rb_context(struct run_builder *b, const char *key, const char *value);
/* Sets key to "%.*s" of value[0..len). */
int rb_context_n(struct run_builder *b, const char *key, const char *value,
                 size_t len);
/* Moves the samples (grouped by case, each case's in the given order) and
 * the context into r (rb_finish calls it). */
int rb_finish_samples(struct run_builder *b, struct run *r);
/* Frees samples and context (rb_discard calls it). */
void rb_discard_samples(struct run_builder *b);

/* ---- rows as samples (repeat.c) ---- */

/* Makes rows of the same case name samples of one case (rb_finish does
 * it, before looking for duplicates): the cells of column col are the
 * samples (a NaN cell: no sample), the cells of a `passed` column their
 * pass states, and every other column must have equal cells in them
 * (numbers equal, or both not numbers), else "case 'x': column 'y' is 2
 * here, 1 on line 3" at the cell.  A case passes when all its rows do;
 * column col and a `repetition` column are dropped.  See csv.c. */
void rb_repeat_rows(struct run_builder *b, long col);
int rb_merge_repeats(struct run_builder *b);

/* Names and cells in messages: run_show (run.h). */

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
	uint32_t key_line,
	    key_col;    /* in an object: where the member's key is */
	bool in_object; /* inside an object: values follow keys */
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

/* Adds the members of JSON object o to b's context, each key prefixed
 * with prefix (jsonctx.c says how values become text). */
int input_json_context(struct run_builder *b, const char *prefix,
                       struct json_t *o);

/* Adds each item of the JSON list, on which cursor c stands (each item's
 * position given to add), then finishes the run (rb_finish) into *out;
 * discards b either way. */
typedef int (*json_item_fn)(struct run_builder *b, size_t index,
                            struct json_t *item, const struct jcur *at,
                            const void *ctx);
int input_json_items(struct run_builder *b, struct json_t *list, struct jcur *c,
                     json_item_fn add, const void *ctx, struct run **out);

/* ---- CSV rows (csvrows.c) ---- */

struct csv_field {
	const char *text; /* len bytes and a NUL */
	size_t len;
	uint32_t line, col;
};
/* Called for each row (row 0 first, the header where there is one) with
 * its n fields, valid until it returns; f[n] (text NULL) is where the row
 * ends.  FP_ERR (d filled) stops. */
typedef int (*csv_row_fn)(void *ctx, size_t row, const struct csv_field *f,
                          size_t n);
/* Parses text[start..len) as CSV, positions counted from text[0] (line 1,
 * column 1).  Row 0 may have at most RUN_MAX_COLUMNS + 1 fields.  *rows
 * is the number of rows read.  Syntax errors: "quote in an unquoted
 * field", "text after the closing quote", "unterminated quoted field". */
int input_csv_rows(const char *path, const char *text, size_t len, size_t start,
                   csv_row_fn fn, void *ctx, size_t *rows, struct diag *d);
/* Offset of the first byte of what is wrong in a JSON text that jansson
 * refused after reading pos bytes: the start of the token it stopped in,
 * or inside a string the bad escape (its backslash), control character
 * or byte.  at_end: jansson ran out of text; the offset is pos. */
size_t jpos_error_at(const char *text, size_t len, size_t pos, bool at_end);

/* ---- loaders: text[0..len) of the file at path ----
 * The text has no NUL bytes and no byte order mark (input_load removes it),
 * so offset 0 is line 1, column 1. */

int input_csv(const char *path, const char *text, size_t len, struct run **out,
              struct diag *d);
int input_yaml(const char *path, const char *text, size_t len, struct run **out,
               struct diag *d);

/* The JSON loaders take the parsed document and the text it came from,
 * for positions. */
int input_json_parse(const char *path, const char *text, size_t len,
                     struct json_t **out, struct diag *d);
int input_json(const char *path, struct json_t *root, const char *text,
               size_t len, struct run **out, struct diag *d);
int input_gbench(const char *path, struct json_t *root, const char *text,
                 size_t len, const struct run_opts *opts, struct run **out,
                 struct diag *d);
int input_hyperfine(const char *path, struct json_t *root, const char *text,
                    size_t len, const struct run_opts *opts, struct run **out,
                    struct diag *d);
int input_pytest(const struct input_src *s, struct json_t *root,
                 struct run **out, struct diag *d);

/* Loaders of the other formats, each with a test of its first bytes. */
int input_gbench_csv(const struct input_src *s, struct run **out,
                     struct diag *d);
bool input_gbench_csv_detect(const char *text, size_t len);
int input_hyperfine_csv(const struct input_src *s, struct run **out,
                        struct diag *d);
bool input_hyperfine_csv_detect(const char *text, size_t len);
int input_go(const struct input_src *s, struct run **out, struct diag *d);
bool input_go_detect(const char *text, size_t len);

/* Which of the JSON formats a parsed document is: "gbench" (top-level
 * `context` and `benchmarks`), "pytest-benchmark" (top-level
 * `machine_info` and `benchmarks`), "hyperfine" (top-level `results`, an
 * array of objects with `command`) or "json". */
const char *input_json_kind(struct json_t *root);

#endif
