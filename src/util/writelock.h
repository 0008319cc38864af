/* writelock.h: one fixprice at a time writes into a folder.
 *
 * A command commits its outputs (-o FILE, a record or plot folder) under a
 * lock on the folder that holds each: an advisory flock(2) on that folder,
 * taken before it checks what exists there and held until the commit is
 * done (writelock_release_all).  A second fixprice that wants the same
 * folder waits for it (its own check then sees the first one's files), so
 * two writers can never both pass the existence check and then overwrite
 * each other or mix their files.  It waits WRITELOCK_WAIT seconds at most,
 * then fails.  Each folder is locked once per process. */
#ifndef FP_WRITELOCK_H
#define FP_WRITELOCK_H

#include "util/diag.h"

#define WRITELOCK_WAIT 30 /* seconds */

/* Locks the folder that holds path (its parent; "." when path has no
 * slash).  FP_ERR, d naming path, when another process held it for
 * WRITELOCK_WAIT seconds or the folder cannot be opened. */
int writelock_parent(const char *path, struct diag *d);

/* Releases every lock this process holds. */
void writelock_release_all(void);

#endif
