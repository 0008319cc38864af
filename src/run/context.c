/* context.c: the conditions a run was measured in (run.h). */
#include <stdlib.h>
#include <string.h>

#include "run/context.h"

static struct run_kv *find(const struct run *run, const char *key)
{
	for (size_t i = 0; i < run->nctx; i++)
		if (strcmp(run->ctx[i].key, key) == 0)
			return &run->ctx[i];
	return NULL;
}

const char *run_context_get(const struct run *run, const char *key)
{
	struct run_kv *kv = find(run, key);

	return kv ? kv->value : NULL;
}

int run_context_set(struct run *run, const char *key, const char *value,
                    struct diag *d)
{
	struct run_kv *kv = find(run, key), *grown;
	char *v = strdup(value), *k = NULL;

	if (v && kv) {
		free(kv->value);
		kv->value = v;
		return FP_OK;
	}
	grown = v ? realloc(run->ctx, (run->nctx + 1) * sizeof *grown) : NULL;
	if (grown)
		run->ctx = grown;
	if (!grown || !(k = strdup(key))) {
		free(v);
		return diag_oom(d);
	}
	run->ctx[run->nctx++] = (struct run_kv){k, v};
	return FP_OK;
}

bool run_context_ignored(const char *key)
{
	static const char *const always[] = {"date", "datetime", "load_avg",
	                                     "executable"};

	for (size_t i = 0; i < sizeof always / sizeof *always; i++)
		if (strcmp(key, always[i]) == 0)
			return true;
	/* pytest-benchmark's CPU frequency (py-cpuinfo's hz_actual, and its
	 * _raw and _friendly forms) is read anew each run: it differs on one
	 * machine. */
	return strncmp(key, "commit_info.", 12) == 0 ||
	       strncmp(key, "machine_info.cpu.hz_actual", 26) == 0;
}

/* Appends key to the list *keys of *n. */
static int push(const char ***keys, size_t *n, const char *key, struct diag *d)
{
	const char **grown = realloc(*keys, (*n + 1) * sizeof *grown);

	if (!grown)
		return diag_oom(d);
	grown[(*n)++] = key;
	*keys = grown;
	return FP_OK;
}

int run_context_diff(const struct run *a, const struct run *b,
                     const char ***keys, size_t *n, struct diag *d)
{
	*keys = NULL;
	*n = 0;
	for (size_t i = 0; i < a->nctx; i++) {
		const char *key = a->ctx[i].key,
		           *other = run_context_get(b, key);
		if (run_context_ignored(key) ||
		    (other && strcmp(other, a->ctx[i].value) == 0))
			continue;
		if (push(keys, n, key, d) != FP_OK)
			goto fail;
	}
	for (size_t i = 0; i < b->nctx; i++)
		if (!run_context_ignored(b->ctx[i].key) &&
		    !run_context_get(a, b->ctx[i].key) &&
		    push(keys, n, b->ctx[i].key, d) != FP_OK)
			goto fail;
	return FP_OK;
fail:
	free(*keys);
	*keys = NULL;
	*n = 0;
	return FP_ERR;
}

int run_context_unreliable(const struct run *run, const char ***keys, size_t *n,
                           struct diag *d)
{
	static const struct {
		const char *key, *value;
	} bad[] = {{"cpu_scaling_enabled", "true"},
	           {"library_build_type", "debug"}};

	*keys = NULL;
	*n = 0;
	for (size_t i = 0; i < run->nctx; i++)
		for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
			if (strcmp(run->ctx[i].key, bad[k].key) == 0 &&
			    strcmp(run->ctx[i].value, bad[k].value) == 0 &&
			    push(keys, n, run->ctx[i].key, d) != FP_OK) {
				free(*keys);
				*keys = NULL;
				*n = 0;
				return FP_ERR;
			}
	return FP_OK;
}
