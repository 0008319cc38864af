/* cli.h: small parsers shared by the commands' option handling.
 * Text typed on the command line is reported as "<command line>". */
#ifndef FP_CLI_H
#define FP_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report/report.h"
#include "util/atomic_file.h"
#include "util/diag.h"

#define CLI_SOURCE "<command line>"

/* After a usage error: prints the usage line of a command's usage text and
 * where the rest is, to stderr. */
void cli_short_usage(const char *command, const char *usage);

/* Parses a constant formula typed by the user ("0.6", "1/3", "2**-3") to
 * one finite number.  `what` names the option for messages. */
int cli_number(const char *text, const char *what, double *out,
               struct diag *d);

/* Splits "NAME=VALUE" at the LAST '=' (globs may hold '=' but numbers do
 * not).  *name is malloc'd (caller frees); VALUE is a constant formula. */
int cli_assignment(const char *arg, const char *what, char **name,
                   double *value, struct diag *d);

/* Parses "LO:HI" or "LO:HI:STEP" (step optional: *step = 0 then). */
int cli_range(const char *text, const char *what, double *lo, double *hi,
              double *step, struct diag *d);

/* Output options every command that writes results shares. */
struct output_opts {
	enum report_format format;
	const char *output;      /* -o FILE, or NULL for stdout */
	bool force;
	const char *plot_dir;    /* --plot-dir, or NULL: no plots */
	const char *plot_format; /* "svg" (default) or "png" */
	bool ascii;              /* --ascii: text rendering of plots too */
};

enum {
	OUT_OPT_FORMAT = 3000,
	OUT_OPT_OUTPUT = 'o',
	OUT_OPT_FORCE = 3001,
	OUT_OPT_PLOT_DIR,
	OUT_OPT_PLOT_FORMAT,
	OUT_OPT_ASCII,
};

#define OUTPUT_LONGOPTS \
	{"format", required_argument, NULL, OUT_OPT_FORMAT}, \
	{"output", required_argument, NULL, OUT_OPT_OUTPUT}, \
	{"force", no_argument, NULL, OUT_OPT_FORCE}, \
	{"plot-dir", required_argument, NULL, OUT_OPT_PLOT_DIR}, \
	{"plot-format", required_argument, NULL, OUT_OPT_PLOT_FORMAT}, \
	{"ascii", no_argument, NULL, OUT_OPT_ASCII}

#define OUTPUT_USAGE \
	"Output:\n" \
	"  --format FMT            text (default), md, json or csv on stdout\n" \
	"  -o, --output FILE       write that form to FILE instead of stdout\n" \
	"  --force                 replace existing output files\n" \
	"  --plot-dir DIR          draw plots (script, data, picture) into DIR\n" \
	"  --plot-format FMT       svg (default) or png\n" \
	"  --ascii                 add a text rendering of the plots\n"

/* Takes one option of OUTPUT_LONGOPTS: FP_OK if taken, FP_ERR (d filled)
 * if its argument is bad, 1 if opt is not an output option. */
int output_option(struct output_opts *o, int opt, const char *arg,
                  struct diag *d);

/* Where a command writes its main output: stdout, or -o FILE through a
 * temporary file.  `inputs` (n paths) must not be overwritten. */
struct output {
	struct atomic_file af;
	FILE *fp;
};
int output_open(struct output *out, const struct output_opts *o,
                const char *const *inputs, size_t ninputs, struct diag *d);
/* Commits -o FILE, or flushes stdout; on error nothing is left behind. */
int output_close(struct output *out, struct diag *d);
void output_abort(struct output *out);

#endif
