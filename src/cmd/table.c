/* table.c: the command table, in the order `fixprice --help` lists it,
 * and what lists it: the overview, the `help` command, "did you mean".
 * Only main.c and the table's own help command name it. */
#include <string.h>

#include "cmd/command.h"
#include "util/editdist.h"

const struct command *const fp_commands[] = {
    &cmd_price, &cmd_breakeven, &cmd_sweep,  &cmd_tornado,
    &cmd_map,   &cmd_compare,   &cmd_verify, &cmd_eval,
    &cmd_check, &cmd_metrics,   &cmd_help,   NULL,
};

#define NCOMMANDS (sizeof fp_commands / sizeof fp_commands[0] - 1)

const struct command *command_find(const char *name)
{
	for (const struct command *const *c = fp_commands; *c; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
	return NULL;
}

void command_unknown(const char *name)
{
	const char *names[NCOMMANDS];
	const char *near;

	for (size_t i = 0; i < NCOMMANDS; i++)
		names[i] = fp_commands[i]->name;
	near = closest_word(name, strlen(name), names, NCOMMANDS, 2);
	if (near)
		fprintf(stderr,
		        "fixprice: no command '%s'; did you mean '%s'?\n", name,
		        near);
	else
		fprintf(stderr,
		        "fixprice: no command '%s' (try 'fixprice --help')\n",
		        name);
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
