/* run.h: one benchmark run as columns of per-case facts.
 *
 * A run is what a reader in run/formats/ makes of a file (run_load,
 * run/load.h, reads one; this model knows nothing of files): case names in file order and
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

struct strindex;

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
	double *v;      /* n values (NULL for COL_TEXT) */
	uint32_t *line; /* source line of each cell; NULL: each on its case's
	                 * line (run_cell_line) */
	uint32_t *col;  /* source column of each cell, or NULL if unknown */
	/* For COL_TEXT: where the first cell that is not a number is.
	 * bad_text NULL: that case has no cell in this column at all (JSON or
	 * YAML items with different fields); bad_line/bad_col are then the
	 * case's.  run_numeric turns these into the message. */
	uint32_t bad_line, bad_col;
	char *bad_text;
};

/* One key/value string of a run's context (context.h). */
struct run_kv {
	char *key, *value;
};

/* Where a run's pass states come from. */
enum run_pass_source {
	RUN_PASS_RECORDED, /* the file says which cases passed */
	RUN_PASS_ASSUMED,  /* the format records none: every case that is
	                    * there is taken as passing */
};

/* Where one case's pass state came from, when not from the run's file as
 * pass_source says: its cells in the column RUN_PASS_FROM, which only
 * fixprice writes (a run has it once a test report was merged into it, or
 * --missing fail added a case to it; without it every case's state is
 * the file's).  A formula may read it like any column. */
#define RUN_PASS_FROM "pass_from"
enum run_pass_from {
	RUN_FROM_FILE = 0,   /* as the run's pass_source says */
	RUN_FROM_REPORT = 1, /* a test report's (junit_merge) */
	RUN_FROM_ABSENT = 2, /* not in this run: counted failing (--missing) */
};

/* Every pointer in a run is its own malloc'd block (run_free frees each), so
 * code outside run.c may build runs field by field, with one exception
 * that such code need not know of: the names of a run that a loader made
 * are all in one block, name_block (name_block_size bytes, each name with
 * its NUL), and case_name[i] points into it, which saves a malloc and 16
 * to 32 bytes per case.  run_free frees a case_name[i] that is not in
 * name_block on its own, so names may still be added (malloc'd), replaced
 * or reordered; a name in the block must not be freed or changed alone. */
struct run {
	char *path;      /* as given by the user */
	char sha256[65]; /* of the bytes read, hex ("" when made, not read) */
	char *format;    /* "csv", "json", "yaml", "gbench", "gbench-csv",
	                    * "hyperfine", "hyperfine-csv", "pytest-benchmark",
	                    * "go" */
	size_t n;
	char **case_name; /* n names, file order */
	char *name_block; /* names of case_name, or NULL (see above) */
	size_t name_block_size;
	uint32_t *case_line; /* line of each case in the file (0 if unknown) */
	uint32_t *case_col;  /* column of each, or NULL (run_case_col) */
	/* The index of case_name that the loader made to find duplicate
	 * names (util/strindex.h, run/unique.h), kept for the join, which
	 * needs one; NULL if none.  It stands for case_name only while that
	 * is the same array of as many names: run_name_index says whether. */
	struct strindex *name_index;
	/* Loaded with run_opts.names_later: run_check_unique is still due. */
	bool names_unchecked;
	size_t ncols;
	struct column *cols;

	/* Runtime samples (estimate.h), in one block for all cases: case
	 * i's samples are samples[sample_off[i] .. sample_off[i + 1]), in the
	 * order the file gives them.  sample_off is NULL when the run holds
	 * no samples (its format gives one runtime per case, in `runtime`);
	 * then samples and sample_pass are NULL too.  A case may have no
	 * samples: a failing case that never ran to the end.  A sample may
	 * be NaN: a repetition that failed without a time, a sample of the
	 * pass state only (the estimators skip it). */
	double *samples;
	size_t *sample_off;         /* n + 1 offsets, or NULL */
	unsigned char *sample_pass; /* per sample 1 passed, 0 failed; NULL
	                          * when the format has no pass state per
	                          * sample */
	const char *estimator;      /* name of the estimator that made `runtime`
	                          * from the samples (a literal), or NULL */
	/* Several runs of one side merged into one (run/merge.h): nruns
	 * runs, and per sample the run it came from (0 .. nruns - 1), a
	 * case's samples in the order of their runs; `runtime` is then the
	 * estimator over the runs' estimates.  nruns 0 or 1 and sample_run
	 * NULL: one run. */
	size_t nruns;
	uint32_t *sample_run;
	/* In joined runs (price/join.h) of several runs: case i's samples
	 * of run j are samples[run_off[i * nruns + j] .. run_off[i * nruns
	 * + j + 1]) (n * nruns + 1 offsets, for the bootstrap); else NULL. */
	size_t *run_off;
	/* The runs are interleaved rounds (run/parts.h: a `round` column),
	 * run j of this side taken together with run j of the other: a
	 * resample draws the same runs on both sides. */
	bool rounds;
	/* A file whose `run` or `round` column labels each row's run
	 * (run/parts.h) holds several runs of one side: it is read as this
	 * run, the one of the smallest label, and the chain of the others
	 * (part_next: each a run of its own, labels ascending), each as a
	 * file of its own would be.  part_by: "run" or "round" (a literal),
	 * or NULL; part_label: this run's label; part_line, part_col: where
	 * the file names the column.  run_free frees the chain. */
	struct run *part_next;
	const char *part_by;
	double part_label;
	uint32_t part_line, part_col;

	/* The run's context (context.h): how and where it was measured,
	 * as key/value strings in file order, keys unique. */
	size_t nctx;
	struct run_kv *ctx;

	/* What the file recorded and what was assumed (a record says it).
	 * pass_source: where the `passed` column came from; pass_merged:
	 * the cases whose state a test report gave (junit_merge), the others
	 * as pass_source says.  aggregate: the statistic ("mean", "median",
	 * "min", a literal) that the file gave per case instead of samples,
	 * whose one sample it is, or NULL; aggregate_of: the literal name of
	 * the column counting what it aggregates ("repetitions", "rounds"),
	 * or NULL when the file does not say. */
	enum run_pass_source pass_source;
	size_t pass_merged;
	const char *aggregate;
	const char *aggregate_of;
	/* What the file holds that is no case of this run, with why, in
	 * file order ("BM_x_BigO: not a timing", "b: --exclude b*"): each
	 * string its own malloc'd block. */
	char **unpriced;
	size_t nunpriced;
	/* A run read from a folder (run/folder.h): the files read, as
	 * sha256sum's lines ("SHA256  PATH", paths relative to the folder,
	 * sorted), whose SHA-256, each line ended by a newline, is sha256;
	 * NULL, 0 for a file. */
	char **files;
	size_t nfiles;
};

/* How the runtime of a case is made from its samples: an index into
 * run_estimators (run/estimate.h), whose rows say everything about each;
 * nothing outside run/estimate.c names one. */
enum run_estimator {
	RUN_MEDIAN, /* the default */
	RUN_MEAN,
	RUN_MIN,
	RUN_ESTIMATOR_COUNT
};

/* How a case whose samples disagree on passing is decided. */
enum pass_policy {
	PASS_ALL,      /* passes only if every sample passed (the default) */
	PASS_MAJORITY, /* more than half passed */
	PASS_ANY,      /* one passed */
	PASS_POLICY_COUNT
};

/* How to read run files (run_load, run/load.h). */
struct run_opts {
	const char *format; /* NULL: decide by extension and content */
	bool cpu_time;      /* Google Benchmark: samples are cpu_time, not
	                     * real_time */
	enum run_estimator estimator; /* for runs with samples */
	enum pass_policy policy;      /* for per-sample pass states */
	/* --split-by KEY: read the results of one group of a file whose
	 * configuration lines give KEY two values (Go benchmark text), the
	 * first value's (split_group 0: the before run) or the second's
	 * (1: the after run); NULL: the whole file. */
	const char *split_by;
	int split_group;
	/* Leave the check for duplicate case names to the caller (a run of
	 * one part only; run/unique.h says when and why). */
	bool names_later;
};

/* Frees a run and everything in it; NULL is fine. */
void run_free(struct run *run);

/* run->name_index if it still stands for case_name (the same array, as
 * many names), else NULL.  Names may have been reordered or replaced
 * since (see above): a number the index gives for a name must be checked
 * against case_name, and a name it does not find may still be there. */
const struct strindex *run_name_index(const struct run *run);

/* Frees run->name_index (a run that no join will read needs none). */
void run_drop_index(struct run *run);

/* Keeps only rows rows[0..n) of run, in that order: row k becomes what
 * row rows[k] was, in case_name, case_line, every column and the samples.
 * The rows must be distinct; the names of rows left out are freed (unless
 * in name_block, see struct run).  Fails only when out of memory; the run
 * is then unchanged. */
int run_keep_rows(struct run *run, const size_t *rows, size_t n,
                  struct diag *d);

/* Appends "WHAT: WHY" to run->unpriced.  Fails only when out of
 * memory. */
int run_add_unpriced(struct run *run, const char *what, const char *why,
                     struct diag *d);

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

/* Runtimes are finite numbers above 0, or missing (NaN: a failing case
 * without samples).  run_bad_runtime is the error for value v of case i
 * in column `name` of r, at line:col of the file (0 if unknown, then the
 * case's line): "NAME of case 'x' must be a finite number above 0, got V";
 * it returns FP_ERR.  run_check_runtimes checks every cell of column c of
 * r that way: the `runtime` column, and every column a metric declares
 * whose name ends in "runtime" (ref_runtime, ...). */
int run_bad_runtime(const struct run *r, const char *name, size_t i, double v,
                    uint32_t line, uint32_t col, struct diag *d);
int run_check_runtimes(const struct run *r, const struct column *c,
                       struct diag *d);
bool run_is_runtime_name(const char *name);

/* Like run_rename, but when the run already has a column `to` (the
 * runtime a reader made from its samples, for --column runtime=FROM), its
 * cells become copies of `from`'s and `from` is kept. */
int run_replace(struct run *run, const char *to, const char *from,
                struct diag *d);

/* Adds a column that takes ownership of values (n doubles, malloc'd); used by
 * scenario and split-run code.  Returns FP_ERR (values freed) on OOM, or if
 * the run already has a column called name ("FILE already has a column
 * 'x'"). */
int run_add_column(struct run *run, const char *name, enum column_kind kind,
                   double *values, struct diag *d);

/* Column names with a meaning of their own, one table (run.c): a file
 * may not give RUN_PASS_FROM (fixprice fills it: refused), and in a CSV,
 * JSON or YAML run `run` and `round` label the run each row was measured
 * in (run/parts.h: a label).  `what` says what the column holds. */
enum run_reserved_role { RUN_RESERVED_REFUSED, RUN_RESERVED_LABEL };
struct run_reserved {
	const char *name;
	enum run_reserved_role role;
	const char *what;
};
extern const struct run_reserved run_reserved[];
extern const size_t run_nreserved;
/* The entry of the column name[0..len), or NULL. */
const struct run_reserved *run_reserved_find(const char *name, size_t len);

/* The cells of run's RUN_PASS_FROM column, added with every case
 * RUN_FROM_FILE when the run has none; NULL (d filled) when out of
 * memory. */
double *run_pass_from(struct run *run, struct diag *d);

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
/* Case i's name as a message shows it (run_show: cut after RUN_SHOW_MAX
 * bytes, as fixprice(1) says).  Returns buf. */
char *run_case_shown(const struct run *r, size_t i, char buf[RUN_SHOW_SIZE]);

/* Parses a pass word (true/false, 1/0, pass/fail, yes/no, any case). */
bool run_parse_pass(const char *s, size_t len, double *out);

/* The samples (and per-sample pass states, if the run has them) of rows
 * rows[0..n) of a run with samples, in that order, into new arrays *v,
 * *off (n + 1 offsets) and *pass (NULL when the run has none); FP_ERR,
 * nothing allocated, when out of memory. */
int run_gather_samples(const struct run *run, const size_t *rows, size_t n,
                       double **v, size_t **off, unsigned char **pass);

/* The same for the run index of each sample (sample_run) into *out, NULL
 * when the run has none; FP_ERR when out of memory. */
int run_gather_sample_runs(const struct run *run, const size_t *rows, size_t n,
                           uint32_t **out);

/* Number of samples of case i (0 for a run without samples). */
size_t run_sample_count(const struct run *run, size_t i);

/* The column where case i is named in its file, 0 if unknown. */
uint32_t run_case_col(const struct run *run, size_t i);

/* The line of case i's cell in column c (NULL: the case's line). */
uint32_t run_cell_line(const struct run *run, const struct column *c, size_t i);

/* The column of case i's cell in column c, 0 if unknown (c NULL, or no
 * columns kept). */
uint32_t run_cell_col(const struct column *c, size_t i);

#endif
