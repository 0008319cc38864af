/* merge.c: several runs of one side merged into one (merge.h). */
#include "run/merge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/estimate.h"
#include "util/numfmt.h"

/* The qsort context: the names being sorted (qsort has no argument). */
static char *const *sort_names;

static int by_name(const void *a, const void *b)
{
	return strcmp(sort_names[*(const size_t *)a],
	              sort_names[*(const size_t *)b]);
}

static size_t *sorted_rows(const struct run *r)
{
	size_t *rows = malloc((r->n ? r->n : 1) * sizeof *rows);

	if (!rows)
		return NULL;
	for (size_t i = 0; i < r->n; i++)
		rows[i] = i;
	sort_names = r->case_name;
	qsort(rows, r->n, sizeof *rows, by_name);
	return rows;
}

/* The runs of one file's run column (run/parts.h) differ: say which,
 * by their labels, at the case (line: its line in the run that has it). */
static int part_error(const struct run *first, const struct run *r,
                      const char *show, bool in_r, uint32_t line, uint32_t col,
                      struct diag *d)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX];
	const struct run *has = in_r ? r : first, *lacks = in_r ? first : r;

	return diag_set(d, r->path, (int)line, (int)col,
	                "case '%s' is in %s %s, not in %s %s (every %s of a "
	                "side must have the same cases)",
	                show, r->part_by, numfmt_exact(a, has->part_label),
	                r->part_by, numfmt_exact(b, lacks->part_label),
	                r->part_by);
}

/* The cases of r and of first differ: say which, at row `row` of the run
 * that has the case (r when in_r, else first). */
static int case_error(const struct run *first, const struct run *r, bool in_r,
                      size_t row, struct diag *d)
{
	const struct run *has = in_r ? r : first;
	const char *name = has->case_name[row];
	uint32_t line = has->case_line[row], col = run_case_col(has, row);
	char show[RUN_SHOW_SIZE];

	run_show(show, sizeof show, name, strlen(name));
	if (r->part_by && first->part_by && strcmp(r->path, first->path) == 0)
		return part_error(first, r, show, in_r, line, col, d);
	return diag_set(d, has->path, (int)line, (int)col,
	                "case '%s' is not in %s (every run of a side must have "
	                "the same cases)",
	                show, (in_r ? first : r)->path);
}

/* match[i]: the row of r whose case is first's case i. */
static int match_rows(const struct run *first, const size_t *fs,
                      const struct run *r, size_t *match, struct diag *d)
{
	size_t *rs = sorted_rows(r), a = 0, b = 0;
	int rc = FP_OK;

	if (!rs)
		return diag_oom(d);
	while (rc == FP_OK && (a < first->n || b < r->n)) {
		int c = a == first->n ? 1
		        : b == r->n   ? -1
		                      : strcmp(first->case_name[fs[a]],
		                               r->case_name[rs[b]]);
		if (c < 0)
			rc = case_error(first, r, false, fs[a], d);
		else if (c > 0)
			rc = case_error(first, r, true, rs[b], d);
		else
			match[fs[a++]] = rs[b++];
	}
	free(rs);
	return rc;
}

/* Samples of row i of r: its own, or its runtime as one. */
static size_t count_of(const struct run *r, size_t i)
{
	return r->sample_off ? run_sample_count(r, i) : 1;
}

struct merged {
	double *v;
	size_t *off;
	unsigned char *pass; /* NULL unless every run has per-sample states */
	uint32_t *run;
};

/* The runs' samples of every case, in run order. */
static int gather(struct run **runs, size_t k, size_t *const *match,
                  struct merged *m, double *lo, double *hi, struct diag *d)
{
	size_t n = runs[0]->n, total = 0, at = 0;
	bool pass = true;

	for (size_t j = 0; j < k; j++) {
		pass &= runs[j]->sample_pass != NULL;
		for (size_t i = 0; i < n; i++)
			total += count_of(runs[j], match[j][i]);
	}
	m->v = malloc((total ? total : 1) * sizeof *m->v);
	m->off = malloc((n + 1) * sizeof *m->off);
	m->run = malloc((total ? total : 1) * sizeof *m->run);
	m->pass = pass ? malloc(total ? total : 1) : NULL;
	if (!m->v || !m->off || !m->run || (pass && !m->pass))
		return diag_oom(d);
	*lo = *hi = 0;
	for (size_t i = 0; i < n; i++) {
		m->off[i] = at;
		for (size_t j = 0; j < k; j++) {
			const struct run *r = runs[j];
			size_t row = match[j][i], c = count_of(r, row);
			const struct column *rt = run_find(r, "runtime");
			size_t from = r->sample_off ? r->sample_off[row] : 0;

			for (size_t q = 0; q < c; q++, at++) {
				m->v[at] = r->sample_off ? r->samples[from + q]
				           : rt && rt->v ? rt->v[row]
				                         : NAN;
				m->run[at] = (uint32_t)j;
				if (m->pass)
					m->pass[at] = r->sample_pass[from + q];
			}
			*lo = (i == 0 && j == 0) || (double)c < *lo ? (double)c
			                                            : *lo;
			*hi = (double)c > *hi ? (double)c : *hi;
		}
	}
	m->off[n] = at;
	return FP_OK;
}

/* runtime: e over the runs' runtimes; passed: the policy over the runs'
 * pass states.  `runtime` is runs[0]'s own column (run_estimate remade
 * it); every run has one (a reader makes it). */
static int combine(struct run **runs, size_t k, size_t *const *match,
                   enum run_estimator e, enum pass_policy policy,
                   const struct column *const *rt,
                   const struct column *const *ps, struct diag *d)
{
	struct column *out = run_find(runs[0], "runtime");
	struct column *has = run_find(runs[0], "has_runtime");
	struct column *pout = run_find(runs[0], "passed");
	double x[RUN_MAX_MERGED];
	unsigned char p[RUN_MAX_MERGED];

	if (!out || !out->v)
		return diag_set(d, runs[0]->path, 0, 0, "no runtime column");
	for (size_t i = 0; i < runs[0]->n; i++) {
		size_t m = 0;
		for (size_t j = 0; j < k; j++) {
			double v = rt[j]->v[match[j][i]];
			if (!isnan(v))
				x[m++] = v;
			p[j] = ps[j] && ps[j]->v[match[j][i]] != 0;
		}
		out->v[i] = m ? run_estimators[e].point(x, m) : NAN;
		if (has && has->v)
			has->v[i] = m > 0;
		if (pout && pout->v && ps[0])
			pout->v[i] = run_pass(p, k, policy);
	}
	return FP_OK;
}

/* Each run's runtime and passed columns, before runs[0]'s are remade. */
static int columns_of(struct run **runs, size_t k, struct column copy[2],
                      const struct column **rt, const struct column **ps,
                      struct diag *d)
{
	size_t n = runs[0]->n ? runs[0]->n : 1;

	for (size_t j = 0; j < k; j++) {
		if (!(rt[j] = run_numeric(runs[j], "runtime", d)))
			return FP_ERR;
		ps[j] = run_find(runs[j], "passed");
		ps[j] = ps[j] && ps[j]->v ? ps[j] : NULL;
	}
	/* run_estimate remakes runs[0]'s columns: keep its values. */
	copy[0].v = malloc(n * sizeof *copy[0].v);
	copy[1].v = malloc(n * sizeof *copy[1].v);
	if (!copy[0].v || !copy[1].v)
		return diag_oom(d);
	memcpy(copy[0].v, rt[0]->v, runs[0]->n * sizeof *copy[0].v);
	rt[0] = &copy[0];
	if (ps[0]) {
		memcpy(copy[1].v, ps[0]->v, runs[0]->n * sizeof *copy[1].v);
		ps[0] = &copy[1];
	}
	return FP_OK;
}

static void install(struct run *r, struct merged *m, size_t k)
{
	free(r->samples);
	free(r->sample_off);
	free(r->sample_pass);
	free(r->sample_run);
	r->samples = m->v;
	r->sample_off = m->off;
	r->sample_pass = m->pass;
	r->sample_run = m->run;
	r->nruns = k;
	*m = (struct merged){0};
}

int run_merge(struct run **runs, size_t k, enum run_estimator e,
              enum pass_policy policy, double *lo, double *hi, struct diag *d)
{
	size_t *match[RUN_MAX_MERGED] = {0}, *fs = sorted_rows(runs[0]);
	const struct column *rt[RUN_MAX_MERGED], *ps[RUN_MAX_MERGED];
	struct column copy[2] = {{0}, {0}};
	struct merged m = {0};
	int rc = fs ? FP_OK : diag_oom(d);

	for (size_t j = 0; rc == FP_OK && j < k; j++) {
		if (!(match[j] = malloc((runs[0]->n + 1) * sizeof *match[j])))
			rc = diag_oom(d);
		else if (j == 0)
			for (size_t i = 0; i < runs[0]->n; i++)
				match[0][i] = i;
		else
			rc = match_rows(runs[0], fs, runs[j], match[j], d);
	}
	if (rc == FP_OK)
		rc = columns_of(runs, k, copy, rt, ps, d);
	if (rc == FP_OK)
		rc = gather(runs, k, match, &m, lo, hi, d);
	if (rc == FP_OK) {
		install(runs[0], &m, k);
		rc = run_estimate(runs[0], e, d);
	}
	if (rc == FP_OK)
		rc = combine(runs, k, match, e, policy, rt, ps, d);
	for (size_t j = 1; rc == FP_OK && j < k; j++) {
		run_free(runs[j]);
		runs[j] = NULL;
	}
	for (size_t j = 0; j < k; j++)
		free(match[j]);
	free(m.v);
	free(m.off);
	free(m.pass);
	free(m.run);
	free(copy[0].v);
	free(copy[1].v);
	free(fs);
	return rc;
}
