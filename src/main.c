/* main.c: program entry.  Global options, the subcommand table, dispatch. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"

const struct command fp_commands[] = {
	{0},
};

const struct command *command_find(const char *name)
{
	for (const struct command *c = fp_commands; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	puts(PACKAGE_STRING);
	return EXIT_OK;
}
