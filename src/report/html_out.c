/* html_out.c: user text into the HTML page (html.h). */
#include <stdlib.h>

#include "report/html.h"
#include "util/escape.h"

static void put_escaped(struct hout *h, const char *s,
                        char *(*esc)(const char *))
{
	char *e = esc(s ? s : "");

	if (!e) {
		h->oom = true;
		return;
	}
	fputs(e, h->out);
	free(e);
}

void html_text(struct hout *h, const char *s)
{
	put_escaped(h, s, escape_html);
}

void html_visible(struct hout *h, const char *s)
{
	put_escaped(h, s, escape_html_visible);
}
