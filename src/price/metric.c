/* metric.c: a loaded metric as a value: freeing it, its parameters and
 * case weights, and the edits the loader makes before it freezes it.
 * Finding and reading metric files is in metric_find.c, checking and
 * compiling what they say in metric_check.c. */
#include "price/metric.h"
#include "price/weigh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "price/metric_yaml.h"
#include "price/param.h"

static void free_formula(struct metric_formula *f)
{
	myaml_src_free(&f->src);
	fx_prog_free(f->prog);
	f->prog = NULL;
}

void metric_free(struct metric *m)
{
	if (!m)
		return;
	free_formula(&m->score);
	free_formula(&m->value);
	free_formula(&m->total);
	free_formula(&m->gain);
	free_formula(&m->cost);
	free_formula(&m->decide);
	free_formula(&m->gate);
	free_formula(&m->gate_margin);
	free_formula(&m->gate_near);
	for (size_t i = 0; i < m->ngate_errors; i++)
		free(m->gate_errors[i]);
	free(m->gate_errors);
	for (size_t i = 0; i < m->ndefines; i++) {
		free_formula(&m->defines[i]);
		free((char *)m->defines[i].key);
	}
	free(m->defines);
	for (size_t i = 0; i < m->ncolumns; i++) {
		free(m->columns[i]);
		free(m->column_default[i]);
		if (m->column_prog)
			fx_prog_free(m->column_prog[i]);
	}
	free(m->column_default);
	free(m->column_prog);
	fx_env_free(m->column_env);
	free(m->columns);
	for (size_t i = 0; i < m->nrules; i++) {
		free(m->rules[i].glob);
		free(m->rules[i].origin);
	}
	free(m->rules);
	for (size_t i = 0; i < m->nparams; i++)
		free(m->params[i].name);
	free(m->params);
	fx_env_free(m->side);
	fx_env_free(m->cross);
	free(m->path);
	free(m->name);
	free(m->version);
	free(m->description);
	free(m->source);
	free(m);
}

struct param *metric_find_param(const struct metric *m, const char *name)
{
	for (size_t i = 0; i < m->nparams; i++)
		if (strcmp(m->params[i].name, name) == 0)
			return &m->params[i];
	return NULL;
}

int metric_set_param(struct metric *m, const char *name, double value,
                     struct diag *d)
{
	struct param *p = metric_find_param(m, name);

	if (!p)
		return param_unknown(m->params, m->nparams, NULL, 0, name, "",
		                     d);
	if (param_check_value(name, value, d) != FP_OK)
		return FP_ERR;
	p->value = value;
	/* The templates too, so that sessions start from the loaded value. */
	for (int e = 0; e < 2; e++)
		fx_env_set_scalar(e ? m->cross : m->side, p->slot, value);
	return FP_OK;
}

int metric_add_weight_rule(struct metric *m, const char *glob, double weight,
                           struct diag *d)
{
	struct weight_rule *grown, *r;

	if (!*glob)
		return diag_set(d, NULL, 0, 0,
		                "--weight: the case name or glob is empty");
	if (!isfinite(weight) || weight < 0)
		return diag_set(
		    d, NULL, 0, 0,
		    "--weight %s: a weight must be a finite number >= 0", glob);
	grown = realloc(m->rules, (m->nrules + 1) * sizeof *grown);
	if (!grown)
		return diag_oom(d);
	m->rules = grown;
	r = &m->rules[m->nrules];
	r->glob = strdup(glob);
	r->origin = strdup("--weight");
	r->weight = weight;
	if (!r->glob || !r->origin) {
		free(r->glob);
		free(r->origin);
		return diag_oom(d);
	}
	m->nrules++;
	return FP_OK;
}

int metric_weights(const struct metric *m, const char *const *names, size_t n,
                   double *w, struct diag *d)
{
	const char **globs =
	    malloc((m->nrules ? m->nrules : 1) * sizeof *globs);
	double *weights = malloc((m->nrules ? m->nrules : 1) * sizeof *weights);
	int rc = FP_ERR;

	if (globs && weights) {
		for (size_t i = 0; i < m->nrules; i++) {
			globs[i] = m->rules[i].glob;
			weights[i] = m->rules[i].weight;
		}
		rc = price_weigh(globs, weights, m->nrules, m->weight_default,
		                 names, n, w, m->path, d);
	} else {
		diag_oom(d);
	}
	free(globs);
	free(weights);
	return rc;
}

bool metric_cross_reads(const struct metric *m, int slot)
{
	const struct metric_formula *f[3] = {&m->gain, &m->cost, &m->decide};

	if (slot < 0)
		return false;
	for (int k = 0; k < 3; k++)
		if (fx_prog_reads(f[k]->prog, slot))
			return true;
	for (size_t k = 0; k < m->ndefines; k++)
		if (fx_prog_reads(m->defines[k].prog, slot))
			return true;
	return false;
}
