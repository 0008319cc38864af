/* commands.h: the subcommand table.  Each command lives in src/cmd_NAME.c,
 * parses its own options with getopt_long (argv[0] is the command's name),
 * calls the layers, prints its own diagnostics with diag_print, and returns
 * an exit status. */
#ifndef FP_COMMANDS_H
#define FP_COMMANDS_H

enum { EXIT_OK = 0, EXIT_GATE = 1, EXIT_USAGE = 2 };

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary; /* one line, for `fixprice --help` */
	const char *usage;   /* full text, for `fixprice help NAME` and --help */
};

/* The table, ending with a zeroed entry (defined in main.c). */
extern const struct command fp_commands[];

const struct command *command_find(const char *name);

/* One entry point and one usage text per command. */
#define FP_COMMAND(name) \
	int cmd_##name(int argc, char **argv); \
	extern const char cmd_##name##_usage[]

FP_COMMAND(price);
FP_COMMAND(eval);
FP_COMMAND(check);
FP_COMMAND(metrics);
FP_COMMAND(breakeven);
FP_COMMAND(sweep);
FP_COMMAND(tornado);
FP_COMMAND(map);

#endif
