/* help.c: every help text, generated from the command table, and the
 * `help` command. */
#include <string.h>

#include "cmd/command.h"

#define HELP_COLUMN 26 /* where an option's help line starts */

void help_overview(FILE *out)
{
	fputs("usage: fixprice [--help] [--version] COMMAND [ARGS...]\n"
	      "\n"
	      "Prices a fix in a benchmark's own units: what the cases it makes\n"
	      "pass gain, against what its slowdown costs every case.\n"
	      "\n"
	      "Commands:\n", out);
	for (const struct command *const *c = fp_commands; *c; c++)
		fprintf(out, "  %-10s %s\n", (*c)->name, (*c)->summary);
	fputs("\nRun 'fixprice help COMMAND' for a command's options.\n"
	      "Exit status: 0 done, 1 a --check gate said reject, "
	      "2 bad input or usage, 4 out of memory.\n", out);
}

/* "  -m, --metric NAME|FILE  help", continuation lines lined up. */
static void help_option(const struct opt_spec *s, FILE *out)
{
	int width = 0;
	const char *h = s->help;

	width += fprintf(out, "  ");
	if (s->letter)
		width += fprintf(out, "-%c, ", s->letter);
	width += fprintf(out, "--%s", s->name);
	if (s->arg)
		width += fprintf(out, " %s", s->arg);
	for (;;) {
		size_t len = strcspn(h, "\n");

		fprintf(out, "%*s%.*s\n", width < HELP_COLUMN ? HELP_COLUMN - width
		                                              : 2,
		        "", (int)len, h);
		if (!h[len])
			break;
		h += len + 1;
		width = 0;
	}
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
	fprintf(out, "\n%s\n", c->description);
	if (c->options && c->options->name) {
		help_options(c->options, out);
		fputc('\n', out);
	}
	for (const struct opt_group *const *g = c->groups; g && *g; g++) {
		fputs((*g)->intro ? (*g)->intro : "", out);
		help_options((*g)->opts, out);
	}
	help_option(&opt_help, out);
	if (c->epilogue)
		fprintf(out, "\n%s", c->epilogue);
}

void help_short_usage(const struct command *c, FILE *out)
{
	usage_line(c, out);
	fprintf(out, "Run 'fixprice help %s' for the options.\n", c->name);
}

static int help_run(const struct cmd_call *call, struct diag *d)
{
	const struct command *c;

	(void)d;
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
	.description = "Shows a command's usage, what it does and its options;\n"
	               "without COMMAND, the list of commands.\n",
	.max_args = 1,
	.run = help_run,
};
