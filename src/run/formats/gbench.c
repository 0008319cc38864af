/* gbench.c: Google Benchmark's JSON output (--benchmark_out_format=json).
 *
 * One case per benchmark `run_name` (or `name` where there is none), kept
 * verbatim (BM_x/64, BM_t<int>/4096, BM_h/threads:2), in the order of
 * first appearance; repetitions may be interleaved.  All times are in
 * seconds, whatever each entry's time_unit (ns, us, ms, s).
 *
 * Samples: the real_time of every iteration entry (run_type "iteration",
 * one per repetition), or its cpu_time when run_opts.cpu_time is set.
 * Aggregate entries (mean, median, stddev, cv, BigO, ...) are ignored,
 * unless a case has only aggregates (--benchmark_report_aggregates_only):
 * then its one sample is the `median` aggregate, or the `mean` where
 * there is no median (Google Benchmark keeps no minimum), and the run
 * says which (run.h: aggregate).  Aggregates that are no timing of the
 * case (BigO, RMS, cv, user statistics) need no times, and a benchmark
 * family that has only those (the complexity rows of ->Complexity()) is
 * no case: the run lists it as not priced (run.h: unpriced).
 *
 * An entry with error_occurred (SkipWithError) or skipped set is a failing
 * sample without a time (NaN: Google Benchmark writes 0 for its times,
 * which measure nothing), as a CSV repetition that failed without a
 * runtime is: the case fails under --pass-policy all, is flaky when other
 * repetitions passed, and the resamples draw its failures.  A case whose
 * every repetition failed has no runtime (run_estimate: NaN, has_runtime
 * 0).
 *
 * Columns besides those of run_estimate:
 *   passed            0 if an iteration has error_occurred or skipped set
 *   cpu_time          mean cpu_time of the samples' entries (real_time
 *                     when the samples are cpu_time); NaN without samples
 *   repetitions       number of iteration entries (the mean aggregate's
 *                     `repetitions` for aggregates only)
 *   real_time_stddev  sample standard deviation of real_time (0 for one;
 *                     the stddev aggregate for aggregates only)
 * Context: every member of `context`; `caches` summarised as "L1 Data 48
 * KiB, L1 Instruction 32 KiB, ..." with "(shared by N)" where it is. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/gbench.h"
#include "run/builder.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"
#include "util/ksum.h"

static int entry_error(const char *path, const struct jcur *at, struct diag *d,
                       const char *what, const char *name)
{
	char shown[RUN_SHOW_SIZE];

	if (!name)
		return diag_set(d, path, (int)at->line, (int)at->col, "%s",
		                what);
	run_show(shown, sizeof shown, name, strlen(name));
	return diag_set(d, path, (int)at->line, (int)at->col,
	                "benchmark '%s': %s", shown, what);
}

bool gbench_unit(const char *unit, double *f)
{
	static const struct {
		const char *name;
		double factor;
	} units[] = {{"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}};

	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(unit, units[i].name) == 0) {
			*f = units[i].factor;
			return true;
		}
	return false;
}

/* A number member (in the entry's time unit times factor). */
static int get_time(const char *path, json_t *o, const struct jcur *at,
                    const char *key, double factor, const char *name,
                    double *out, struct diag *d)
{
	json_t *v = json_object_get(o, key);
	struct jcur c = *at;
	char what[80];

	if (json_is_number(v)) {
		*out = json_number_value(v) * factor;
		return FP_OK;
	}
	jcur_member(at, o, key, &c);
	snprintf(what, sizeof what, "'%s' must be a number", key);
	return entry_error(path, &c, d, what, name);
}

static bool is_set(json_t *v)
{
	return v && !json_is_false(v) && !json_is_null(v);
}

/* Aggregates that are timings of the case (others may have no times). */
static bool timing_aggregate(const struct gb_entry *e)
{
	return strcmp(e->aggregate_name, "mean") == 0 ||
	       strcmp(e->aggregate_name, "median") == 0 ||
	       strcmp(e->aggregate_name, "stddev") == 0;
}

static int read_entry(const char *path, json_t *o, const struct jcur *at,
                      size_t index, struct gb_entry *e, struct diag *d)
{
	json_t *name = json_object_get(o, "run_name");
	json_t *type = json_object_get(o, "run_type");
	json_t *agg = json_object_get(o, "aggregate_name");
	json_t *unit = json_object_get(o, "time_unit");
	json_t *v;
	double factor = 1e-9; /* Google Benchmark's default unit */
	struct jcur c;

	if (!json_is_object(o))
		return entry_error(path, at, d, "a benchmark must be an object",
		                   NULL);
	if (!json_is_string(name))
		name = json_object_get(o, "name");
	if (!json_is_string(name))
		return entry_error(path, at, d, "benchmark has no 'name'",
		                   NULL);
	*e = (struct gb_entry){
	    .name = json_string_value(name),
	    .label = json_string_value(json_object_get(o, "name")),
	    .index = index,
	    .aggregate_name = "",
	    .line = at->line,
	    .col = at->col};
	/* Versions before run_type marked aggregates by aggregate_name. */
	e->aggregate = json_is_string(type)
	                   ? strcmp(json_string_value(type), "aggregate") == 0
	                   : json_is_string(agg);
	if (json_is_string(agg))
		e->aggregate_name = json_string_value(agg);
	if (unit && (!json_is_string(unit) ||
	             !gbench_unit(json_string_value(unit), &factor))) {
		char what[120];
		jcur_member(at, o, "time_unit", &c);
		snprintf(what, sizeof what,
		         "unknown time_unit '%.40s' (known: ns, us, ms, s)",
		         json_is_string(unit) ? json_string_value(unit) : "?");
		return entry_error(path, &c, d, what, e->name);
	}
	e->failed = json_is_true(json_object_get(o, "error_occurred")) ||
	            is_set(json_object_get(o, "skipped"));
	if (e->failed || (e->aggregate && !timing_aggregate(e)))
		return FP_OK; /* its times are 0 and mean nothing */
	if (get_time(path, o, at, "real_time", factor, e->name, &e->real, d) ||
	    get_time(path, o, at, "cpu_time", factor, e->name, &e->cpu, d))
		return FP_ERR;
	v = json_object_get(o, "repetitions");
	e->repetitions = json_is_number(v) ? json_number_value(v) : 1;
	return FP_OK;
}

enum { COL_PASSED, COL_OTHER, COL_REPS, COL_STDDEV, NCOLS };

/* What one case's entries add up to. */
struct tally {
	size_t iters, good; /* iteration entries, those not failed */
	const struct gb_entry *mean, *median, *sd;
	struct ksum other; /* the time that is not the samples' */
	double real_sd;
};

static void tally(struct gb_entry **e, size_t n, bool cpu, struct tally *t)
{
	struct ksum real = {0, 0}, dev = {0, 0};
	double m;

	*t = (struct tally){0};
	for (size_t i = 0; i < n; i++) {
		if (e[i]->aggregate) {
			if (e[i]->failed)
				continue;
			if (strcmp(e[i]->aggregate_name, "mean") == 0)
				t->mean = e[i];
			else if (strcmp(e[i]->aggregate_name, "median") == 0)
				t->median = e[i];
			else if (strcmp(e[i]->aggregate_name, "stddev") == 0)
				t->sd = e[i];
			continue;
		}
		t->iters++;
		if (e[i]->failed)
			continue;
		t->good++;
		ksum_add(&real, e[i]->real);
		ksum_add(&t->other, cpu ? e[i]->real : e[i]->cpu);
	}
	m = ksum_value(&real) / (double)t->good;
	for (size_t i = 0; i < n; i++)
		if (!e[i]->aggregate && !e[i]->failed)
			ksum_add(&dev, (e[i]->real - m) * (e[i]->real - m));
	t->real_sd = t->good > 1
	                 ? sqrt(ksum_value(&dev) / (double)(t->good - 1))
	             : t->good ? 0
	                       : NAN;
}

/* The cells of a case (the newest) after its samples. */
static int add_cells(struct run_builder *b, double passed, double other,
                     double reps, double sd, uint32_t line, uint32_t col)
{
	return rb_number(b, COL_PASSED, passed, line, col) ||
	               rb_number(b, COL_OTHER, other, line, col) ||
	               rb_number(b, COL_REPS, reps, line, col) ||
	               rb_number(b, COL_STDDEV, sd, line, col)
	           ? FP_ERR
	           : FP_OK;
}

/* A case of aggregates only: the median, else the mean. */
static int add_aggregate(struct run_builder *b, const struct tally *t,
                         const struct gb_entry *e0, bool cpu)
{
	const struct gb_entry *a = t->median ? t->median : t->mean;
	const char *which = t->median ? "median" : "mean";
	char shown[RUN_SHOW_SIZE];

	if (!a) {
		run_show(shown, sizeof shown, e0->name, strlen(e0->name));
		return diag_set(b->d, b->path, (int)e0->line, (int)e0->col,
		                "benchmark '%s' has no iterations and no "
		                "'median' or 'mean' aggregate",
		                shown);
	}
	/* Cases that differ in which one they give: say both. */
	b->aggregate = b->aggregate && strcmp(b->aggregate, which) != 0
	                   ? "median or mean"
	                   : which;
	b->aggregate_of = "repetitions";
	if (rb_sample(b, cpu ? a->cpu : a->real, -1) != FP_OK)
		return FP_ERR;
	return add_cells(b, 1, cpu ? a->real : a->cpu, a->repetitions,
	                 t->sd ? t->sd->real : 0, e0->line, e0->col);
}

/* A family of complexity rows or other statistics alone: no case. */
static int not_timings(struct run_builder *b, struct gb_entry **e, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *w = e[i]->label ? e[i]->label : e[i]->name;
		if (rb_unpriced(b, w, "not a timing") != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

/* A case's aggregates that no version writes for every benchmark (user
 * statistics, percentages other than cv): listed as not priced. */
static int other_statistics(struct run_builder *b, struct gb_entry **e,
                            size_t n)
{
	static const char *const usual[] = {"mean", "median", "stddev", "cv"};

	for (size_t i = 0; i < n; i++) {
		bool known = !e[i]->aggregate;
		for (size_t k = 0; !known && k < 4; k++)
			known = strcmp(e[i]->aggregate_name, usual[k]) == 0;
		if (!known &&
		    rb_unpriced(b, e[i]->label ? e[i]->label : e[i]->name,
		                "a statistic, not a timing") != FP_OK)
			return FP_ERR;
	}
	return FP_OK;
}

/* One case from its entries e[0..n), sorted by position. */
static int add_case(struct run_builder *b, struct gb_entry **e, size_t n,
                    bool cpu)
{
	uint32_t line = e[0]->line, col = e[0]->col;
	struct tally t;

	tally(e, n, cpu, &t);
	if (t.iters == 0 && !t.mean && !t.median && !t.sd)
		return not_timings(b, e, n);
	if (other_statistics(b, e, n) != FP_OK)
		return FP_ERR;
	if (rb_case(b, e[0]->name, strlen(e[0]->name), line, col) != FP_OK)
		return FP_ERR;
	if (t.iters > 0) {
		/* A failed repetition is a failing sample without a time
		 * (its times, 0, measure nothing), as a CSV row's is. */
		for (size_t i = 0; i < n; i++)
			if (!e[i]->aggregate &&
			    rb_sample(b,
			              e[i]->failed ? NAN
			              : cpu        ? e[i]->cpu
			                           : e[i]->real,
			              e[i]->failed ? 0 : -1) != FP_OK)
				return FP_ERR;
		return add_cells(b, t.good == t.iters,
		                 t.good ? ksum_value(&t.other) / (double)t.good
		                        : NAN,
		                 (double)t.iters, t.real_sd, line, col);
	}
	return add_aggregate(b, &t, e[0], cpu);
}

/* Sorting entries by name, then position, groups each case's entries. */
static int by_name(const void *a, const void *b)
{
	const struct gb_entry *x = *(struct gb_entry *const *)a;
	const struct gb_entry *y = *(struct gb_entry *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->index > y->index) - (x->index < y->index);
}

static int by_first_index(const void *a, const void *b)
{
	struct gb_entry *const *x = *(struct gb_entry *const *const *)a;
	struct gb_entry *const *y = *(struct gb_entry *const *const *)b;

	return (x[0]->index > y[0]->index) - (x[0]->index < y[0]->index);
}

/* Groups the entries by case, in order of first appearance, and adds the
 * cases. */
static int add_cases(struct run_builder *b, struct gb_entry *entries, size_t n,
                     bool cpu)
{
	struct gb_entry **sorted = malloc(n * sizeof *sorted);
	struct gb_entry ***groups = malloc(n * sizeof *groups);
	size_t *sizes = malloc(n * sizeof *sizes), ngroups = 0;
	int rc = FP_OK;

	if (!sorted || !groups || !sizes) {
		rc = diag_oom(b->d);
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		sorted[i] = &entries[i];
	qsort(sorted, n, sizeof *sorted, by_name);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || strcmp(sorted[i]->name, sorted[i - 1]->name) != 0)
			groups[ngroups++] = &sorted[i];
	qsort(groups, ngroups, sizeof *groups, by_first_index);
	/* Group sizes after the reordering: up to the next name change. */
	for (size_t g = 0; g < ngroups; g++) {
		size_t k = 1;
		while (groups[g] + k < sorted + n &&
		       strcmp(groups[g][k]->name, groups[g][0]->name) == 0)
			k++;
		sizes[g] = k;
	}
	for (size_t g = 0; g < ngroups && rc == FP_OK; g++)
		rc = add_case(b, groups[g], sizes[g], cpu);
out:
	free(sorted);
	free(groups);
	free(sizes);
	return rc;
}

int gbench_cases(struct run_builder *b, struct gb_entry *e, size_t n, bool cpu)
{
	static const char *const names[2][NCOLS] = {
	    {"passed", "cpu_time", "repetitions", "real_time_stddev"},
	    {"passed", "real_time", "repetitions", "real_time_stddev"},
	};

	rb_use_samples(b);
	for (int k = 0; k < NCOLS; k++)
		if (rb_add_column(b, names[cpu][k], strlen(names[cpu][k]), 0,
		                  0) < 0)
			return FP_ERR;
	return add_cases(b, e, n, cpu);
}

/* "L1 Data 48 KiB, ..., L3 Unified 32768 KiB (shared by 2)" into buf. */
static void caches(json_t *list, char *buf, size_t size)
{
	size_t i, used = 0;
	json_t *c;

	buf[0] = '\0';
	json_array_foreach(list, i, c)
	{
		double level = json_number_value(json_object_get(c, "level"));
		double bytes = json_number_value(json_object_get(c, "size"));
		double shared =
		    json_number_value(json_object_get(c, "num_sharing"));
		const char *type =
		    json_string_value(json_object_get(c, "type"));
		int w = snprintf(buf + used, size - used, "%sL%.0f %s %.0f KiB",
		                 i ? ", " : "", level, type ? type : "?",
		                 bytes / 1024);
		if (w >= 0 && (size_t)w < size - used && shared > 1)
			w += snprintf(buf + used + (size_t)w,
			              size - used - (size_t)w,
			              " (shared by %.0f)", shared);
		if (w < 0 || (size_t)w >= size - used)
			return;
		used += (size_t)w;
	}
}

static int add_context(struct run_builder *b, json_t *root)
{
	json_t *ctx = json_object_get(root, "context");
	json_t *list = json_object_get(ctx, "caches");
	char summary[512];

	if (!json_is_object(ctx))
		return FP_OK;
	if (fmt_json_context(b, "", ctx) != FP_OK)
		return FP_ERR;
	if (!json_is_array(list))
		return FP_OK;
	caches(list, summary, sizeof summary);
	return rb_context(b, "caches", summary);
}

int fmt_gbench(const struct fmt_src *s, struct run **out, struct diag *d)
{
	const char *path = s->path, *text = s->text;
	size_t len = s->len;
	json_t *root = s->json;
	const struct run_opts *opts = s->opts;
	json_t *list = json_object_get(root, "benchmarks"), *o;
	struct gb_entry *entries = NULL;
	struct run_builder b;
	struct jcur c;
	size_t i, n;
	int rc = FP_ERR;

	jcur_init(&c, text, len);
	jcur_member(&c, root, "benchmarks", &c);
	if (!json_is_array(list))
		return diag_set(d, path, (int)c.line, (int)c.col,
		                "'benchmarks' must be a list");
	n = json_array_size(list);
	if (n == 0)
		return diag_set(d, path, (int)c.line, (int)c.col,
		                "no benchmarks");
	if (!(entries = calloc(n, sizeof *entries)))
		return diag_oom(d);
	rb_init(&b, path, "gbench", d);
	jcur_into(&c);
	json_array_foreach(list, i, o)
	{
		if (read_entry(path, o, &c, i, &entries[i], d) != FP_OK)
			goto out;
		jcur_next(&c);
	}
	if (add_context(&b, root) == FP_OK &&
	    gbench_cases(&b, entries, n, opts->cpu_time) == FP_OK)
		rc = rb_finish(&b, out);
out:
	rb_discard(&b);
	free(entries);
	return rc;
}
