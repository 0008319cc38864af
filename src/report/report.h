/* report.h: the decision record in its four forms (text, Markdown, JSON,
 * CSV) and the record folder.
 *
 * A struct record gathers everything a record shows; the writers only
 * format it.  They print numbers through util/numfmt (locale-independent;
 * JSON and CSV exact to the last bit, text and Markdown rounded for people)
 * and pass every string that came from a user (case names, metric name,
 * description, scenario name, paths) through util/escape first. */
#ifndef FP_REPORT_H
#define FP_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "noise/cliff.h"
#include "noise/verdict.h"
#include "price/load.h"
#include "price/metric.h"
#include "price/price.h"
#include "price/scenario.h"
#include "price/gate.h"
#include "price/suspect.h"
#include "sens/sensitivity.h"
#include "util/diag.h"

/* struct record_input, a record's provenance, is the loader's (load.h). */

struct record_invocation;

/* struct param_breakeven, where net is zero as one parameter varies, is
 * sens's (sensitivity.h). */

struct record_plot {
	const char *title;
	const char *file;  /* path relative to the record folder */
	const char *ascii; /* gnuplot dumb rendering, or NULL */
	/* Where the picture is now, to be read (index.html puts it inline);
	 * NULL: not drawn as SVG. */
	const char *path;
};

/* Every input a record can name: the metric, scenario and results files,
 * the runs of both sides and the control runs. */
#define RECORD_MAX_INPUTS (8 + 3 * RUN_MAX_MERGED)

struct record {
	const char *tool_version;
	bool prediction; /* made from a scenario: kind "prediction" */
	const struct metric *metric;
	const struct scenario *scenario; /* NULL when measured */
	const struct price *price;
	size_t ninputs;
	struct record_input inputs[RECORD_MAX_INPUTS];
	size_t ndropped; /* cases dropped by --missing drop */
	/* How the runs were read (price/harness.h), or NULL: say nothing. */
	const struct run_facts *facts;
	size_t nbreakeven;
	const struct param_breakeven *breakeven;
	size_t nplots;
	const struct record_plot *plots;
	const struct verdict *verdict; /* NULL: none (src/noise/) */
	/* The command line that made it, for `verify` (invocation.h); NULL:
	 * the JSON has no "invocation". */
	const struct record_invocation *invocation;
	/* Suspicious gains (price/suspect.h); NULL: not looked for (the
	 * JSON has no "suspicious_gains"). */
	const struct suspects *suspects;
	/* The cases near their accuracy gate (price/gate.h); NULL or not
	 * on: the metric has no gate_margin (the JSON has no "gate"). */
	const struct gate_nears *gate_nears;
	/* The cases within noise of a cliff of their score (noise/cliff.h);
	 * NULL or B 0: not looked for (the JSON has no "cliffs"). */
	const struct cliffs *cliffs;
	/* The Markdown record's limit (md, github and the folder's
	 * decision.md); 0: the form's default. */
	size_t md_limit;
};

/* The version of the JSON form (doc/record-schema.md). */
#define REPORT_SCHEMA_VERSION 2

/* Limits of the Markdown record.  md counts Unicode code points, as
 * GitHub counts a comment's characters; github counts bytes, as GitHub
 * limits a step's job summary file. */
#define REPORT_MD_LIMIT 65536          /* a GitHub comment */
#define REPORT_MD_LIMIT_GITLAB 1000000 /* a GitLab note (documented) */
#define REPORT_GITHUB_LIMIT 1048576    /* a GitHub job summary: 1 MiB */
#define REPORT_MD_LIMIT_MIN 2000       /* room for the one-line record */

enum report_format {
	FORMAT_TEXT,
	FORMAT_MD,
	FORMAT_JSON,
	FORMAT_CSV,
	FORMAT_OPENMETRICS,
	FORMAT_GITHUB
};

/* How a number is printed: rounded to REPORT_DIGITS for people, or exact
 * (numfmt_exact) for machines and for what was solved to the bit. */
enum report_precision { PRECISION_HUMAN, PRECISION_EXACT };

/* The table of output forms (format.c): what --format takes, the
 * extension of -o FILE that asks for it, its name in messages, how it
 * prints numbers, whether the sensitivity tables have it (else only
 * price's record does), and whether verify writes it (report/verify.h).
 * Help and errors list the forms from it. */
struct report_form {
	const char *name, *ext, *title;
	enum report_format f;
	enum report_precision precision;
	bool sens, verify, compare;
};

const struct report_form *report_form_of(enum report_format f);
/* "text, md, ..." from the table, into buf. */
const char *report_format_list(char *buf, size_t size);
/* The forms verify writes: "text, md, json". */
const char *report_verify_format_list(char *buf, size_t size);
/* ".txt, .md, ...": the extensions of -o FILE that choose a form. */
const char *report_ext_list(char *buf, size_t size);
/* The same two lists of the forms the sensitivity commands write. */
const char *report_sens_format_list(char *buf, size_t size);
const char *report_sens_ext_list(char *buf, size_t size);

/* The forms compare writes and their -o extensions. */
const char *report_compare_format_list(char *buf, size_t size);
const char *report_compare_ext_list(char *buf, size_t size);

/* Parses a form's name ("text", "md", ...). */
int report_format_parse(const char *s, enum report_format *out, struct diag *d);

/* The form a file name asks for by its extension: .txt text, .md md,
 * .json json, .csv csv, .prom openmetrics.  false (and *out unchanged)
 * for any other name. */
bool report_format_of_path(const char *path, enum report_format *out);

/* Writers.  verbose adds the full per-case table to text output (the others
 * always carry it).  Return FP_ERR with d filled on a write error. */
int report_text(const struct record *r, FILE *out, int verbose, struct diag *d);
/* Markdown within r->md_limit code points (markdown.c, md_budget.c):
 * the summary first, then the cases that matter most, the rest folded
 * or counted, never past the limit. */
int report_markdown(const struct record *r, FILE *out, struct diag *d);
/* GitHub's job summary: the same Markdown within r->md_limit bytes
 * (default REPORT_GITHUB_LIMIT) (github.c). */
int report_github(const struct record *r, FILE *out, struct diag *d);
/* GitHub's workflow commands for the verdict and each guard that fired:
 * ::error on reject, ::warning on inconclusive and per guard, ::notice on
 * accept, their data escaped as GitHub reads it (github.c). */
int report_github_commands(const struct record *r, FILE *out, struct diag *d);
int report_json(const struct record *r, FILE *out, struct diag *d);
int report_csv(const struct record *r, FILE *out, struct diag *d);
/* The numbers and the decision as OpenMetrics text (openmetrics.c). */
int report_openmetrics(const struct record *r, FILE *out, struct diag *d);
/* The record folder's index.html: one self-contained page (html.c). */
int report_html(const struct record *r, FILE *out, struct diag *d);
int report_write(const struct record *r, enum report_format f, FILE *out,
                 int verbose, struct diag *d);

/* Writes decision.md, decision.json, cases.csv and index.html into dir
 * (created if missing).  Each file is written to a temporary name and
 * renamed into place only once all are written; an existing record (any
 * of them) is an error unless force. */
int report_record_dir(const struct record *r, const char *dir, bool force,
                      struct diag *d);

/* The refusal alone: FP_ERR if a record file exists in dir and !force.
 * For commands that write more into the folder (plots) before the record. */
int report_record_dir_check(const char *dir, bool force, struct diag *d);

/* One file of a record folder: its name and what writes it from the
 * command's value (a struct record, compare's view). */
struct report_dir_file {
	const char *name;
	int (*write)(const void *what, FILE *out, struct diag *d);
};

/* The one writer of record folders (record_dir.c): files[0..n) written
 * from what into dir as report_record_dir writes price's, and the
 * refusal alone. */
int report_dir_write(const char *dir, const struct report_dir_file *files,
                     size_t n, const void *what, bool force, struct diag *d);
int report_dir_check(const char *dir, const struct report_dir_file *files,
                     size_t n, bool force, struct diag *d);

#endif
