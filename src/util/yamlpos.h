/* yamlpos.h: positions in a YAML document's text (yamlpos.c), shared by
 * the loader (yamldoc.c) and the errors it and its users raise. */
#ifndef FP_YAMLPOS_H
#define FP_YAMLPOS_H

#include <stddef.h>

#include "util/diag.h"

/* Start of line `line` (1-based) in text and its length (without the line
 * end); NULL past the end.  A UTF-8 byte order mark is not part of line 1. */
const char *ydoc_text_line(const char *text, size_t len, int line,
                           size_t *line_len);

/* Attaches line `line` of text to d with a caret under character `col`
 * (libyaml counts columns in characters, the caret needs bytes). */
void ydoc_attach_source(struct diag *d, const char *text, size_t len, int line,
                        int col);

/* Line and column (in characters) of byte offset off of text; a UTF-8 byte
 * order mark is not part of line 1. */
void ydoc_offset_position(const char *text, size_t len, size_t off, int *line,
                          int *col);

#endif
