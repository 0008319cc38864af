/* facts_seen.c: what a record says about what the run files recorded and
 * what was assumed (the run facts of price/harness.h): pass states that a
 * format does not record and were taken as passing, or were merged from a
 * test report, runtimes that are a file's aggregate rather than its
 * samples, and what a file holds that was not priced.  Words shared by
 * the text and Markdown forms (and so GitHub's); json.c has the same
 * facts as members. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/internal.h"
#include "run/detect.h"

/* Most entries listed in one line before "and N more". */
#define SEEN_MAX_NAMES 10

/* Smallest and largest positive n[0..count) (0, 0: none). */
static void range(const double *n, size_t count, double *lo, double *hi)
{
	*lo = *hi = 0;
	for (size_t i = 0; n && i < count; i++) {
		if (!(n[i] > 0))
			continue;
		if (*lo == 0 || n[i] < *lo)
			*lo = n[i];
		if (n[i] > *hi)
			*hi = n[i];
	}
}

bool report_aggregate_desc(const struct record *r, int s, char *buf,
                           size_t size)
{
	const struct run_facts *f = r->facts;
	double lo, hi;

	if (!f->aggregate[s] || f->runtime_from[s])
		return false;
	range(f->aggregate_n[s], r->price->n, &lo, &hi);
	if (lo == 0)
		snprintf(buf, size,
		         "%s aggregate per case (the file keeps no "
		         "samples)",
		         f->aggregate[s]);
	else if (lo == hi)
		snprintf(buf, size, "%s aggregate of %.0f %s per case",
		         f->aggregate[s], lo, f->aggregate_of[s]);
	else
		snprintf(buf, size, "%s aggregate of %.0f to %.0f %s per case",
		         f->aggregate[s], lo, hi, f->aggregate_of[s]);
	return true;
}

const char *report_case_pass_source(const struct record *r, int s, size_t i)
{
	const struct run_facts *f = r->facts;
	const double *from = f->pass_from[s];

	if (r->prediction && s == 1)
		return "predicted";
	if (from && from[i] == RUN_FROM_REPORT)
		return "merged";
	if (from && from[i] == RUN_FROM_ABSENT)
		return "absent";
	return f->pass_source[s] == RUN_PASS_ASSUMED ? "assumed" : "recorded";
}

const char *report_case_runtime_source(const struct record *r, int s, size_t i)
{
	const struct run_facts *f = r->facts;

	if (isnan(r->price->runtime[s][i]))
		return NULL;
	if (r->prediction && s == 1)
		return "predicted";
	if (f->aggregate[s] && !f->runtime_from[s])
		return "aggregate";
	return f->runtime_n[s] && !f->runtime_from[s] ? "samples" : "value";
}

/* Side s records its pass states itself, and no report was merged. */
static bool plain(const struct run_facts *f, int s)
{
	return f->pass_source[s] == RUN_PASS_RECORDED && f->pass_merged[s] == 0;
}

/* "not recorded in P (FORMAT)" for side s, or both sides. */
static void not_recorded(const struct run_facts *f, int s, bool both,
                         const struct facts_sink *k)
{
	facts_lit(k, "not recorded in ");
	k->name(k->ctx, f->path[s]);
	if (both) {
		facts_lit(k, " and ");
		k->name(k->ctx, f->path[1]);
	}
	facts_lit(k, " (");
	facts_lit(k, f->format[s]);
	facts_lit(k, ")");
}

/* One side's pass states, where they were not all recorded by its file. */
static void put_side(const struct run_facts *f, int s, bool both,
                     const struct facts_sink *k)
{
	char buf[96];
	const char *hint = run_format_advice(f->format[s])->pass;

	facts_begin(k, "pass states");
	if (f->pass_merged[s] == 0) {
		not_recorded(f, s, both, k);
		facts_lit(k, "; every case taken as passing; ");
		if (hint) {
			/* The harness's own way (hyperfine writes no JUnit
			 * report). */
			facts_lit(k, hint);
			facts_end(k);
			return;
		}
		facts_lit(k, "give ");
		facts_lit(k, both ? "--results-before and --results (JUnit "
		                    "reports)"
		             : s == 0 && f->path[0] != f->path[1]
		                 ? "--results-before (a JUnit report)"
		                 : "--results (a JUnit report)");
		facts_lit(k, " to say which failed");
		facts_end(k);
		return;
	}
	facts_lit(k, "merged from ");
	k->name(k->ctx, f->results[s]);
	snprintf(buf, sizeof buf, " for %zu of %zu case%s of ",
	         f->pass_merged[s], f->ncases[s], f->ncases[s] == 1 ? "" : "s");
	facts_lit(k, buf);
	k->name(k->ctx, f->path[s]);
	if (f->pass_source[s] == RUN_PASS_ASSUMED &&
	    f->pass_merged[s] < f->ncases[s]) {
		facts_lit(k, "; the others ");
		not_recorded(f, s, false, k);
		facts_lit(k, ", taken as passing");
	} else if (f->pass_source[s] == RUN_PASS_ASSUMED) {
		facts_lit(k, ", which records none (");
		facts_lit(k, f->format[s]);
		facts_lit(k, ")");
	}
	facts_end(k);
}

static void put_pass_states(const struct record *r, const struct facts_sink *k)
{
	const struct run_facts *f = r->facts;
	int sides = r->prediction || f->path[0] == f->path[1] ? 1 : 2;
	bool both = sides == 2 && f->pass_merged[0] == 0 &&
	            f->pass_merged[1] == 0 &&
	            f->pass_source[0] == RUN_PASS_ASSUMED &&
	            f->pass_source[1] == RUN_PASS_ASSUMED &&
	            strcmp(f->format[0], f->format[1]) == 0;

	for (int s = 0; s < sides; s++) {
		if (!f->path[s] || plain(f, s))
			continue;
		put_side(f, s, both, k);
		if (both)
			return;
	}
}

static bool same_list(const struct name_list *a, const struct name_list *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]) != 0)
			return false;
	return true;
}

static void put_unpriced(const struct record *r, const struct facts_sink *k)
{
	const struct run_facts *f = r->facts;
	static const char *const where[] = {" (before)", " (after)", ""};
	bool same =
	    r->prediction || same_list(&f->unpriced[0], &f->unpriced[1]);

	for (int s = 0; s < (same ? 1 : 2); s++) {
		const struct name_list *l = &f->unpriced[s];
		size_t shown = l->n < SEEN_MAX_NAMES ? l->n : SEEN_MAX_NAMES;
		char more[48];
		if (l->n == 0)
			continue;
		facts_begin(k, "not priced");
		for (size_t i = 0; i < shown; i++) {
			facts_lit(k, i ? "; " : "");
			k->name(k->ctx, l->v[i]);
		}
		if (shown < l->n) {
			snprintf(more, sizeof more, "; and %zu more",
			         l->n - shown);
			facts_lit(k, more);
		}
		facts_lit(k, where[same ? 2 : s]);
		facts_end(k);
	}
}

/* --split-by: which group of the one file is which run. */
static void put_split(const struct record *r, const struct facts_sink *k)
{
	const struct run_facts *f = r->facts;

	if (!f->split_by)
		return;
	facts_begin(k, "split");
	facts_lit(k, "one file, ");
	k->name(k->ctx, f->path[0]);
	facts_lit(k, ": before is ");
	k->name(k->ctx, f->split_by);
	facts_lit(k, ": ");
	k->name(k->ctx, f->split_value[0]);
	facts_lit(k, ", after is ");
	k->name(k->ctx, f->split_by);
	facts_lit(k, ": ");
	k->name(k->ctx, f->split_value[1]);
	facts_end(k);
}

/* A side read from a folder (criterion): its hash is no file's. */
static void put_folders(const struct record *r, const struct facts_sink *k)
{
	const struct run_facts *f = r->facts;
	char buf[160];

	for (int s = 0; s < (r->prediction ? 1 : 2); s++) {
		if (f->files[s].n == 0 || (s == 1 && f->path[1] == f->path[0]))
			continue;
		facts_begin(k, "folder");
		k->name(k->ctx, f->path[s]);
		snprintf(buf, sizeof buf,
		         ": %zu files read; its SHA-256 is that of their "
		         "sha256sum lines (the JSON record's runs.%s.files)",
		         f->files[s].n, s ? "after" : "before");
		facts_lit(k, buf);
		facts_end(k);
	}
}

void report_facts_seen(const struct record *r, const struct facts_sink *k)
{
	put_split(r, k);
	put_folders(r, k);
	put_pass_states(r, k);
	put_unpriced(r, k);
}
