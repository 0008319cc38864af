/* main.c: program entry.  The global options, then the command named by
 * the first other argument (src/cmd/table.c lists them; each is one file
 * in src/cmd/). */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd/command.h"
#include "util/bigmem.h"
#include "util/editdist.h"

static const char usage[] =
    "usage: fixprice [--help] [--version] COMMAND [ARGS...]\n";

/* "unknown option", with the nearest global option if there is one. */
static int bad_option(const char *text)
{
	static const char *const names[] = {"help", "version"};
	const char *near = NULL;

	if (strncmp(text, "--", 2) == 0)
		near =
		    closest_word(text + 2, strcspn(text + 2, "="), names, 2, 2);
	if (near)
		fprintf(stderr,
		        "fixprice: unknown option '%s'; did you mean "
		        "'--%s'?\n%s",
		        text, near, usage);
	else
		fprintf(stderr, "fixprice: unknown option '%s'\n%s", text,
		        usage);
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
	    {.name = "help", .has_arg = no_argument, .val = 'h'},
	    {.name = "version", .has_arg = no_argument, .val = 'V'},
	    {0},
	};
	const struct command *c;
	int opt;

	bigmem_keep_freed();
	bigmem_huge_heap();
	/* '+' stops at the first non-option: the rest belongs to the command. */
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			help_overview(stdout);
			return command_close_stdout(EXIT_OK);
		case 'V':
			puts(PACKAGE_STRING);
			return command_close_stdout(EXIT_OK);
		default:
			return bad_option(argv[optind - 1]);
		}
	}
	if (optind >= argc) {
		help_overview(stderr);
		return EXIT_USAGE;
	}
	c = command_find(argv[optind]);
	if (!c) {
		command_unknown(argv[optind]);
		return EXIT_USAGE;
	}
	/* The command parses argv from its own name on. */
	return command_main(c, argc - optind, argv + optind);
}
