/* price_read.c: runtimes, pass states and has_runtime as pricing reads
 * them (price_read.h). */
#include "price/price_read.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/numfmt.h"

static const char *const pass_must =
    "a pass state (true/false, 1/0, pass/fail, yes/no)";

/* A column of r that pricing reads directly: numbers, each one `ok`
 * (pass states: 0 or 1). */
static int read_pass(const struct run *r, const double **out, struct diag *d)
{
	const struct column *c = run_numeric(r, "passed", d);
	char num[NUMFMT_MAX], name[RUN_SHOW_SIZE];

	if (!c)
		return FP_ERR;
	for (size_t i = 0; i < r->n; i++)
		if (c->v[i] != 0 && c->v[i] != 1)
			return diag_set(
			    d, r->path, (int)run_cell_line(r, c, i),
			    (int)run_cell_col(c, i),
			    "passed of case '%s' must be %s, got %s",
			    run_case_shown(r, i, name), pass_must,
			    numfmt_exact(num, c->v[i]));
	*out = c->v;
	return FP_OK;
}

/* In several runs merged (run.h: nruns), the first run (0-based) in which
 * case i has no timed sample, or nruns when each has one. */
static size_t run_without_time(const struct run *r, size_t i)
{
	uint32_t timed = 0; /* a bit per run; nruns <= RUN_MAX_MERGED */

	for (size_t k = r->sample_off[i]; k < r->sample_off[i + 1]; k++)
		if (!isnan(r->samples[k]))
			timed |= 1u << r->sample_run[k];
	for (size_t j = 0; j < r->nruns; j++)
		if (!(timed & 1u << j))
			return j;
	return r->nruns;
}

/* Runtimes v of r's cases (c: the column they are from, where each cell
 * is, or NULL): each finite and above 0, or NaN (no runtime) in a failing
 * case; a passing case timed in each of several runs merged.  predicted:
 * r is a prediction's after run. */
static int check_runtimes(const struct run *r, const double *v,
                          const struct column *c, const double *passed,
                          bool predicted, double *has, struct diag *d)
{
	char name[RUN_SHOW_SIZE];

	for (size_t i = 0; i < r->n; i++) {
		uint32_t ln = run_cell_line(r, c, i), cn = run_cell_col(c, i);
		size_t j;

		has[i] = !isnan(v[i]);
		if (isnan(v[i]) && passed[i] != 0 && predicted)
			return diag_set(
			    d, r->path, 0, 0,
			    "case '%s' is predicted "
			    "to pass, but it has no runtime before to "
			    "predict one from",
			    run_case_shown(r, i, name));
		if (isnan(v[i]) && passed[i] != 0)
			return diag_set(
			    d, r->path, (int)ln, (int)cn,
			    "case '%s' passes but has no runtime (no "
			    "samples): a passing case needs one",
			    run_case_shown(r, i, name));
		if (!isnan(v[i]) && !(isfinite(v[i]) && v[i] > 0))
			return run_bad_runtime(r, "runtime", i, v[i], ln, cn,
			                       d);
		/* Its estimate over the runs would hide the run without
		 * one, which a resample draws alone. */
		if (passed[i] != 0 && r->nruns > 1 && r->sample_run &&
		    r->sample_off && (j = run_without_time(r, i)) < r->nruns)
			return diag_set(
			    d, r->path, (int)r->case_line[i], 0,
			    "case '%s' passes but has no runtime in "
			    "run %zu of %zu: a passing case needs one "
			    "in each",
			    run_case_shown(r, i, name), j + 1, r->nruns);
	}
	return FP_OK;
}

int price_read_basics(const struct session *ses, double *const fallback[2],
                      const double *passed[2], const double *runtime[2],
                      double *const has_runtime[2], struct diag *d)
{
	const struct run *runs[2] = {ses->runs->before, ses->runs->after};

	for (int s = 0; s < 2; s++) {
		const struct column *c;

		/* With a gate the runs need no pass states: it makes them,
		 * into fallback[s] (zeros until then: failing). */
		if (ses->metric->gate.prog && !run_find(runs[s], "passed"))
			passed[s] = fallback[s];
		else if (read_pass(runs[s], &passed[s], d) != FP_OK)
			return FP_ERR;
		if (!(c = run_numeric(runs[s], "runtime", d)))
			return FP_ERR;
		runtime[s] = c->v;
		if (s == 1 && ses->runtime_after) {
			runtime[1] = ses->runtime_after;
			c = NULL;
		}
		if (check_runtimes(runs[s], runtime[s], c, passed[s],
		                   s == 1 && ses->scenario, has_runtime[s],
		                   d) != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

/* Whether case i has no runtime in run r. */
static bool lacks(const struct run *r, size_t i)
{
	const struct column *c = run_find(r, "runtime");

	return c && c->v && i < r->n && isnan(c->v[i]);
}

/* " in FILE" or " in FILE and FILE": the runs of `side` ("_before",
 * "_after", or "" for both) in which case i has no runtime; "" if none. */
static void lacking(const struct joined *j, size_t i, const char *side,
                    char *buf, size_t size)
{
	const struct run *runs[2] = {j->before, j->after};
	size_t used = 0;

	buf[0] = '\0';
	for (int s = 0; s < 2; s++) {
		bool mine =
		    !side[0] || strcmp(side, s ? "_after" : "_before") == 0;
		if (mine && lacks(runs[s], i) && used < size)
			used += (size_t)snprintf(
			    buf + used, size - used, "%s%s",
			    used ? " and " : " in ", runs[s]->path);
	}
}

int price_fault(const struct metric_formula *f, const struct fx_fault *fault,
                const struct joined *j, const char *side, struct diag *d)
{
	const struct run *r = j->before;
	char where[2 * DIAG_FILE_MAX + 16], name[RUN_SHOW_SIZE];

	if (fault->oom)
		return diag_oom(d);
	if (!fault->has_case || fault->case_index >= r->n)
		return diag_set(d, f->src.file, fault->line, fault->col,
		                "%s%s: %s", f->key, side, fault->what);
	lacking(j, fault->case_index, side, where, sizeof where);
	if (where[0])
		return diag_set(d, f->src.file, fault->line, fault->col,
		                "%s%s: %s in case '%s', which has no runtime%s "
		                "(it fails there): test has_runtime (see "
		                "fixprice-metric(5))",
		                f->key, side, fault->what,
		                run_case_shown(r, fault->case_index, name),
		                where);
	return diag_set(d, f->src.file, fault->line, fault->col,
	                "%s%s: %s in case '%s'", f->key, side, fault->what,
	                run_case_shown(r, fault->case_index, name));
}
