/* builder.h: the run builder, which every reader in run/formats/ feeds.
 *
 * A reader turns the bytes into cases, cells, samples and context through
 * a builder, which owns the rules every format has in common: case names
 * (not empty, not too long; that none repeats is the loader's last check,
 * run/unique.h), the caps of run.h, and how a column's cells decide its
 * kind (number, pass state or text).  Readers only know their syntax. */
#ifndef FP_RUN_BUILDER_H
#define FP_RUN_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/run.h"
#include "run/samples.h"
#include "util/diag.h"

/* Bytes of one CSV field (the YAML scalar cap is the same). */
#define RUN_MAX_FIELD ((size_t)1 << 20)

/* A column being built (builder.c; repeat.c merges rows). */
struct rb_column {
	char *name;
	size_t n, cap; /* cells so far (cases 0..n-1), room */
	double *v;
	/* Where each cell is: line NULL while every cell so far is on its
	 * case's line (a CSV row's are), so most runs keep no line per cell
	 * (rb_cell_line). */
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
	size_t n, cap;               /* cases so far */
	size_t expect, expect_names; /* what a reader foresees (rb_expect) */
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

	/* Samples and context (samples.h). */
	struct rb_samples smp;
	/* Rows of one case name are samples (repeat.h): the column whose
	 * cells are the samples, -1 if off, and the step rb_finish runs for
	 * them first (set by rb_repeat_rows, so that the builder needs no
	 * knowledge of repeat.c). */
	long repeat_col;
	int (*merge_rows)(struct run_builder *b);
	/* Copied into the run (run.h): set by readers whose format
	 * records no pass states or gives aggregates instead of samples. */
	enum run_pass_source pass_source;
	const char *aggregate, *aggregate_of;
	/* run.h: unpriced, kept in a run holding nothing else. */
	struct run unpriced;
};

/* Frees what a builder column holds. */
void rb_column_free(struct rb_column *c);

void rb_init(struct run_builder *b, const char *path, const char *format,
             struct diag *d);

/* A reader's forecast: about `cases` cases (such as the rows of a CSV
 * file) with at most `name_bytes` bytes of names.  The arrays take room
 * for them at once instead of doubling, for each doubling copies an array
 * and touches its pages again (bigmem.h): a 10^6-case run is read with
 * one allocation per array.  More cases than foreseen still grow, and
 * room not used costs address space only. */
void rb_expect(struct run_builder *b, size_t cases, size_t name_bytes);
/* Frees everything the builder holds (after a failure, or after
 * rb_finish, which leaves nothing to free). */
void rb_discard(struct run_builder *b);

/* The name of case i, while cases are added (until rb_finish); valid
 * until the next rb_case. */
const char *rb_name(const struct run_builder *b, size_t i);

/* The line of cell i (i < c->n) of column c. */
static inline uint32_t rb_cell_line(const struct run_builder *b,
                                    const struct rb_column *c, size_t i)
{
	return c->line ? c->line[i] : b->lines[i];
}

/* Adds a case: its name is copied.  Errors (FILE:LINE:COL at line:col):
 * a name that is empty, only blanks, has a blank (space, tab) at either
 * end, is not valid UTF-8 or is over RUN_MAX_NAME; more than
 * RUN_MAX_CASES cases.  Column names follow the same rules.
 * Duplicate case names are found by the loader (run/unique.h). */
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

/* Gives every column a cell for every case: a case without one has NaN
 * there, at its own position (rb_finish; builder_cells.c). */
int rb_fill_columns(struct run_builder *b);

/* Makes the run.  Checks that there is at least one case (else "no
 * cases"); that no case name repeats is the loader's last step
 * (run/unique.h).  A case without a cell in a column (JSON or YAML items with
 * different fields) leaves that column unusable, like text: bad_text NULL
 * and the case's position.  Columns: every cell a pass state -> COL_PASS;
 * every cell a number -> COL_NUMBER; otherwise COL_TEXT, its bad cell the
 * first that is neither, or (a mix of numbers and pass words) the first
 * pass word that is no number.  On success the builder is empty and the
 * caller owns *out; on failure rb_discard still has to be called. */
int rb_finish(struct run_builder *b, struct run **out);

/* ---- samples and context, kept in b->smp ---- */

/* Says that the run holds samples, so that a case without any (a failing
 * one) has none, rather than the run having no samples at all. */
void rb_use_samples(struct run_builder *b);
/* Adds a runtime sample to the newest case; pass is 1, 0 or -1 (the
 * format gives no pass state per sample).  A sample is a finite number
 * above 0, or NaN (a repetition that failed without a time); else the
 * error "runtime sample of case 'x' must be a finite number above 0, got
 * V" at the case's position.  (A reader whose cases are made after their
 * samples checks them itself, or calls rb_sample_pos.) */
int rb_sample(struct run_builder *b, double x, int pass);
/* The same for case i. */
int rb_sample_at(struct run_builder *b, size_t i, double x, int pass);
/* The same, the error naming case `name` at line:col (for a reader that
 * adds samples after the cases are made, when rb_name no longer is). */
int rb_sample_pos(struct run_builder *b, size_t i, double x, int pass,
                  const char *name, uint32_t line, uint32_t col);
/* rb_sample, the error at line:col: where a list of samples writes
 * this one. */
int rb_sample_here(struct run_builder *b, double x, int pass, uint32_t line,
                   uint32_t col);
/* Room for up to `count` more samples, about to be added (a reader that
 * knows how many: no array grown and copied as they come).  FP_ERR with
 * the builder's diag when out of memory. */
int rb_sample_expect(struct run_builder *b, size_t count);
/* Sets a context key to a value (copied; an earlier value is replaced). */
int rb_context(struct run_builder *b, const char *key, const char *value);
/* Sets key to "%.*s" of value[0..len). */
int rb_context_n(struct run_builder *b, const char *key, const char *value,
                 size_t len);

/* Lists what as no case of the run, with why (run.h: unpriced).  Fails
 * only when out of memory. */
int rb_unpriced(struct run_builder *b, const char *what, const char *why);

/* Line and column (1-based, columns in characters) of byte offset off of
 * text, which starts at line 1 column 1. */
void rb_position(const char *text, size_t off, uint32_t *line, uint32_t *col);

#endif
