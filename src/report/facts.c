/* facts.c: what a record says about how the runs were read (the run facts
 * of price/harness.h), in words the text and Markdown forms share: how the
 * runtimes were made, the cases without a runtime, the cases --missing
 * counted failing or dropped, and the contexts that differ or make timings
 * unreliable.  The writers pass a sink that escapes user text their way. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/internal.h"

/* Most names listed in one line before "and N more". */
#define FACTS_MAX_NAMES 10

static const char *const side_name[2] = {"before", "after"};

/* names[0..n) as "a", "a and b", "a, b and c", at most FACTS_MAX_NAMES. */
static void put_names(const struct facts_sink *k, char *const *names, size_t n)
{
	size_t shown = n < FACTS_MAX_NAMES ? n : FACTS_MAX_NAMES;
	char more[48];

	for (size_t i = 0; i < shown; i++) {
		if (i > 0)
			facts_lit(k, i + 1 == n ? " and " : ", ");
		k->name(k->ctx, names[i]);
	}
	if (shown < n) {
		snprintf(more, sizeof more, " and %zu more", n - shown);
		facts_lit(k, more);
	}
}

/* Smallest and largest positive sample count of side s (0, 0: none). */
static void n_range(const struct price *p, const double *n, double *lo,
                    double *hi)
{
	*lo = *hi = 0;
	for (size_t i = 0; n && i < p->n; i++) {
		if (n[i] <= 0)
			continue;
		if (*lo == 0 || n[i] < *lo)
			*lo = n[i];
		if (n[i] > *hi)
			*hi = n[i];
	}
}

void report_runs_desc(const struct run_facts *f, int s, char *buf, size_t size)
{
	double lo = f->run_samples_lo[s], hi = f->run_samples_hi[s];

	const char *what = f->rounds[s] ? "paired rounds" : "runs";

	if (lo == hi)
		snprintf(buf, size, "%s over %zu %s of the %s of %.0f sample%s",
		         f->estimator[s], f->nruns[s], what, f->estimator[s],
		         lo, lo == 1 ? "" : "s");
	else
		snprintf(buf, size,
		         "%s over %zu %s of the %s of %.0f to %.0f samples",
		         f->estimator[s], f->nruns[s], what, f->estimator[s],
		         lo, hi);
}

/* How side s's runtimes were made, into buf. */
static void runtime_desc(const struct record *r, int s, char *buf, size_t size)
{
	const struct run_facts *f = r->facts;
	double lo, hi;

	if (f->runtime_from[s]) {
		snprintf(buf, size, "from column '%s'", f->runtime_from[s]);
		return;
	}
	if (report_aggregate_desc(r, s, buf, size))
		return;
	if (!f->estimator[s]) {
		snprintf(buf, size, "as given (no samples)");
		return;
	}
	if (f->nruns[s] > 1) {
		report_runs_desc(f, s, buf, size);
		return;
	}
	n_range(r->price, f->runtime_n[s], &lo, &hi);
	if (lo == hi)
		snprintf(buf, size, "%s of %.0f sample%s per case",
		         f->estimator[s], lo, lo == 1 ? "" : "s");
	else
		snprintf(buf, size, "%s of %.0f to %.0f samples per case",
		         f->estimator[s], lo, hi);
}

/* A runtime description; an aggregate's is longer than the text form
 * shows a name, and holds no user text. */
static void put_desc(const struct record *r, int s, const char *desc,
                     const struct facts_sink *k)
{
	char buf[RUN_SHOW_SIZE + 64];

	if (report_aggregate_desc(r, s, buf, sizeof buf) ||
	    (r->facts->nruns[s] > 1 && !r->facts->runtime_from[s]))
		facts_lit(k, desc);
	else
		k->name(k->ctx, desc);
}

static void put_runtimes(const struct record *r, const struct facts_sink *k)
{
	char desc[2][RUN_SHOW_SIZE + 64];

	for (int s = 0; s < 2; s++)
		runtime_desc(r, s, desc[s], sizeof desc[s]);
	facts_begin(k, "runtimes");
	if (strcmp(desc[0], desc[1]) == 0 || r->prediction) {
		put_desc(r, 0, desc[0], k);
	} else {
		facts_lit(k, "before ");
		put_desc(r, 0, desc[0], k);
		facts_lit(k, "; after ");
		put_desc(r, 1, desc[1], k);
	}
	facts_end(k);
}

/* The cases with no runtime on some side, with the sides. */
static void put_no_runtime(const struct record *r, const struct facts_sink *k)
{
	const struct price *p = r->price;
	size_t count = 0, shown = 0;
	char buf[48];

	for (size_t i = 0; i < p->n; i++)
		count += !p->has_runtime[0][i] || !p->has_runtime[1][i];
	if (count == 0)
		return;
	facts_begin(k, "no runtime");
	if (count > FACTS_MAX_NAMES) {
		snprintf(buf, sizeof buf, "%zu cases, ", count);
		facts_lit(k, buf);
	}
	for (size_t i = 0; i < p->n && shown < FACTS_MAX_NAMES; i++) {
		bool b = !p->has_runtime[0][i], a = !p->has_runtime[1][i];
		if (!b && !a)
			continue;
		facts_lit(k, shown++ ? ", " : "");
		k->name(k->ctx, p->case_name[i]);
		facts_lit(k, b && a ? " (before, after)"
		             : b    ? " (before)"
		                    : " (after)");
	}
	if (count > shown) {
		snprintf(buf, sizeof buf, " and %zu more", count - shown);
		facts_lit(k, buf);
	}
	facts_end(k);
}

static void put_counted_failing(const struct record *r,
                                const struct facts_sink *k)
{
	const struct run_facts *f = r->facts;

	for (int s = 0; s < 2; s++) {
		char head[64];
		if (f->failing[s].n == 0)
			continue;
		snprintf(head, sizeof head, "missing %s, counted failing",
		         side_name[s]);
		facts_begin(k, head);
		put_names(k, f->failing[s].v, f->failing[s].n);
		facts_end(k);
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

static void put_context(const struct record *r, const struct facts_sink *k)
{
	const struct run_facts *f = r->facts;

	if (f->ctx_diff.n > 0) {
		facts_begin(k, "context");
		facts_lit(k, "the runs differ in ");
		put_names(k, f->ctx_diff.v, f->ctx_diff.n);
		facts_lit(k, ": the price may measure more than the fix");
		facts_end(k);
	}
	for (int s = 0; s < 2; s++) {
		const struct name_list *l = &f->unreliable[s];
		if (l->n == 0 || (s == 1 && same_list(l, &f->unreliable[0])))
			continue;
		facts_begin(k, "unreliable timings");
		put_names(k, l->v, l->n);
		facts_lit(k, s == 0 && same_list(l, &f->unreliable[1])
		                 ? " in both runs"
		             : s ? " in the after run"
		                 : " in the before run");
		facts_end(k);
	}
}

void report_facts(const struct record *r, const struct facts_sink *k)
{
	if (!r->facts)
		return;
	put_runtimes(r, k);
	put_no_runtime(r, k);
	put_counted_failing(r, k);
	report_facts_seen(r, k);
	put_context(r, k);
}

void report_dropped_changing(const struct record *r, const struct facts_sink *k)
{
	const struct run_facts *f = r->facts;
	size_t n = f ? f->changing.n : 0;
	size_t shown = n < FACTS_MAX_NAMES ? n : FACTS_MAX_NAMES;
	char more[48];

	if (n == 0)
		return;
	facts_lit(k, " (dropped ");
	for (size_t i = 0; i < shown; i++) {
		facts_lit(k, i ? "; " : "");
		k->name(k->ctx, f->changing.v[i]);
		facts_lit(k, f->changing_side[i]
		                 ? ", which passes only after"
		                 : ", which passes only before");
	}
	if (shown < n) {
		snprintf(more, sizeof more, "; and %zu more", n - shown);
		facts_lit(k, more);
	}
	facts_lit(k, ")");
}

char *report_runtime_cell(char buf[REPORT_CELL_MAX], const struct record *r,
                          int s, size_t i, enum report_precision prec)
{
	const struct price *p = r->price;
	const double *n = r->facts ? r->facts->runtime_n[s] : NULL;
	double x = p->runtime[s][i];
	char num[NUMFMT_MAX];

	if (isnan(x))
		snprintf(num, sizeof num, "-");
	else
		report_num(num, x, prec);
	if (n && !r->facts->runtime_from[s])
		snprintf(buf, REPORT_CELL_MAX, "%s (n %.0f)", num, n[i]);
	else
		snprintf(buf, REPORT_CELL_MAX, "%s", num);
	return buf;
}
