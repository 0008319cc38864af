/* frame.c: what happens around every command: parse, run, report an
 * error once, close standard output with a check. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "plot/plot.h"
#include "util/cleanup.h"
#include "util/escape.h"

int command_close_stdout(int status)
{
	int err;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return status;
	err = errno ? errno : EIO;
	/* A failed command has already said why; one line is enough. */
	if (status != EXIT_OK && status != EXIT_GATE)
		return status;
	fprintf(stderr, "fixprice: cannot write to standard output: %s\n",
	        strerror(err));
	return EXIT_USAGE;
}

int command_main(const struct command *c, int argc, char **argv)
{
	struct cmd_call call;
	struct diag d = {0};
	int status;

	cleanup_install();
	if (cmd_parse(c, argc, argv, &call, &status) == FP_OK) {
		status =
		    c->pricing ? pricing_run(&call, &d) : c->run(&call, &d);
		/* A failure that left no message lost it to an allocation
		 * that failed on its way (test_cov_cmd hunts those): say so
		 * rather than print "fixprice: " alone. */
		if (status == FP_ERR && d.msg[0] == '\0')
			diag_oom(&d);
		if (status == FP_ERR) {
			diag_print(&d, stderr);
			status = command_status(&d);
		}
	}
	cmd_call_free(&call);
	return command_close_stdout(status);
}
