/* price.c: where the metric's formulas meet the runs.
 *
 * Everything here reads the metric and the runs and writes only the session
 * (session.h) and the price being made.
 *
 * Order of evaluation, fixed by what each formula may read (metric.h):
 *   1. weights, N, W, and the metric's extra columns for both sides;
 *   2. per side: score, then value, then total;
 *   3. across sides: newly_passing & co, the defines in order, gain, cost,
 *      decide;
 *   4. per-case shares of gain and cost, and the control (net against the
 *      metric's own delta_total). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "price/coldef.h"
#include "price/price.h"
#include "price/price_env.h"
#include "price/price_read.h"
#include "price/rank.h"
#include "util/ksum.h"
#include "util/numfmt.h"

/* What a column default reads of p (coldef.h). */
static struct coldef_in coldef_of(const struct price *p)
{
	return (struct coldef_in){
	    .n = p->n,
	    .N = p->N,
	    .runtime = {p->runtime[0], p->runtime[1]},
	    .passed = {p->passed[0], p->passed[1]},
	    .has_runtime = {p->has_runtime[0], p->has_runtime[1]},
	};
}

/* Binds the metric's extra columns (ref_runtime, ...) in both environments.
 * A column only the before run has is used for both sides. */
/* A column the metric declares, as numbers; one named like a runtime
 * (ref_runtime) holds runtimes, finite and above 0 where given. */
static int read_column(const struct run *r, const char *name,
                       const double **out, struct diag *d)
{
	const struct column *c = run_numeric(r, name, d);

	if (!c ||
	    (run_is_runtime_name(name) && run_check_runtimes(r, c, d) != FP_OK))
		return FP_ERR;
	*out = c->v;
	return FP_OK;
}

static int bind_columns(struct price *p, struct session *ses, struct diag *d)
{
	const struct metric *m = ses->metric;
	const struct run *runs[2] = {ses->runs->before, ses->runs->after};
	const struct coldef_in in = coldef_of(p);

	for (size_t k = 0; k < m->ncolumns; k++) {
		const char *name = m->columns[k];
		const double *v[2] = {NULL, NULL};

		if (run_find(runs[0], name)) {
			if (read_column(runs[0], name, &v[0], d) != FP_OK)
				return FP_ERR;
			v[1] = v[0];
			if (run_find(runs[1], name) &&
			    read_column(runs[1], name, &v[1], d) != FP_OK)
				return FP_ERR;
		} else if (m->column_prog && m->column_prog[k]) {
			double *own = price_env_written(p, p->n);
			if (!own)
				return diag_oom(d);
			if (price_column_default(&in, m, k, ses->runs, own,
			                         d) != FP_OK)
				return FP_ERR;
			v[0] = v[1] = own;
		} else {
			run_numeric(runs[0], name, d);
			diag_prefix(d, "metric %s needs column '%s'", m->name,
			            name);
			return FP_ERR;
		}
		p->extra[0][k] = v[0];
		p->extra[1][k] = v[1];
	}
	price_env_extras(p, ses);
	return FP_OK;
}

/* Evaluates a formula into out: n values if per case, else out[0]. */
static int eval_formula(const struct metric_formula *f,
                        const struct fx_env *env, const struct joined *j,
                        const char *side, double *out, struct diag *d)
{
	struct fx_fault fault;

	if (fx_eval(f->prog, env, out, &fault) != FP_OK)
		return price_fault(f, &fault, j, side, d);
	return FP_OK;
}

/* Step 2: score, value and total of one side. */
static int eval_side(struct price *p, struct session *ses, int s,
                     struct diag *d)
{
	const struct metric *m = ses->metric;
	struct fx_env *env = ses->side;
	const struct metric_formula *f[3] = {&m->score, &m->value, &m->total};
	const struct fx_prog *progs[3] = {m->score.prog, m->value.prog,
	                                  m->total.prog};
	double *outs[3] = {p->score[s], p->value[s], &p->total[s]};
	struct fx_fault fault;
	size_t failed = 0;

	/* score feeds value, and both feed total: one sweep over the cases
	 * computes all three while each block is still in cache. */
	price_bind_side(ses, p, s);
	if (fx_eval_many(progs, 3, env, outs, &fault, &failed) != FP_OK)
		return price_fault(f[failed], &fault, ses->runs,
		                   price_side_suffix[s], d);
	return FP_OK;
}

static int eval_defines(struct price *p, struct session *ses, struct diag *d)
{
	const struct metric *m = ses->metric;

	for (size_t k = 0; k < m->ndefines; k++) {
		const struct metric_formula *f = &m->defines[k];
		int slot = fx_env_lookup(ses->cross, f->key, NULL);

		if (fx_prog_shape(f->prog) == FX_PERCASE) {
			double *v = p->define_values[k];
			if (eval_formula(f, ses->cross, ses->runs, "", v, d) !=
			    FP_OK)
				return FP_ERR;
			fx_env_bind(ses->cross, slot, v);
		} else {
			double v;
			if (eval_formula(f, ses->cross, ses->runs, "", &v, d) !=
			    FP_OK)
				return FP_ERR;
			fx_env_set_scalar(ses->cross, slot, v);
		}
	}
	return FP_OK;
}

int price_decide(struct session *ses, double gain, double cost, bool *accept,
                 struct diag *d)
{
	double decide;

	price_env_scalar(ses->cross, "gain", gain);
	price_env_scalar(ses->cross, "cost", cost);
	if (eval_formula(&ses->metric->decide, ses->cross, ses->runs, "",
	                 &decide, d) != FP_OK)
		return FP_ERR;
	*accept = decide != 0;
	return FP_OK;
}

/* Step 3, the part that sweeps repeat: defines, gain, cost, decide. */
static int eval_decision(struct price *p, struct session *ses, struct diag *d)
{
	const struct metric *m = ses->metric;

	if (eval_defines(p, ses, d) != FP_OK ||
	    eval_formula(&m->gain, ses->cross, ses->runs, "", &p->gain, d) !=
	        FP_OK)
		return FP_ERR;
	price_env_scalar(ses->cross, "gain", p->gain);
	if (eval_formula(&m->cost, ses->cross, ses->runs, "", &p->cost, d) !=
	    FP_OK)
		return FP_ERR;
	p->net = p->gain - p->cost;
	return price_decide(ses, p->gain, p->cost, &p->accept, d);
}

/* Each case's share of a formula that is a sum over cases times one number;
 * *shares is left NULL (and why set) when the formula is not of that form. */
static int eval_shares(struct price *p, const struct metric_formula *f,
                       const struct fx_env *env, const struct joined *j,
                       double *v, double **shares, struct diag *d)
{
	struct fx_fault fault;
	int rc;

	*shares = NULL;
	rc = fx_eval_shares(f->prog, env, v, &fault);
	if (rc == FP_ERR)
		return price_fault(f, &fault, j, "", d);
	if (rc == FX_NOT_SHARES) {
		snprintf(
		    p->shares_undefined, sizeof p->shares_undefined,
		    "%s is not a sum over cases times one number, so per-case "
		    "shares are not defined for it",
		    f->key);
		return FP_OK;
	}
	*shares = v;
	return FP_OK;
}

/* The control: does net agree with the metric's own delta_total?  When not,
 * name the cases whose per-case difference accounts for the gap. */
static int check_control(struct price *p, double *const total_share[2],
                         struct diag *d)
{
	double scale =
	    fmax(1, fmax(fmax(fabs(p->gain), fabs(p->cost)),
	                 fmax(fabs(p->total[0]), fabs(p->total[1]))));
	double tol = 1e-9 * scale, sum = 0, covered = 0;
	double *diff = p->control_diff;
	size_t *order;

	p->delta_total = p->total[1] - p->total[0];
	p->control_gap = p->net - p->delta_total;
	p->control_ok =
	    fabs(p->control_gap) <= tol &&
	    (fabs(p->net) <= tol) == (fabs(p->delta_total) <= tol) &&
	    (fabs(p->net) <= tol || (p->net > 0) == (p->delta_total > 0));
	if (p->control_ok || !p->gain_share || !p->cost_share ||
	    !total_share[0] || !total_share[1])
		return FP_OK;
	for (size_t i = 0; i < p->n; i++) {
		diff[i] = (p->gain_share[i] - p->cost_share[i]) -
		          (total_share[1][i] - total_share[0][i]);
		sum += fabs(diff[i]);
	}
	if (!(order = price_rank_cases(diff, p->n, 10)))
		return diag_oom(d);
	/* Enough cases to explain nearly all of the gap, and at most ten. */
	while (p->ncontrol_cases < p->n && p->ncontrol_cases < 10 &&
	       fabs(diff[order[p->ncontrol_cases]]) > tol &&
	       covered < 0.999 * sum)
		covered += fabs(diff[order[p->ncontrol_cases++]]);
	p->control_cases = order;
	return FP_OK;
}

/* Fills weights, N and W. */
static int weigh(struct price *p, const struct session *ses, struct diag *d)
{
	struct ksum w = {0, 0};

	if (session_weights(ses, p->case_name, p->n, p->weight, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < p->n; i++)
		ksum_add(&w, p->weight[i]);
	p->N = (double)p->n;
	p->W = ksum_value(&w);
	if (!isfinite(p->W))
		return diag_set(
		    d, ses->metric->path, 0, 0,
		    "the case weights add up to more than a number can "
		    "hold: use smaller weights (only their ratios "
		    "matter to a weighted mean)");
	if (!(p->W > 0))
		return diag_set(
		    d, ses->metric->path, 0, 0,
		    "the case weights add up to 0: nothing to price");
	return FP_OK;
}

/* Step 2 for both sides, and the totals' shares for the control. */
static int evaluate_sides(struct price *p, struct session *ses,
                          double *total_share[2], struct diag *d)
{
	for (int s = 0; s < 2; s++) {
		if (eval_side(p, ses, s, d) != FP_OK)
			return FP_ERR;
		if (total_share &&
		    eval_shares(p, &ses->metric->total, ses->side, ses->runs,
		                p->share_buf[2 + s], &total_share[s],
		                d) != FP_OK)
			return FP_ERR;
		price_env_sided(ses->cross, "score", s, p->score[s]);
		price_env_sided(ses->cross, "value", s, p->value[s]);
		price_env_scalar(ses->cross, s ? "total_after" : "total_before",
		                 p->total[s]);
	}
	return FP_OK;
}

/* Step 4: each case's share of gain and cost, and the control. */
static int evaluate_detail(struct price *p, const struct session *ses,
                           double *total_share[2], struct diag *d)
{
	const struct metric *m = ses->metric;

	p->shares_undefined[0] = '\0';
	if (eval_shares(p, &m->gain, ses->cross, ses->runs, p->share_buf[0],
	                &p->gain_share, d) != FP_OK ||
	    eval_shares(p, &m->cost, ses->cross, ses->runs, p->share_buf[1],
	                &p->cost_share, d) != FP_OK)
		return FP_ERR;
	if (!p->gain_share || !p->cost_share)
		p->gain_share = p->cost_share = NULL;
	free(p->control_cases);
	p->control_cases = NULL;
	p->ncontrol_cases = 0;
	return check_control(p, total_share, d);
}

/* Steps 2 to 4, as far as `what` asks. */
static int evaluate(struct price *p, struct session *ses, unsigned what,
                    struct diag *d)
{
	double *total_share[2] = {NULL, NULL};
	bool detail = what & PRICE_DETAIL;

	/* The totals' shares need each side's environment bound in turn. */
	if (detail)
		what |= PRICE_SIDES;
	if ((what & PRICE_SIDES) &&
	    evaluate_sides(p, ses, detail ? total_share : NULL, d) != FP_OK)
		return FP_ERR;
	if (eval_decision(p, ses, d) != FP_OK)
		return FP_ERR;
	p->delta_total = p->total[1] - p->total[0];
	if (!detail)
		return FP_OK;
	return evaluate_detail(p, ses, total_share, d);
}

/* The price's own arrays, allocated once so that recomputing allocates
 * nothing; those that `what` writes whole have their pages made at once
 * (price_env_written), the others (the control's differences, made only
 * when net and the total disagree) as they are written.  FP_ERR when out
 * of memory. */
static int allocate(struct price *p, const struct metric *m, unsigned what)
{
	/* Shares of gain, cost and the two totals (eval_shares). */
	const struct fx_prog *split[4] = {m->gain.prog, m->cost.prog,
	                                  m->total.prog, m->total.prog};

	p->extra[0] = calloc(m->ncolumns + 1, sizeof *p->extra[0]);
	p->extra[1] = calloc(m->ncolumns + 1, sizeof *p->extra[1]);
	p->define_values = calloc(m->ndefines + 1, sizeof *p->define_values);
	if (!p->extra[0] || !p->extra[1] || !p->define_values ||
	    !(p->weight = price_env_written(p, p->n)) ||
	    !(p->control_diff = price_env_owned(p, p->n)))
		return FP_ERR;
	for (int k = 0; k < 4; k++)
		if (!(p->share_buf[k] =
		          (what & PRICE_DETAIL) && fx_prog_has_shares(split[k])
		              ? price_env_written(p, p->n)
		              : price_env_owned(p, p->n)))
			return FP_ERR;
	for (size_t k = 0; k < m->ndefines; k++)
		if (!(p->define_values[k] =
		          fx_prog_shape(m->defines[k].prog) == FX_PERCASE
		              ? price_env_written(p, p->n)
		              : price_env_owned(p, p->n)))
			return FP_ERR;
	for (int s = 0; s < 2; s++)
		if ((m->gate.prog &&
		     !(p->gate_pass[s] = price_env_written(p, p->n))) ||
		    !(p->score[s] = price_env_written(p, p->n)) ||
		    !(p->value[s] = price_env_written(p, p->n)) ||
		    !(p->has_runtime[s] = price_env_written(p, p->n)))
			return FP_ERR;
	return FP_OK;
}

/* price_compute, evaluating as far as `what` asks (PRICE_SIDES at
 * least). */
static int compute(struct session *ses, unsigned what, struct price **out,
                   struct diag *d)
{
	const struct run *before = ses->runs->before;
	struct price *p = calloc(1, sizeof *p);

	*out = NULL;
	if (!p)
		return diag_oom(d);
	p->n = before->n;
	p->case_name = (const char *const *)before->case_name;
	if (allocate(p, ses->metric, what) != FP_OK) {
		diag_oom(d);
		goto fail;
	}
	if (price_read_basics(ses, p->gate_pass, p->passed, p->runtime,
	                      p->has_runtime, d) != FP_OK ||
	    weigh(p, ses, d) != FP_OK)
		goto fail;
	price_env_common(p, ses);
	if (bind_columns(p, ses, d) != FP_OK ||
	    (ses->metric->gate.prog &&
	     price_gate_derive(p, ses, true, d) != FP_OK) ||
	    (price_env_transitions(p, ses) != FP_OK && diag_oom(d) != FP_OK) ||
	    evaluate(p, ses, what, d) != FP_OK)
		goto fail;
	*out = p;
	return FP_OK;
fail:
	price_free(p);
	return FP_ERR;
}

int price_compute(struct session *ses, struct price **out, struct diag *d)
{
	return compute(ses, PRICE_SIDES | PRICE_DETAIL, out, d);
}

int price_compute_sides(struct session *ses, struct price **out, struct diag *d)
{
	return compute(ses, PRICE_SIDES, out, d);
}

int price_recompute(struct session *ses, struct price *p, unsigned what,
                    struct diag *d)
{
	if (what & PRICE_WEIGHTS) {
		if (weigh(p, ses, d) != FP_OK)
			return FP_ERR;
		price_env_common(p, ses);
		what |= PRICE_SIDES;
	}
	/* A gate parameter moves pass states (gate.h). */
	if ((what & (PRICE_SIDES | PRICE_DETAIL)) && ses->metric->gate.prog &&
	    price_gate_derive(p, ses, false, d) != FP_OK)
		return FP_ERR;
	return evaluate(p, ses, what, d);
}

/* Column defaults follow the runtimes and pass states they are made of. */
static int redo_column_defaults(struct price *p, const struct session *ses,
                                struct diag *d)
{
	const struct metric *m = ses->metric;
	const struct coldef_in in = coldef_of(p);

	for (size_t k = 0; k < m->ncolumns; k++)
		if (!run_find(ses->runs->before, m->columns[k]) &&
		    m->column_prog[k] &&
		    price_column_default(&in, m, k, ses->runs,
		                         (double *)p->extra[0][k], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

int price_resample(struct session *ses, struct price *p,
                   const double *const runtime[2],
                   const double *const passed[2], unsigned what, struct diag *d)
{
	for (int s = 0; s < 2; s++) {
		p->runtime[s] = runtime[s];
		p->passed[s] = passed[s];
	}
	price_env_common(p, ses);
	if (redo_column_defaults(p, ses, d) != FP_OK)
		return FP_ERR;
	price_env_extras(p, ses);
	if (ses->metric->gate.prog)
		return price_gate_derive(p, ses, false, d) == FP_OK
		           ? evaluate(p, ses,
		                      PRICE_SIDES | (what & PRICE_DETAIL), d)
		           : FP_ERR;
	if (price_env_transitions(p, ses) != FP_OK)
		return diag_oom(d);
	return evaluate(p, ses, PRICE_SIDES | (what & PRICE_DETAIL), d);
}

int price_bind(const struct price *cp, struct session *ses)
{
	const struct metric *m = ses->metric;
	/* Binding reads p's arrays; only a missing transition is made. */
	struct price *p = (struct price *)cp;

	price_env_common(p, ses);
	price_env_extras(p, ses);
	if (price_env_transitions(p, ses) != FP_OK)
		return FP_ERR;
	for (int s = 0; s < 2; s++) {
		price_env_sided(ses->cross, "score", s, p->score[s]);
		price_env_sided(ses->cross, "value", s, p->value[s]);
		price_env_scalar(ses->cross, s ? "total_after" : "total_before",
		                 p->total[s]);
	}
	for (size_t k = 0; k < m->ndefines; k++)
		if (fx_prog_shape(m->defines[k].prog) == FX_PERCASE)
			price_env_name(ses->cross, m->defines[k].key,
			               p->define_values[k]);
	return FP_OK;
}

void price_free(struct price *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nowned; i++)
		free(p->owned[i]);
	free(p->owned);
	free(p->extra[0]);
	free(p->extra[1]);
	free(p->define_values);
	free(p->control_cases);
	free(p);
}
