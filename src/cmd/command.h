/* command.h: the command table.  Each command is one file in src/cmd/
 * holding its entry: name, summary, arguments, description and options.
 * One option loop (cmd_parse) serves every command, and every help text,
 * short usage and "did you mean" is generated from the table, so that what
 * a command accepts and what it says it accepts cannot drift apart.
 *
 * Adding a command: a file src/cmd/NAME.c defining `const struct command
 * cmd_NAME` (declared below), its place in table.c, its line in Makefile.am
 * and a section ".SS NAME" in man/fixprice.1.  A pricing command gives
 * .pricing (the steps around loading and pricing, pricing.c) instead of .run.
 *
 * Adding an option: give it an id in enum opt_id (options.h), a line in the
 * command's options (or a shared group), a case in the command's option
 * function, and a paragraph in man/fixprice.1 (tests/test_cmd_table.c
 * checks both). */
#ifndef FP_COMMAND_H
#define FP_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cmd/cli.h"
#include "cmd/job.h"
#include "cmd/noise.h"
#include "cmd/options.h"
#include "plot/plot.h"
#include "price/session.h"
#include "sens/sensitivity.h"
#include "util/staging.h"
#include "util/diag.h"

/* Exit statuses (man/fixprice.1, EXIT STATUS). */
enum {
	EXIT_OK = 0,
	EXIT_GATE = 1,  /* price --check and the decision is not accept */
	EXIT_USAGE = 2, /* bad input or usage */
	EXIT_INCONCLUSIVE = 3, /* price --check and the verdict is
	                        * inconclusive */
	EXIT_OOM = 4,          /* out of memory */
};

/* What the one option loop gathered for a command. */
struct cmd_call {
	const struct command *cmd;
	struct job_opts job;    /* the pricing inputs group */
	struct output_opts out; /* the output and plot groups */
	struct cmd_noise noise; /* the noise group (noise.h) */
	void *own;              /* the command's own options (own_size bytes) */
	char **args;            /* positional arguments */
	size_t nargs;
};

/* What the pricing frame loaded and priced once, for the steps: the
 * inputs, a session over them, their price (the one price_compute of the
 * command), and, for a command whose steps ask for it (.analysis), an
 * analysis on that price (sens.price, a copy the sensitivity commands
 * move). */
struct priced {
	struct job job;
	struct session *session;
	struct price *price;
	struct sens sens;
	/* Folders written aside and committed by the frame only once all
	 * other output was written (util/staging.h): --plot-dir (the frame
	 * opens it; the steps see its staging path as call->out.plot_dir) and
	 * a record folder (price opens it). */
	struct staging plot_stage, record_stage;
	/* The exit status says the decision (price --check), so a warning
	 * after the commit (an old folder left) makes it EXIT_USAGE. */
	bool check;
};

/* The steps of a pricing command between loading and exit; see pricing.c
 * for their order.  own is the command's own options and results. */
struct pricing {
	/* Before loading: may set what the frame loads (call's job, noise
	 * and runs), as verify takes them from a record.  May be NULL. */
	int (*setup)(void *own, struct cmd_call *call, struct diag *d);
	/* The frame opens an analysis on the price (priced.sens: a copy of
	 * the price that the sensitivity commands move); price needs none,
	 * and its record keeps one copy of the per-case arrays, not two. */
	bool analysis;
	/* The command checks its record forms itself (its setup or steps),
	 * not the frame. */
	bool own_forms;
	/* --ascii alone renders plots the command draws into its record
	 * folder; without this it needs --plot-dir. */
	bool plots_in_record;
	/* Computes what the command writes. */
	int (*analyse)(void *own, struct priced *pr,
	               const struct cmd_call *call, struct diag *d);
	/* Writes it to out in call->out.format. */
	int (*write)(void *own, struct priced *pr, const struct cmd_call *call,
	             FILE *out, struct diag *d);
	/* After the output is committed: plots and notes, and the exit status
	 * when it is not EXIT_OK.  May be NULL. */
	int (*after)(void *own, struct priced *pr, const struct cmd_call *call,
	             int *status, struct diag *d);
};

struct command {
	const char *name;
	const char *summary;     /* one line, for `fixprice --help` */
	const char *args;        /* the usage line after "fixprice NAME " */
	const char *description; /* paragraph for `help NAME`, wrapped */
	const char *epilogue;    /* paragraph after the options, or NULL */
	const struct opt_spec *options; /* own, ending with {0}, or NULL */
	const struct opt_group *const *groups; /* ending with NULL, or NULL */
	size_t min_args, max_args;             /* positional arguments */
	/* Said instead of the short usage for a wrong number of arguments. */
	const char *args_error;
	size_t own_size; /* bytes of own option state, zeroed before parsing */
	/* Takes one of options into own: FP_OK, or FP_ERR with d filled. */
	int (*option)(void *own, enum opt_id id, const char *arg,
	              struct diag *d);
	/* Either run (returns an exit status, or FP_ERR with d filled) ... */
	int (*run)(const struct cmd_call *call, struct diag *d);
	/* ... or the pricing frame with these steps. */
	const struct pricing *pricing;
	/* Frees what option and the steps left in own.  May be NULL. */
	void (*free_own)(void *own);
};

/* What a sensitivity command without noise (map) takes besides its own
 * options: the inputs, output and plot groups (pricing.c); and what every
 * pricing command takes as arguments, BEFORE [AFTER]. */
extern const struct opt_group *const pricing_groups[];

/* The entries of the output options --format, -o and --force of a
 * command whose forms are listed by `formats` and whose -o extensions by
 * `exts` (NULL: none listed): one set for price, the sensitivity commands
 * and verify. */
#define CMD_OUTPUT_OPTS(formats, exts) \
	{.id = OPT_FORMAT, \
	 .name = "format", \
	 .arg = "FMT", \
	 .help = "the form (default: text), wins over -o's extension", \
	 .choices = (formats)}, \
	    {.id = OPT_OUTPUT, \
	     .name = "output", \
	     .letter = 'o', \
	     .arg = "FILE", \
	     .help = "write to FILE instead of stdout (- is stdout); " \
	             "without --format its extension chooses", \
	     .choices = (exts)}, \
	{ \
		.id = OPT_FORCE, .name = "force", \
		.help = "replace existing output files" \
	}

/* The take of an output group: output_option on call->out. */
int cmd_take_output(struct cmd_call *call, enum opt_id id, const char *arg,
                    struct diag *d);

#define PRICING_ARGS \
	.min_args = 1, .max_args = 2, \
	.args_error = "give BEFORE AFTER, BOTH, or BEFORE with a scenario"

/* The table, ending with NULL (table.c). */
extern const struct command *const fp_commands[];

/* The entries, one per file. */
extern const struct command cmd_price, cmd_breakeven, cmd_sweep, cmd_tornado,
    cmd_map, cmd_compare, cmd_verify, cmd_eval, cmd_check, cmd_metrics,
    cmd_help;

/* The command named name, or NULL. */
const struct command *command_find(const char *name);

/* Runs command c on argv (argv[0] is its name; optind is reset): parses the
 * options, runs it, prints any error, closes standard output with a check.
 * Returns the exit status. */
int command_main(const struct command *c, int argc, char **argv);

/* The exit status for a failure described by d: EXIT_OOM when d says out
 * of memory, EXIT_USAGE otherwise. */
int command_status(const struct diag *d);

/* Flushes standard output and reports a failure on it once, as GNU's
 * close_stdout does; returns status, or EXIT_USAGE if it was a success and
 * the output could not be written. */
int command_close_stdout(int status);

/* The one option loop: fills call from argv.  Returns FP_OK to go on, or
 * FP_ERR with *status set: EXIT_OK after --help (printed), EXIT_USAGE after
 * a usage error (printed), or the status of a bad option argument. */
int cmd_parse(const struct command *c, int argc, char **argv,
              struct cmd_call *call, int *status);
void cmd_call_free(struct cmd_call *call);

/* The pricing frame: loads, prices, runs c->pricing's steps, writes. */
int pricing_run(const struct cmd_call *call, struct diag *d);

/* The plot options the output options ask for. */
struct plot_opts cmd_plot_opts(const struct output_opts *o);

/* Turns a plot result into the one line a user needs, if any, on stderr
 * (and the text rendering on stdout when asked), then frees it. */
void cmd_plot_done(struct plot_result *r, const struct output_opts *o);

/* Prints "fixprice: NOTE" to out, naming files by their final paths
 * (output_final_text). */
void cmd_note(const struct output_opts *o, const char *note, FILE *out);

/* Help texts (help.c). */
void help_overview(FILE *out);
void help_command(const struct command *c, FILE *out);
/* "usage: fixprice NAME ARGS" and where the rest is, after a usage error. */
void help_short_usage(const struct command *c, FILE *out);

/* "fixprice: no command 'x'; did you mean 'y'?" on stderr. */
void command_unknown(const char *name);

#endif
