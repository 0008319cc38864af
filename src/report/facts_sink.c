/* facts_sink.c: the pieces of a facts line, for facts.c and facts_seen.c
 * (internal.h). */
#include <stdio.h>

#include "report/internal.h"

void facts_lit(const struct facts_sink *k, const char *s)
{
	fputs(s, k->out);
}

void facts_begin(const struct facts_sink *k, const char *label)
{
	fprintf(k->out, "%s%s: ", k->bullet, label);
}

void facts_end(const struct facts_sink *k)
{
	fputc('\n', k->out);
}
