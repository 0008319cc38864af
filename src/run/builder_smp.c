/* builder_smp.c: what a run builder collects besides cases and cells
 * (builder.h): samples, context and what is not priced. */
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/context.h"

void rb_use_samples(struct run_builder *b)
{
	b->smp.sampled = true;
}

int rb_sample(struct run_builder *b, double x, int pass)
{
	return rb_sample_at(b, b->n - 1, x, pass);
}

int rb_sample_at(struct run_builder *b, size_t i, double x, int pass)
{
	return rbs_add(&b->smp, i, x, pass) == FP_OK ? FP_OK : diag_oom(b->d);
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
