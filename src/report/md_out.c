/* md_out.c: user text into the Markdown record, escaped (md.h). */
#include <stdlib.h>

#include "report/md.h"
#include "util/escape.h"

static void put_escaped(struct mout *m, char *e)
{
	if (!e) {
		m->oom = true;
		return;
	}
	fputs(e, m->out);
	free(e);
}

void md_text(struct mout *m, const char *s)
{
	put_escaped(m, escape_md_text(s));
}

void md_code(struct mout *m, const char *s, bool cell)
{
	put_escaped(m, escape_md_code(s, cell));
}

void md_url(struct mout *m, const char *s)
{
	put_escaped(m, escape_url_path(s));
}
