/* csvrows.h: CSV text as rows of fields with positions, through libcsv,
 * for every CSV reader. */
#ifndef FP_RUN_FORMATS_CSVROWS_H
#define FP_RUN_FORMATS_CSVROWS_H

#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

struct csv_field {
	const char *text; /* len bytes and a NUL */
	size_t len;
	uint32_t line, col;
};
/* Called for each row (row 0 first, the header where there is one) with
 * its n fields, valid until it returns; f[n] (text NULL) is where the row
 * ends.  FP_ERR (d filled) stops. */
typedef int (*csv_row_fn)(void *ctx, size_t row, const struct csv_field *f,
                          size_t n);
/* Parses text[start..len) as CSV, positions counted from text[0] (line 1,
 * column 1).  Row 0 may have at most RUN_MAX_COLUMNS + 1 fields.  *rows
 * is the number of rows read.  Syntax errors: "quote in an unquoted
 * field", "text after the closing quote", "unterminated quoted field". */
int fmt_csv_rows(const char *path, const char *text, size_t len, size_t start,
                 csv_row_fn fn, void *ctx, size_t *rows, struct diag *d);

/* FP_OK when the row f[0..n) has the header's want cells, else the error
 * "row has N cells, the header has M" at its first cell too many, or
 * where it ends too soon. */
int fmt_csv_width(const char *path, const struct csv_field *f, size_t n,
                  size_t want, struct diag *d);

/* How many rows text[0..len) holds, as a forecast for rb_expect: its
 * lines ended by LF that are not empty, and one more.  A quoted field's
 * line ends count too; lines ended by a lone CR do not (a forecast too
 * small only costs the arrays' growth). */
size_t csv_count_rows(const char *text, size_t len);

#endif
