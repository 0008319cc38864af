/* json_write.h: JSON text built in a buffer and written in large pieces,
 * for the records (json.c) and the sensitivity tables (sens_common.c).
 *
 * A jansson tree is written in the layout json_dumps gives with
 * JSON_INDENT(2) (keys in insertion order, strings escaped as jansson
 * escapes them), except that a real is its shortest exact text
 * (numfmt_real: "0.3", "45.0") instead of 17 digits.  Large tables skip
 * the tree: their rows are written piece by piece with the jw_* calls. */
#ifndef FP_REPORT_JSON_WRITE_H
#define FP_REPORT_JSON_WRITE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

/* The text so far, written to out (and emptied) by jw_flush; failed is
 * set on the first out of memory or write error, after which nothing more
 * is added. */
struct jw {
	FILE *out;
	char *p;
	size_t n, cap;
	bool failed;
};

/* A writer to out with an empty buffer; jw_close frees the buffer. */
void jw_open(struct jw *w, FILE *out);
void jw_close(struct jw *w);

/* Writes the buffer out when it holds more than a large piece (all of it
 * when `all`); false once anything failed. */
bool jw_flush(struct jw *w, bool all);

void jw_raw(struct jw *w, const char *s, size_t n);
void jw_lit(struct jw *w, const char *s);
/* s as a JSON string; not valid UTF-8, its escape_terminal form. */
void jw_str(struct jw *w, const char *s);
void jw_real(struct jw *w, double x);
void jw_int(struct jw *w, long long n);
/* v at nesting depth `indent` (spaces), without a final newline. */
void jw_tree(struct jw *w, const json_t *v, int indent);

#endif
