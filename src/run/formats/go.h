/* go.h: what the readers of Go benchmark text share (go.c reads the
 * lines, go_cases.c keeps the cases, go_json.c turns `go test -json` into
 * the text). */
#ifndef FP_RUN_GO_H
#define FP_RUN_GO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/builder.h"
#include "run/formats/formats.h"
#include "run/formats/go_config.h"
#include "util/strindex.h"

/* Most GOMAXPROCS values, and values of the split key, in one file. */
#define GO_MAX_VALUES 64

/* A small list of distinct strings. */
struct go_values {
	size_t n;
	char *v[GO_MAX_VALUES];
};

/* Adds s[0..len) unless there: 0, -1 out of memory, -2 too many. */
int go_values_add(struct go_values *l, const char *s, size_t len);
void go_values_free(struct go_values *l);

/* A number of a unit column of a case. */
struct go_cell {
	size_t of_case, col;
	double x;
};

struct go_state {
	const struct fmt_src *src;
	const uint32_t *line_of; /* text line -> file line, or NULL */
	struct run_builder b;
	struct go_config cfg;
	const char *line; /* the line being read */
	uint32_t lineno;
	bool add; /* the second pass */
	/* From the first pass: room, GOMAXPROCS values (cut from the names
	 * when there is one), the split key's values. */
	size_t nresults, nfails;
	struct go_values procs, groups;
	const char *group; /* the split key's value this run reads */
	/* The cases, in order of first appearance. */
	size_t ncases, cap;
	char **name;
	size_t *config;
	uint32_t *at_line, *at_col;
	unsigned char *failed;
	struct strindex index;
	struct go_cell *cells;
	size_t ncells, cells_cap;
};

/* The file line of the line being read. */
uint32_t go_line(const struct go_state *st);
/* An error at byte `at` of the line being read.  Returns FP_ERR. */
int go_error(struct go_state *st, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The case of a result called name[0..len) (as the names keep it) at
 * `at` under the configuration now: found, or added.  -1 on an error
 * (two configurations, caps, memory), d filled. */
long go_case(struct go_state *st, const char *name, size_t len, const char *at);
/* `--- FAIL:` or `--- SKIP:` of name[0..len) (with its -N suffix if the
 * line has one, procs then its digits). */
int go_fail(struct go_state *st, const char *name, size_t len,
            const char *procs, const char *at);
/* Adds a number of unit column col to case i. */
int go_cell(struct go_state *st, size_t i, size_t col, double x);
/* Makes the run from the cases (the builder's columns are made). */
int go_finish(struct go_state *st, struct run **out);
void go_cases_free(struct go_state *st);

/* Reads text[0..len), Go benchmark text, as run format `format` of s
 * (whose text it need not be: go_json.c gives the text it rebuilt, and
 * line_of[k - 1] the file line of its line k). */
int go_parse(const struct fmt_src *s, const char *text, size_t len,
             const uint32_t *line_of, const char *format, struct run **out,
             struct diag *d);

#endif
