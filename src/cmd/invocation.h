/* invocation.h: a pricing command's line as the record's data
 * (report/invocation.h), and that data taken back as options, for
 * `fixprice verify` to price the same inputs the same way again. */
#ifndef FP_CMD_INVOCATION_H
#define FP_CMD_INVOCATION_H

#include <stdbool.h>
#include <stddef.h>

#include "cmd/command.h"
#include "report/invocation.h"

/* What call says, borrowed from it, for the record. */
void cmd_invocation(const struct cmd_call *call, struct record_invocation *out);

/* Where verify finds the record's inputs: as recorded, or by base name in
 * dir (--inputs); the paths made are kept in paths[0..n) (cmd_paths_free). */
struct cmd_paths {
	const char *dir;  /* --inputs DIR, or NULL */
	bool any_path;    /* --any-path: inputs outside . (or DIR) too */
	bool metric_file; /* the record's metric was a file, not built in */
	char **made;
	size_t n;
};
void cmd_paths_free(struct cmd_paths *p);

/* Takes inv's options into call->job and call->noise through the option
 * groups' own parsers, and its runs into runs[0..*nruns) (paths looked up
 * as p says).  A bad option is an error at its place in file; an input
 * that cannot be read is an error naming it. */
int cmd_invocation_take(struct cmd_call *call, const struct rv_invocation *inv,
                        const char *file, struct cmd_paths *p, char **runs,
                        size_t *nruns, struct diag *d);

#endif
