/* staging.h: an output folder that appears whole or not at all.
 *
 * A command that writes several files into a folder (a record folder, a
 * plot folder) writes them into a staging folder beside it first
 * ("DIR.fixprice-XXXXXX", in the same parent, so on the same file system),
 * and commits it only once everything else it writes (standard output,
 * -o FILE, the other folders) has been written and checked.  A failure
 * anywhere before that leaves nothing behind.
 *
 * The commit is one step for the folder, one rename, so that a reader, or
 * what kill -9 leaves, sees the old folder or the new one, whole, never a
 * mix:
 * - a new folder: the staging folder is renamed to it;
 * - an existing folder (empty, or holding names the command writes, with
 *   --force, or other files, which are kept by hard links into the new
 *   folder): the two are swapped with renameat2(RENAME_EXCHANGE), then
 *   the old one is removed.  A file system that cannot swap is refused
 *   rather than replaced file by file;
 * - an existing folder holding other files and none of the names written,
 *   but a folder among them (a hard link cannot keep it) or being the
 *   current folder (a swap would leave whoever works there in a removed
 *   one): `--record .` or `--record proj` in a project.  The output goes
 *   in as one new folder, STAGING_SUB ("proj/fixprice"), by the steps
 *   above.  N files cannot appear at once among others; one folder can.
 *   (Moving them in one by one left 1 to 6 of a record's 7 files under
 *   kill -9.)
 * Without --force, a staged name that exists in the folder is refused:
 * every file the command would write counts.  No staged name may replace
 * an input (util/source.h).
 *
 * After a swap, the old folder is emptied of what the command replaced
 * and of the hard links it made, and anything else found in it (a file
 * another program wrote into the folder during the commit) is moved into
 * the new folder, never deleted; what cannot be moved, and an old folder
 * that cannot be removed, are said (staging_done).
 *
 * The staging folder is locked for the run's life (util/reap.h), so that
 * a later run removes it if this one is killed (staging_reap).
 *
 *	struct staging st;
 *	if (staging_open(&st, "pricing", &d) != FP_OK)
 *		return FP_ERR;
 *	... write files into st.path ...
 *	return staging_commit(&st, force, &d);   // or staging_abort(&st)
 *
 * A frame that commits several outputs together uses the steps:
 * staging_check for each, then staging_place for each (staging_unplace
 * takes one back if a later one fails), then staging_done. */
#ifndef FP_STAGING_H
#define FP_STAGING_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "util/diag.h"

/* The folder in which a folder of other files and folders gets the new
 * one. */
#define STAGING_SUB "fixprice"

enum staging_mode {
	STAGING_NEW,  /* the folder does not exist: rename */
	STAGING_SWAP, /* it exists: swap whole, then remove the old one */
};

struct staging {
	char *final; /* the folder as the user named it (owned) */
	char *place; /* where it is swapped: final, or the folder a link or
	              * "." names (owned) */
	char *path;  /* where to write now (owned) */
	bool whole;  /* the folder did not exist at open */
	enum staging_mode mode; /* set by staging_check */
	bool placed;            /* staging_place done, not taken back */
	bool sub;               /* final and place name STAGING_SUB in the
	                         * folder the user gave */
	bool here;              /* place is the current folder */
	char **names;           /* the staged names (staging_check on) */
	ino_t *replaced;        /* STAGING_SWAP: the inode each name had in
	                         * the old folder when it was swapped (0:
	                         * none), so that only those go with it */
	size_t nnames;
	int slot; /* util/cleanup's slot + 1; 0 for none */
	int lock; /* the folder's lock (util/reap.h) + 1 */
};

/* Makes the staging folder for final.  The folder's parent must exist; an
 * existing final that is not a folder is an error ("exists and is not a
 * folder").  On success the caller ends with staging_commit, staging_done
 * or staging_abort; on failure nothing is left to free or remove.  The
 * staging folder is removed on SIGINT, SIGTERM and SIGHUP
 * (util/cleanup.h). */
int staging_open(struct staging *st, const char *final, struct diag *d);

/* Decides how the folder is committed, after everything was written: the
 * refusals above (a name that exists without force, an input, a folder
 * inside it with force).  A project's folder (see above) moves st->place
 * and st->final to its STAGING_SUB (st->sub).  Call under the lock of the
 * folder's parent (util/writelock.h), and again under the lock of the
 * folder itself when it moved there.  Nothing is changed on failure. */
int staging_check(struct staging *st, bool force, struct diag *d);

/* The one step (see above); on failure nothing has changed. */
int staging_place(struct staging *st, struct diag *d);

/* Takes a staging_place back: the folder is as it was before. */
void staging_unplace(struct staging *st);

/* After staging_place: removes the old folder (moving into the new one
 * what the command did not put there) and frees st.  FP_ERR, d naming
 * what is left and where, when some of it could not be removed: the
 * commit itself stands, so that is a warning. */
int staging_done(struct staging *st, struct diag *d);

/* Removes the staging folders of dead runs beside st's folder (util/
 * reap.h); call under the lock of the folder's parent.  How many. */
int staging_reap(const struct staging *st);

/* staging_check, staging_place and staging_done; on failure the error
 * names the folder, st is aborted and the folder is as it was (but for a
 * failure of staging_done, after the commit). */
int staging_commit(struct staging *st, bool force, struct diag *d);

/* Removes the staging folder and everything in it; frees st.  Safe on a
 * zeroed st and after a commit. */
void staging_abort(struct staging *st);

/* text with every mention of the staging folder replaced by the final one
 * ("STAGING/x.svg" becomes "FINAL/x.svg"), for messages and links that
 * name files before they are committed; a new string (NULL when out of
 * memory).  With st NULL or not open, a copy of text. */
char *staging_final_text(const struct staging *st, const char *text);

#endif
