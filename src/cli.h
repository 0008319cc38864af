/* cli.h: small parsers shared by the commands' option handling.
 * Text typed on the command line is reported as "<command line>". */
#ifndef FP_CLI_H
#define FP_CLI_H

#include <stddef.h>

#include "util/diag.h"

#define CLI_SOURCE "<command line>"

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

#endif
