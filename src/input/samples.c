/* samples.c: the samples and context a run builder collects (input.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/input.h"

void rb_use_samples(struct run_builder *b)
{
	b->sampled = true;
}

int rb_sample(struct run_builder *b, double x, int pass)
{
	return rb_sample_at(b, b->n - 1, x, pass);
}

int rb_sample_at(struct run_builder *b, size_t i, double x, int pass)
{
	size_t cap = b->samplecap, need = b->nsamples + 1;

	b->sampled = true;
	if (rb_grow((void **)&b->sample_case, &cap, need,
	            sizeof *b->sample_case) ||
	    (cap = b->samplecap,
	     rb_grow((void **)&b->sample_v, &cap, need, sizeof *b->sample_v)) ||
	    (cap = b->samplecap, rb_grow((void **)&b->sample_pass, &cap, need,
	                                 sizeof *b->sample_pass)))
		return diag_oom(b->d);
	b->samplecap = cap;
	b->sample_case[b->nsamples] = i;
	b->sample_v[b->nsamples] = x;
	b->sample_pass[b->nsamples] = (signed char)pass;
	b->nsamples++;
	return FP_OK;
}

int rb_context(struct run_builder *b, const char *key, const char *value)
{
	return run_context_set(&b->ctx, key, value, b->d);
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

/* Groups the samples by case (a counting sort, stable, so each case keeps
 * the order of its samples) into r. */
static int group(struct run_builder *b, struct run *r)
{
	size_t n = r->n, ns = b->nsamples;
	bool any_pass = false;

	r->sample_off = calloc(n + 1, sizeof *r->sample_off);
	r->samples = malloc((ns ? ns : 1) * sizeof *r->samples);
	r->sample_pass = malloc(ns ? ns : 1);
	if (!r->sample_off || !r->samples || !r->sample_pass)
		return diag_oom(b->d);
	for (size_t k = 0; k < ns; k++) {
		r->sample_off[b->sample_case[k] + 1]++;
		any_pass |= b->sample_pass[k] >= 0;
	}
	for (size_t i = 0; i < n; i++)
		r->sample_off[i + 1] += r->sample_off[i];
	/* sample_off[i] is now where case i's next sample goes; afterwards
	 * each has moved one case up, and shifting back restores it. */
	for (size_t k = 0; k < ns; k++) {
		size_t at = r->sample_off[b->sample_case[k]]++;
		r->samples[at] = b->sample_v[k];
		r->sample_pass[at] = b->sample_pass[k] != 0;
	}
	memmove(r->sample_off + 1, r->sample_off, n * sizeof *r->sample_off);
	r->sample_off[0] = 0;
	if (!any_pass) {
		free(r->sample_pass);
		r->sample_pass = NULL;
	}
	return FP_OK;
}

int rb_finish_samples(struct run_builder *b, struct run *r)
{
	r->ctx = b->ctx.ctx;
	r->nctx = b->ctx.nctx;
	b->ctx.ctx = NULL;
	b->ctx.nctx = 0;
	if (!b->sampled)
		return FP_OK;
	return group(b, r);
}

void rb_discard_samples(struct run_builder *b)
{
	free(b->sample_case);
	free(b->sample_v);
	free(b->sample_pass);
	for (size_t i = 0; i < b->ctx.nctx; i++) {
		free(b->ctx.ctx[i].key);
		free(b->ctx.ctx[i].value);
	}
	free(b->ctx.ctx);
	b->sample_case = NULL;
	b->sample_v = NULL;
	b->sample_pass = NULL;
	b->ctx.ctx = NULL;
	b->ctx.nctx = 0;
	b->nsamples = b->samplecap = 0;
}
