/* samples.c: the samples and context a run builder collects (samples.h). */
#include <stdlib.h>
#include <string.h>

#include "run/samples.h"
#include "util/grow.h"

/* Room for need samples, by grow: grow_array (doubling, as they come one
 * by one) or grow_array_written (the pages of those about to be written
 * made at once). */
static int room(struct rb_samples *s, size_t need,
                int (*grow)(void **, size_t *, size_t, size_t))
{
	size_t cap = s->cap;

	if (grow((void **)&s->of_case, &cap, need, sizeof *s->of_case) ||
	    (cap = s->cap, grow((void **)&s->v, &cap, need, sizeof *s->v)) ||
	    (cap = s->cap,
	     grow((void **)&s->pass, &cap, need, sizeof *s->pass)))
		return FP_ERR;
	s->cap = cap;
	return FP_OK;
}

int rbs_reserve(struct rb_samples *s, size_t more)
{
	return room(s, s->n + more, grow_array_written);
}

int rbs_add(struct rb_samples *s, size_t i, double x, int pass)
{
	s->sampled = true;
	if (s->n == s->cap && room(s, s->n + 1, grow_array) != FP_OK)
		return FP_ERR;
	s->of_case[s->n] = i;
	s->v[s->n] = x;
	s->pass[s->n] = (signed char)pass;
	s->n++;
	return FP_OK;
}

/* Groups the samples by case (a counting sort, stable, so each case keeps
 * the order of its samples) into r. */
static int group(struct rb_samples *s, struct run *r, struct diag *d)
{
	size_t n = r->n, ns = s->n;
	bool any_pass = false;

	r->sample_off = calloc(n + 1, sizeof *r->sample_off);
	r->samples = malloc((ns ? ns : 1) * sizeof *r->samples);
	r->sample_pass = malloc(ns ? ns : 1);
	if (!r->sample_off || !r->samples || !r->sample_pass)
		return diag_oom(d);
	bigmem_populate(r->samples, ns * sizeof *r->samples);
	bigmem_populate(r->sample_pass, ns);
	for (size_t k = 0; k < ns; k++) {
		r->sample_off[s->of_case[k] + 1]++;
		any_pass |= s->pass[k] >= 0;
	}
	for (size_t i = 0; i < n; i++)
		r->sample_off[i + 1] += r->sample_off[i];
	/* sample_off[i] is now where case i's next sample goes; afterwards
	 * each has moved one case up, and shifting back restores it. */
	for (size_t k = 0; k < ns; k++) {
		size_t at = r->sample_off[s->of_case[k]]++;
		r->samples[at] = s->v[k];
		r->sample_pass[at] = s->pass[k] != 0;
	}
	memmove(r->sample_off + 1, r->sample_off, n * sizeof *r->sample_off);
	r->sample_off[0] = 0;
	if (!any_pass) {
		free(r->sample_pass);
		r->sample_pass = NULL;
	}
	return FP_OK;
}

int rbs_finish(struct rb_samples *s, struct run *r, struct diag *d)
{
	r->ctx = s->ctx.ctx;
	r->nctx = s->ctx.nctx;
	s->ctx.ctx = NULL;
	s->ctx.nctx = 0;
	if (!s->sampled)
		return FP_OK;
	return group(s, r, d);
}

void rbs_free(struct rb_samples *s)
{
	free(s->of_case);
	free(s->v);
	free(s->pass);
	for (size_t i = 0; i < s->ctx.nctx; i++) {
		free(s->ctx.ctx[i].key);
		free(s->ctx.ctx[i].value);
	}
	free(s->ctx.ctx);
	*s = (struct rb_samples){0};
}
