/* internal.h: helpers shared by the record writers in src/report/ only. */
#ifndef FP_REPORT_INTERNAL_H
#define FP_REPORT_INTERNAL_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "price/price.h"
#include "report/report.h"
#include "util/numfmt.h"
#include "util/diag.h"

/* Decimals for the numbers people read (gain, cost, net, totals, scores,
 * shares) in text and Markdown; JSON and CSV are exact instead. */
#define REPORT_DECIMALS 4
/* Significant digits for runtimes, weights and break-even values. */
#define REPORT_DIGITS 6

/* Flushes out and reports a write error on it as "cannot write the FORM
 * report: REASON".  Every writer ends with it. */
int report_finish(FILE *out, const char *form, struct diag *d);

/* Fills idx with the (at most k) cases whose gain share minus cost share is
 * largest in size, largest first, ties in case order; returns how many.
 * Cases where the two are equal are left out.  0 when the shares are
 * undefined. */
size_t report_top_cases(const struct price *p, size_t k, size_t *idx);

/* Number of characters (UTF-8 code points) in s, for lining up columns. */
size_t report_width(const char *s);

/* The name of a form in messages: "text", "Markdown", "JSON", "CSV". */
const char *report_form_name(enum report_format f);

/* Exact for CSV and JSON, for people in text and Markdown (the forms
 * table, report_form_of). */
enum report_precision report_precision_of(enum report_format f);

/* Writes x to buf (NUMFMT_MAX bytes) and returns buf. */
char *report_num(char *buf, double x, enum report_precision p);
void report_put_num(FILE *out, double x, enum report_precision p);

/* Said after a break-even that is a jump across 0 (sensitivity.h). */
#define REPORT_JUMP " (a jump across 0: a step or a pole, net is not 0 there)"
/* Whether b's crossing i is a jump, and whether any of them is. */
bool report_jump_at(const struct param_breakeven *b, size_t i);
bool report_any_jump(const struct param_breakeven *b);
/* b's crossings that are jumps, a new JSON array (NULL when out of
 * memory); the records add it as "jumps" only when report_any_jump, so
 * that others keep their bytes. */
json_t *report_jumps_json(const struct param_breakeven *b);

/* User text (a parameter or case name) escaped for form f: terminal-safe
 * for text, Markdown-safe for md, formula-safe for csv.  A new string
 * (caller frees), NULL when out of memory. */
char *report_name(const char *s, enum report_format f);
/* The same, written to out; in CSV as a quoted cell.  FP_ERR (d filled)
 * when out of memory. */
int report_put_name(FILE *out, const char *s, enum report_format f,
                    struct diag *d);

/* Dumps a JSON value (exact reals) with a final newline, frees it, and
 * finishes out like report_finish.  root NULL (building it failed) is an
 * error too. */
int report_put_json(FILE *out, json_t *root, struct diag *d);

/* ---- suspicious gains (suspects.c) ---- */

/* The sentence naming the flagged cases, for text or md; nothing when no
 * case is flagged.  *oom set when out of memory. */
void report_suspects_words(FILE *out, const struct record *r,
                           enum report_format f, bool *oom);
/* {ratio, cases: [{case, runtime_before, runtime_after, ratio}]}, for a
 * record with r->suspects; NULL when out of memory. */
json_t *report_suspects_json(const struct record *r);

/* ---- near the gate, near a cliff (gate.c) ---- */

/* The sentence naming the cases near their gate (r->gate_nears), for
 * text or md; nothing when none is.  *oom set when out of memory. */
void report_gate_words(FILE *out, const struct record *r, enum report_format f,
                       bool *oom);
/* {near: [{case, side, margin, near, passed}]}, for a record with
 * r->gate_nears on; NULL when out of memory. */
json_t *report_gate_json(const struct record *r);
/* The same for the cases near a cliff (r->cliffs): the sentence, and
 * {resamples, min_share, cases: [{case, side, share}]}. */
void report_cliff_words(FILE *out, const struct record *r, enum report_format f,
                        bool *oom);
json_t *report_cliff_json(const struct record *r);

/* ---- run facts (facts.c) ---- */

/* Where the facts go: lines "BULLET LABEL: ..." on out, the record's own
 * words as they are and user text through name (escaped as the form
 * needs; ctx is its first argument). */
struct facts_sink {
	FILE *out;
	const char *bullet; /* "" (text) or "- " (Markdown) */
	void (*name)(void *ctx, const char *s);
	void *ctx;
};

/* A facts line: literal text, its label (after the bullet), its end. */
void facts_lit(const struct facts_sink *k, const char *s);
void facts_begin(const struct facts_sink *k, const char *label);
void facts_end(const struct facts_sink *k);

/* One line each: how the runtimes were made, the cases without a runtime,
 * the cases --missing fail counted failing, the context keys that differ
 * and the contexts that make timings unreliable.  Nothing without facts. */
void report_facts(const struct record *r, const struct facts_sink *k);

/* The lines of report_facts on what the files recorded and what was
 * assumed (facts_seen.c): pass states not recorded or merged from a
 * report, and what was not priced. */
void report_facts_seen(const struct record *r, const struct facts_sink *k);
/* How side s's runtimes are a file's aggregate ("median aggregate of 3
 * repetitions per case"), into buf; false when they are not one. */
/* "median over 3 runs of the median of 5 samples": side s's runtimes
 * made from several runs (facts.c). */
void report_runs_desc(const struct run_facts *f, int s, char *buf, size_t size);
bool report_aggregate_desc(const struct record *r, int s, char *buf,
                           size_t size);
/* Where case i's pass state on side s came from: "recorded" (its file),
 * "merged" (a test report), "assumed" (a format that records none: taken
 * as passing), "absent" (not in that run: --missing fail) or "predicted"
 * (a scenario's after run); and its runtime: "samples" (made by the
 * estimator), "aggregate" (the file's statistic, runs.SIDE.runtime_aggregate),
 * "value" (one runtime per case), "predicted", or NULL (none).  Needs
 * r->facts. */
const char *report_case_pass_source(const struct record *r, int s, size_t i);
const char *report_case_runtime_source(const struct record *r, int s, size_t i);

/* The part of the decision line naming the dropped cases that pass in only
 * one run: " (dropped X, which passes only after)"; nothing if none. */
void report_dropped_changing(const struct record *r,
                             const struct facts_sink *k);

/* A per-case runtime cell: the runtime ("-" for none) and, for a side
 * with samples, their number: "1.5e-08 (n 3)". */
#define REPORT_CELL_MAX (NUMFMT_MAX + 24)
char *report_runtime_cell(char buf[REPORT_CELL_MAX], const struct record *r,
                          int s, size_t i, enum report_precision prec);

#endif
