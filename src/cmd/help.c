/* help.c: a command's help and usage, generated from its table entry (the
 * list of commands and the `help` command are table.c's). */
#include <string.h>

#include "cmd/command.h"

#define HELP_COLUMN 26 /* where an option's help starts */
#define HELP_WIDTH 72  /* help lines end before this column */

/* Writes text (words between runs of spaces) from column col on, breaking
 * lines before HELP_WIDTH and starting each further line at column
 * indent; ends the last line. */
static void put_wrapped(FILE *out, const char *text, int col, int indent)
{
	const char *p = text;
	bool fresh = true; /* no word on this line yet */

	while (*p) {
		size_t gap = strspn(p, " "), len = strcspn(p + gap, " ");

		if (!fresh && col + (int)(gap + len) > HELP_WIDTH) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
			fresh = true;
		}
		if (fresh)
			p += gap;
		else
			len += gap;
		fwrite(p, 1, len, out);
		col += (int)len;
		p += len;
		fresh = false;
	}
	fputc('\n', out);
}

const struct opt_spec opt_help = {
    .id = OPT_HELP,
    .name = "help",
    .letter = 'h',
    .help = "show this help",
};

/* "  -m, --metric NAME|FILE  help", continuation lines lined up. */
static void help_option(const struct opt_spec *s, FILE *out)
{
	char text[512], list[400];
	int col = fprintf(out, "  ");

	if (s->letter)
		col += fprintf(out, "-%c, ", s->letter);
	col += fprintf(out, "--%s", s->name);
	if (s->arg)
		col += fprintf(out, " %s", s->arg);
	col +=
	    fprintf(out, "%*s", col < HELP_COLUMN ? HELP_COLUMN - col : 2, "");
	if (s->choices)
		snprintf(text, sizeof text, "%s: %s", s->help,
		         s->choices(list, sizeof list));
	else
		snprintf(text, sizeof text, "%s", s->help);
	put_wrapped(out, text, col, HELP_COLUMN);
}

static void help_options(const struct opt_spec *s, FILE *out)
{
	for (; s && s->name; s++)
		help_option(s, out);
}

/* "usage: fixprice NAME ARGS" */
static void usage_line(const struct command *c, FILE *out)
{
	fprintf(out, "usage: fixprice %s%s%s\n", c->name, c->args[0] ? " " : "",
	        c->args);
}

void help_command(const struct command *c, FILE *out)
{
	usage_line(c, out);
	fputc('\n', out);
	put_wrapped(out, c->description, 0, 0);
	fputc('\n', out);
	if (c->options && c->options->name) {
		help_options(c->options, out);
		fputc('\n', out);
	}
	for (const struct opt_group *const *g = c->groups; g && *g; g++) {
		if ((*g)->intro)
			put_wrapped(out, (*g)->intro, 0, 0);
		help_options((*g)->opts, out);
	}
	help_option(&opt_help, out);
	if (c->epilogue) {
		fputc('\n', out);
		put_wrapped(out, c->epilogue, 0, 0);
	}
}

void help_short_usage(const struct command *c, FILE *out)
{
	usage_line(c, out);
	fprintf(out, "Run 'fixprice help %s' for the options.\n", c->name);
}
