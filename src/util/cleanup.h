/* cleanup.h: what an interrupted command leaves behind: nothing.
 *
 * While a command writes, its staging folders and temporary files are
 * registered here.  SIGINT, SIGTERM and SIGHUP remove them (a staging
 * folder holds files only), stop a registered child process group (the
 * gnuplot being waited for), and exit with 128 + the signal (130, 143,
 * 129).  The handler uses only async-signal-safe calls on a fixed table
 * of paths.
 *
 * The commit of a command's outputs is held (cleanup_hold): a signal that
 * comes meanwhile waits until cleanup_release, so the outputs are either
 * all the old ones or all the new ones. */
#ifndef FP_CLEANUP_H
#define FP_CLEANUP_H

#include <stdbool.h>
#include <sys/types.h>

/* Installs the handlers; once per process (later calls do nothing). */
void cleanup_install(void);

/* Registers path (copied; a folder of files when dir, else a file) for
 * removal on a signal.  Returns its slot, or -1 when the table is full or
 * path too long (it is then not removed on a signal). */
int cleanup_add(const char *path, bool dir);

/* Forgets slot (from cleanup_add; -1 is fine). */
void cleanup_drop(int slot);

/* What a signal does, from any signal handler: stops the registered
 * child, removes every registered path and exits with status (_exit).
 * Async-signal-safe. */
void cleanup_exit(int status);

/* The process group to kill on a signal; 0 for none. */
void cleanup_child(pid_t pgid);

/* Holds SIGINT, SIGTERM and SIGHUP back from this thread until
 * cleanup_release; a signal meanwhile is handled at the release. */
void cleanup_hold(void);
void cleanup_release(void);

/* A test hook, called between the steps of a commit: sleeps
 * FIXPRICE_TEST_COMMIT_DELAY seconds (a decimal number) when that is set,
 * so that a test can send a signal at each step; and at the N-th call of
 * the process, with FIXPRICE_TEST_COMMIT_KILL=N, raises SIGKILL, which
 * nothing can hold or handle: what kill -9 (or a power cut, the disk
 * aside) leaves at that step.  Not for users. */
void cleanup_test_delay(void);

#endif
