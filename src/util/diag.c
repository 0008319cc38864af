#include "util/diag.h"

#include <string.h>

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

void diag_set_source(struct diag *d, const char *text, size_t len,
                     size_t caret_off)
{
	/* Room for the window plus two "..." marks and the terminator. */
	const size_t width = DIAG_SRC_MAX - 8;
	size_t start = 0, end, out = 0;

	if (caret_off > len)
		caret_off = len;
	if (len > width && caret_off > width / 2)
		start = caret_off - width / 2;
	end = start + width < len ? start + width : len;
	if (start > 0) {
		memcpy(d->src, "...", 3);
		out = 3;
	}
	for (size_t i = start; i < end; i++) {
		char c = text[i];
		/* Tabs become spaces so the caret lines up; other controls show as '?'. */
		d->src[out++] = c == '\t' ? ' ' : ((unsigned char)c < 0x20 ? '?' : c);
	}
	if (end < len) {
		memcpy(d->src + out, "...", 3);
		out += 3;
	}
	d->src[out] = '\0';
	d->caret = (int)(caret_off - start + (start > 0 ? 3 : 0)) + 1;
}

void diag_print(const struct diag *d, FILE *out)
{
	if (d->file[0] == '\0')
		fprintf(out, "fixprice: %s\n", d->msg);
	else if (d->line <= 0)
		fprintf(out, "%s: %s\n", d->file, d->msg);
	else if (d->col <= 0)
		fprintf(out, "%s:%d: %s\n", d->file, d->line, d->msg);
	else
		fprintf(out, "%s:%d:%d: %s\n", d->file, d->line, d->col, d->msg);
	if (d->src[0] != '\0') {
		fprintf(out, "  %s\n", d->src);
		if (d->caret > 0)
			fprintf(out, "  %*s^\n", d->caret - 1, "");
	}
}
