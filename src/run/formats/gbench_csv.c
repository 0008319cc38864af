/* gbench_csv.c: Google Benchmark's CSV output (--benchmark_out_format=csv).
 *
 * The file starts with the lines Google Benchmark writes about the run
 * (date, executable, CPUs, caches, load, warnings), then the header
 *   name,iterations,real_time,cpu_time,time_unit,...,error_occurred,
 *   error_message
 * and a row per repetition and aggregate.  The CSV has no run_type: a row
 * named NAME_mean, NAME_median, NAME_stddev, NAME_cv, NAME_BigO or
 * NAME_RMS is an aggregate of NAME (so a benchmark really called
 * BM_x_mean would be misread).  Everything else is as in gbench.c: rows
 * are samples, aggregates count only without repetition rows, a row with
 * error_occurred "true" fails and gives no sample, times in seconds.
 * Context from the lines before the header: date, executable, num_cpus
 * and mhz_per_cpu ("Run on (2 X 2596.12 MHz CPU s)"), caches (their lines
 * joined), load_avg, library_build_type "debug" and cpu_scaling_enabled
 * "true" from the warnings that say so. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/gbench.h"
#include "run/builder.h"
#include "run/formats/csvrows.h"
#include "util/grow.h"
#include "run/formats/formats.h"
#include "util/numfmt.h"
#include "util/strindex.h"

static const char header[] = "name,iterations,real_time,cpu_time,time_unit";

/* Offset of the header line, or len if there is none. */
static size_t header_at(const char *text, size_t len)
{
	size_t i = 0, n = sizeof header - 1;

	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		if (len - i >= n && memcmp(text + i, header, n) == 0)
			return i;
		if (!nl)
			break;
		i = (size_t)(nl - text) + 1;
	}
	return len;
}

bool fmt_gbench_csv_detect(const char *text, size_t len)
{
	/* The context lines before the header are short. */
	return header_at(text, len < 4096 ? len : 4096) <
	       (len < 4096 ? len : 4096);
}

enum { F_NAME, F_ITER, F_REAL, F_CPU, F_UNIT, F_ERROR, NFIELDS };
static const char *const field_names[NFIELDS] = {
    "name",     "iterations", "real_time",
    "cpu_time", "time_unit",  "error_occurred",
};

struct gcsv {
	const struct fmt_src *src;
	struct diag *d;
	size_t at[NFIELDS]; /* header position of each field */
	struct gb_entry *e;
	/* Owned: each entry's name as written and then its case's name,
	 * "BM_x/64_mean\0BM_x/64\0" (label and name). */
	char **names;
	double *iters; /* each entry's iterations, as written (NaN: none) */
	size_t n, cap, names_cap, iters_cap;
	size_t header_n; /* cells in the header */
};

static int bad(struct gcsv *st, const struct csv_field *f, const char *what)
{
	char shown[RUN_SHOW_SIZE];

	run_show(shown, sizeof shown, f->text, f->len);
	return diag_set(st->d, st->src->path, (int)f->line, (int)f->col,
	                "%s '%s'", what, shown);
}

static int read_header(struct gcsv *st, const struct csv_field *f, size_t n)
{
	for (int k = 0; k < NFIELDS; k++) {
		st->at[k] = n;
		for (size_t i = 0; i < n; i++)
			if (strcmp(f[i].text, field_names[k]) == 0)
				st->at[k] = i;
		if (st->at[k] == n)
			return diag_set(st->d, st->src->path, (int)f[0].line,
			                (int)f[0].col,
			                "no '%s' column in the "
			                "header",
			                field_names[k]);
	}
	return FP_OK;
}

/* The name without an aggregate suffix; *agg the suffix or "". */
static size_t base_name(const char *s, size_t len, const char **agg)
{
	static const char *const aggs[] = {"mean", "median", "stddev",
	                                   "cv",   "BigO",   "RMS"};

	*agg = "";
	for (size_t k = 0; k < sizeof aggs / sizeof *aggs; k++) {
		size_t a = strlen(aggs[k]);
		if (len > a + 1 && s[len - a - 1] == '_' &&
		    memcmp(s + len - a, aggs[k], a) == 0) {
			*agg = aggs[k];
			return len - a - 1;
		}
	}
	return len;
}

static int number(struct gcsv *st, const struct csv_field *f, double *x)
{
	if (numfmt_parse(f->text, f->len, x))
		return FP_OK;
	return bad(st, f, "not a number:");
}

/* The entry of a row that did not fail: its times in seconds. */
static int times(struct gcsv *st, const struct csv_field *f, struct gb_entry *e)
{
	const struct csv_field *unit = &f[st->at[F_UNIT]];
	double factor, iters;

	if (!gbench_unit(unit->text, &factor))
		return bad(st, unit,
		           "unknown time_unit (known: ns, us, ms, s):");
	if (number(st, &f[st->at[F_REAL]], &e->real) != FP_OK ||
	    number(st, &f[st->at[F_CPU]], &e->cpu) != FP_OK ||
	    number(st, &f[st->at[F_ITER]], &iters) != FP_OK)
		return FP_ERR;
	e->real *= factor;
	e->cpu *= factor;
	e->repetitions = e->aggregate ? iters : 1;
	st->iters[e->index] = iters;
	return FP_OK;
}

static int read_row(struct gcsv *st, const struct csv_field *f, size_t n)
{
	const struct csv_field *name = &f[st->at[F_NAME]];
	struct gb_entry *e;
	const char *agg;
	size_t len;

	if (fmt_csv_width(st->src->path, f, n, st->header_n, st->d) != FP_OK)
		return FP_ERR;
	if (grow_array((void **)&st->e, &st->cap, st->n + 1, sizeof *st->e) ||
	    grow_array((void **)&st->names, &st->names_cap, st->n + 1,
	               sizeof *st->names) ||
	    grow_array((void **)&st->iters, &st->iters_cap, st->n + 1,
	               sizeof *st->iters))
		return diag_oom(st->d);
	st->iters[st->n] = NAN;
	len = base_name(name->text, name->len, &agg);
	if (!(st->names[st->n] = malloc(name->len + len + 2)))
		return diag_oom(st->d);
	memcpy(st->names[st->n], name->text, name->len);
	st->names[st->n][name->len] = '\0';
	memcpy(st->names[st->n] + name->len + 1, name->text, len);
	st->names[st->n][name->len + 1 + len] = '\0';
	e = &st->e[st->n];
	*e = (struct gb_entry){.name = st->names[st->n] + name->len + 1,
	                       .label = agg[0] ? st->names[st->n] : NULL,
	                       .index = st->n,
	                       .aggregate = agg[0] != '\0',
	                       .aggregate_name = agg,
	                       .line = name->line,
	                       .col = name->col};
	st->n++;
	e->failed = strcmp(f[st->at[F_ERROR]].text, "true") == 0;
	/* Complexity rows are no timings: their time_unit is the order
	 * ("N", "NlgN") or empty, and RMS a share. */
	if (e->failed || strcmp(agg, "BigO") == 0 || strcmp(agg, "RMS") == 0)
		return FP_OK;
	return times(st, f, e);
}

/* A user statistic (->ComputeStatistics("max", ...)) is a row NAME_max
 * written after NAME's repetitions, with as many iterations as NAME has
 * repetitions (an aggregate's count): an aggregate of NAME, listed as not
 * priced, not a case of its own.  (The CSV does not say so; a benchmark
 * named NAME_max that ran as many iterations as NAME has rows would be
 * misread.) */
static int user_statistics(struct gcsv *st)
{
	const char **name = malloc((st->n ? st->n : 1) * sizeof *name);
	size_t *reps = calloc(st->n ? st->n : 1, sizeof *reps);
	struct strindex ix = {0};

	if (!name || !reps || !strindex_init(&ix, name, st->n)) {
		free(name);
		free(reps);
		return diag_oom(st->d);
	}
	/* How many repetition rows each name has, by an index: a file of
	 * many benchmarks is read in time linear in its rows. */
	for (size_t k = 0; k < st->n; k++) {
		size_t first;

		name[k] = st->e[k].name;
		if (st->e[k].aggregate)
			continue;
		first = strindex_add(&ix, k);
		reps[first == STRINDEX_NONE ? k : first]++;
	}
	for (size_t k = 0; k < st->n; k++) {
		struct gb_entry *e = &st->e[k];
		char *us = strrchr(e->name, '_');
		size_t of;

		if (e->aggregate || e->failed || !us || us == e->name || !us[1])
			continue;
		*us = '\0';
		of = strindex_find(&ix, e->name);
		*us = '_';
		/* Marked, and cut after the index is done with the names. */
		if (of != STRINDEX_NONE && of < k &&
		    st->iters[k] == (double)reps[of])
			e->label = st->names[k];
	}
	strindex_free(&ix);
	for (size_t k = 0; k < st->n; k++) {
		struct gb_entry *e = &st->e[k];

		if (e->aggregate || !e->label)
			continue;
		e->aggregate = true;
		e->aggregate_name = strrchr(e->name, '_') + 1;
		*strrchr(e->name, '_') = '\0';
	}
	free(name);
	free(reps);
	return FP_OK;
}

static int on_row(void *ctx, size_t row, const struct csv_field *f, size_t n)
{
	struct gcsv *st = ctx;

	if (row == 0) {
		st->header_n = n;
		return read_header(st, f, n);
	}
	return read_row(st, f, n);
}

static bool starts(const char *s, size_t len, const char *with)
{
	return len >= strlen(with) && memcmp(s, with, strlen(with)) == 0;
}

/* One line before the header (the caches' lines are joined in caches). */
static int context_line(struct run_builder *b, const char *s, size_t len,
                        char *caches, size_t size)
{
	double cpus, mhz;
	char num[NUMFMT_MAX];

	if (len > 0 && (s[0] == ' ' || s[0] == '\t')) {
		while (len > 0 && (*s == ' ' || *s == '\t')) {
			s++;
			len--;
		}
		snprintf(caches + strlen(caches), size - strlen(caches),
		         "%s%.*s", caches[0] ? ", " : "", (int)len, s);
		return FP_OK;
	}
	if (len > 0 && s[0] >= '0' && s[0] <= '9')
		return rb_context_n(b, "date", s, len);
	if (starts(s, len, "Running "))
		return rb_context_n(b, "executable", s + 8, len - 8);
	if (starts(s, len, "Load Average: "))
		return rb_context_n(b, "load_avg", s + 14, len - 14);
	if (starts(s, len, "***WARNING*** Library was built as DEBUG"))
		return rb_context(b, "library_build_type", "debug");
	if (starts(s, len, "***WARNING*** CPU scaling is enabled"))
		return rb_context(b, "cpu_scaling_enabled", "true");
	if (starts(s, len, "Run on (") &&
	    sscanf(s, "Run on (%lf X %lf MHz", &cpus, &mhz) == 2)
		return rb_context(b, "num_cpus", numfmt_exact(num, cpus)) ||
		               rb_context(b, "mhz_per_cpu",
		                          numfmt_exact(num, mhz))
		           ? FP_ERR
		           : FP_OK;
	return FP_OK;
}

static int add_context(struct run_builder *b, const char *text, size_t end)
{
	char caches[512] = "";
	size_t i = 0;

	while (i < end) {
		const char *nl = memchr(text + i, '\n', end - i);
		size_t len = nl ? (size_t)(nl - text) - i : end - i;
		if (len > 0 && text[i + len - 1] == '\r')
			len--;
		if (context_line(b, text + i, len, caches, sizeof caches))
			return FP_ERR;
		i += (nl ? (size_t)(nl - text) - i : end - i) + 1;
	}
	return caches[0] ? rb_context(b, "caches", caches) : FP_OK;
}

int fmt_gbench_csv(const struct fmt_src *s, struct run **out, struct diag *d)
{
	struct gcsv st = {.src = s, .d = d};
	size_t start = header_at(s->text, s->len), rows = 0;
	struct run_builder b;
	int rc = FP_ERR;

	rb_init(&b, s->path, "gbench-csv", d);
	if (start == s->len)
		diag_set(d, s->path, 0, 0, "no header line starting with '%s'",
		         header);
	else if (fmt_csv_rows(s->path, s->text, s->len, start, on_row, &st,
	                      &rows, d) == FP_OK) {
		if (rows < 2)
			diag_set(d, s->path, 0, 0,
			         "no benchmarks: the file has a "
			         "header row and no data rows");
		else if (user_statistics(&st) == FP_OK &&
		         add_context(&b, s->text, start) == FP_OK &&
		         gbench_cases(&b, st.e, st.n, s->opts->cpu_time) ==
		             FP_OK)
			rc = rb_finish(&b, out);
	}
	rb_discard(&b);
	for (size_t i = 0; i < st.n; i++)
		free(st.names[i]);
	free(st.names);
	free(st.iters);
	free(st.e);
	return rc;
}
