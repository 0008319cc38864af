/* session.c: per-evaluation state over an immutable metric (session.h). */
#include "price/session.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "price/param.h"
#include "price/weigh.h"

static int oom(struct diag *d)
{
	return diag_oom(d);
}

/* The metric's rules, with their weights as the metric has them. */
static int copy_rules(struct session *s, const struct metric *m)
{
	s->rules = calloc(m->nrules ? m->nrules : 1, sizeof *s->rules);
	if (!s->rules)
		return FP_ERR;
	for (size_t i = 0; i < m->nrules; i++) {
		s->rules[i].glob = m->rules[i].glob;
		s->rules[i].weight = m->rules[i].weight;
	}
	s->nrules = m->nrules;
	return FP_OK;
}

/* A prediction's own copy of the scenario's state and the runtimes the
 * loader predicted, which the session may predict again. */
static int open_prediction(struct session *s, struct diag *d)
{
	const struct column *c = run_numeric(s->runs->after, "runtime", d);
	size_t n = s->runs->before->n;

	if (!c)
		return FP_ERR;
	if ((s->scenario->env &&
	     !(s->scenario_env = fx_env_clone(s->scenario->env))) ||
	    !(s->runtime_after = malloc((n ? n : 1) * sizeof(double))))
		return oom(d);
	memcpy(s->runtime_after, c->v, n * sizeof(double));
	return FP_OK;
}

int session_open(const struct metric *m, const struct joined *runs,
                 const struct scenario *sc, struct session **out,
                 struct diag *d)
{
	struct session *s = calloc(1, sizeof *s);

	*out = NULL;
	if (!s)
		return oom(d);
	s->metric = m;
	s->runs = runs;
	s->scenario = sc;
	if (!(s->side = fx_env_clone(m->side)) ||
	    !(s->cross = fx_env_clone(m->cross)) || copy_rules(s, m) != FP_OK) {
		session_close(s);
		return oom(d);
	}
	if (sc && open_prediction(s, d) != FP_OK) {
		session_close(s);
		return FP_ERR;
	}
	*out = s;
	return FP_OK;
}

void session_close(struct session *s)
{
	if (!s)
		return;
	fx_env_free(s->side);
	fx_env_free(s->cross);
	fx_env_free(s->scenario_env);
	for (size_t i = 0; i < s->nrules; i++)
		free(s->rules[i].own);
	free(s->rules);
	free(s->runtime_after);
	free(s);
}

double session_param(const struct session *s, size_t i)
{
	return fx_env_scalar(s->cross, s->metric->params[i].slot);
}

int session_set_param(struct session *s, size_t i, double value, struct diag *d)
{
	const struct param *p = &s->metric->params[i];

	if (param_check_value(p->name, value, d) != FP_OK)
		return FP_ERR;
	fx_env_set_scalar(s->side, p->slot, value);
	fx_env_set_scalar(s->cross, p->slot, value);
	return FP_OK;
}

double session_scenario_param(const struct session *s, size_t i)
{
	const struct param *p = &s->scenario->params[i];

	return s->scenario_env ? fx_env_scalar(s->scenario_env, p->slot)
	                       : p->value;
}

int session_set_scenario_param(struct session *s, size_t i, double value,
                               struct diag *d)
{
	const struct param *p = &s->scenario->params[i];

	if (param_check_value(p->name, value, d) != FP_OK)
		return FP_ERR;
	if (!s->scenario_env)
		return diag_set(d, NULL, 0, 0,
		                "internal error: scenario without environment");
	fx_env_set_scalar(s->scenario_env, p->slot, value);
	return scenario_predict(s->scenario, s->scenario_env, s->runs->before,
	                        s->runtime_after, d);
}

int session_add_weight_rule(struct session *s, const char *glob, double weight,
                            size_t *index, struct diag *d)
{
	struct session_rule *grown;
	char *own = strdup(glob);

	grown = own ? realloc(s->rules, (s->nrules + 1) * sizeof *grown) : NULL;
	if (!grown) {
		free(own);
		return oom(d);
	}
	s->rules = grown;
	s->rules[s->nrules] = (struct session_rule){own, own, weight};
	*index = s->nrules++;
	return FP_OK;
}

int session_set_weight(struct session *s, size_t i, double weight,
                       const char *what, struct diag *d)
{
	if (!(isfinite(weight) && weight >= 0))
		return diag_set(d, NULL, 0, 0,
		                "%s: a weight must be a finite number >= 0",
		                what);
	s->rules[i].weight = weight;
	return FP_OK;
}

int session_weights(const struct session *s, const char *const *names, size_t n,
                    double *w, struct diag *d)
{
	const char **globs =
	    malloc((s->nrules ? s->nrules : 1) * sizeof *globs);
	double *weights = malloc((s->nrules ? s->nrules : 1) * sizeof *weights);
	int rc;

	if (!globs || !weights) {
		free(globs);
		free(weights);
		return oom(d);
	}
	for (size_t i = 0; i < s->nrules; i++) {
		globs[i] = s->rules[i].glob;
		weights[i] = s->rules[i].weight;
	}
	rc = price_weigh(globs, weights, s->nrules, s->metric->weight_default,
	                 names, n, w, s->metric->path, d);
	free(globs);
	free(weights);
	return rc == FP_OK ? FP_OK : (diag_is_oom(d) ? oom(d) : FP_ERR);
}
