/* escape_gp.h: user text as a gnuplot data-file string.
 *
 * gnuplot runs backquoted text and system() calls found in command lines,
 * expands @macros there, and opens "<cmd" and "|cmd" file names as pipes.
 * None of that happens to a string read from a data file, so that is the
 * only way user text reaches gnuplot.  These functions also keep the data
 * file itself free of every such character, so that even a restyled script
 * that passes a name through eval or a macro cannot run anything:
 *
 *   - The result is one field in double quotes.
 *   - Each of  ` " ' @ < > | $ \ ! ; # &  is written as an octal escape
 *     of four digits, the first 0 (` is \0140).  gnuplot decodes these
 *     when it reads a quoted field (after "\0" it reads four digits, else
 *     three), so the text still shows literally on the chart, and a digit
 *     that follows stays a digit.
 *   - A line break (\n or \r) shows as U+21B5 (a return arrow), a tab as a
 *     blank, any other control byte (0x01-0x1f, 0x7f) as U+FFFD: the label
 *     stays on one line, and valid in SVG, where raw controls are not.
 *     (Not the Unicode control pictures U+2400..: common fonts lack them.)
 *   - A byte that is not part of valid UTF-8 (and U+FFFE, U+FFFF) becomes
 *     U+FFFD, so the SVG stays well-formed XML.
 *
 * Charts are drawn with gnuplot's enhanced text off, so _ ^ { } @ & and ~
 * show as themselves. */
#ifndef FP_ESCAPE_GP_H
#define FP_ESCAPE_GP_H

#include <stdio.h>

/* Writes s as a quoted data-file field to f.  Returns the result of
 * ferror(f) afterwards (0 when all was written). */
int gp_string_write(FILE *f, const char *s);

/* The same as a new string; NULL when out of memory.  Caller frees with
 * free(). */
char *gp_string(const char *s);

#endif
