/* session.h: the evaluation state of one pricing.
 *
 * A metric, once loaded, is never changed (metric.h): it is a definition.
 * Everything that changes while pricing lives in a session instead: copies
 * of the metric's two formula environments with the runs' columns bound in
 * them, the parameter values (held in those copies' slots), the weight
 * rules' values and any rules added for a sensitivity knob, and for a
 * prediction a copy of the scenario's environment and the predicted after
 * runtimes.  The metric, the joined runs and the scenario are borrowed and
 * only read, so any number of sessions over them may run at once, each in
 * its own thread.
 *
 * A session starts at the values the loader froze into the metric and the
 * scenario (--set, --weight included).  price_compute (price.h) binds the
 * arrays of the price it makes into the session's environments; from then
 * on price_recompute and price_decide on that session need that price to be
 * alive.  Computing another price on the session rebinds it to that one. */
#ifndef FP_SESSION_H
#define FP_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/formula.h"
#include "price/join.h"
#include "price/metric.h"
#include "price/param.h"
#include "price/scenario.h"
#include "util/diag.h"

/* A weight rule as the session applies it: the metric's rules, in order,
 * then the ones the session added (own is then the glob's storage). */
struct session_rule {
	const char *glob;
	char *own;
	double weight;
};

struct session {
	const struct metric *metric;     /* borrowed */
	const struct joined *runs;       /* borrowed */
	const struct scenario *scenario; /* borrowed; NULL when measured */

	/* Clones of metric->side and metric->cross: parameter values live in
	 * their slots (the same slot in both, metric_param.slot). */
	struct fx_env *side, *cross;

	size_t nrules;
	struct session_rule *rules;

	/* A prediction only: a clone of the scenario's environment (its
	 * parameters' values) and the runtimes it predicts for the after run,
	 * which pricing reads instead of the joined after run's. */
	struct fx_env *scenario_env;
	double *runtime_after;
};

/* Opens a session over a loaded metric, its joined runs and, for a
 * prediction, the scenario the after run was made from (else NULL).
 * Caller owns *out (session_close). */
int session_open(const struct metric *m, const struct joined *runs,
                 const struct scenario *sc, struct session **out,
                 struct diag *d);
void session_close(struct session *s);

/* The value of metric parameter i (metric->params[i]) in this session, and
 * setting it (a finite number; the message names the parameter). */
double session_param(const struct session *s, size_t i);
int session_set_param(struct session *s, size_t i, double value,
                      struct diag *d);

/* The same for scenario parameter i; setting one predicts the after
 * runtimes again (an error names the case whose runtime is not > 0). */
double session_scenario_param(const struct session *s, size_t i);
int session_set_scenario_param(struct session *s, size_t i, double value,
                               struct diag *d);

/* Adds a rule after all others (so it wins) and says its index. */
int session_add_weight_rule(struct session *s, const char *glob, double weight,
                            size_t *index, struct diag *d);
/* Sets the weight of rule i (finite, >= 0; the message starts with what). */
int session_set_weight(struct session *s, size_t i, double weight,
                       const char *what, struct diag *d);

/* The weights of n cases at once, in time linear in cases and rules
 * (util/globset.h): w[i] is case names[i]'s weight under the session's rules (price/weigh.h).  FP_ERR
 * when the rules hold more than GLOBSET_MAX_GLOBS globs or GLOBSET_MAX
 * rules, or out of memory. */
int session_weights(const struct session *s, const char *const *names, size_t n,
                    double *w, struct diag *d);

#endif
