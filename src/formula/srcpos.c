/* srcpos.c: byte offsets in a formula turned into file positions, and error
 * messages that show the file's line with a caret.
 *
 * A formula is often a piece of a line of its file ("gain: sum(...)"): the
 * first line of the text starts at src->col and is shown after src->prefix;
 * later lines start at column 1. */
#include "formula/ast.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void fx_src_position(const struct fx_src *src, size_t off, int *line, int *col)
{
	size_t start = 0;
	int l = src->line > 0 ? src->line : 1;
	bool first = true;

	for (size_t i = 0; i < off && src->text[i]; i++)
		if (src->text[i] == '\n') {
			l++;
			start = i + 1;
			first = false;
		}
	*line = l;
	*col = (int)(off - start) + (first ? (src->col > 0 ? src->col : 1) : 1);
}

/* Shows the line holding off, with the prefix in front of the first one. */
static void attach_source(struct diag *d, const struct fx_src *src, size_t off)
{
	const char *text = src->text;
	size_t start = off, end = off;
	const char *prefix = "";
	size_t plen, llen;
	char *line;

	while (start > 0 && text[start - 1] != '\n')
		start--;
	while (text[end] && text[end] != '\n')
		end++;
	if (start == 0 && src->prefix)
		prefix = src->prefix;
	plen = strlen(prefix);
	llen = end - start;
	line = malloc(plen + llen + 1);
	if (!line)
		return; /* the message alone still says where */
	memcpy(line, prefix, plen);
	memcpy(line + plen, text + start, llen);
	line[plen + llen] = '\0';
	diag_set_source(d, line, plen + llen, plen + (off - start));
	free(line);
}

int fx_error_at(const struct fx_src *src, size_t off, struct diag *d,
                const char *fmt, ...)
{
	va_list ap;
	int line, col;

	if (!d)
		return FP_ERR;
	fx_src_position(src, off, &line, &col);
	va_start(ap, fmt);
	diag_vset(d, src->file, line, col, fmt, ap);
	va_end(ap);
	attach_source(d, src, off);
	return FP_ERR;
}
