/* select.h: choosing the cases of a run that are priced (--cases GLOB,
 * --exclude GLOB), the others listed in the run as not priced. */
#ifndef FP_RUN_SELECT_H
#define FP_RUN_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

/* What to keep: the cases some glob of cases[0..ncases) matches (every
 * case, with ncases 0) that no glob of exclude[0..nexclude) matches
 * (fnmatch, no flags). */
struct run_select {
	const char *const *cases, *const *exclude;
	size_t ncases, nexclude;
	/* Set for each glob that matched some case (ncases + nexclude, the
	 * cases' first), so that a glob matching nothing can be told. */
	bool *used;
};

/* Keeps the cases sel chooses, in order; each left out is listed in
 * run->unpriced as "NAME: not matched by --cases" or "NAME: --exclude
 * GLOB".  Fails only when out of memory. */
int run_select(struct run *run, const struct run_select *sel, struct diag *d);

#endif
