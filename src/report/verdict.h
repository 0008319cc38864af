/* verdict.h (report): the verdict's parts of a record (verdict.c,
 * verdict_json.c), for the record writers only. */
#ifndef FP_REPORT_VERDICT_H
#define FP_REPORT_VERDICT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "noise/verdict.h"
#include "report/report.h"

/* The verdict's lines (text) or section (Markdown, f FORMAT_MD); sets
 * *oom when out of memory. */
void report_verdict_words(FILE *out, const struct record *r,
                          enum report_format f, bool *oom);

/* After the control's totals: why net and delta_total differ, in plain
 * words naming the cases (nothing when they agree). */
void report_control_words(FILE *out, const struct record *r,
                          enum report_format f, bool *oom);

/* One reason of a verdict of record rec in words (no colon: the verdict
 * line has one); a remedy in the words of the runs' harness (the format
 * table's advice, run/detect.h). */
void report_reason_words(FILE *out, const struct record *rec,
                         const struct verdict_reason *r);

/* ACCEPT, REJECT, INCONCLUSIVE, NO MATERIAL EFFECT, NOT JUDGED. */
const char *report_headline_word(enum verdict_kind k);

/* The first line of every form, without its end: the verdict with net and
 * its interval, then what the point estimate decides (r->verdict NULL:
 * the decision). */
void report_headline(FILE *out, const struct record *r);

/* The verdict as a JSON object; NULL when out of memory. */
json_t *report_verdict_json(const struct record *r);

#endif
