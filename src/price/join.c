/* join.c: making two runs match case by case, before pricing.
 *
 * Runs are joined by case name.  Rather than a hash table, the after run's
 * names are sorted once and looked up by binary search: O(n log n), no
 * extra dependency, and the result does not depend on hashing order. */
#include <stdlib.h>
#include <string.h>

#include "price/join.h"

#define JOIN_NAMES_SHOWN 3

/* A row and its case name, sorted together: qsort has no context
 * argument, and a static one would not let two loads run at once. */
struct named_row {
	const char *name;
	size_t row;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct named_row *)a)->name,
	              ((const struct named_row *)b)->name);
}

/* Returns r's row indices sorted by case name; caller frees. */
static size_t *sorted_rows(const struct run *r)
{
	struct named_row *v = malloc((r->n ? r->n : 1) * sizeof *v);
	size_t *rows = malloc((r->n ? r->n : 1) * sizeof *rows);

	if (!v || !rows) {
		free(v);
		free(rows);
		return NULL;
	}
	for (size_t i = 0; i < r->n; i++)
		v[i] = (struct named_row){r->case_name[i], i};
	qsort(v, r->n, sizeof *v, by_name);
	for (size_t i = 0; i < r->n; i++)
		rows[i] = v[i].row;
	free(v);
	return rows;
}

/* Row of name in r (rows sorted by sorted_rows), or (size_t)-1. */
static size_t find_row(const struct run *r, const size_t *rows,
                       const char *name)
{
	size_t lo = 0, hi = r->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(name, r->case_name[rows[mid]]);
		if (c == 0)
			return rows[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (size_t)-1;
}

static bool ends_with(const char *s, const char *suffix, size_t *stem)
{
	size_t n = strlen(s), m = strlen(suffix);

	*stem = n >= m ? n - m : 0;
	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* The samples of the rows rows[0..n) of src, in that order (the
 * bootstrap resamples them: src/noise/).  FP_ERR when out of memory. */
static int copy_samples(struct run *r, const struct run *src,
                        const size_t *rows, size_t n)
{
	size_t total = 0;

	r->estimator = src->estimator;
	if (!src->sample_off)
		return FP_OK;
	for (size_t i = 0; i < n; i++)
		total += run_sample_count(src, rows[i]);
	r->sample_off = malloc((n + 1) * sizeof *r->sample_off);
	r->samples = malloc((total ? total : 1) * sizeof *r->samples);
	if (src->sample_pass)
		r->sample_pass = malloc(total ? total : 1);
	if (!r->sample_off || !r->samples ||
	    (src->sample_pass && !r->sample_pass))
		return FP_ERR;
	r->sample_off[0] = 0;
	for (size_t i = 0; i < n; i++) {
		size_t from = src->sample_off[rows[i]];
		size_t cnt = run_sample_count(src, rows[i]), at = r->sample_off[i];

		memcpy(r->samples + at, src->samples + from,
		       cnt * sizeof *r->samples);
		if (r->sample_pass)
			memcpy(r->sample_pass + at, src->sample_pass + from, cnt);
		r->sample_off[i + 1] = at + cnt;
	}
	return FP_OK;
}

/* Copies the rows `rows[0..n)` of src into a new run.  With keep/drop
 * suffixes (for one file holding both sides) a column NAME+keep becomes
 * NAME, a column NAME+drop is left out, and others are copied as they are.
 * Returns NULL when out of memory. */
static struct run *copy_rows(const struct run *src, const size_t *rows,
                             size_t n, const char *keep, const char *drop)
{
	struct run *r = calloc(1, sizeof *r);
	size_t stem;

	if (!r)
		return NULL;
	r->path = strdup(src->path);
	r->format = strdup(src->format);
	r->case_name = calloc(n ? n : 1, sizeof *r->case_name);
	r->case_line = calloc(n ? n : 1, sizeof *r->case_line);
	r->cols = calloc(src->ncols ? src->ncols : 1, sizeof *r->cols);
	if (!r->path || !r->format || !r->case_name || !r->case_line || !r->cols)
		goto oom;
	r->n = n;
	for (size_t i = 0; i < n; i++) {
		r->case_name[i] = strdup(src->case_name[rows[i]]);
		if (!r->case_name[i])
			goto oom;
		r->case_line[i] = src->case_line[rows[i]];
	}
	for (size_t c = 0; c < src->ncols; c++) {
		const struct column *from = &src->cols[c];
		struct column *to = &r->cols[r->ncols];

		if (drop && ends_with(from->name, drop, &stem))
			continue;
		if (keep && ends_with(from->name, keep, &stem))
			to->name = strndup(from->name, stem);
		else
			to->name = strdup(from->name);
		r->ncols++;
		if (!to->name)
			goto oom;
		to->kind = from->kind;
		to->bad_line = from->bad_line;
		to->bad_col = from->bad_col;
		if (from->bad_text && !(to->bad_text = strdup(from->bad_text)))
			goto oom;
		if (from->v && !(to->v = malloc((n ? n : 1) * sizeof *to->v)))
			goto oom;
		if (from->line && !(to->line = malloc((n ? n : 1) * sizeof *to->line)))
			goto oom;
		if (from->col && !(to->col = malloc((n ? n : 1) * sizeof *to->col)))
			goto oom;
		for (size_t i = 0; i < n; i++) {
			if (to->v)
				to->v[i] = from->v[rows[i]];
			if (to->line)
				to->line[i] = from->line[rows[i]];
			if (to->col)
				to->col[i] = from->col[rows[i]];
		}
	}
	if (copy_samples(r, src, rows, n) != FP_OK)
		goto oom;
	return r;
oom:
	run_free(r);
	return NULL;
}

/* Error naming the first missing case and how many more there are. */
static int missing_error(const struct run *has, const struct run *lacks,
                         const size_t *missing, size_t nmissing,
                         struct diag *d)
{
	size_t row = missing[0];

	if (nmissing == 1)
		return diag_set(d, has->path, (int)has->case_line[row], 0,
		                "case '%s' is not in %s (use --drop-missing to "
		                "leave such cases out)",
		                has->case_name[row], lacks->path);
	return diag_set(d, has->path, (int)has->case_line[row], 0,
	                "case '%s' and %zu more are not in %s (use "
	                "--drop-missing to leave such cases out)",
	                has->case_name[row], nmissing - 1, lacks->path);
}

/* The joined runs: rows rb of b and ra of a (n each), or for a split run
 * its _before and _after columns.  On failure out is left empty. */
static int copy_sides(struct joined *out, const struct run *b,
                      const size_t *rb, const struct run *a,
                      const size_t *ra, size_t n, bool split, struct diag *d)
{
	out->before = copy_rows(b, rb, n, split ? "_before" : NULL,
	                        split ? "_after" : NULL);
	out->after = copy_rows(a, ra, n, split ? "_after" : NULL,
	                       split ? "_before" : NULL);
	if (out->before && out->after)
		return FP_OK;
	joined_free(out);
	return diag_oom(d);
}

int price_join(struct run *before, struct run *after, bool drop_missing,
               struct joined *out, struct diag *d)
{
	size_t *after_rows = NULL, *before_rows = NULL, *keep_b = NULL;
	size_t *keep_a = NULL, *miss = NULL, nkeep = 0, nmiss = 0;
	int rc = FP_ERR;

	memset(out, 0, sizeof *out);
	after_rows = sorted_rows(after);
	before_rows = sorted_rows(before);
	keep_b = malloc((before->n ? before->n : 1) * sizeof *keep_b);
	keep_a = malloc((before->n ? before->n : 1) * sizeof *keep_a);
	miss = malloc((before->n + after->n + 1) * sizeof *miss);
	if (!after_rows || !before_rows || !keep_b || !keep_a || !miss) {
		diag_oom(d);
		goto out;
	}
	for (size_t i = 0; i < before->n; i++) {
		size_t j = find_row(after, after_rows, before->case_name[i]);
		if (j == (size_t)-1) {
			miss[nmiss++] = i;
			continue;
		}
		keep_b[nkeep] = i;
		keep_a[nkeep++] = j;
	}
	if (nmiss && !drop_missing) {
		missing_error(before, after, miss, nmiss, d);
		goto out;
	}
	out->ndropped = nmiss;
	nmiss = 0;
	for (size_t j = 0; j < after->n; j++)
		if (find_row(before, before_rows, after->case_name[j]) == (size_t)-1)
			miss[nmiss++] = j;
	if (nmiss && !drop_missing) {
		missing_error(after, before, miss, nmiss, d);
		goto out;
	}
	out->ndropped += nmiss;
	if (nkeep == 0) {
		diag_set(d, before->path, 0, 0, "no case is in both %s and %s",
		         before->path, after->path);
		goto out;
	}
	rc = copy_sides(out, before, keep_b, after, keep_a, nkeep, false, d);
out:
	free(after_rows);
	free(before_rows);
	free(keep_b);
	free(keep_a);
	free(miss);
	run_free(before);
	run_free(after);
	return rc;
}

int price_split(struct run *both, struct joined *out, struct diag *d)
{
	static const char *const need[] = {"runtime_before", "runtime_after",
	                                   "passed_before", "passed_after"};
	size_t *rows = NULL;
	int rc = FP_ERR;

	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
		if (!run_find(both, need[i])) {
			diag_set(d, both->path, 0, 0,
			         "one run file needs columns runtime_before, "
			         "runtime_after, passed_before and passed_after; "
			         "%s is missing (or give two run files)", need[i]);
			goto out;
		}
	rows = malloc((both->n ? both->n : 1) * sizeof *rows);
	if (!rows) {
		diag_oom(d);
		goto out;
	}
	for (size_t i = 0; i < both->n; i++)
		rows[i] = i;
	rc = copy_sides(out, both, rows, both, rows, both->n, true, d);
out:
	free(rows);
	run_free(both);
	return rc;
}

void joined_free(struct joined *j)
{
	run_free(j->before);
	run_free(j->after);
	j->before = j->after = NULL;
}
