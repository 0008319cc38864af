/* join.c: making two runs match case by case, before pricing.
 *
 * Runs are joined by case name: a case in the row guessed (where the
 * check of before's names found it, run/unique.h, else the same row) at
 * once, the others through an index of the after run's names
 * (util/strindex: O(1) a look-up, keyed so that no file can make it
 * slow; the result does not depend on the index's order), the one its
 * loader made when it can (match says how).  The runs are
 * reordered in place (run_keep_rows), not copied: a joined pair of 10^6
 * cases holds each case once. */
#include <stdlib.h>
#include <string.h>

#include "price/join.h"
#include "run/unique.h"
#include "util/bigmem.h"
#include "util/escape.h"
#include "util/strindex.h"

static bool ends_with(const char *s, const char *suffix, size_t *stem)
{
	size_t n = strlen(s), m = strlen(suffix);

	*stem = n >= m ? n - m : 0;
	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* run_off of a run of several runs (run.h): its samples are in run
 * order within each case. */
static int run_offsets(struct run *r)
{
	size_t R = r->nruns, at = 0;

	free(r->run_off);
	if (!(r->run_off = malloc((r->n * R + 1) * sizeof *r->run_off)))
		return FP_ERR;
	for (size_t i = 0; i < r->n; i++)
		for (size_t j = 0; j < R; j++) {
			at = r->sample_off[i];
			while (at < r->sample_off[i + 1] &&
			       r->sample_run[at] < j)
				at++;
			r->run_off[i * R + j] = at;
		}
	r->run_off[r->n * R] = r->sample_off[r->n];
	return FP_OK;
}

/* The samples of the rows rows[0..n) of src, in that order (the
 * bootstrap resamples them: src/noise/).  FP_ERR when out of memory. */
static int copy_samples(struct run *r, const struct run *src,
                        const size_t *rows, size_t n)
{
	r->estimator = src->estimator;
	r->nruns = src->nruns;
	r->rounds = src->rounds;
	if (!src->sample_off)
		return FP_OK;
	if (run_gather_samples(src, rows, n, &r->samples, &r->sample_off,
	                       &r->sample_pass) != FP_OK)
		return FP_ERR;
	return run_gather_sample_runs(src, rows, n, &r->sample_run);
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
	if (!r->path || !r->format || !r->case_name || !r->case_line ||
	    !r->cols)
		goto oom;
	r->n = n;
	for (size_t i = 0; i < n; i++) {
		r->case_name[i] = strdup(src->case_name[rows[i]]);
		if (!r->case_name[i])
			goto oom;
		r->case_line[i] = src->case_line[rows[i]];
	}
	if (src->case_col &&
	    (r->case_col = malloc((n ? n : 1) * sizeof *r->case_col)))
		for (size_t i = 0; i < n; i++)
			r->case_col[i] = src->case_col[rows[i]];
	if (src->case_col && !r->case_col)
		goto oom;
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
		if (from->line &&
		    !(to->line = malloc((n ? n : 1) * sizeof *to->line)))
			goto oom;
		if (from->col &&
		    !(to->col = malloc((n ? n : 1) * sizeof *to->col)))
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

/* A case of lacks that looks the same as name but is not (util/escape.h,
 * escape_skeleton: letters of another alphabet, invisible characters), or
 * NULL.  Only on the way to an error, so one pass. */
static const char *look_alike(const char *name, const struct run *lacks)
{
	char *want = escape_skeleton(name), *got;
	const char *found = NULL;

	for (size_t i = 0; want && !found && i < lacks->n; i++) {
		if (!(got = escape_skeleton(lacks->case_name[i])))
			break;
		if (strcmp(got, want) == 0 &&
		    strcmp(lacks->case_name[i], name) != 0)
			found = lacks->case_name[i];
		free(got);
	}
	free(want);
	return found;
}

/* Error naming the first missing case (row) and how many more there are
 * (nmissing in all); a case of the other run that looks the same is
 * named too. */
static int missing_error(const struct run *has, const struct run *lacks,
                         size_t row, size_t nmissing, bool lacks_before,
                         struct diag *d)
{
	char name[RUN_SHOW_SIZE], other[RUN_SHOW_SIZE], more[48] = "";
	const char *alike = look_alike(has->case_name[row], lacks);

	if (alike) {
		run_show(other, sizeof other, alike, strlen(alike));
		return diag_set(
		    d, has->path, (int)has->case_line[row],
		    (int)run_case_col(has, row),
		    "case '%s' is not in %s, whose case '%s' looks the same: "
		    "they differ only in letters of another alphabet or "
		    "invisible characters (%zu missing in all; --missing drop "
		    "leaves them out if they are other cases)",
		    run_case_shown(has, row, name), lacks->path, other,
		    nmissing);
	}
	if (nmissing > 1)
		snprintf(more, sizeof more, " and %zu more are", nmissing - 1);
	/* --missing fail is right only for a case that ran and failed
	 * there (a harness that leaves a failing benchmark out): never
	 * suggested alone, for it prices a case never run as a gain. */
	return diag_set(
	    d, has->path, (int)has->case_line[row], (int)run_case_col(has, row),
	    "case '%s'%s not in %s (--missing drop leaves such cases out; "
	    "--missing fail counts them failing there, which is right only "
	    "for a case that ran there and failed: one that never ran there "
	    "would be priced as %s)",
	    run_case_shown(has, row, name), *more ? more : " is", lacks->path,
	    lacks_before ? "a gain" : "newly failing");
}

/* The joined runs: rows rb of b and ra of a (n each), or for a split run
 * its _before and _after columns.  On failure out is left empty. */
static int copy_sides(struct joined *out, const struct run *b, const size_t *rb,
                      const struct run *a, const size_t *ra, size_t n,
                      bool split, struct diag *d)
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

/* How many cases of a run the other run lacks, and the first of them. */
struct missing {
	size_t n, first;
};

static void note_missing(struct missing *m, size_t row)
{
	if (m->n++ == 0)
		m->first = row;
}

/* Asks the memory for what comparing guesses ahead of case i will read:
 * after's name pointer 16 cases on, the name itself 8 on (its pointer
 * asked for 8 cases ago).  Guesses are rows all over after, and each
 * would otherwise wait for two reads from memory in turn. */
static void ask_ahead(const struct run *after, const size_t *at, size_t i,
                      size_t n)
{
#if defined __GNUC__
	if (i + 16 < n && at[i + 16] < after->n)
		__builtin_prefetch(&after->case_name[at[i + 16]]);
	if (i + 8 < n && at[i + 8] < after->n)
		__builtin_prefetch(after->case_name[at[i + 8]]);
#else
	(void)after, (void)at, (void)i, (void)n;
#endif
}

/* at[i]: the row of after holding before's case i, STRINDEX_NONE if
 * after has none; in_after[j]: after's case j is in before.  The names of
 * each run are unique (the loaders refuse duplicates).  A case in the
 * row guessed (at[i] as given when guessed, else the same row: two runs
 * of one tool mostly list their cases in one order) is matched without
 * hashing; the others are looked up in after's names: in the index its
 * loader made, if it still stands for them (run_name_index), else in
 * one made here.  What the loader's index
 * finds is a row whose name is the one looked for (strindex compares
 * them); what it misses is looked up again in a fresh index, so that a
 * reordered run cannot lose a case. */
static int match(const struct run *before, const struct run *after, size_t *at,
                 bool guessed, unsigned char *in_after, struct diag *d)
{
	const struct strindex *kept = run_name_index(after);
	struct strindex own;
	size_t left = 0;

	for (size_t i = 0; i < before->n; i++) {
		size_t j = guessed ? at[i] : i;
		if (guessed)
			ask_ahead(after, at, i, before->n);
		at[i] = j < after->n && strcmp(before->case_name[i],
		                               after->case_name[j]) == 0
		            ? j
		            : STRINDEX_NONE;
		left += at[i] == STRINDEX_NONE;
	}
	if (left && kept)
		left = run_look_up(kept, before, at);
	if (left) {
		if (!strindex_init(&own, (const char *const *)after->case_name,
		                   after->n))
			return diag_oom(d);
		strindex_add_all(&own, after->n, NULL);
		run_look_up(&own, before, at);
		strindex_free(&own);
	}
	for (size_t i = 0; i < before->n; i++)
		if (at[i] != STRINDEX_NONE)
			in_after[at[i]] = 1;
	return FP_OK;
}

/* Reorders after to before's order, dropping the cases of either that
 * the other lacks (at as match made it; overwritten). */
static int align(struct run *before, struct run *after, size_t *at,
                 size_t nkeep, struct diag *d)
{
	size_t *keep_b = NULL, k = 0;
	bool identity = nkeep == after->n;
	int rc = FP_OK;

	if (nkeep < before->n && !(keep_b = malloc(nkeep * sizeof *keep_b)))
		return diag_oom(d);
	for (size_t i = 0; i < before->n; i++) {
		if (at[i] == STRINDEX_NONE)
			continue;
		if (keep_b)
			keep_b[k] = i;
		identity &= at[i] == k;
		at[k++] = at[i];
	}
	if (keep_b)
		rc = run_keep_rows(before, keep_b, nkeep, d);
	if (rc == FP_OK && !identity)
		rc = run_keep_rows(after, at, nkeep, d);
	free(keep_b);
	return rc;
}

int price_join(struct run *before, struct run *after, bool drop_missing,
               struct joined *out, struct diag *d)
{
	size_t *none = NULL;

	return price_join_guessed(before, after, drop_missing, &none, 0, out,
	                          d);
}

int price_join_guessed(struct run *before, struct run *after, bool drop_missing,
                       size_t **taken, size_t nguess, struct joined *out,
                       struct diag *d)
{
	size_t *guess = *taken;
	bool guessed = guess && nguess == before->n;
	size_t *at =
	    guessed ? guess : malloc((before->n ? before->n : 1) * sizeof *at);
	unsigned char *in_after = calloc(after->n ? after->n : 1, 1);
	struct missing mb = {0}, ma = {0};
	int rc = FP_ERR;

	memset(out, 0, sizeof *out);
	*taken = NULL;
	if (!guessed)
		free(guess);
	/* A run whose names were left to the caller (run/unique.h) and
	 * never checked would be joined on names that may repeat. */
	if (before->names_unchecked || after->names_unchecked) {
		diag_set(d, before->path, 0, 0,
		         "internal error: case names joined unchecked");
		goto out;
	}
	if (!at || !in_after) {
		diag_oom(d);
		goto out;
	}
	bigmem_advise(at, before->n * sizeof *at);
	if (match(before, after, at, guessed, in_after, d) != FP_OK)
		goto out;
	run_drop_index(before); /* no more use for them: memory back */
	run_drop_index(after);
	for (size_t i = 0; i < before->n; i++)
		if (at[i] == STRINDEX_NONE)
			note_missing(&mb, i);
	for (size_t j = 0; j < after->n; j++)
		if (!in_after[j])
			note_missing(&ma, j);
	if (mb.n && !drop_missing) {
		missing_error(before, after, mb.first, mb.n, false, d);
		goto out;
	}
	if (ma.n && !drop_missing) {
		missing_error(after, before, ma.first, ma.n, true, d);
		goto out;
	}
	if (mb.n == before->n) {
		diag_set(d, before->path, 0, 0, "no case is in both %s and %s",
		         before->path, after->path);
		goto out;
	}
	if (align(before, after, at, before->n - mb.n, d) != FP_OK)
		goto out;
	if ((before->sample_run && run_offsets(before) != FP_OK) ||
	    (after->sample_run && run_offsets(after) != FP_OK)) {
		diag_oom(d);
		goto out;
	}
	*out = (struct joined){before, after, mb.n + ma.n};
	before = after = NULL;
	rc = FP_OK;
out:
	free(at);
	free(in_after);
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
			diag_set(
			    d, both->path, 0, 0,
			    "one run file needs columns runtime_before, "
			    "runtime_after, passed_before and passed_after; "
			    "%s is missing (or give two run files)",
			    need[i]);
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
