/* table.c: the command table, in the order `fixprice --help` lists it. */
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
