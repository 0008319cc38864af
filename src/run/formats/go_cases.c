/* go_cases.c: the cases of Go benchmark text, found by name wherever their
 * results are (go.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/go.h"
#include "util/grow.h"

int go_values_add(struct go_values *l, const char *s, size_t len)
{
	for (size_t i = 0; i < l->n; i++)
		if (strlen(l->v[i]) == len && memcmp(l->v[i], s, len) == 0)
			return 0;
	if (l->n == GO_MAX_VALUES)
		return -2;
	if (!(l->v[l->n] = strndup(s, len)))
		return -1;
	l->n++;
	return 0;
}

void go_values_free(struct go_values *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	l->n = 0;
}

uint32_t go_line(const struct go_state *st)
{
	return st->line_of ? st->line_of[st->lineno - 1] : st->lineno;
}

int go_error(struct go_state *st, const char *at, const char *fmt, ...)
{
	char msg[DIAG_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* Columns of rebuilt text (go -json) are no columns of the file. */
	return diag_set(st->b.d, st->src->path, (int)go_line(st),
	                st->line_of ? 0 : (int)(at - st->line) + 1, "%s", msg);
}

/* Room for every case the first pass counted: a result each, and a case
 * per GOMAXPROCS value for each failure line. */
static int make_room(struct go_state *st)
{
	size_t n = st->nresults + st->nfails * (st->procs.n ? st->procs.n : 1);

	if (n > STRINDEX_MAX)
		n = STRINDEX_MAX;
	st->cap = n;
	st->name = calloc(n ? n : 1, sizeof *st->name);
	st->config = calloc(n ? n : 1, sizeof *st->config);
	st->at_line = calloc(n ? n : 1, sizeof *st->at_line);
	st->at_col = calloc(n ? n : 1, sizeof *st->at_col);
	st->failed = calloc(n ? n : 1, sizeof *st->failed);
	if (!st->name || !st->config || !st->at_line || !st->at_col ||
	    !st->failed ||
	    !strindex_init(&st->index, (const char *const *)st->name, n)) {
		st->cap = 0;
		return diag_oom(st->b.d);
	}
	return FP_OK;
}

void go_cases_free(struct go_state *st)
{
	for (size_t i = 0; i < st->ncases; i++)
		free(st->name[i]);
	if (st->name && st->cap)
		strindex_free(&st->index);
	free(st->name);
	free(st->config);
	free(st->at_line);
	free(st->at_col);
	free(st->failed);
	free(st->cells);
}

/* Adds the case name (taken) under configuration cfg. */
static long add(struct go_state *st, char *name, size_t cfg, const char *at)
{
	size_t i = st->ncases;

	if (i == st->cap) {
		free(name);
		return go_error(st, at, "more cases than results"), -1;
	}
	st->name[i] = name;
	st->config[i] = cfg;
	st->at_line[i] = go_line(st);
	st->at_col[i] = st->line_of ? 0 : (uint32_t)(at - st->line) + 1;
	strindex_add(&st->index, i);
	st->ncases++;
	return (long)i;
}

/* The configuration now, or -1 with d filled. */
static long config_now(struct go_state *st, const char *at)
{
	size_t cfg = go_config_id(&st->cfg);

	if (cfg == STRINDEX_NONE)
		return diag_oom(st->b.d), -1;
	if (cfg == STRINDEX_NONE - 1)
		return go_error(st, at,
		                "more than %d configurations, or one over "
		                "%d bytes",
		                GO_MAX_CONFIGS, GO_MAX_CONFIG),
		       -1;
	return (long)cfg;
}

long go_case(struct go_state *st, const char *name, size_t len, const char *at)
{
	char *s;
	size_t i;
	long cfg;

	if (!st->cap && make_room(st) != FP_OK)
		return -1;
	if ((cfg = config_now(st, at)) < 0)
		return -1;
	if (!(s = strndup(name, len)))
		return diag_oom(st->b.d), -1;
	if ((i = strindex_find(&st->index, s)) == STRINDEX_NONE)
		return add(st, s, (size_t)cfg, at);
	free(s);
	if (st->config[i] != (size_t)cfg) {
		char a[160], b[160], key[80], shown[RUN_SHOW_SIZE];
		go_config_diff(&st->cfg, st->config[i], (size_t)cfg, a, b, key,
		               sizeof a, sizeof key);
		run_show(shown, sizeof shown, st->name[i], strlen(st->name[i]));
		if (go_config_count(st->text, st->len, key) != 2)
			go_error(
			    st, at,
			    "'%s' has results under two configurations, "
			    "%s (line %u) and %s, which are two benchmarks "
			    "of one name: give each configuration's "
			    "results in a file of its own",
			    shown, a, st->at_line[i], b);
		else
			go_error(st, at,
			         "'%s' has results under two configurations, "
			         "%s (line %u) and %s: give --split-by %s to "
			         "price one against the other%s",
			         shown, a, st->at_line[i], b, key,
			         st->src->opts->split_by
			             ? " (each group must have one "
			               "configuration)"
			             : "");
		return -1;
	}
	return (long)i;
}

/* Marks the case name[0..len) failed, adding it if it has no result. */
static int fail_one(struct go_state *st, const char *name, size_t len,
                    const char *at, bool *found, bool add_it)
{
	char *s = strndup(name, len);
	size_t i;
	long cfg;

	if (!s)
		return diag_oom(st->b.d);
	if ((i = strindex_find(&st->index, s)) != STRINDEX_NONE) {
		free(s);
		st->failed[i] = 1;
		*found = true;
		return FP_OK;
	}
	if (!add_it) {
		free(s);
		return FP_OK;
	}
	if ((cfg = config_now(st, at)) < 0) {
		free(s);
		return FP_ERR;
	}
	if ((cfg = add(st, s, (size_t)cfg, at)) < 0)
		return FP_ERR;
	st->failed[cfg] = 1;
	return FP_OK;
}

int go_fail(struct go_state *st, const char *name, size_t len, bool each_procs,
            const char *at)
{
	bool found = false;

	if (!st->cap && make_room(st) != FP_OK)
		return FP_ERR;
	if (!each_procs)
		return fail_one(st, name, len, at, &found, true);
	/* Each GOMAXPROCS value's case: the ones there are, else all. */
	for (int add_all = 0; add_all < 2 && !found; add_all++)
		for (size_t k = 0; k < st->procs.n; k++) {
			char full[RUN_MAX_NAME + 32];
			int n = snprintf(
			    full, sizeof full, "%.*s%s%s", (int)len, name,
			    st->procs.v[k][0] ? "-" : "", st->procs.v[k]);
			if (n < 0 || (size_t)n >= sizeof full)
				return go_error(st, at, "name too long");
			if (fail_one(st, full, (size_t)n, at, &found,
			             add_all) != FP_OK)
				return FP_ERR;
		}
	return FP_OK;
}

int go_cell(struct go_state *st, size_t i, size_t col, double x)
{
	if (grow_array((void **)&st->cells, &st->cells_cap, st->ncells + 1,
	               sizeof *st->cells))
		return diag_oom(st->b.d);
	st->cells[st->ncells++] = (struct go_cell){i, col, x};
	return FP_OK;
}

/* Case i's cells: passed, then each unit column's mean over the cells
 * cell[0..n) (NaN: a unit the case never reported); sum and count have
 * room for every column and are left zero. */
static int case_cells(struct go_state *st, size_t i,
                      const struct go_cell *const *cell, size_t n, double *sum,
                      size_t *count)
{
	struct run_builder *b = &st->b;
	uint32_t line = st->at_line[i], col = st->at_col[i];
	int rc = rb_number(b, 0, !st->failed[i], line, col);

	for (size_t k = 0; k < n; k++) {
		sum[cell[k]->col] += cell[k]->x;
		count[cell[k]->col]++;
	}
	for (size_t c = 1; c < b->ncols && rc == FP_OK; c++)
		rc = rb_number(b, c, count[c] ? sum[c] / (double)count[c] : NAN,
		               line, col);
	for (size_t k = 0; k < n; k++) {
		sum[cell[k]->col] = 0;
		count[cell[k]->col] = 0;
	}
	return rc;
}

/* The cells grouped by case, each case's in file order (so that the sums,
 * and so the means, do not depend on a sort): off[i]..off[i + 1]. */
static const struct go_cell **group_cells(const struct go_state *st,
                                          size_t *off)
{
	const struct go_cell **g =
	    malloc((st->ncells ? st->ncells : 1) * sizeof *g);

	if (!g)
		return NULL;
	memset(off, 0, (st->ncases + 1) * sizeof *off);
	for (size_t k = 0; k < st->ncells; k++)
		off[st->cells[k].of_case + 1]++;
	for (size_t i = 0; i < st->ncases; i++)
		off[i + 1] += off[i];
	for (size_t k = 0; k < st->ncells; k++)
		g[off[st->cells[k].of_case]++] = &st->cells[k];
	for (size_t i = st->ncases; i > 0; i--)
		off[i] = off[i - 1];
	off[0] = 0;
	return g;
}

int go_finish(struct go_state *st, struct run **out)
{
	size_t *off = malloc((st->ncases + 1) * sizeof *off);
	double *sum = calloc(st->b.ncols + 1, sizeof *sum);
	size_t *count = calloc(st->b.ncols + 1, sizeof *count);
	const struct go_cell **g = off ? group_cells(st, off) : NULL;
	int rc = FP_OK;

	if (!g || !sum || !count)
		rc = diag_oom(st->b.d);
	else if (st->ncases == 0 && st->group)
		rc = diag_set(st->b.d, st->src->path, 0, 0,
		              "no benchmarks in the group '%s: %s'",
		              st->src->opts->split_by, st->group);
	else if (st->ncases == 0)
		rc = diag_set(
		    st->b.d, st->src->path, 0, 0,
		    "no benchmark to price: none has a time per op "
		    "(ns/op) or failed (%s%s)",
		    st->b.unpriced.nunpriced ? st->b.unpriced.unpriced[0] : "",
		    st->b.unpriced.nunpriced > 1 ? "; ..." : "");
	for (size_t i = 0; i < st->ncases && rc == FP_OK; i++)
		if (rb_case(&st->b, st->name[i], strlen(st->name[i]),
		            st->at_line[i], st->at_col[i]) != FP_OK ||
		    case_cells(st, i, g + off[i], off[i + 1] - off[i], sum,
		               count) != FP_OK)
			rc = FP_ERR;
	free(off);
	free(sum);
	free(count);
	free(g);
	return rc == FP_OK ? rb_finish(&st->b, out) : FP_ERR;
}
