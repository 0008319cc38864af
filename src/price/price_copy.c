/* price_copy.c: a price copied for another analysis or thread, so that a
 * run is priced once (price.h: price_copy). */
#include <stdlib.h>
#include <string.h>

#include "price/price.h"

/* The copy of the owned array at a, or a itself when src does not own it
 * (borrowed from the runs or the session). */
static const double *remap(const struct price *src, const struct price *p,
                           const double *a)
{
	for (size_t i = 0; a && i < src->nowned; i++)
		if (src->owned[i] == a)
			return p->owned[i];
	return a;
}

#define REMAP(field) ((field) = (double *)remap(src, p, (field)))

/* Pointer arrays of count entries, copied and remapped. */
static const double **remap_list(const struct price *src, struct price *p,
                                 const double *const *list, size_t count)
{
	const double **out = calloc(count + 1, sizeof *out);

	for (size_t k = 0; out && k < count; k++)
		out[k] = remap(src, p, list[k]);
	return out;
}

static int copy_arrays(const struct price *src, struct price *p,
                       const struct metric *m)
{
	size_t n = src->n ? src->n : 1;

	p->owned = calloc(src->nowned + 1, sizeof *p->owned);
	if (!p->owned)
		return FP_ERR;
	for (; p->nowned < src->nowned; p->nowned++) {
		if (!(p->owned[p->nowned] = malloc(n * sizeof(double))))
			return FP_ERR;
		memcpy(p->owned[p->nowned], src->owned[p->nowned],
		       n * sizeof(double));
	}
	p->extra[0] = remap_list(src, p, src->extra[0], m->ncolumns);
	p->extra[1] = remap_list(src, p, src->extra[1], m->ncolumns);
	p->define_values = (double **)remap_list(
	    src, p, (const double *const *)src->define_values, m->ndefines);
	if (!p->extra[0] || !p->extra[1] || !p->define_values)
		return FP_ERR;
	if (src->ncontrol_cases) {
		p->control_cases =
		    malloc(src->ncontrol_cases * sizeof *p->control_cases);
		if (!p->control_cases)
			return FP_ERR;
		memcpy(p->control_cases, src->control_cases,
		       src->ncontrol_cases * sizeof *p->control_cases);
	}
	return FP_OK;
}

int price_copy(const struct price *src, struct session *ses, struct price **out,
               struct diag *d)
{
	struct price *p = malloc(sizeof *p);

	*out = NULL;
	if (!p)
		return diag_oom(d);
	*p = *src;
	p->owned = NULL;
	p->nowned = 0;
	p->extra[0] = p->extra[1] = NULL;
	p->define_values = NULL;
	p->control_cases = NULL;
	if (copy_arrays(src, p, ses->metric) != FP_OK) {
		price_free(p);
		return diag_oom(d);
	}
	REMAP(p->weight);
	REMAP(p->control_diff);
	REMAP(p->gain_share);
	REMAP(p->cost_share);
	for (int s = 0; s < 2; s++) {
		p->runtime[s] = remap(src, p, p->runtime[s]);
		p->passed[s] = remap(src, p, p->passed[s]);
		REMAP(p->has_runtime[s]);
		REMAP(p->score[s]);
		REMAP(p->value[s]);
		REMAP(p->gate_pass[s]);
	}
	for (int k = 0; k < 4; k++) {
		REMAP(p->share_buf[k]);
		REMAP(p->transition[k]);
	}
	if (price_bind(p, ses) != FP_OK) {
		price_free(p);
		return diag_oom(d);
	}
	*out = p;
	return FP_OK;
}
