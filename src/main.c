/* main.c: program entry.  Global options, the subcommand table, dispatch.
 *
 * Each subcommand is one file, src/cmd_NAME.c, that parses its own options
 * and returns the exit status; main only finds it. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"

static int cmd_help(int argc, char **argv);

const struct command fp_commands[] = {
	{"price", cmd_price, "price a fix: gain, cost, net and the decision",
	 cmd_price_usage},
	{"breakeven", cmd_breakeven, "where net is zero as one parameter varies",
	 cmd_breakeven_usage},
	{"sweep", cmd_sweep, "gain, cost, net and decision over a parameter range",
	 cmd_sweep_usage},
	{"tornado", cmd_tornado, "net as each parameter moves by +/- delta",
	 cmd_tornado_usage},
	{"map", cmd_map, "net over a grid of two parameters", cmd_map_usage},
	{"eval", cmd_eval, "evaluate a formula over a run", cmd_eval_usage},
	{"check", cmd_check, "validate a metric file and show what it defines",
	 cmd_check_usage},
	{"metrics", cmd_metrics, "list the shipped metrics", cmd_metrics_usage},
	{"help", cmd_help, "show help for a command",
	 "usage: fixprice help [COMMAND]\n"},
	{0},
};

const struct command *command_find(const char *name)
{
	for (const struct command *c = fp_commands; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

static void print_overview(FILE *out)
{
	fputs("usage: fixprice [--help] [--version] COMMAND [ARGS...]\n"
	      "\n"
	      "Prices a fix in a benchmark's own units: what the cases it makes\n"
	      "pass gain, against what its slowdown costs every case.\n"
	      "\n"
	      "Commands:\n", out);
	for (const struct command *c = fp_commands; c->name; c++)
		fprintf(out, "  %-10s %s\n", c->name, c->summary);
	fputs("\nRun 'fixprice help COMMAND' for a command's options.\n"
	      "Exit status: 0 done, 1 a --check gate said reject, "
	      "2 bad input or usage.\n", out);
}

static int cmd_help(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		print_overview(stdout);
		return EXIT_OK;
	}
	c = command_find(argv[1]);
	if (!c) {
		fprintf(stderr, "fixprice: no command '%s'\n", argv[1]);
		return EXIT_USAGE;
	}
	fputs(c->usage, stdout);
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{0},
	};
	static char name[64];
	const struct command *c;
	int opt, first;

	/* '+' stops at the first non-option: the rest belongs to the command. */
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			print_overview(stdout);
			return EXIT_OK;
		case 'V':
			puts(PACKAGE_STRING);
			return EXIT_OK;
		default:
			fprintf(stderr, "fixprice: unknown option '%s'\n"
			        "usage: fixprice [--help] [--version] COMMAND [ARGS...]\n",
			        argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		print_overview(stderr);
		return EXIT_USAGE;
	}
	first = optind;
	c = command_find(argv[first]);
	if (!c) {
		fprintf(stderr, "fixprice: no command '%s' (try 'fixprice --help')\n",
		        argv[first]);
		return EXIT_USAGE;
	}
	/* Each command parses argv from its own name on; optind = 0 makes glibc
	 * getopt start afresh (and re-read the option string's flags).  getopt
	 * names argv[0] in its messages: make that "fixprice NAME". */
	snprintf(name, sizeof name, "fixprice %s", c->name);
	argv[first] = name;
	optind = 0;
	opterr = 1;
	return c->run(argc - first, argv + first);
}
