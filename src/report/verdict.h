/* verdict.h (report): the verdict's parts of a record (verdict.c,
 * verdict_json.c), for the record writers only. */
#ifndef FP_REPORT_VERDICT_H
#define FP_REPORT_VERDICT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "report/report.h"

/* The verdict's lines (text) or section (Markdown, f FORMAT_MD); sets
 * *oom when out of memory. */
void report_verdict_words(FILE *out, const struct record *r,
                          enum report_format f, bool *oom);

/* After the control's totals: why net and delta_total differ, in plain
 * words naming the cases (nothing when they agree). */
void report_control_words(FILE *out, const struct record *r,
                          enum report_format f, bool *oom);

/* The verdict as a JSON object; NULL when out of memory. */
json_t *report_verdict_json(const struct record *r);

#endif
