/* formats.h: one reader per run format, all with one signature.
 *
 * A reader turns the text of one input into a run through a run builder
 * (run/builder.h).  It is given the text as run/load.c makes it: no NUL
 * bytes and no byte order mark, so offset 0 is line 1, column 1; for a
 * JSON format, the document parsed once as well.  The table of formats,
 * which says which reader reads what, is run/detect.c. */
#ifndef FP_RUN_FORMATS_H
#define FP_RUN_FORMATS_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

struct json_t;

/* One benchmark of a folder run (run/folder.h): its folder relative to
 * the run's, and the texts of its files, each with its path for messages
 * (id_text NULL: the folder has no benchmark.json). */
struct fmt_bench {
	char *dir;
	char *id_path, *sample_path;
	char *id_text, *sample_text;
	size_t id_len, sample_len;
};

/* What a reader reads: text[0..len) of the input named path; for a folder
 * run, its benchmarks instead (text empty). */
struct fmt_src {
	const char *path; /* for messages and the run */
	const char *text; /* no NUL bytes, no byte order mark */
	size_t len;
	const struct run_opts *opts; /* never NULL */
	struct json_t *json;         /* a JSON format's parsed document */
	const struct fmt_bench *benches;
	size_t nbenches;
};

/* The one signature: on success the caller owns *out (run_free); on
 * failure nothing is allocated and d says what is wrong, FILE:LINE:COL. */
typedef int (*fmt_read_fn)(const struct fmt_src *s, struct run **out,
                           struct diag *d);

int fmt_csv(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_yaml(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_json(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_gbench(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_gbench_csv(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_hyperfine(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_hyperfine_csv(const struct fmt_src *s, struct run **out,
                      struct diag *d);
int fmt_pytest(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_go(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_go_json(const struct fmt_src *s, struct run **out, struct diag *d);
int fmt_catch2(const struct fmt_src *s, struct run **out, struct diag *d);
/* A folder run: criterion.rs's benchmarks (s->benches). */
int fmt_criterion(const struct fmt_src *s, struct run **out, struct diag *d);

/* Tests of the first bytes, for the formats whose content tells. */
bool fmt_gbench_csv_detect(const char *text, size_t len);
bool fmt_hyperfine_csv_detect(const char *text, size_t len);
bool fmt_go_detect(const char *text, size_t len);
/* A Go result line ("BenchmarkX N V ns/op") anywhere in the first MiB:
 * Go text whatever the file's name. */
bool fmt_go_detect_result(const char *text, size_t len);
/* A `go test -json` stream: its first line an object with "Action". */
bool fmt_go_json_detect(const char *text, size_t len);
/* Catch2's XML report: XML whose first 4 KiB hold a <Catch element. */
bool fmt_catch2_detect(const char *text, size_t len);

/* Parses a JSON text (jansson, no duplicate keys), its errors at the
 * first byte of the bad token.  The caller owns *out (json_decref). */
int fmt_json_parse(const char *path, const char *text, size_t len,
                   struct json_t **out, struct diag *d);
/* Which of the JSON formats a parsed document is: "gbench" (top-level
 * `context` and `benchmarks`), "pytest-benchmark" (top-level
 * `machine_info` and `benchmarks`), "hyperfine" (top-level `results`, an
 * array of objects with `command`) or "json". */
const char *fmt_json_kind(struct json_t *root);

#endif
