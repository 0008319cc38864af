/* env.c: the names a formula may use, each a slot holding a column or one
 * number.  A slot keeps its number for the life of the environment, so a
 * compiled program refers to slots, not to values. */
#include "formula/env.h"
#include "formula/grow.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fx_env *fx_env_new(void)
{
	return calloc(1, sizeof(struct fx_env));
}

void fx_env_free(struct fx_env *env)
{
	if (!env)
		return;
	for (int i = 0; i < env->n; i++)
		free(env->slots[i].name);
	free(env->slots);
	free(env);
}

struct fx_env *fx_env_clone(const struct fx_env *env)
{
	struct fx_env *c = calloc(1, sizeof *c);

	if (!c || !(c->slots = calloc(env->n ? (size_t)env->n : 1,
	                              sizeof *c->slots))) {
		free(c);
		return NULL;
	}
	c->cap = env->n ? env->n : 1;
	c->ncases = env->ncases;
	for (; c->n < env->n; c->n++) {
		c->slots[c->n] = env->slots[c->n];
		if (!(c->slots[c->n].name = strdup(env->slots[c->n].name))) {
			fx_env_free(c);
			return NULL;
		}
	}
	return c;
}

int fx_env_find(const struct fx_env *env, const char *name, size_t len,
                enum fx_shape *shape)
{
	for (int i = 0; i < env->n; i++) {
		const struct fx_slot *s = &env->slots[i];
		if (s->len == len && memcmp(s->name, name, len) == 0) {
			if (shape)
				*shape = s->shape;
			return i;
		}
	}
	return -1;
}

int fx_env_lookup(const struct fx_env *env, const char *name,
                  enum fx_shape *shape)
{
	return fx_env_find(env, name, strlen(name), shape);
}

int fx_env_declare(struct fx_env *env, const char *name, enum fx_shape shape)
{
	enum fx_shape old;
	int slot = fx_env_lookup(env, name, &old);
	char *copy;
	bool oom = false;

	if (slot >= 0)
		return old == shape ? slot : -1;
	env->slots = fx_grow(env->slots, &env->cap, env->n + 1,
	                     sizeof *env->slots, &oom);
	if (oom)
		return -1;
	copy = strdup(name);
	if (!copy)
		return -1;
	env->slots[env->n] = (struct fx_slot){
	    .name = copy,
	    .len = strlen(copy),
	    .shape = shape,
	    .values = NULL,
	    .scalar = 0,
	};
	return env->n++;
}

int fx_env_count(const struct fx_env *env)
{
	return env->n;
}

const char *fx_env_name(const struct fx_env *env, int slot)
{
	return slot >= 0 && slot < env->n ? env->slots[slot].name : NULL;
}

void fx_env_bind(struct fx_env *env, int slot, const double *values)
{
	if (slot >= 0 && slot < env->n && env->slots[slot].shape == FX_PERCASE)
		env->slots[slot].values = values;
}

void fx_env_set_scalar(struct fx_env *env, int slot, double value)
{
	if (slot >= 0 && slot < env->n && env->slots[slot].shape == FX_SCALAR)
		env->slots[slot].scalar = value;
}

double fx_env_scalar(const struct fx_env *env, int slot)
{
	if (slot >= 0 && slot < env->n && env->slots[slot].shape == FX_SCALAR)
		return env->slots[slot].scalar;
	return NAN;
}

void fx_env_set_ncases(struct fx_env *env, size_t n)
{
	env->ncases = n;
}

size_t fx_env_ncases(const struct fx_env *env)
{
	return env->ncases;
}
