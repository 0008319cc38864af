/* proc.h: run a program without a shell and capture what it prints.
 *
 * gnuplot (and, in tests, xmllint) is started with posix_spawn from an
 * argument vector: paths are separate arguments, nothing is parsed by a
 * shell, stdin is /dev/null so the program cannot wait for input. */
#ifndef FP_PROC_H
#define FP_PROC_H

#include <stddef.h>

#include "util/diag.h"

/* The program that execvp would run for name, as a path to an executable
 * regular file: name itself if it holds a '/', else the first match in
 * $PATH.  NULL if there is none.  Caller frees with free(). */
char *proc_find_program(const char *name);

struct proc_output {
	char *out, *err; /* stdout and the end of stderr, NUL-terminated */
	size_t outlen, errlen;
	int status; /* exit status; 128 + N when killed by signal N */
};

#define PROC_MAX_OUT (64 << 20) /* stdout: more is an error */
#define PROC_MAX_ERR (64 << 10) /* stderr: only its end is kept */
#define PROC_LINGER 1.0         /* s: pipes read after the child exits */

/* Runs argv[0] (a path; no PATH search) with arguments argv[1..] (NULL-
 * terminated) in a process group of its own, and waits for it, at most
 * timeout seconds (0: no limit): then it and everything it started are
 * killed and that is an error ("did not finish within N s").  Whatever
 * it leaves running when it exits is killed too, and a pipe held open by
 * such a process is read PROC_LINGER seconds more at most.  stdout is
 * kept up to PROC_MAX_OUT bytes (more is an error), stderr's last
 * PROC_MAX_ERR bytes or so.  FP_ERR with d filled also when it cannot be
 * started or its output cannot be read; a non-zero exit status is not an
 * error here.  On FP_OK the caller frees *o with proc_output_free. */
int proc_capture(const char *const argv[], double timeout,
                 struct proc_output *o, struct diag *d);

void proc_output_free(struct proc_output *o);

#endif
