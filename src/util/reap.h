/* reap.h: the staging folders of runs that are no longer alive.
 *
 * A run killed with SIGKILL (or a machine that stopped) cannot remove
 * what it staged: "NAME.fixprice-XXXXXX" folders beside the outputs, up
 * to a record's size each.  So each staging folder carries its owner's
 * liveness: the run holds an advisory lock (flock(2)) on the folder
 * itself from the moment it makes it to the moment it is committed or
 * removed, and the kernel drops the lock when the run ends, however it
 * ends.  A temporary file (".NAME.fixprice-XXXXXX", util/atomic_file.h)
 * is locked alike.  A later run, under the write lock of the folder that
 * holds its own output (util/writelock.h), removes every staging folder
 * and temporary file there whose lock it can take: nobody holds it, so
 * nobody is writing into it.  A live run's is never taken: its lock is
 * held.
 *
 * One window is closed by the owner rather than the reaper: between
 * mkdtemp and the lock a reaper may remove the new folder.  The owner
 * then finds it unlinked under its lock (no links left) and makes
 * another (reap_hold says REAP_GONE).  A file system without locks
 * (reap_hold says REAP_NOLOCK) is never reaped: no lock can be taken
 * there, so none is mistaken for a dead run's. */
#ifndef FP_UTIL_REAP_H
#define FP_UTIL_REAP_H

enum { REAP_GONE = -1, REAP_NOLOCK = -2 };

/* Locks the file open as fd that this run has just made (a temporary
 * file), for as long as fd or a copy of it (dup) is open: 0, REAP_GONE
 * or REAP_NOLOCK, as below. */
int reap_hold_fd(int fd);

/* Locks the folder path that this run has just made, for the run's life:
 * a descriptor to close when the folder is committed or removed, or
 * REAP_GONE (a reaper removed it first: make another) or REAP_NOLOCK (it
 * is kept unlocked: the file system has no locks, or no descriptor was
 * left). */
int reap_hold(const char *path);

/* Removes, in the folder that holds path, the staging folders
 * ("*.fixprice-XXXXXX", files only) and temporary files
 * (".NAME.fixprice-XXXXXX", util/atomic_file.h) of runs that are no
 * longer alive.
 * Best effort: what cannot be removed stays.  Returns how many were
 * removed. */
int reap_beside(const char *path);

/* Removes the files in folder path, then the folder; 0, or -1 with errno
 * set when the folder is still there. */
int reap_flat(const char *path);

#endif
