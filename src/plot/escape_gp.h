/* escape_gp.h: user text as a gnuplot data-file string.
 *
 * gnuplot runs backquoted text and system() calls found in command lines,
 * expands @macros there, and opens "<cmd" and "|cmd" file names as pipes.
 * None of that happens to a string read from a data file, so that is the
 * only way user text reaches gnuplot.  These functions also keep the data
 * file itself free of every such character, so that even a restyled script
 * that passes a name through eval or a macro cannot run anything:
 *
 *   - The text is first put in the one visible form of util/escape.h, cut
 *     at ESCAPE_MAX_SHOWN characters: a line break shows as \n, ESC as
 *     \x1b, a right-to-left override as \u202e, a byte that is not UTF-8
 *     as \xHH, the same as on a terminal.  So the label stays on one
 *     line, reads left to right, and the SVG stays well-formed XML (no
 *     raw control characters, no U+FFFE or U+FFFF).
 *   - The result is one field in double quotes.
 *   - Each of  ` " ' @ < > | $ \ ! ; # &  is written as an octal escape
 *     of four digits, the first 0 (` is \0140).  gnuplot decodes these
 *     when it reads a quoted field (after "\0" it reads four digits, else
 *     three), so the text still shows literally on the chart, and a digit
 *     that follows stays a digit.
 *
 * Charts are drawn with gnuplot's enhanced text off, so _ ^ { } @ & and ~
 * show as themselves. */
#ifndef FP_ESCAPE_GP_H
#define FP_ESCAPE_GP_H

#include <stdio.h>

/* Writes s as a quoted data-file field to f.  Returns the result of
 * ferror(f) afterwards (0 when all was written), or -1 when out of
 * memory. */
int gp_string_write(FILE *f, const char *s);

/* The same as a new string; NULL when out of memory.  Caller frees with
 * free(). */
char *gp_string(const char *s);

#endif
