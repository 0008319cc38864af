/* help.c: every help text, generated from the command table, and the
 * `help` command. */
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

void help_overview(FILE *out)
{
	fputs(
	    "usage: fixprice [--help] [--version] COMMAND [ARGS...]\n"
	    "\n"
	    "Prices a fix in a benchmark's own units: what the cases it makes\n"
	    "pass gain, against what its slowdown costs every case.\n"
	    "\n"
	    "Commands:\n",
	    out);
	for (const struct command *const *c = fp_commands; *c; c++)
		fprintf(out, "  %-10s %s\n", (*c)->name, (*c)->summary);
	fputs("\nRun 'fixprice help COMMAND' for a command's options.\n"
	      "Exit status: 0 done, 1 a --check gate said reject, "
	      "2 bad input or usage,\n3 a --check gate said inconclusive, "
	      "4 out of memory.\n",
	      out);
}

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

static int help_run(const struct cmd_call *call, struct diag *d)
{
	const struct command *c;

	if (call->nargs == 0) {
		help_overview(stdout);
		return EXIT_OK;
	}
	c = command_find(call->args[0]);
	if (!c) {
		command_unknown(call->args[0]);
		return EXIT_USAGE;
	}
	help_command(c, stdout);
	return EXIT_OK;
}

const struct command cmd_help = {
    .name = "help",
    .summary = "show help for a command",
    .args = "[COMMAND]",
    .description =
        "Shows a command's usage, what it does and its options; without "
        "COMMAND, the list of commands.",
    .max_args = 1,
    .run = help_run,
};
