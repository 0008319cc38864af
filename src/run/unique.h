/* unique.h: a run's case names are unique, or an error says where not.
 *
 * Every run that run_load and run_parse give has been through this (the
 * loader's last step), unless run_opts.names_later asked to leave it to
 * the caller, who then calls run_check_unique before anything else reads
 * the run (run->names_unchecked says it is still due).  That is for a
 * pair of runs about to be joined: the before run's names are checked by
 * looking them up in the after run's index, which its own check made
 * and the join needs anyway, rather than in an index of their own that
 * nothing else would read: one hash of every name fewer, and no second
 * table of slots (a tenth of pricing two runs of 10^6 cases).  The rows
 * found are kept for the join as its first guess. */
#ifndef FP_RUN_UNIQUE_H
#define FP_RUN_UNIQUE_H

#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

/* Checks that no two cases of r (one run, not its other parts) have one
 * name: on a duplicate, the error is at the earliest case whose name came
 * before, "duplicate case 'NAME' (first on line L)" and how the format
 * gives samples of one case.
 *
 * Without other, r keeps the index it made (run_name_index).  With an
 * other run of one part whose index stands (run_name_index), r's names
 * are looked up there instead, and r keeps no index; if rows is not NULL
 * it then gets a malloc'd array (the caller frees it) of r->n rows of
 * other, each case's row there or STRINDEX_NONE (util/strindex.h) when
 * other lacks it, and NULL otherwise. */
int run_check_unique(struct run *r, const struct run *other, size_t **rows,
                     struct diag *d);

/* Looks up in ix each of r's names i whose at[i] is STRINDEX_NONE
 * (util/strindex.h), in batches, setting at[i] to its number there;
 * returns how many it does not find (the join's look-up, and this
 * check's against another run). */
size_t run_look_up(const struct strindex *ix, const struct run *r, size_t *at);

#endif
