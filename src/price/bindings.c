/* bindings.c: a price's arrays bound to the formula environments
 * (price_env.h). */
#include <stdlib.h>
#include <string.h>

#include "price/price.h"
#include "price/price_env.h"
#include "util/bigmem.h"

const char *const price_side_suffix[2] = {"_before", "_after"};

double *price_env_owned(struct price *p, size_t n)
{
	double **grown = realloc(p->owned, (p->nowned + 1) * sizeof *grown);
	double *a;

	if (!grown)
		return NULL;
	p->owned = grown;
	a = calloc(n ? n : 1, sizeof *a);
	if (a) {
		bigmem_advise(a, n * sizeof *a);
		p->owned[p->nowned++] = a;
	}
	return a;
}

double *price_env_written(struct price *p, size_t n)
{
	double *a = price_env_owned(p, n);

	if (a)
		bigmem_populate(a, n * sizeof *a);
	return a;
}

void price_env_name(struct fx_env *env, const char *name, const double *v)
{
	int slot = fx_env_lookup(env, name, NULL);
	if (slot >= 0)
		fx_env_bind(env, slot, v);
}

void price_env_sided(struct fx_env *env, const char *stem, int side,
                     const double *v)
{
	const char *suffix = price_side_suffix[side];
	size_t a = strlen(stem), b = strlen(suffix);
	char name[256];

	/* Made for every resample: no snprintf. */
	if (a + b >= sizeof name)
		return; /* no slot has: metric_check.c refuses such columns */
	memcpy(name, stem, a);
	memcpy(name + a, suffix, b + 1);
	price_env_name(env, name, v);
}

void price_env_scalar(struct fx_env *env, const char *name, double v)
{
	int slot = fx_env_lookup(env, name, NULL);
	if (slot >= 0)
		fx_env_set_scalar(env, slot, v);
}

void price_env_extras(struct price *p, struct session *ses)
{
	for (size_t k = 0; k < ses->metric->ncolumns; k++) {
		const char *name = ses->metric->columns[k];

		price_env_sided(ses->cross, name, 0, p->extra[0][k]);
		price_env_sided(ses->cross, name, 1, p->extra[1][k]);
		price_env_name(ses->cross, name, p->extra[0][k]);
	}
}

static const char *const transition_names[4] = {
    "newly_passing", "newly_failing", "still_passing", "still_failing"};

/* Only the transitions a formula reads (the default metric reads
 * newly_passing alone), since each is a double per case. */
int price_env_transitions_bind(struct price *p, struct session *ses)
{
	double **t = p->transition;

	for (int k = 0; k < 4; k++) {
		int slot = fx_env_lookup(ses->cross, transition_names[k], NULL);
		if (!t[k] && metric_cross_reads(ses->metric, slot) &&
		    !(t[k] = price_env_written(p, p->n)))
			return FP_ERR;
	}
	for (int k = 0; k < 4; k++)
		if (t[k])
			price_env_name(ses->cross, transition_names[k], t[k]);
	return FP_OK;
}

void price_env_transitions_fill(struct price *p, size_t i0, size_t i1)
{
	double **t = p->transition;

	for (size_t i = i0; i < i1; i++) {
		double b = p->passed[0][i], a = p->passed[1][i];
		if (t[0])
			t[0][i] = a * (1 - b);
		if (t[1])
			t[1][i] = (1 - a) * b;
		if (t[2])
			t[2][i] = a * b;
		if (t[3])
			t[3][i] = (1 - a) * (1 - b);
	}
}

int price_env_transitions(struct price *p, struct session *ses)
{
	if (price_env_transitions_bind(p, ses) != FP_OK)
		return FP_ERR;
	price_env_transitions_fill(p, 0, p->n);
	return FP_OK;
}

void price_env_common(struct price *p, struct session *ses)
{
	struct fx_env *envs[2] = {ses->side, ses->cross};

	for (int e = 0; e < 2; e++) {
		fx_env_set_ncases(envs[e], p->n);
		price_env_name(envs[e], "weight", p->weight);
		price_env_scalar(envs[e], "N", p->N);
		price_env_scalar(envs[e], "W", p->W);
	}
	for (int s = 0; s < 2; s++) {
		price_env_sided(ses->cross, "runtime", s, p->runtime[s]);
		price_env_sided(ses->cross, "passed", s, p->passed[s]);
		price_env_sided(ses->cross, "has_runtime", s,
		                p->has_runtime[s]);
	}
}

void price_bind_side(struct session *ses, const struct price *p, int s)
{
	const struct metric *m = ses->metric;
	struct fx_env *env = ses->side;

	price_env_name(env, "runtime", p->runtime[s]);
	price_env_name(env, "passed", p->passed[s]);
	price_env_name(env, "has_runtime", p->has_runtime[s]);
	for (size_t k = 0; k < m->ncolumns; k++)
		price_env_name(env, m->columns[k], p->extra[s][k]);
	price_env_name(env, "score", p->score[s]);
	price_env_name(env, "value", p->value[s]);
}
