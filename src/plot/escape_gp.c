#include "plot/escape_gp.h"

#include <stdlib.h>
#include <string.h>

static const char gp_meta[] = "`\"'@<>|$\\!;#&";

static void put_utf8(FILE *f, unsigned long cp)
{
	if (cp < 0x800) {
		putc((int)(0xc0 | (cp >> 6)), f);
	} else {
		putc((int)(0xe0 | (cp >> 12)), f);
		putc((int)(0x80 | ((cp >> 6) & 0x3f)), f);
	}
	putc((int)(0x80 | (cp & 0x3f)), f);
}

/* Length of the valid UTF-8 sequence of a multi-byte character at s, or 0
 * if the bytes there are not one (bad lead, missing continuation, overlong,
 * surrogate, beyond U+10FFFF, or the non-characters U+FFFE and U+FFFF). */
static size_t utf8_valid_len(const unsigned char *s)
{
	unsigned long cp, min;
	size_t len;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2, cp = s[0] & 0x1f, min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3, cp = s[0] & 0x0f, min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4, cp = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	for (size_t i = 1; i < len; i++) {
		/* Stops at the terminating NUL too: it is no continuation byte. */
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp == 0xfffe || cp == 0xffff)
		return 0;
	return len;
}

int gp_string_write(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	putc('"', f);
	while (*p) {
		unsigned char c = *p;
		size_t len;

		if (c == '\n' || c == '\r') {
			put_utf8(f, 0x21b5);
			p++;
		} else if (c == '\t') {
			putc(' ', f);
			p++;
		} else if (c < 0x20 || c == 0x7f) {
			put_utf8(f, 0xfffd);
			p++;
		} else if (c < 0x80) {
			if (strchr(gp_meta, c))
				fprintf(f, "\\%04o", c);
			else
				putc(c, f);
			p++;
		} else if ((len = utf8_valid_len(p)) > 0) {
			fwrite(p, 1, len, f);
			p += len;
		} else {
			put_utf8(f, 0xfffd);
			p++;
		}
	}
	putc('"', f);
	return ferror(f);
}

char *gp_string(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	if (gp_string_write(f, s) != 0) {
		fclose(f);
		free(buf);
		return NULL;
	}
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}
