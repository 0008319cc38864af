/* diag.h: one error, carried as a value from where it is found up to main.
 *
 * Every function that can fail on bad input returns FP_OK or FP_ERR and, on
 * FP_ERR, fills a struct diag supplied by its caller.  Only main prints it and
 * picks the exit status.  A diag owns no heap memory, so it can be filled
 * deep in a failing path and dropped without cleanup. */
#ifndef FP_DIAG_H
#define FP_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

enum { FP_OK = 0, FP_ERR = -1 };

#define DIAG_FILE_MAX 256
#define DIAG_MSG_MAX 512
#define DIAG_SRC_MAX 160 /* a window of the source line around the caret */

struct diag {
	char file[DIAG_FILE_MAX]; /* "" when no file is involved */
	int line, col;            /* 1-based; 0 when unknown */
	char msg[DIAG_MSG_MAX];
	char src
	    [DIAG_SRC_MAX]; /* source line (or a window of it); "" for none */
	int caret;          /* 1-based column in src for '^'; 0 for none */
	int oom;            /* 1: out of memory, not bad input */
};

/* Fills d (clearing any earlier source line).  file may be NULL.
 * Returns FP_ERR so that callers can write `return diag_set(...)`. */
int diag_set(struct diag *d, const char *file, int line, int col,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int diag_vset(struct diag *d, const char *file, int line, int col,
              const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));

/* Fills d with "out of memory" and marks it so, for its own exit status.
 * Returns FP_ERR. */
int diag_oom(struct diag *d);
/* 1 if d was filled by diag_oom, else 0. */
int diag_is_oom(const struct diag *d);

/* Attaches the source line to show under the message, with a caret under
 * byte offset caret_off (0-based) of text[0..len).  Long lines are cut to a
 * window around the caret, marked with "...". */
void diag_set_source(struct diag *d, const char *text, size_t len,
                     size_t caret_off);

/* Prefixes the message with "what: " in place, for context added on the way
 * up ("in formula 'gain': ..."). */
void diag_prefix(struct diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prints "FILE:LINE:COL: message", then source and caret lines if any.
 * Without a line: "FILE: message"; without a file: "fixprice: message". */
void diag_print(const struct diag *d, FILE *out);

#endif
