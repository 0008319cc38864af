/* coldef.c: a column's default evaluated for a price (coldef.h). */
#include <stdio.h>

#include "formula/formula.h"
#include "price/coldef.h"
#include "price/price_read.h"

static void bind(struct fx_env *env, const char *name, const double *v)
{
	int slot = fx_env_lookup(env, name, NULL);

	if (slot >= 0)
		fx_env_bind(env, slot, v);
}

int price_column_default(const struct coldef_in *p, const struct metric *m,
                         size_t k, const struct joined *runs, double *v,
                         struct diag *d)
{
	static const char *const side[2] = {"_before", "_after"};
	const struct fx_prog *prog = m->column_prog[k];
	struct fx_env *env = fx_env_clone(m->column_env);
	struct fx_fault fault;
	int rc = FP_ERR;

	if (!env)
		return diag_oom(d);
	fx_env_set_ncases(env, p->n);
	for (int s = 0; s < 2; s++) {
		char name[32];
		snprintf(name, sizeof name, "runtime%s", side[s]);
		bind(env, name, p->runtime[s]);
		snprintf(name, sizeof name, "passed%s", side[s]);
		bind(env, name, p->passed[s]);
		snprintf(name, sizeof name, "has_runtime%s", side[s]);
		bind(env, name, p->has_runtime[s]);
	}
	fx_env_set_scalar(env, fx_env_lookup(env, "N", NULL), p->N);
	if (fx_eval(prog, env, v, &fault) != FP_OK) {
		char key[300];
		struct metric_formula f = {
		    key, {m->path, 0, 0, NULL, NULL}, NULL};
		snprintf(key, sizeof key, "default of column '%s'",
		         m->columns[k]);
		fault.line = fault.col = 0;
		price_fault(&f, &fault, runs, "", d);
		goto out;
	}
	if (fx_prog_shape(prog) == FX_SCALAR)
		for (size_t i = 1; i < p->n; i++)
			v[i] = v[0];
	rc = FP_OK;
out:
	fx_env_free(env);
	return rc;
}
