/* run.h: one benchmark run as columns of per-case facts.
 *
 * A run is what a loader in src/input/ makes of a file (input_load reads
 * one; this model knows nothing of files): case names in file order and
 * named columns of doubles.  Pass states are 1 or 0.  A column
 * whose cells are not all numbers or pass words is kept as text, with the
 * position of its first bad cell, so that the error is raised only if some
 * formula or the pricing actually needs that column. */
#ifndef FP_RUN_H
#define FP_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

/* Caps on what a hostile run file can make fixprice allocate. */
#define RUN_MAX_CASES 50000000
#define RUN_MAX_COLUMNS 4096
#define RUN_MAX_NAME 4096 /* bytes of a case or column name */

enum column_kind {
	COL_NUMBER, /* every cell a number */
	COL_PASS,   /* every cell a pass word: true/false 1/0 pass/fail yes/no
	             * (or a number equal to 0 or 1, so a 0/1 column is one) */
	COL_TEXT,   /* some cell is neither: unusable, see bad_* */
};

struct column {
	char *name;
	enum column_kind kind;
	double *v;         /* n values (NULL for COL_TEXT) */
	uint32_t *line;    /* source line of each cell, or NULL if unknown */
	uint32_t *col;     /* source column of each cell, or NULL if unknown */
	/* For COL_TEXT: where the first cell that is not a number is.
	 * bad_text NULL: that case has no cell in this column at all (JSON or
	 * YAML items with different fields); bad_line/bad_col are then the
	 * case's.  run_numeric turns these into the message. */
	uint32_t bad_line, bad_col;
	char *bad_text;
};

/* Every pointer in a run is its own malloc'd block (run_free frees each), so
 * code outside run.c may build runs field by field. */
struct run {
	char *path;        /* as given by the user */
	char *format;      /* "csv", "json", "yaml", "gbench", "hyperfine" */
	size_t n;
	char **case_name;  /* n names, file order */
	uint32_t *case_line; /* line of each case in the file (0 if unknown) */
	size_t ncols;
	struct column *cols;
};

/* Frees a run and everything in it; NULL is fine. */
void run_free(struct run *run);

/* Returns the column named name, or NULL. */
struct column *run_find(const struct run *run, const char *name);

/* Returns the column named name if it is usable as numbers (COL_NUMBER or
 * COL_PASS).  Otherwise returns NULL and fills d: "no column 'x' in FILE"
 * (listing the columns there are) or, for a text column, FILE:LINE:COL of its
 * first bad cell. */
const struct column *run_numeric(const struct run *run, const char *name,
                                 struct diag *d);

/* Renames column `from` to `to` (for --column to=from).  Fails if `from` is
 * missing or `to` already exists (the message names both). */
int run_rename(struct run *run, const char *to, const char *from,
               struct diag *d);

/* Adds a column that takes ownership of values (n doubles, malloc'd); used by
 * scenario and split-run code.  Returns FP_ERR (values freed) on OOM, or if
 * the run already has a column called name ("FILE already has a column
 * 'x'"). */
int run_add_column(struct run *run, const char *name, enum column_kind kind,
                   double *values, struct diag *d);

/* Returns a new, empty run of n cases whose names are copies of src's (for
 * building an after-run from a before-run).  Caller owns it. */
struct run *run_new_like(const struct run *src, const char *path,
                         const char *format);

/* Bytes of a name or cell shown in a message. */
#define RUN_SHOW_MAX 60
#define RUN_SHOW_SIZE (RUN_SHOW_MAX * 4 + 8)

/* Copies s[0..len) into buf (size RUN_SHOW_SIZE) in terminal-safe form, cut
 * to RUN_SHOW_MAX bytes with "...", for messages.  Returns buf. */
char *run_show(char *buf, size_t size, const char *s, size_t len);

/* Parses a pass word (true/false, 1/0, pass/fail, yes/no, any case). */
bool run_parse_pass(const char *s, size_t len, double *out);

#endif
