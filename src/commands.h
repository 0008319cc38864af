/* commands.h: the subcommand table.  Each command lives in src/cmd_NAME.c,
 * parses its own options with getopt_long, calls the layers, and returns an
 * exit status (0 ok, 1 a --check gate said no, 2 bad input or usage). */
#ifndef FP_COMMANDS_H
#define FP_COMMANDS_H

enum { EXIT_OK = 0, EXIT_GATE = 1, EXIT_USAGE = 2 };

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary; /* one line, for `fixprice --help` */
	const char *usage;   /* full text, for `fixprice help NAME` */
};

/* The table, ending with a zeroed entry (defined in main.c). */
extern const struct command fp_commands[];

const struct command *command_find(const char *name);

#endif
