/* parts.c: one file's rows as several runs, by its label column
 * (parts.h). */
#include "run/parts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/context.h"
#include "run/merge.h"
#include "util/numfmt.h"

/* Where row i's cell of c is (the case's position when it has none). */
static void cell_at(const struct run_builder *b, const struct rb_column *c,
                    size_t i, uint32_t *line, uint32_t *col)
{
	*line = i < c->n ? rb_cell_line(b, c, i) : b->lines[i];
	*col = i < c->n ? c->col[i] : b->cols[i];
}

/* The label column of b, or -1; -2 with d filled when it has both. */
static long label_column(struct run_builder *b)
{
	long found = -1;

	for (size_t i = 0; i < run_nreserved; i++) {
		const struct run_reserved *r = &run_reserved[i];
		uint32_t line, col;
		long c;

		if (r->role != RUN_RESERVED_LABEL ||
		    (c = rb_find_column(b, r->name, strlen(r->name))) < 0)
			continue;
		if (found < 0) {
			found = c;
			continue;
		}
		cell_at(b, &b->columns[c], 0, &line, &col);
		diag_set(b->d, b->path, (int)line, (int)col,
		         "columns '%s' and '%s': give one (a row is of a run "
		         "or of a round of both sides, not both)",
		         b->columns[found].name, r->name);
		return -2;
	}
	return found;
}

/* Every row has a number in the label column c, else an error at the
 * first cell that is none (a missing one, text, a pass word; pass_like
 * where the column reads as pass states). */
static const char pass_like[] = "";

static int check_labels(struct run_builder *b, const struct rb_column *c)
{
	const struct run_reserved *r =
	    run_reserved_find(c->name, strlen(c->name));
	uint32_t line, col;
	const char *text = NULL;
	char shown[RUN_SHOW_SIZE];

	if (c->all_num && c->n == b->n)
		return FP_OK;
	if (c->has_bad) {
		line = c->bad_line, col = c->bad_col, text = c->bad_text;
	} else if (c->has_mix) {
		line = c->mix_line, col = c->mix_col, text = c->mix_text;
	} else if (c->n < b->n) {
		cell_at(b, c, c->n, &line, &col);
	} else {
		cell_at(b, c, 0, &line, &col);
		text = pass_like;
	}
	if (!text)
		return diag_set(b->d, b->path, (int)line, (int)col,
		                "no '%s' here: a file with a '%s' column "
		                "gives every case's (%s)",
		                c->name, c->name, r->what);
	run_show(shown, sizeof shown, text, strlen(text));
	return diag_set(b->d, b->path, (int)line, (int)col,
	                "'%s' is %s%s%s, not a number (it labels %s: 1, 2, 3)",
	                c->name,
	                text == pass_like ? "a pass word or a quoted number"
	                : *text           ? "'"
	                                  : "empty",
	                shown, *text ? "'" : "", r->what);
}

/* The distinct labels of column c, ascending, into lab[0..*k). */
static int distinct(struct run_builder *b, const struct rb_column *c,
                    double *lab, size_t *k)
{
	*k = 0;
	for (size_t i = 0; i < b->n; i++) {
		char x[NUMFMT_MAX];
		size_t j = 0;

		while (j < *k && lab[j] != c->v[i])
			j++;
		if (j < *k)
			continue;
		if (*k == RUN_MAX_MERGED)
			return diag_set(b->d, b->path,
			                (int)rb_cell_line(b, c, i),
			                (int)c->col[i],
			                "%s %s: more than %d runs (at most %d "
			                "per side)",
			                c->name, numfmt_exact(x, c->v[i]),
			                RUN_MAX_MERGED, RUN_MAX_MERGED);
		lab[(*k)++] = c->v[i];
	}
	/* At most 16: insertion sort. */
	for (size_t j = 1; j < *k; j++)
		for (size_t q = j; q > 0 && lab[q - 1] > lab[q]; q--) {
			double t = lab[q];
			lab[q] = lab[q - 1];
			lab[q - 1] = t;
		}
	return FP_OK;
}

/* *t = a copy of from (NULL: none). */
static int dup_text(struct run_builder *b, char **t, const char *from)
{
	if (from && !(*t = strdup(from)))
		return diag_oom(b->d);
	return FP_OK;
}

/* Column c's cells of the rows with row_of[i] != SIZE_MAX, as kid's
 * column (m rows); its kind and culprits are the file's. */
static int copy_column(struct run_builder *b, const struct rb_column *c,
                       const size_t *row_of, size_t m, struct run_builder *kid)
{
	struct rb_column *x = &kid->columns[kid->ncols++];

	*x = *c;
	x->name = x->bad_text = x->mix_text = NULL;
	x->v = malloc((m ? m : 1) * sizeof *x->v);
	x->line = malloc((m ? m : 1) * sizeof *x->line);
	x->col = malloc((m ? m : 1) * sizeof *x->col);
	x->n = x->cap = m;
	if (!x->v || !x->line || !x->col || !(x->name = strdup(c->name)))
		return diag_oom(b->d);
	if (dup_text(b, &x->bad_text, c->bad_text) != FP_OK ||
	    dup_text(b, &x->mix_text, c->mix_text) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < b->n; i++) {
		size_t r = row_of[i];
		if (r == SIZE_MAX)
			continue;
		x->v[r] = i < c->n ? c->v[i] : NAN;
		cell_at(b, c, i, &x->line[r], &x->col[r]);
		if (i >= c->n) /* as builder.c's fill_missing */
			x->all_num = x->all_pass = false;
		if (i >= c->n && !x->has_bad) {
			x->has_bad = true;
			x->bad_line = x->line[r];
			x->bad_col = x->col[r];
		}
	}
	return FP_OK;
}

/* Samples and context of b's rows into kid (rows by row_of). */
static int copy_rest(struct run_builder *b, const size_t *row_of,
                     struct run_builder *kid)
{
	const struct rb_samples *s = &b->smp;

	kid->smp.sampled = s->sampled;
	for (size_t q = 0; q < s->n; q++)
		if (row_of[s->of_case[q]] != SIZE_MAX &&
		    rbs_add(&kid->smp, row_of[s->of_case[q]], s->v[q],
		            s->pass[q]) != FP_OK)
			return diag_oom(b->d);
	for (size_t i = 0; i < s->ctx.nctx; i++)
		if (run_context_set(&kid->smp.ctx, s->ctx.ctx[i].key,
		                    s->ctx.ctx[i].value, b->d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* The builder of the rows labelled `label` (row_of: scratch of b->n). */
static int make_kid(struct run_builder *b, long lc, double label,
                    size_t *row_of, struct run_builder *kid)
{
	const struct rb_column *c = &b->columns[lc];
	size_t m = 0;

	rb_init(kid, b->path, b->format, b->d);
	kid->max_cases = b->max_cases;
	kid->pass_source = b->pass_source;
	kid->aggregate = b->aggregate;
	kid->aggregate_of = b->aggregate_of;
	kid->merge_rows = b->merge_rows;
	kid->repeat_col =
	    b->repeat_col < 0 ? -1 : b->repeat_col - (b->repeat_col > lc);
	for (size_t i = 0; i < b->n; i++) {
		row_of[i] = c->v[i] == label ? m++ : SIZE_MAX;
		if (row_of[i] != SIZE_MAX &&
		    rb_case(kid, rb_name(b, i), strlen(rb_name(b, i)),
		            b->lines[i], b->cols[i]) != FP_OK)
			return FP_ERR;
	}
	if (!(kid->columns = calloc(b->ncols, sizeof *kid->columns)))
		return diag_oom(b->d);
	kid->colcap = b->ncols;
	for (size_t j = 0; j < b->ncols; j++)
		if ((long)j != lc &&
		    copy_column(b, &b->columns[j], row_of, m, kid) != FP_OK)
			return FP_ERR;
	return copy_rest(b, row_of, kid);
}

/* The runs of the k labels lab[], chained into *out. */
static int finish_kids(struct run_builder *b, long lc, const double *lab,
                       size_t k, struct run **out)
{
	const struct rb_column *c = &b->columns[lc];
	const struct run_reserved *r =
	    run_reserved_find(c->name, strlen(c->name));
	size_t *row_of = malloc(b->n * sizeof *row_of);
	struct run **tail = out;
	int rc = row_of ? FP_OK : diag_oom(b->d);

	*out = NULL;
	for (size_t j = 0; rc == FP_OK && j < k; j++) {
		struct run_builder kid;

		rc = make_kid(b, lc, lab[j], row_of, &kid);
		/* What the file does not price is listed once, by the
		 * first run (run/merge.h keeps the first run's). */
		if (rc == FP_OK && j == 0) {
			kid.unpriced = b->unpriced;
			b->unpriced = (struct run){0};
		}
		if (rc == FP_OK && (rc = rb_finish(&kid, tail)) == FP_OK) {
			(*tail)->part_by = r->name;
			(*tail)->part_label = lab[j];
			cell_at(b, c, 0, &(*tail)->part_line,
			        &(*tail)->part_col);
			tail = &(*tail)->part_next;
		}
		rb_discard(&kid);
	}
	free(row_of);
	if (rc != FP_OK) {
		run_free(*out);
		*out = NULL;
	}
	return rc;
}

int rb_finish_parts(struct run_builder *b, struct run **out)
{
	double lab[RUN_MAX_MERGED];
	size_t k;
	long lc = b->n ? label_column(b) : -1;

	if (lc == -1)
		return rb_finish(b, out);
	if (lc < 0 || check_labels(b, &b->columns[lc]) != FP_OK ||
	    distinct(b, &b->columns[lc], lab, &k) != FP_OK ||
	    finish_kids(b, lc, lab, k, out) != FP_OK)
		return FP_ERR;
	rb_discard(b);
	return FP_OK;
}
