/* yamlpos.c: where things are in a YAML document's text, for messages:
 * lines, character columns, and the source line with a caret. */
#include "util/yamlpos.h"

#include <string.h>

const char *ydoc_text_line(const char *text, size_t len, int line,
                           size_t *line_len)
{
	const char *p = text, *end = text + len, *nl;

	if (!text || line < 1)
		return NULL;
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	for (int i = 1; i < line; i++) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	if (p == end && line > 1)
		return NULL; /* the empty "line" after a final newline */
	nl = memchr(p, '\n', (size_t)(end - p));
	*line_len = (size_t)((nl ? nl : end) - p);
	if (*line_len > 0 && p[*line_len - 1] == '\r')
		(*line_len)--;
	return p;
}

/* Attaches line `line` of text to d with a caret under character `col`
 * (libyaml counts columns in characters, the caret needs bytes). */
void ydoc_attach_source(struct diag *d, const char *text, size_t len, int line,
                        int col)
{
	size_t llen, off = 0;
	const char *s = ydoc_text_line(text, len, line, &llen);

	if (!s)
		return;
	for (int c = 1; c < col && off < llen; c++) {
		off++;
		while (off < llen && ((unsigned char)s[off] & 0xc0) == 0x80)
			off++;
	}
	diag_set_source(d, s, llen, off);
}

/* Line and column (in characters) of byte offset off. */
void ydoc_offset_position(const char *text, size_t len, size_t off, int *line,
                          int *col)
{
	size_t start = 0;

	*line = 1;
	if (off > len)
		off = len;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 && off >= 3)
		start = 3;
	for (size_t i = start; i < off; i++)
		if (text[i] == '\n') {
			(*line)++;
			start = i + 1;
		}
	*col = 1;
	for (size_t i = start; i < off; i++)
		if (((unsigned char)text[i] & 0xc0) != 0x80)
			(*col)++;
}
