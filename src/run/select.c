/* select.c: the cases of a run that are priced (select.h). */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>

#include "run/select.h"

/* Why case name is left out (a literal or buf), or NULL: it is kept. */
static const char *why_out(const struct run_select *sel, const char *name,
                           char *buf, size_t size)
{
	bool in = sel->ncases == 0;

	for (size_t i = 0; i < sel->ncases; i++)
		if (fnmatch(sel->cases[i], name, 0) == 0) {
			sel->used[i] = true;
			in = true;
		}
	if (!in)
		return "not matched by --cases";
	for (size_t i = 0; i < sel->nexclude; i++)
		if (fnmatch(sel->exclude[i], name, 0) == 0) {
			sel->used[sel->ncases + i] = true;
			snprintf(buf, size, "--exclude %s", sel->exclude[i]);
			return buf;
		}
	return NULL;
}

int run_select(struct run *run, const struct run_select *sel, struct diag *d)
{
	size_t *keep, n = 0;
	int rc = FP_OK;

	if (sel->ncases == 0 && sel->nexclude == 0)
		return FP_OK;
	if (!(keep = malloc((run->n ? run->n : 1) * sizeof *keep)))
		return diag_oom(d);
	for (size_t i = 0; i < run->n && rc == FP_OK; i++) {
		char buf[RUN_MAX_NAME + 16];
		const char *why =
		    why_out(sel, run->case_name[i], buf, sizeof buf);
		if (!why)
			keep[n++] = i;
		else
			rc = run_add_unpriced(run, run->case_name[i], why, d);
	}
	if (rc == FP_OK && n < run->n)
		rc = run_keep_rows(run, keep, n, d);
	free(keep);
	return rc;
}
