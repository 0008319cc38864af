/* repeat.c: rows of one case name as its samples (repeat.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/repeat.h"
#include "util/bigmem.h"
#include "util/numfmt.h"
#include "util/strindex.h"

static int merge_repeats(struct run_builder *b);

void rb_repeat_rows(struct run_builder *b, long col)
{
	b->repeat_col = col;
	b->merge_rows = col >= 0 ? merge_repeats : NULL;
}

static bool same(double x, double y)
{
	return x == y || (isnan(x) && isnan(y));
}

/* Row r against the first row f of its case, in every column that must
 * agree. */
static int agree(struct run_builder *b, size_t f, size_t r, long pass, long rep)
{
	for (size_t c = 0; c < b->ncols; c++) {
		struct rb_column *col = &b->columns[c];
		char name[RUN_SHOW_SIZE], x[NUMFMT_MAX], y[NUMFMT_MAX];
		if ((long)c == b->repeat_col || (long)c == pass ||
		    (long)c == rep || same(col->v[r], col->v[f]))
			continue;
		run_show(name, sizeof name, b->names[r], strlen(b->names[r]));
		return diag_set(b->d, b->path, (int)rb_cell_line(b, col, r),
		                (int)col->col[r],
		                "case '%s': column '%s' is %s here, %s on line "
		                "%u (rows of a case differ only in runtime, "
		                "passed and repetition)",
		                name, col->name, numfmt_exact(x, col->v[r]),
		                numfmt_exact(y, col->v[f]),
		                (unsigned)b->lines[f]);
	}
	return FP_OK;
}

/* A row's repetition, for sorting: its case (by first row), its number,
 * its row. */
struct rep_key {
	size_t first;
	double rep;
	size_t row;
};

static int by_rep(const void *pa, const void *pb)
{
	const struct rep_key *a = pa, *b = pb;

	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	return a->row < b->row ? -1 : a->row > b->row;
}

/* Whether each case's repetitions rise row by row, as a tool writes them
 * (case by case or repetition by repetition): then none is given twice,
 * known in one pass.  last: scratch of b->n. */
static bool rising(const struct rb_column *c, const size_t *first, size_t n,
                   double *last)
{
	for (size_t i = 0; i < n; i++) {
		double r = c->v[i];
		if (isnan(r))
			continue;
		if (first[i] != i &&
		    !(isnan(last[first[i]]) || r > last[first[i]]))
			return false;
		last[first[i]] = r;
	}
	return true;
}

/* Each (case, repetition) once: given twice, it would count as two
 * samples, and narrow the interval on a copy. */
static int distinct_reps(struct run_builder *b, const size_t *first, long rep)
{
	const struct rb_column *c = rep >= 0 ? &b->columns[rep] : NULL;
	struct rep_key *k;
	double *last;
	size_t n = 0;
	int rc = FP_OK;
	bool fine;

	if (!c)
		return FP_OK;
	if (!(last = malloc((b->n ? b->n : 1) * sizeof *last)))
		return diag_oom(b->d);
	for (size_t i = 0; i < b->n; i++)
		last[i] = NAN;
	fine = rising(c, first, b->n, last);
	free(last);
	if (fine)
		return FP_OK;
	if (!(k = malloc((b->n ? b->n : 1) * sizeof *k)))
		return diag_oom(b->d);
	for (size_t i = 0; i < b->n; i++)
		if (!isnan(c->v[i]))
			k[n++] = (struct rep_key){first[i], c->v[i], i};
	qsort(k, n, sizeof *k, by_rep);
	for (size_t j = 1; j < n && rc == FP_OK; j++) {
		size_t r = k[j].row;
		char name[RUN_SHOW_SIZE], x[NUMFMT_MAX];
		if (k[j].first != k[j - 1].first || k[j].rep != k[j - 1].rep)
			continue;
		run_show(name, sizeof name, b->names[r], strlen(b->names[r]));
		rc = diag_set(
		    b->d, b->path, (int)rb_cell_line(b, c, r), (int)c->col[r],
		    "case '%s': repetition %s is given twice, on "
		    "line %u and here (each repetition is one sample)",
		    name, numfmt_exact(x, k[j].rep),
		    (unsigned)rb_cell_line(b, c, k[j - 1].row));
	}
	free(k);
	return rc;
}

/* first[i]: the first row of row i's case.  Fails if rows disagree. */
static int group(struct run_builder *b, size_t *first, long pass, long rep)
{
	struct strindex ix;
	int rc = FP_OK;

	if (!strindex_init(&ix, (const char *const *)b->names, b->n))
		return diag_oom(b->d);
	for (size_t i = 0; i < b->n; i++) {
		size_t seen;
		/* Rows of a case usually follow one another: the row before,
		 * still in cache, tells without hashing. */
		if (i > 0 && strcmp(b->names[i], b->names[i - 1]) == 0) {
			first[i] = first[i - 1];
			continue;
		}
		seen = strindex_add(&ix, i);
		first[i] = seen == STRINDEX_NONE ? i : seen;
	}
	strindex_free(&ix);
	for (size_t i = 0; i < b->n && rc == FP_OK; i++)
		if (first[i] != i)
			rc = agree(b, first[i], i, pass, rep);
	return rc == FP_OK ? distinct_reps(b, first, rep) : rc;
}

/* Keeps the first row of each case, dropping the rest. */
static void compact(struct run_builder *b, const size_t *first)
{
	size_t n = 0;

	for (size_t i = 0; i < b->n; i++) {
		if (first[i] != i)
			continue; /* its name stays unused in the block */
		b->names[n] = b->names[i];
		b->lines[n] = b->lines[i];
		b->cols[n] = b->cols[i];
		for (size_t c = 0; c < b->ncols; c++) {
			struct rb_column *col = &b->columns[c];
			col->v[n] = col->v[i];
			if (col->line)
				col->line[n] = col->line[i];
			col->col[n] = col->col[i];
		}
		n++;
	}
	for (size_t c = 0; c < b->ncols; c++)
		b->columns[c].n = n;
	b->n = n;
}

/* The samples, each of the case of its first row (new index: the rank
 * of that row among first rows), and each case's pass state: all rows'.
 * A failing row without a runtime is a sample with runtime NaN. */
static int samples(struct run_builder *b, const size_t *first, size_t *idx,
                   long pass)
{
	const struct rb_column *c = &b->columns[b->repeat_col];
	const double *rt = c->v;
	double *pv = pass >= 0 ? b->columns[pass].v : NULL;
	size_t k = 0;

	rb_use_samples(b);
	/* A sample a row at most. */
	if (rb_sample_expect(b, b->n) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < b->n; i++)
		if (first[i] == i)
			idx[i] = k++;
	for (size_t i = 0; i < b->n; i++) {
		int ok = pv ? pv[i] == 1 : -1;
		/* A repetition that failed without a time is a sample of the
		 * pass state, with no runtime (NaN): resampled with the
		 * others, it fails the case as often as it is drawn. */
		bool failed = ok == 0;
		if ((!isnan(rt[i]) || failed) &&
		    rb_sample_pos(b, idx[first[i]], rt[i], ok, b->names[i],
		                  rb_cell_line(b, c, i),
		                  c->col ? c->col[i] : b->cols[i]) != FP_OK)
			return FP_ERR;
		if (pv && first[i] != i && pv[i] < pv[first[i]])
			pv[first[i]] = pv[i];
	}
	return FP_OK;
}

static void drop_column(struct run_builder *b, long c)
{
	if (c < 0)
		return;
	rb_column_free(&b->columns[c]);
	memmove(&b->columns[c], &b->columns[c + 1],
	        (b->ncols - (size_t)c - 1) * sizeof *b->columns);
	b->ncols--;
	b->hint = 0;
}

static int merge_repeats(struct run_builder *b)
{
	long pass = rb_find_column(b, "passed", 6);
	long rep = rb_find_column(b, "repetition", 10);
	size_t *first = malloc(b->n * sizeof *first);
	size_t *idx = malloc(b->n * sizeof *idx);
	int rc = FP_ERR;

	if (!first || !idx)
		return free(first), free(idx), diag_oom(b->d);
	/* Both are written across their length: first whole, idx at each
	 * case's first row. */
	bigmem_populate(first, b->n * sizeof *first);
	bigmem_populate(idx, b->n * sizeof *idx);
	if (group(b, first, pass, rep) == FP_OK &&
	    samples(b, first, idx, pass) == FP_OK) {
		compact(b, first);
		/* The later index first, so the earlier stays right. */
		drop_column(b, b->repeat_col > rep ? b->repeat_col : rep);
		drop_column(b, b->repeat_col > rep ? rep : b->repeat_col);
		b->repeat_col = -1;
		rc = FP_OK;
	}
	free(first);
	free(idx);
	return rc;
}
