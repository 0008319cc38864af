/* load_check.c: what the loader refuses in a request (load_check.h). */
#include "price/load_check.h"

#include "util/globset.h"

/* --before and --after: both or neither, with no positional run. */
int load_check_sides(const struct load_request *rq, struct diag *d)
{
	if (!rq->nruns[0] && !rq->nruns[1])
		return FP_OK;
	if (!rq->nruns[0] || !rq->nruns[1])
		return diag_set(d, rq->origin, 0, 0,
		                "--%s needs --%s: give the runs of both sides",
		                rq->nruns[0] ? "before" : "after",
		                rq->nruns[0] ? "after" : "before");
	if (rq->ninputs || rq->split_by || rq->scenario || rq->have_factor ||
	    rq->npass || rq->nfail)
		return diag_set(
		    d, rq->origin, 0, 0,
		    "--before and --after give both sides: no "
		    "positional run, --split-by or scenario with them");
	for (int s = 0; s < 2; s++)
		if (rq->nruns[s] > RUN_MAX_MERGED)
			return diag_set(d, rq->origin, 0, 0,
			                "--%s: at most %d runs per side",
			                s ? "after" : "before", RUN_MAX_MERGED);
	return FP_OK;
}

/* A column rename's FROM, a case choice or a weight glob that nothing
 * matches is a typo, not a wish: say so rather than price without it. */
int load_check_used(const struct load_request *rq, const bool *renamed,
                    const bool *matched, const struct run *b, struct diag *d)
{
	size_t i;
	bool oom;

	for (i = 0; i < rq->ncolumns; i++)
		if (!renamed[i])
			return diag_set(
			    d, rq->origin, 0, 0,
			    "--column %s=%s: no input has a column '%s'",
			    rq->column_to[i], rq->column_from[i],
			    rq->column_from[i]);
	for (i = 0; i < rq->ncases + rq->nexclude; i++)
		if (!matched[i])
			return diag_set(
			    d, rq->origin, 0, 0, "--%s %s: no case matches it",
			    i < rq->ncases ? "cases" : "exclude",
			    i < rq->ncases ? rq->cases[i]
			                   : rq->exclude[i - rq->ncases]);
	if (globset_count_globs(rq->weight_glob, rq->nweights) >
	    GLOBSET_MAX_GLOBS)
		return diag_set(d, rq->origin, 0, 0,
		                "--weight: more than %d globs (* ? [ or \\)",
		                GLOBSET_MAX_GLOBS);
	i = globset_unmatched(rq->weight_glob, rq->nweights,
	                      (const char *const *)b->case_name, b->n, &oom);
	if (oom)
		return diag_oom(d);
	if (i != GLOBSET_NONE)
		return diag_set(d, rq->origin, 0, 0,
		                "--weight %s: no case matches '%s'",
		                rq->weight_glob[i], rq->weight_glob[i]);
	return FP_OK;
}
