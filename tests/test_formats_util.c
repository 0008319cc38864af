/* test_formats_util.c: what the run readers' coverage tests share
 * (test_formats_util.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_alloc_fault.h"
#include "test_formats_util.h"

void fails(const char *name, const char *text, const char *format, int line,
           const char *msg)
{
	const char *path = scratch(name, text, strlen(text));
	struct run_opts o = {.format = format};
	struct run *r = NULL;
	struct diag d = {0};

	assert_int_equal(run_load(path, &o, &r, &d), FP_ERR);
	assert_null(r);
	unlink(path);
	if (strcmp(d.msg, msg) != 0 || d.line != line)
		fail_msg("got line %d: %s\nwant line %d: %s", d.line, d.msg,
		         line, msg);
}

struct run *load_opts(const char *name, const char *text,
                      const struct run_opts *o)
{
	const char *path = scratch(name, text, strlen(text));
	struct run *r = NULL;
	struct diag d = {0};

	if (run_load(path, o, &r, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	unlink(path);
	return r;
}

/* Whether two doubles are the same value (NaN the same as NaN). */
static bool same_double(double x, double y)
{
	return x == y || (isnan(x) && isnan(y));
}

void values(const struct run *r, const char *name, const double *v, size_t n)
{
	const struct column *c = run_find(r, name);

	assert_non_null(c);
	assert_non_null(c->v);
	assert_int_equal(r->n, n);
	for (size_t i = 0; i < n; i++)
		if (!same_double(c->v[i], v[i]))
			fail_msg("%s[%zu] = %.17g, want %.17g", name, i,
			         c->v[i], v[i]);
}

void context_is(const struct run *r, const char *key, const char *want)
{
	const char *got = run_context_get(r, key);

	if (!want)
		assert_null(got);
	else if (!got || strcmp(got, want) != 0)
		fail_msg("context %s = '%s', want '%s'", key,
		         got ? got : "(none)", want);
}

/* Column a is column b: name, kind, cells and the bad cell. */
static void same_column(const struct column *a, const struct column *b,
                        size_t n)
{
	assert_string_equal(a->name, b->name);
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->bad_line, b->bad_line);
	assert_true(!a->bad_text == !b->bad_text);
	if (a->bad_text)
		assert_string_equal(a->bad_text, b->bad_text);
	for (size_t i = 0; a->v && i < n; i++)
		assert_true(same_double(a->v[i], b->v[i]));
}

/* What an allocation that the code does without (a name shown in a
 * message) must leave unchanged. */
void same_run(const struct run *a, const struct run *b)
{
	assert_string_equal(a->format, b->format);
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->ncols, b->ncols);
	assert_int_equal(a->nctx, b->nctx);
	assert_true(!a->sample_off == !b->sample_off);
	for (size_t i = 0; i < a->n; i++)
		assert_string_equal(a->case_name[i], b->case_name[i]);
	for (size_t k = 0; k < a->ncols; k++)
		same_column(&a->cols[k], &b->cols[k], a->n);
	for (size_t k = 0; k < a->nctx; k++) {
		assert_string_equal(a->ctx[k].key, b->ctx[k].key);
		assert_string_equal(a->ctx[k].value, b->ctx[k].value);
	}
	for (size_t i = 0; a->sample_off && i <= a->n; i++)
		assert_int_equal(a->sample_off[i], b->sample_off[i]);
	for (size_t i = 0; a->sample_off && i < a->sample_off[a->n]; i++)
		assert_true(same_double(a->samples[i], b->samples[i]));
}

struct load_arg {
	const char *path;
	const struct run_opts *opts;
	const struct run *want; /* the run loaded with no failure */
};

static int load_and_free(void *arg, struct diag *d)
{
	const struct load_arg *a = arg;
	struct run *r = NULL;
	int rc = run_load(a->path, a->opts, &r, d);

	if (rc == FP_OK)
		same_run(r, a->want);
	run_free(r);
	return rc;
}

void sweep_load(const char *name, const char *text, const struct run_opts *o,
                long least)
{
	const char *path = scratch(name, text, strlen(text));
	struct run *want = NULL;
	struct diag d = {0};
	struct load_arg a = {path, o, NULL};
	long n;

	if (run_load(path, o, &want, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	a.want = want;
	n = alloc_sweep(load_and_free, &a);
	unlink(path);
	run_free(want);
	if (n < least)
		fail_msg("%s: only %ld allocations", name, n);
}
