/* harness.c: missing cases and the facts of harness runs (harness.h). */
#include "price/harness.h"
#include "run/context.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const missing_names[] = {"error", "fail", "drop"};

const char *missing_name(enum load_missing m)
{
	return missing_names[m];
}

bool missing_parse(const char *s, enum load_missing *out)
{
	const char *const *names = missing_names;

	for (size_t i = 0; i < sizeof missing_names / sizeof names[0]; i++)
		if (strcmp(s, names[i]) == 0) {
			*out = (enum load_missing)i;
			return true;
		}
	return false;
}

static void list_free(struct name_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

void run_facts_free(struct run_facts *f)
{
	list_free(&f->ctx_diff);
	list_free(&f->changing);
	for (int s = 0; s < 2; s++) {
		list_free(&f->unreliable[s]);
		list_free(&f->failing[s]);
		list_free(&f->unpriced[s]);
		list_free(&f->files[s]);
		free(f->runtime_from[s]);
		free(f->format[s]);
		free(f->split_value[s]);
	}
	free(f->changing_side);
	memset(f, 0, sizeof *f);
}

/* Grows *p (n elements of size bytes) by one zeroed element. */
static bool grow(void **p, size_t n, size_t size)
{
	char *g = realloc(*p, (n + 1) * size);

	if (!g)
		return false;
	memset(g + n * size, 0, size);
	*p = g;
	return true;
}

static int list_add(struct name_list *l, const char *s, struct diag *d)
{
	char *copy = strdup(s);

	if (!copy || !grow((void **)&l->v, l->n, sizeof *l->v)) {
		free(copy);
		return diag_oom(d);
	}
	l->v[l->n++] = copy;
	return FP_OK;
}

void facts_drop_key(struct run_facts *f, const char *key)
{
	struct name_list *l = &f->ctx_diff;
	size_t k = 0;

	for (size_t i = 0; i < l->n; i++) {
		if (strcmp(l->v[i], key) == 0)
			free(l->v[i]);
		else
			l->v[k++] = l->v[i];
	}
	l->n = k;
}

int facts_run(struct run_facts *f, int s, const struct run *r, const char *path,
              const char *results, struct diag *d)
{
	f->path[s] = path;
	f->pass_source[s] = r->pass_source;
	f->results[s] = results;
	f->pass_merged[s] = r->pass_merged;
	f->ncases[s] = r->n;
	f->aggregate[s] = r->aggregate;
	f->aggregate_of[s] = r->aggregate_of;
	free(f->format[s]);
	if (!(f->format[s] = strdup(r->format)))
		return diag_oom(d);
	list_free(&f->unpriced[s]);
	for (size_t i = 0; i < r->nunpriced; i++)
		if (list_add(&f->unpriced[s], r->unpriced[i], d) != FP_OK)
			return FP_ERR;
	list_free(&f->files[s]);
	for (size_t i = 0; i < r->nfiles; i++)
		if (list_add(&f->files[s], r->files[i], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

int facts_run_copy(struct run_facts *f, struct diag *d)
{
	f->path[1] = f->path[0];
	f->pass_source[1] = f->pass_source[0];
	f->results[1] = f->results[0];
	f->pass_merged[1] = f->pass_merged[0];
	f->ncases[1] = f->ncases[0];
	f->aggregate[1] = f->aggregate[0];
	f->aggregate_of[1] = f->aggregate_of[0];
	free(f->format[1]);
	if (!(f->format[1] = strdup(f->format[0] ? f->format[0] : "")))
		return diag_oom(d);
	list_free(&f->files[1]);
	for (size_t i = 0; i < f->files[0].n; i++)
		if (list_add(&f->files[1], f->files[0].v[i], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* Copies keys[0..n) into l, as "KEY is VALUE" with the value in r if r
 * is given, and frees keys. */
static int list_take(struct name_list *l, const char **keys, size_t n,
                     const struct run *r, struct diag *d)
{
	int rc = FP_OK;

	for (size_t i = 0; i < n && rc == FP_OK; i++) {
		const char *v = r ? run_context_get(r, keys[i]) : NULL;
		size_t len = strlen(keys[i]) + (v ? strlen(v) : 0) + 8;
		char *s = malloc(len);
		if (!s) {
			rc = diag_oom(d);
			break;
		}
		snprintf(s, len, v ? "%s is %s" : "%s", keys[i], v);
		rc = list_add(l, s, d);
		free(s);
	}
	free(keys);
	return rc;
}

int facts_context(struct run_facts *f, const struct run *before,
                  const struct run *after, struct diag *d)
{
	const struct run *runs[2] = {before, after};
	const char **keys;
	size_t n;

	if (after && (run_context_diff(before, after, &keys, &n, d) != FP_OK ||
	              list_take(&f->ctx_diff, keys, n, NULL, d) != FP_OK))
		return FP_ERR;
	for (int s = 0; s < 2 && runs[s]; s++)
		if (run_context_unreliable(runs[s], &keys, &n, d) != FP_OK ||
		    list_take(&f->unreliable[s], keys, n, runs[s], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The cases of a that b lacks, as indices into a (*idx, caller frees). */
static int only_in(const struct run *a, const struct run *b, size_t **idx,
                   size_t *n, struct diag *d)
{
	char **names = malloc((b->n ? b->n : 1) * sizeof *names);

	*n = 0;
	*idx = malloc((a->n ? a->n : 1) * sizeof **idx);
	if (!names || !*idx) {
		free(names);
		free(*idx);
		*idx = NULL;
		return diag_oom(d);
	}
	memcpy(names, b->case_name, b->n * sizeof *names);
	qsort(names, b->n, sizeof *names, by_name);
	for (size_t i = 0; i < a->n; i++)
		if (!bsearch(&a->case_name[i], names, b->n, sizeof *names,
		             by_name))
			(*idx)[(*n)++] = i;
	free(names);
	return FP_OK;
}

/* The value a case without a runtime has in column name. */
static double absent_cell(const char *name)
{
	if (strcmp(name, RUN_PASS_FROM) == 0)
		return RUN_FROM_ABSENT;
	return strcmp(name, "passed") == 0 ||
	               strcmp(name, "has_runtime") == 0 ||
	               strcmp(name, "runtime_n") == 0
	           ? 0
	           : NAN;
}

/* Adds a case named name that fails and has no runtime. */
static int append_failing(struct run *r, const char *name, struct diag *d)
{
	size_t n = r->n;
	char *copy = strdup(name);
	bool ok = copy && grow((void **)&r->case_name, n, sizeof(char *)) &&
	          grow((void **)&r->case_line, n, sizeof *r->case_line) &&
	          (!r->case_col ||
	           grow((void **)&r->case_col, n, sizeof *r->case_col));

	for (size_t c = 0; ok && c < r->ncols; c++) {
		struct column *col = &r->cols[c];
		ok = (!col->v || grow((void **)&col->v, n, sizeof *col->v)) &&
		     (!col->line || grow((void **)&col->line, n, 4)) &&
		     (!col->col || grow((void **)&col->col, n, 4));
		if (ok && col->v)
			col->v[n] = absent_cell(col->name);
	}
	if (ok && r->sample_off) {
		ok =
		    grow((void **)&r->sample_off, n + 1, sizeof *r->sample_off);
		if (ok)
			r->sample_off[n + 1] = r->sample_off[n];
	}
	if (!ok) {
		free(copy);
		return diag_oom(d);
	}
	r->case_name[n] = copy;
	r->n++;
	return FP_OK;
}

/* Whether case i passes in r (a usable `passed` column saying 1). */
static bool passes(const struct run *r, size_t i)
{
	const struct column *c = run_find(r, "passed");

	return c && c->v && c->v[i] == 1;
}

/* Mode applied to the cases of `has` that `lacks` lacks (side: has's). */
static int apply_one(enum load_missing mode, struct run *has, struct run *lacks,
                     int side, struct run_facts *f, struct diag *d)
{
	size_t *idx, n;
	int rc = FP_OK;

	if (only_in(has, lacks, &idx, &n, d) != FP_OK)
		return FP_ERR;
	/* The cases added say so, case by case, in the record. */
	if (mode == MISSING_FAIL && n > 0 && !run_pass_from(lacks, d)) {
		free(idx);
		return FP_ERR;
	}
	for (size_t k = 0; k < n && rc == FP_OK; k++) {
		const char *name = has->case_name[idx[k]];
		if (mode == MISSING_FAIL) {
			rc = append_failing(lacks, name, d);
			if (rc == FP_OK)
				rc = list_add(&f->failing[!side], name, d);
		} else if (passes(has, idx[k])) {
			rc = list_add(&f->changing, name, d);
			if (rc == FP_OK && !grow((void **)&f->changing_side,
			                         f->changing.n - 1, 1))
				rc = diag_oom(d);
			if (rc == FP_OK)
				f->changing_side[f->changing.n - 1] =
				    (unsigned char)side;
		}
	}
	free(idx);
	return rc;
}

int missing_apply(enum load_missing mode, struct run *before, struct run *after,
                  struct run_facts *f, struct diag *d)
{
	if (mode == MISSING_ERROR)
		return FP_OK;
	/* The cases appended to before are after's own: not looked at again. */
	if (apply_one(mode, after, before, 1, f, d) != FP_OK)
		return FP_ERR;
	return apply_one(mode, before, after, 0, f, d);
}
