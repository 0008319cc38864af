/* builder_smp.c: what a run builder collects besides cases and cells
 * (builder.h): samples, context and what is not priced. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/context.h"
#include "util/numfmt.h"

void rb_use_samples(struct run_builder *b)
{
	b->smp.sampled = true;
}

int rb_sample(struct run_builder *b, double x, int pass)
{
	return rb_sample_at(b, b->n - 1, x, pass);
}

/* A sample is a runtime, or NaN (a repetition that failed without a
 * time): checked as a runtime cell is (run_check_runtimes), for a sample
 * that is none would reach the resamples only and fail there (or,
 * negative, widen the interval) far from its file. */
static bool is_sample(double x)
{
	return isnan(x) || (isfinite(x) && x > 0);
}

static int bad_sample(struct run_builder *b, double x, const char *name,
                      uint32_t line, uint32_t col)
{
	char num[NUMFMT_MAX];

	return diag_set(b->d, b->path, (int)line, (int)col,
	                "runtime sample of case '%s' must be a finite number "
	                "above 0, got %s",
	                name, numfmt_exact(num, x));
}

int rb_sample_at(struct run_builder *b, size_t i, double x, int pass)
{
	if (!is_sample(x))
		return bad_sample(b, x, rb_name(b, i), b->lines[i], b->cols[i]);
	return rbs_add(&b->smp, i, x, pass) == FP_OK ? FP_OK : diag_oom(b->d);
}

int rb_sample_pos(struct run_builder *b, size_t i, double x, int pass,
                  const char *name, uint32_t line, uint32_t col)
{
	if (!is_sample(x))
		return bad_sample(b, x, name, line, col);
	return rbs_add(&b->smp, i, x, pass) == FP_OK ? FP_OK : diag_oom(b->d);
}

int rb_sample_here(struct run_builder *b, double x, int pass, uint32_t line,
                   uint32_t col)
{
	return rb_sample_pos(b, b->n - 1, x, pass, rb_name(b, b->n - 1), line,
	                     col);
}

int rb_sample_expect(struct run_builder *b, size_t count)
{
	return rbs_reserve(&b->smp, count) == FP_OK ? FP_OK : diag_oom(b->d);
}

int rb_unpriced(struct run_builder *b, const char *what, const char *why)
{
	return run_add_unpriced(&b->unpriced, what, why, b->d);
}

int rb_context(struct run_builder *b, const char *key, const char *value)
{
	return run_context_set(&b->smp.ctx, key, value, b->d);
}

int rb_context_n(struct run_builder *b, const char *key, const char *value,
                 size_t len)
{
	char *v = strndup(value, len);
	int rc;

	if (!v)
		return diag_oom(b->d);
	rc = rb_context(b, key, v);
	free(v);
	return rc;
}
