/* options.h: what an option of a command is (see command.h): one id from
 * one enum, its names, its help line; and groups of options several
 * commands share (the pricing inputs of job.h, the output of cli.h). */
#ifndef FP_OPTIONS_H
#define FP_OPTIONS_H

#include "util/diag.h"

/* Every option of every command, one id each.  Commands that share an
 * option (eval and the pricing commands both take --set) share its id. */
enum opt_id {
	OPT_NONE,
	OPT_HELP,
	/* pricing inputs (job.h) */
	OPT_METRIC,
	OPT_SET,
	OPT_WEIGHT,
	OPT_SCENARIO,
	OPT_RUNTIME_FACTOR,
	OPT_PASS,
	OPT_FAIL,
	OPT_DROP_MISSING,
	OPT_COLUMN,
	OPT_INPUT_FORMAT,
	OPT_ESTIMATOR,
	OPT_TIME,
	OPT_MISSING,
	OPT_RESULTS,
	OPT_RESULTS_BEFORE,
	OPT_SPLIT_BY,
	OPT_CASES,
	OPT_EXCLUDE,
	OPT_BEFORE,
	OPT_AFTER,
	/* output and plots (cli.h) */
	OPT_FORMAT,
	OPT_OUTPUT,
	OPT_FORCE,
	OPT_PLOT_DIR,
	OPT_PLOT_FORMAT,
	OPT_ASCII,
	OPT_PLOT_TIMEOUT,
	OPT_MD_LIMIT,
	OPT_ANNOTATIONS,
	/* one command's own */
	OPT_RECORD,
	OPT_VERBOSE,
	OPT_CHECK,
	OPT_PARAM,
	OPT_RANGE,
	OPT_DELTA,
	OPT_X,
	OPT_Y,
	OPT_RESOLUTION,
	OPT_PER_CASE,
	OPT_DISASM,
	OPT_SHOW,
	OPT_INPUTS,
	OPT_ANY_PATH,
	OPT_NAME,
	OPT_MAP,
	/* noise and the verdict (cmd/noise.h) */
	OPT_BOOTSTRAP,
	OPT_CONFIDENCE,
	OPT_SEED,
	OPT_THREADS,
	OPT_PASS_POLICY,
	OPT_CONTROL,
	OPT_ALLOW_NEWLY_FAILING,
	OPT_NO_CONTROL_GUARD,
	OPT_MARGIN,
};

/* One option as the user sees it. */
struct opt_spec {
	enum opt_id id;
	const char *name; /* long name without "--" */
	char letter;      /* short name, or 0 */
	const char *arg;  /* argument's name in help, or NULL: takes none */
	const char *help; /* help text, wrapped by help.c */
	/* The words the argument may be, listed from the table that defines
	 * them (formats, estimators, forms) and put after help: "HELP: a, b,
	 * c".  NULL: none. */
	const char *(*choices)(char *buf, size_t size);
	/* Takes the arguments that follow its own, up to the next option,
	 * one by one (--before B1 B2 B3). */
	bool many;
	/* It changes the figures: the key of the record's invocation that
	 * keeps it, which verify replays (report/invocation.c;
	 * tests/test_cmd_table.c holds the two to one another).  NULL: it
	 * changes no figure (an output, a thread count). */
	const char *replay;
};

/* -h, --help, which every command takes (parse.c). */
extern const struct opt_spec opt_help;

struct cmd_call;

/* Options several commands share, documented once in the man page. */
struct opt_group {
	const char *intro; /* help paragraph before the options, or NULL */
	const char *man;   /* the man page section that documents them */
	const struct opt_spec *opts; /* ending with {0} */
	/* Takes one of opts into call: FP_OK, or FP_ERR with d filled. */
	int (*take)(struct cmd_call *call, enum opt_id id, const char *arg,
	            struct diag *d);
};

#endif
