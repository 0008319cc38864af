/* gbench.c: Google Benchmark's JSON output (--benchmark_out_format=json).
 *
 * One case per benchmark `run_name` (or `name` where there is none), in
 * the order of first appearance; repetitions may be interleaved.  Columns,
 * all times in seconds:
 *   runtime           mean of the iterations' real_time (compensated sum)
 *   passed            0 if an iteration has error_occurred or skipped set
 *   cpu_time          mean of cpu_time
 *   repetitions       number of iteration entries
 *   real_time_stddev  sample standard deviation of real_time (0 for one)
 * Aggregate entries (mean, median, stddev, cv, BigO, ...) are ignored and
 * recomputed from the iterations, unless a case has only aggregates
 * (--benchmark_report_aggregates_only): then `mean` and `stddev` are used,
 * and repetitions is the mean's `repetitions`.
 *
 * A case that failed has no time to speak of (Google Benchmark writes 0):
 * its time cells are text, "error: MESSAGE" or "skipped: MESSAGE", so a
 * pricing that needs its runtime says why there is none, instead of
 * pricing a runtime of 0. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/input.h"
#include "util/ksum.h"

struct entry {
	const char *name;
	size_t index;
	bool aggregate;
	const char *aggregate_name; /* "" for iterations */
	double real, cpu;           /* seconds */
	double repetitions;         /* as written, for aggregates */
	const char *failure;        /* "error" or "skipped", NULL if fine */
	const char *message;
	uint32_t line, col;
};

static int entry_error(const char *path, const struct jcur *at,
                       struct diag *d, const char *what, const char *name)
{
	char shown[RUN_SHOW_SIZE];

	if (!name)
		return diag_set(d, path, (int)at->line, (int)at->col, "%s", what);
	run_show(shown, sizeof shown, name, strlen(name));
	return diag_set(d, path, (int)at->line, (int)at->col,
	                "benchmark '%s': %s", shown, what);
}

/* Seconds per time_unit. */
static bool unit_factor(const char *unit, double *f)
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

static int read_entry(const char *path, json_t *o, const struct jcur *at,
                      size_t index, struct entry *e, struct diag *d)
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
		return entry_error(path, at, d, "benchmark has no 'name'", NULL);
	*e = (struct entry){.name = json_string_value(name), .index = index,
	                    .aggregate_name = "", .line = at->line,
	                    .col = at->col};
	/* Versions before run_type marked aggregates by aggregate_name. */
	e->aggregate = json_is_string(type)
	               ? strcmp(json_string_value(type), "aggregate") == 0
	               : json_is_string(agg);
	if (json_is_string(agg))
		e->aggregate_name = json_string_value(agg);
	if (unit && (!json_is_string(unit) ||
	             !unit_factor(json_string_value(unit), &factor))) {
		char what[120];
		jcur_member(at, o, "time_unit", &c);
		snprintf(what, sizeof what,
		         "unknown time_unit '%.40s' (known: ns, us, ms, s)",
		         json_is_string(unit) ? json_string_value(unit) : "?");
		return entry_error(path, &c, d, what, e->name);
	}
	if (json_is_true(json_object_get(o, "error_occurred"))) {
		e->failure = "error";
		v = json_object_get(o, "error_message");
		e->message = json_is_string(v) ? json_string_value(v) : "";
	} else if ((v = json_object_get(o, "skipped")) && !json_is_false(v) &&
	           !json_is_null(v)) {
		e->failure = "skipped";
		v = json_object_get(o, "skip_message");
		e->message = json_is_string(v) ? json_string_value(v) : "";
	}
	if (e->failure)
		return FP_OK; /* its times are 0 and mean nothing */
	if (get_time(path, o, at, "real_time", factor, e->name, &e->real, d) ||
	    get_time(path, o, at, "cpu_time", factor, e->name, &e->cpu, d))
		return FP_ERR;
	v = json_object_get(o, "repetitions");
	e->repetitions = json_is_number(v) ? json_number_value(v) : 1;
	return FP_OK;
}

/* Sorting entries by name, then position, groups each case's entries. */
static int by_name(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a;
	const struct entry *y = *(struct entry *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->index > y->index) - (x->index < y->index);
}

static int by_first_index(const void *a, const void *b)
{
	struct entry *const *x = *(struct entry *const *const *)a;
	struct entry *const *y = *(struct entry *const *const *)b;

	return (x[0]->index > y[0]->index) - (x[0]->index < y[0]->index);
}

enum { COL_RUNTIME, COL_PASSED, COL_CPU, COL_REPS, COL_STDDEV, NCOLS };
static const char *const col_names[NCOLS] = {
	"runtime", "passed", "cpu_time", "repetitions", "real_time_stddev",
};

/* One case from its entries e[0..n), sorted by position. */
static int add_case(struct run_builder *b, struct entry **e, size_t n)
{
	const struct entry *fail = NULL, *mean = NULL, *sd = NULL;
	struct ksum real = {0, 0}, cpu = {0, 0}, dev = {0, 0};
	uint32_t line = e[0]->line, col = e[0]->col;
	size_t iters = 0;
	double m, reps, stddev = 0;

	for (size_t i = 0; i < n; i++) {
		if (e[i]->aggregate) {
			if (strcmp(e[i]->aggregate_name, "mean") == 0)
				mean = e[i];
			else if (strcmp(e[i]->aggregate_name, "stddev") == 0)
				sd = e[i];
			continue;
		}
		iters++;
		if (e[i]->failure && !fail)
			fail = e[i];
		ksum_add(&real, e[i]->real);
		ksum_add(&cpu, e[i]->cpu);
	}
	if (rb_case(b, e[0]->name, strlen(e[0]->name), line, col) != FP_OK)
		return FP_ERR;
	if (fail) {
		size_t len = strlen(fail->failure) + strlen(fail->message) + 3;
		char *why = malloc(len);
		int rc;
		if (!why)
			return diag_set(b->d, b->path, 0, 0, "out of memory");
		snprintf(why, len, "%s: %s", fail->failure, fail->message);
		rc = rb_other(b, COL_RUNTIME, why, line, col) ||
		     rb_number(b, COL_PASSED, 0, line, col) ||
		     rb_other(b, COL_CPU, why, line, col) ||
		     rb_number(b, COL_REPS, (double)iters, line, col) ||
		     rb_other(b, COL_STDDEV, why, line, col);
		free(why);
		return rc ? FP_ERR : FP_OK;
	}
	if (iters > 0) {
		m = ksum_value(&real) / (double)iters;
		for (size_t i = 0; i < n; i++)
			if (!e[i]->aggregate)
				ksum_add(&dev, (e[i]->real - m) * (e[i]->real - m));
		if (iters > 1)
			stddev = sqrt(ksum_value(&dev) / (double)(iters - 1));
		return rb_number(b, COL_RUNTIME, m, line, col) ||
		       rb_number(b, COL_PASSED, 1, line, col) ||
		       rb_number(b, COL_CPU, ksum_value(&cpu) / (double)iters,
		                 line, col) ||
		       rb_number(b, COL_REPS, (double)iters, line, col) ||
		       rb_number(b, COL_STDDEV, stddev, line, col)
		       ? FP_ERR : FP_OK;
	}
	if (!mean) {
		char shown[RUN_SHOW_SIZE];
		run_show(shown, sizeof shown, e[0]->name, strlen(e[0]->name));
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "benchmark '%s' has no iterations and no 'mean' "
		                "aggregate", shown);
	}
	reps = mean->repetitions;
	return rb_number(b, COL_RUNTIME, mean->real, line, col) ||
	       rb_number(b, COL_PASSED, 1, line, col) ||
	       rb_number(b, COL_CPU, mean->cpu, line, col) ||
	       rb_number(b, COL_REPS, reps, line, col) ||
	       rb_number(b, COL_STDDEV, sd ? sd->real : 0, line, col)
	       ? FP_ERR : FP_OK;
}

/* Groups the entries by case, in order of first appearance, and adds the
 * cases. */
static int add_cases(struct run_builder *b, struct entry *entries, size_t n)
{
	struct entry **sorted = malloc(n * sizeof *sorted);
	struct entry ***groups = malloc(n * sizeof *groups);
	size_t *sizes = malloc(n * sizeof *sizes), ngroups = 0;
	int rc = FP_OK;

	if (!sorted || !groups || !sizes) {
		rc = diag_set(b->d, b->path, 0, 0, "out of memory");
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
		rc = add_case(b, groups[g], sizes[g]);
out:
	free(sorted);
	free(groups);
	free(sizes);
	return rc;
}

int input_gbench(const char *path, json_t *root, const char *text,
                 size_t len, struct run **out, struct diag *d)
{
	json_t *list = json_object_get(root, "benchmarks"), *o;
	struct entry *entries = NULL;
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
		return diag_set(d, path, 0, 0, "out of memory");
	rb_init(&b, path, "gbench", d);
	jcur_into(&c);
	json_array_foreach(list, i, o) {
		if (read_entry(path, o, &c, i, &entries[i], d) != FP_OK)
			goto out;
		jcur_next(&c);
	}
	for (int k = 0; k < NCOLS; k++)
		if (rb_add_column(&b, col_names[k], strlen(col_names[k]), 0, 0) < 0)
			goto out;
	if (add_cases(&b, entries, n) == FP_OK)
		rc = rb_finish(&b, out);
out:
	rb_discard(&b);
	free(entries);
	return rc;
}
