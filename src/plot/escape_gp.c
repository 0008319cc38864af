#include "plot/escape_gp.h"

#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

static const char gp_meta[] = "`\"'@<>|$\\!;#&";

int gp_string_write(FILE *f, const char *s)
{
	/* The visible form first: no control, no invalid UTF-8, no hidden
	 * or direction-changing character is left (util/escape.h). */
	char *vis = escape_terminal_cut(s, ESCAPE_MAX_SHOWN);

	if (!vis)
		return -1;
	putc('"', f);
	for (const char *p = vis; *p; p++) {
		if (strchr(gp_meta, *p))
			fprintf(f, "\\%04o", (unsigned char)*p);
		else
			putc(*p, f);
	}
	putc('"', f);
	free(vis);
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
