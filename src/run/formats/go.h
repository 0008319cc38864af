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

/* What the first pass learns of names (go_names.c): an index of keys,
 * each a benchmark ("NAME\tPKG", NAME without its -N suffix) or a name
 * ("NAME"). */
struct go_entry;
struct go_names {
	size_t n, cap;
	bool any_several; /* a benchmark has several GOMAXPROCS values */
	char **key;
	struct go_entry *entry;
	struct strindex index;
};

/* What a line says of a benchmark, for go_names_note. */
enum go_seen { GO_UNTIMED, GO_TIMED, GO_FAILED, GO_SKIPPED };

/* A line's case, as go_names_case names it. */
struct go_case_name {
	size_t len;
	bool several_procs; /* the benchmark has several GOMAXPROCS values */
	bool has_procs;     /* the line's name has a -N suffix */
	bool priced;        /* a result with a time, or a failure */
	bool skipped;
	unsigned char *listed; /* set once listed as not priced */
};

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
	const char *text; /* all of it */
	size_t len;
	const char *line; /* the line being read */
	uint32_t lineno;
	bool add; /* the second pass */
	/* From the first pass: room, GOMAXPROCS values (cut from the names
	 * when there is one), the split key's values. */
	size_t nresults, nfails;
	struct go_values procs, groups;
	struct go_names names;
	/* Lines that say pass or fail (PASS, FAIL, ok, --- FAIL:), or
	 * test2json's events: else the pass states are assumed. */
	bool pass_lines;
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
/* `--- FAIL:` of the case name[0..len) (go_names_case); each_procs: of
 * each of its GOMAXPROCS values' cases (the line had no suffix). */
int go_fail(struct go_state *st, const char *name, size_t len, bool each_procs,
            const char *at);
/* Adds a number of unit column col to case i. */
int go_cell(struct go_state *st, size_t i, size_t col, double x);
/* Makes the run from the cases (the builder's columns are made). */
int go_finish(struct go_state *st, struct run **out);
void go_cases_free(struct go_state *st);

/* Cuts a -N suffix (digits) off name[0..len): the length left, *procs
 * the digits or NULL. */
size_t go_cut_procs(const char *name, size_t len, const char **procs);
/* Room for the names of text[0..len).  False when out of memory. */
bool go_names_init(struct go_names *nm, const char *text, size_t len);
void go_names_free(struct go_names *nm);
/* The first pass: notes a line of benchmark name[0..len) (with its
 * suffix), procs the index of its GOMAXPROCS value in st->procs or -1. */
int go_names_note(struct go_state *st, const char *name, size_t len,
                  enum go_seen seen, long procs);
/* The second pass: the case name of a line of name[0..len) (malloc'd),
 * and what the first pass saw of its benchmark; NULL with d filled. */
char *go_names_case(struct go_state *st, const char *name, size_t len,
                    struct go_case_name *out);

/* Reads text[0..len), Go benchmark text, as run format `format` of s
 * (whose text it need not be: go_json.c gives the text it rebuilt, and
 * line_of[k - 1] the file line of its line k; events: test2json's,
 * which record pass states). */
int go_parse(const struct fmt_src *s, const char *text, size_t len,
             const uint32_t *line_of, bool events, const char *format,
             struct run **out, struct diag *d);

#endif
