/* compare.h: `fixprice compare` as text, Markdown, JSON and GitHub's job
 * summary (compare.c, compare_json.c).  The writers format what the
 * command computed and compute nothing.  The first line of every form is
 * the outcome: the best candidate and P(best).  Candidate names are user
 * text, escaped for each form where they leave. */
#ifndef FP_REPORT_COMPARE_H
#define FP_REPORT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "noise/compare.h"
#include "noise/verdict.h"
#include "price/price.h"
#include "report/invocation.h"
#include "report/report.h"
#include "util/diag.h"

/* One candidate, all borrowed. */
struct compare_cand {
	const char *name;
	const char *path;
	bool prediction; /* a scenario */
	const struct price *price;
	const struct verdict *verdict; /* as price would judge it */
	size_t nbreakeven;
	const struct param_breakeven *breakeven; /* of every parameter */
};

/* --map: which candidate has the largest net at each point of a grid of
 * two parameters.  winner[j * nx + i] at x[i], y[j]: a candidate, or k
 * where no candidate's net is defined. */
struct compare_map {
	const char *xname, *yname;
	size_t nx, ny;
	const double *x, *y;
	const size_t *winner;
};

/* An input of the comparison, for its provenance: its role, path and
 * hash as price's record names them, and the candidate it belongs to
 * (NULL: shared, as the before run and the metric). */
struct compare_input {
	const char *candidate;
	const struct record_input *in;
};

struct compare_view {
	size_t k;
	const struct compare_cand *c;
	const struct noise_ranking *rank;
	double confidence; /* of the intervals */
	const char *before;
	const char *metric;
	const struct compare_map *map; /* NULL: not asked */
	/* Where it came from (JSON only): the tool's version, every input
	 * file with its hash, and the command line (report/invocation.h). */
	const char *tool_version;
	size_t ninputs;
	const struct compare_input *inputs;
	const struct record_invocation *invocation;
};

/* The forms compare writes: text, md, json, github. */
int report_compare(const struct compare_view *v, enum report_format f,
                   FILE *out, struct diag *d);

/* The record folder of compare (--record DIR): compare.txt, compare.md
 * and compare.json, written by report_dir_write (report.h) as price's
 * record folder is; and the refusal alone. */
int report_compare_dir(const struct compare_view *v, const char *dir,
                       bool force, struct diag *d);
int report_compare_dir_check(const char *dir, bool force, struct diag *d);

/* The winner map as a character picture, a letter per candidate, and
 * its legend (compare_map.c); md: in a code block. */
int report_compare_map(const struct compare_view *v, bool md, FILE *out,
                       struct diag *d);

/* JSON (compare_json.c): doc/record-schema.md, "compare". */
int report_compare_json(const struct compare_view *v, FILE *out,
                        struct diag *d);

/* The parameters of every candidate's break-evens, each once, in the
 * order first met; *n of them into names (room for max). */
size_t report_compare_params(const struct compare_view *v, const char **names,
                             size_t max);

#endif
