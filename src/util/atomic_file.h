/* atomic_file.h: output files that appear whole or not at all.
 *
 * A file is written to a temporary name in the same folder (so the final
 * rename stays on one file system and is atomic), flushed and fsync'ed, and
 * renamed over the final name only when everything was written.  Any error
 * removes the temporary file.  A reader never sees a half-written record,
 * and an interrupted run never leaves a truncated one behind.
 *
 *	struct atomic_file af;
 *	if (atomic_file_open(&af, "out.md", &d) != FP_OK)
 *		return FP_ERR;
 *	... write to af.fp ...
 *	return atomic_file_commit(&af, &d);  // or atomic_file_abort(&af)
 *
 * Final files get mode 0666 & ~umask, like files made with fopen.  The
 * temporary file is locked while it lives: one that a killed run left is
 * removed by a later run writing beside it (util/reap.h).
 *
 * Only a regular file is ever replaced.  A path that names a device, a FIFO
 * or a socket (/dev/null, /dev/stdout, a pipe) is opened and written in
 * place: that is writing, not replacing, so it cannot be all or nothing,
 * but write errors are still reported by the commit.  A symbolic link to a
 * regular file in the link's folder (or below it) is followed: its target
 * is replaced, the link kept.  A link out of that folder is refused: a
 * link planted beside an output must not make a replace write elsewhere.
 * (A device, FIFO or socket it names is still written in place.) */
#ifndef FP_ATOMIC_FILE_H
#define FP_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/diag.h"

struct atomic_file {
	char *path; /* final name (owned) */
	char *tmp;  /* temporary name, "DIR/.BASE.fixprice-XXXXXX" (owned);
	             * NULL when path is written in place */
	FILE *fp;   /* open for writing until finished; NULL after */
	int lock;   /* a copy of tmp's descriptor, locked while tmp lives so
	             * that only a dead run's is reaped (util/reap.h), + 1 */
};

/* Creates the temporary file next to path and opens it for writing.  On
 * success the caller must end with atomic_file_commit (or _commit_all) or
 * atomic_file_abort; on failure nothing is left to free or remove. */
int atomic_file_open(struct atomic_file *af, const char *path, struct diag *d);

/* Flushes, fsyncs and closes the temporary file, then renames it to the
 * final name.  Frees af in every case; on failure the temporary file is
 * removed and the final name is untouched.  Errors name the final path. */
int atomic_file_commit(struct atomic_file *af, struct diag *d);

/* Commits n files together: all are flushed, synced and closed first, and
 * only if that worked for every one are they renamed into place, in order.
 * If a rename fails, the files already renamed by this call are removed
 * again, so that no mix of old and new files is left (with replace, the old
 * versions are then gone too).  Frees all of af[0..n) in every case. */
int atomic_file_commit_all(struct atomic_file *af, size_t n, struct diag *d);

/* The two halves of a commit, for a frame that commits several outputs
 * together: atomic_file_finish flushes, syncs and closes (the temporary
 * file stays; on failure it is removed and af freed), atomic_file_place
 * renames it into place and frees af (on failure it is removed and the
 * final name untouched).  atomic_file_abort after finish removes it. */
int atomic_file_finish(struct atomic_file *af, struct diag *d);
int atomic_file_place(struct atomic_file *af, struct diag *d);

/* Closes and removes the temporary file; frees af.  Safe on a zeroed af
 * and after a commit. */
void atomic_file_abort(struct atomic_file *af);

#endif
