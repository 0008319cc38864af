#include "util/diag.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

int diag_vset(struct diag *d, const char *file, int line, int col,
              const char *fmt, va_list ap)
{
	if (!d)
		return FP_ERR;
	snprintf(d->file, sizeof d->file, "%s", file ? file : "");
	d->line = line;
	d->col = col;
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	d->src[0] = '\0';
	d->caret = 0;
	d->oom = 0;
	return FP_ERR;
}

int diag_oom(struct diag *d)
{
	diag_set(d, NULL, 0, 0, "out of memory");
	if (d)
		d->oom = 1;
	return FP_ERR;
}

int diag_is_oom(const struct diag *d)
{
	return d->oom;
}

int diag_set(struct diag *d, const char *file, int line, int col,
             const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vset(d, file, line, col, fmt, ap);
	va_end(ap);
	return FP_ERR;
}

void diag_prefix(struct diag *d, const char *fmt, ...)
{
	char head[DIAG_MSG_MAX];
	size_t hlen, mlen = strlen(d->msg);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(head, sizeof head - 2, fmt, ap);
	va_end(ap);
	strcat(head, ": ");
	hlen = strlen(head);
	/* Shift the old message right, cutting its end if it no longer fits. */
	if (hlen + mlen >= sizeof d->msg)
		mlen = sizeof d->msg - 1 - hlen;
	memmove(d->msg + hlen, d->msg, mlen);
	memcpy(d->msg, head, hlen);
	d->msg[hlen + mlen] = '\0';
}

/* Characters (not bytes) in the visible form of text[0..n): where a caret
 * goes under it. */
static size_t shown_width(const char *text, size_t n)
{
	char *raw = strndup(text, n), *vis = raw ? escape_controls(raw) : NULL;
	size_t w = 0;

	for (const char *p = vis; p && *p; p++)
		w += ((unsigned char)*p & 0xc0) != 0x80;
	free(raw);
	free(vis);
	return w;
}

/* Fills d->src with the visible form of text[start..end), tabs as blanks,
 * marked with "..." where cut.  False if it does not fit. */
static bool put_window(struct diag *d, const char *text, size_t len,
                       size_t start, size_t end)
{
	char *raw = strndup(text + start, end - start), *vis;
	bool fits;

	if (!raw)
		return false;
	/* Tabs become blanks so that the caret lines up. */
	for (char *p = raw; *p; p++)
		if (*p == '\t')
			*p = ' ';
	vis = escape_controls(raw);
	free(raw);
	fits = vis && strlen(vis) + 7 < sizeof d->src;
	if (fits)
		snprintf(d->src, sizeof d->src, "%s%s%s",
		         start > 0 ? "..." : "", vis, end < len ? "..." : "");
	free(vis);
	return fits;
}

void diag_set_source(struct diag *d, const char *text, size_t len,
                     size_t caret_off)
{
	/* A window of bytes around the caret, narrowed until its visible
	 * form (where one byte can take four characters) fits. */
	size_t width = DIAG_SRC_MAX - 8, start, end;
	bool fits;

	if (caret_off > len)
		caret_off = len;
	for (;; width /= 2) {
		start = len > width && caret_off > width / 2
		            ? caret_off - width / 2
		            : 0;
		end = start + width < len ? start + width : len;
		fits = put_window(d, text, len, start, end);
		if (fits || width < 8)
			break;
	}
	if (!fits) {
		d->src[0] = '\0';
		d->caret = 0;
		return;
	}
	d->caret = (int)(shown_width(text + start, caret_off - start) +
	                 (start > 0 ? 3 : 0)) +
	           1;
}

void diag_print(const struct diag *d, FILE *out)
{
	/* A path can hold any byte but '/' and NUL; the message is made of
	 * escaped parts, but nothing raw may reach the terminal. */
	char *file = escape_terminal(d->file), *msg = escape_controls(d->msg);
	const char *f = file ? file : "?", *m = msg ? msg : d->msg;

	if (d->file[0] == '\0')
		fprintf(out, "fixprice: %s\n", m);
	else if (d->line <= 0)
		fprintf(out, "%s: %s\n", f, m);
	else if (d->col <= 0)
		fprintf(out, "%s:%d: %s\n", f, d->line, m);
	else
		fprintf(out, "%s:%d:%d: %s\n", f, d->line, d->col, m);
	if (d->src[0] != '\0') {
		fprintf(out, "  %s\n", d->src);
		if (d->caret > 0)
			fprintf(out, "  %*s^\n", d->caret - 1, "");
	}
	free(file);
	free(msg);
}
