/* cli.h: small parsers shared by the commands' option handling.
 * Text typed on the command line is reported as "<command line>". */
#ifndef FP_CLI_H
#define FP_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cmd/options.h"
#include "report/report.h"
#include "util/atomic_file.h"
#include "util/staging.h"
#include "util/diag.h"

#define CLI_SOURCE "<command line>"

/* Seconds gnuplot may take for one picture unless --plot-timeout says. */
#define CLI_PLOT_TIMEOUT 60

/* Parses a constant formula typed by the user ("0.6", "1/3", "2**-3") to
 * one finite number.  `what` names the option for messages. */
int cli_number(const char *text, const char *what, double *out, struct diag *d);

/* Splits "NAME=VALUE" at the LAST '=' (globs may hold '=' but numbers do
 * not).  *name is malloc'd (caller frees); VALUE is a constant formula. */
int cli_assignment(const char *arg, const char *what, char **name,
                   double *value, struct diag *d);

/* Makes room for item n (0-based) in a realloc'd array of `size`-byte
 * items; false when out of memory. */
bool cli_reserve(void *arrayp, size_t n, size_t size);
#define CLI_RESERVE(array, n) cli_reserve(&(array), (n), sizeof *(array))

/* Appends one "NAME=VALUE" (cli_assignment) to the parallel arrays
 * (*names)[0..*count) and (*values)[0..*count), grown with realloc; the
 * caller frees each name and both arrays.  The one parser of --set and
 * --weight. */
int cli_add_assignment(char ***names, double **values, size_t *count,
                       const char *arg, const char *what, struct diag *d);

/* Parses "LO:HI" or "LO:HI:STEP" (step optional: *step = 0 then). */
int cli_range(const char *text, const char *what, double *lo, double *hi,
              double *step, struct diag *d);

/* Output options every command that writes results shares. */
struct output_opts {
	enum report_format format;
	bool format_given;  /* --format was given: -o's extension not used */
	const char *output; /* -o FILE, or NULL or "-" for stdout */
	bool force;
	const char *plot_dir;    /* --plot-dir, or NULL: no plots */
	const char *plot_format; /* "svg" (default) or "png" */
	bool ascii;              /* --ascii: text rendering of plots too */
	double plot_timeout;     /* --plot-timeout; 0: not given, <0: none */
	size_t md_limit;         /* --md-limit, or 0: the form's default */
	bool annotations;        /* --annotations */
	/* While a pricing command runs: the folders written aside (NULL
	 * outside the frame), so that messages name the final paths. */
	const struct staging *stages[2];
};

/* text with the staging folders of o named by their final paths (see
 * util/staging.h); a new string, NULL when out of memory. */
char *output_final_text(const struct output_opts *o, const char *text);

/* The output options (--format, -o, --force: of price, of the sensitivity
 * commands), the record's (--md-limit, --annotations: price) and the plot
 * options (--plot-dir, ...), whose take fills call->out. */
extern const struct opt_group output_group, sens_output_group,
    record_output_group, plot_group;

/* Takes one output or plot option: FP_OK, or FP_ERR with d filled if its
 * argument is bad.  -o FILE sets the form from FILE's extension
 * (report_format_of_path) unless --format is given, before or after it:
 * --format wins. */
int output_option(struct output_opts *o, enum opt_id id, const char *arg,
                  struct diag *d);

/* FP_ERR (d filled) when o asks for a form only the decision record has
 * (openmetrics, github) from a command (named name) that writes another
 * output.  (The options only it has, --md-limit and --annotations, are
 * in no other command's table.) */
int output_check_record_form(const struct output_opts *o, const char *name,
                             struct diag *d);

/* Where a command writes its main output: stdout (no -o, or -o -), or -o
 * FILE through a temporary file (removed on a signal: util/cleanup.h). */
struct output {
	struct atomic_file af;
	FILE *fp;
	bool finished; /* -o FILE written and closed, not yet placed */
	int slot;      /* util/cleanup's slot + 1; 0 for none */
};
/* FP_ERR (d filled) when -o FILE may not be written: it is an input the
 * job read, it exists without --force, or it is a symbolic link to a
 * file (or to nothing) without --force. */
int output_check(const struct output_opts *o, struct diag *d);
int output_open(struct output *out, const struct output_opts *o,
                struct diag *d);
/* Flushes stdout, or writes -o FILE out under its temporary name; on
 * error nothing is left behind. */
int output_close(struct output *out, struct diag *d);
/* Renames -o FILE into place (after output_close); nothing for stdout. */
int output_place(struct output *out, struct diag *d);
void output_abort(struct output *out);

#endif
