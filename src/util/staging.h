/* staging.h: an output folder that appears whole or not at all.
 *
 * A command that writes several files into a folder (a record folder, a
 * plot folder) writes them into a staging folder first, and commits it
 * only once everything else it writes (standard output, -o FILE) has been
 * written too.  A failure anywhere before that leaves nothing behind.
 *
 * When the folder does not exist yet, the staging folder is made beside it
 * ("DIR.fixprice-XXXXXX") and committing renames it into place: one step,
 * so a reader sees the whole folder or none.  When the folder exists (it
 * may hold other files, such as `--record .`), the staging folder is made
 * inside it (".fixprice-XXXXXX") and committing renames each staged file
 * over its final name, then removes the staging folder; only the files the
 * command wrote are touched.
 *
 *	struct staging st;
 *	if (staging_open(&st, "pricing", &d) != FP_OK)
 *		return FP_ERR;
 *	... write files into st.path ...
 *	return staging_commit(&st, &d);   // or staging_abort(&st)
 */
#ifndef FP_STAGING_H
#define FP_STAGING_H

#include <stdbool.h>

#include "util/diag.h"

struct staging {
	char *final; /* the folder as the user named it (owned) */
	char *path;  /* where to write now (owned) */
	bool whole;  /* the folder is new: commit renames path to final */
};

/* Makes the staging folder for final.  The folder's parent must exist; an
 * existing final that is not a folder is an error ("exists and is not a
 * folder").  On success the caller ends with staging_commit or
 * staging_abort; on failure nothing is left to free or remove. */
int staging_open(struct staging *st, const char *final, struct diag *d);

/* Moves what was written into place (see above) and frees st.  On failure
 * the error names the final folder and what is left is removed. */
int staging_commit(struct staging *st, struct diag *d);

/* Removes the staging folder and everything in it; frees st.  Safe on a
 * zeroed st and after a commit. */
void staging_abort(struct staging *st);

/* text with every mention of the staging folder replaced by the final one
 * ("STAGING/x.svg" becomes "FINAL/x.svg"), for messages and links that
 * name files before they are committed; a new string (NULL when out of
 * memory).  With st NULL or not open, a copy of text. */
char *staging_final_text(const struct staging *st, const char *text);

#endif
