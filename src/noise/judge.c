/* judge.c: the noise of a priced job, turned into a verdict (judge.h).
 *
 * The order: flaky cases (read off the samples' pass states), the control
 * run (priced against the before run; with single-sample runs its
 * differences make the pseudo-samples doc/noise.md describes), the
 * bootstrap, the verdict, and for an inconclusive one the cases that
 * widen the interval most. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/fold.h"
#include "noise/judge.h"
#include "price/session.h"

/* Whether case i's samples in r disagree on passing. */
static bool flaky_in(const struct run *r, size_t i)
{
	size_t cnt = run_sample_count(r, i);

	if (!r->sample_pass || cnt < 2)
		return false;
	for (size_t k = 1; k < cnt; k++)
		if (r->sample_pass[r->sample_off[i] + k] !=
		    r->sample_pass[r->sample_off[i]])
			return true;
	return false;
}

static int find_flaky(struct verdict *v, const struct joined *runs,
                      struct diag *d)
{
	size_t n = runs->before->n;

	for (size_t i = 0; i < n; i++) {
		if (!flaky_in(runs->before, i) && !flaky_in(runs->after, i))
			continue;
		if (!v->flaky && !(v->flaky = malloc(n * sizeof *v->flaky)))
			return diag_oom(d);
		v->flaky[v->nflaky++] = i;
	}
	return FP_OK;
}

/* The control run's pseudo-samples for single-sample runs: case i's after
 * runtime times q and divided by q, q = control / before, one drawn per
 * resample (a random sign of the run-to-run change the control saw). */
static int pseudo_side(struct judged *j, const struct joined *fix,
                       const struct joined *ctl, const struct price *p,
                       struct noise_side *side, struct diag *d)
{
	size_t n = fix->before->n;
	const struct column *rb = run_numeric(ctl->before, "runtime", d);
	const struct column *rc =
	    rb ? run_numeric(ctl->after, "runtime", d) : NULL;

	if (!rc)
		return FP_ERR;
	j->pseudo = malloc(2 * (n ? n : 1) * sizeof *j->pseudo);
	j->pseudo_off = malloc((n + 1) * sizeof *j->pseudo_off);
	if (!j->pseudo || !j->pseudo_off)
		return diag_oom(d);
	j->pseudo_off[0] = 0;
	for (size_t i = 0; i < n; i++) {
		double q = rc->v[i] / rb->v[i];

		if (!(q > 0 && isfinite(q)))
			q = 1;
		j->pseudo[2 * i] = p->runtime[1][i] * q;
		j->pseudo[2 * i + 1] = p->runtime[1][i] / q;
		j->pseudo_off[i + 1] = 2 * (i + 1);
	}
	side->v = j->pseudo;
	side->off = j->pseudo_off;
	side->pass = NULL;
	side->est = run_estimator_linear();
	side->draws = 1;
	return FP_OK;
}

/* Checks that the control was joined to the same cases as the fix. */
static int same_cases(const struct joined *fix, const struct joined *ctl,
                      const char *path, struct diag *d)
{
	const struct run *a = fix->before, *b = ctl->after;

	if (a->n != b->n)
		return diag_set(d, path, 0, 0,
		                "the control run has %zu cases "
		                "against the before run's %zu: it must measure "
		                "the same cases",
		                b->n, a->n);
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->case_name[i], ctl->before->case_name[i]) != 0)
			return diag_set(d, path, 0, 0,
			                "the control run does not "
			                "measure the same cases as the fix");
	return FP_OK;
}

/* Prices the control run against the before run, bootstraps it when it
 * has samples, and for single-sample runs makes the fix's pseudo-samples. */
static int control_run(const struct judge_opts *o, const struct job *job,
                       const struct price *p, const struct job *cj,
                       struct judged *j, struct noise_side side[2],
                       struct diag *d)
{
	/* The control's after side is keyed apart from the fix's, its
	 * before side alike: the two share the before run's draws. */
	struct boot_opts bo = o->boot;
	struct session *ses = NULL;
	struct price *cp = NULL;
	struct noise_side *cs = j->control_side;
	int rc = FP_ERR;

	bo.control_after = true;

	if (same_cases(&job->runs, &cj->runs, cj->runs.after->path, d) !=
	        FP_OK ||
	    session_open(cj->metric, &cj->runs, NULL, &ses, d) != FP_OK ||
	    price_compute(ses, &cp, d) != FP_OK ||
	    noise_sides(&cj->runs, bo.policy, cs, d) != FP_OK)
		goto out;
	j->v.have_control = true;
	j->v.control_net = cp->net;
	if (bo.B > 0 && (cs[0].off || cs[1].off)) {
		if (noise_bootstrap(cj->metric, &cj->runs, cs, &bo,
		                    &j->control_boot, d) != FP_OK)
			goto out;
		j->v.control_ci_known = true;
		j->v.control_ci = j->control_boot.net_ci;
	}
	if (!side[0].off && !side[1].off) {
		if (pseudo_side(j, &job->runs, &cj->runs, p, &side[1], d) !=
		    FP_OK)
			goto out;
		j->v.from_control = true;
	}
	rc = FP_OK;
out:
	if (rc != FP_OK)
		diag_prefix(d, "control run");
	price_free(cp);
	session_close(ses);
	return rc;
}

/* The fix's bootstrap, and without a control run the noise arm beside
 * it: the before run's samples resampled against themselves (side 1
 * draws with its own keys), so that the arm's net is what noise alone
 * gives an unchanged fix. */
static int bootstrap(const struct judge_opts *o, const struct job *job,
                     const struct noise_side side[2], bool control,
                     const struct noise_rider *rider, struct judged *j,
                     struct diag *d)
{
	struct joined aa = {job->runs.before, job->runs.before, 0};
	struct noise_side arm[2];
	struct boot_opts bo = o->boot;
	double sum = 0;

	bo.rider = rider;

	if (control || noise_sides(&aa, o->boot.policy, arm, d) != FP_OK ||
	    noise_spread_cases(arm, aa.before->n) == 0) {
		if (noise_bootstrap(job->metric, &job->runs, side, &bo,
		                    &j->boot, d) != FP_OK)
			return FP_ERR;
		j->have_boot = true;
		return FP_OK;
	}
	if (noise_bootstrap_arm(job->metric, &job->runs, side, &aa, arm, &bo,
	                        &j->boot, &j->arm_boot, d) != FP_OK)
		return FP_ERR;
	j->have_boot = true;
	for (size_t r = 0; r < j->arm_boot.B; r++)
		sum += j->arm_boot.net[r];
	j->have_arm = j->v.have_arm = true;
	j->v.arm_mean = sum / (double)j->arm_boot.B;
	/* What noise alone gives, as drawn: the arm's own price (the before
	 * run against itself) has no noise to correct. */
	if (noise_interval(j->arm_boot.net, j->arm_boot.B, o->boot.confidence,
	                   1, &j->v.arm_ci, NULL) != FP_OK)
		return diag_oom(d);
	return FP_OK;
}

/* The bootstrap, the cliffs riding its first resamples. */
static int judged_bootstrap(const struct judge_opts *o, const struct job *job,
                            const struct price *p,
                            const struct noise_side side[2], bool control,
                            struct judged *j, struct diag *d)
{
	struct noise_rider rider;
	int rc =
	    noise_cliffs_open(job->metric, &job->runs, p, &o->boot, &rider, d);

	if (rc == FP_OK)
		rc = bootstrap(o, job, side, control, &rider, j, d);
	if (noise_cliffs_close(&rider, rc == FP_OK ? &j->cliffs : NULL, d) !=
	    FP_OK)
		rc = FP_ERR;
	return rc;
}

/* With a control run resampled beside the fix (not its pseudo-samples)
 * and a decide about net: the verdict on net less the control's net,
 * resample by resample (fold.h). */
static int fold_control(struct judged *j, struct diag *d)
{
	struct verdict *v = &j->v;

	if (!j->have_boot || !v->control_ci_known || v->from_control ||
	    !noise_about_net(&j->boot))
		return FP_OK;
	if (noise_fold(&j->boot, &j->control_boot, &j->fold) != FP_OK)
		return diag_oom(d);
	v->against_control = true;
	v->fix_ci = j->boot.net_ci;
	v->fix_p = j->boot.p_decide;
	return FP_OK;
}

/* With several runs on a side (the fix's, or the control's when folded):
 * the share of the verdict's resampled variance of net that the samples
 * within runs give, the rest being between runs (need_runs.h).  Folded,
 * of net less the control's: both resampled again with every run kept,
 * the control keyed as in the bootstrap, so they share the before run's
 * draws as their bootstraps do. */
static int levels(const struct judge_opts *o, const struct job *job,
                  const struct job *control, const struct noise_side side[2],
                  struct judged *j, struct diag *d)
{
	const struct noise_side *cs = j->control_side;
	struct verdict *v = &j->v;
	struct boot_opts co = o->boot;
	double *w = NULL, *cw = NULL, *all = NULL;
	size_t nw = 0, ncw = 0, B = j->boot.B;
	int rc = FP_ERR;

	/* The sides are set only where the bootstrap ran (not for a
	 * prediction): read nothing of them before. */
	if (!j->have_boot || v->from_control ||
	    (side[0].nruns < 2 && side[1].nruns < 2 &&
	     (!v->against_control || (cs[0].nruns < 2 && cs[1].nruns < 2))))
		return FP_OK;
	co.control_after = true;
	if (need_runs_within(job->metric, &job->runs, side, &o->boot, &w, &nw,
	                     d) != FP_OK ||
	    (v->against_control &&
	     need_runs_within(control->metric, &control->runs, cs, &co, &cw,
	                      &ncw, d) != FP_OK))
		goto out;
	if (v->against_control) {
		if (!(all = malloc((B ? B : 1) * sizeof *all))) {
			diag_oom(d);
			goto out;
		}
		for (size_t r = 0; r < B; r++)
			all[r] = j->boot.net[r] - j->control_boot.net[r];
		for (size_t r = 0; r < nw; r++)
			w[r] -= cw[r];
	}
	v->levels_known = true;
	v->within_share = need_runs_share(w, nw, all ? all : j->boot.net, B);
	rc = FP_OK;
out:
	free(w);
	free(cw);
	free(all);
	return rc;
}

/* An inconclusive verdict of R > 1 runs on both sides: whether more runs
 * or more samples per run would decide it (need_runs.h), from the share
 * of the verdict's own variance (folded, of net less the control's). */
static void split_runs(const struct judge_opts *o,
                       const struct noise_side side[2], struct judged *j)
{
	struct verdict *v = &j->v;

	if (!v->levels_known || v->kind != VERDICT_INCONCLUSIVE ||
	    !v->need_known || v->any_count || side[0].nruns < 2 ||
	    side[1].nruns != side[0].nruns)
		return;
	need_runs_for(v->within_share, v->need_ratio, side, o->boot.confidence,
	              j->boot.samples / (double)side[0].nruns, &v->runs_need);
}

int judge_price(const struct judge_opts *o, const struct job *job,
                const struct price *p, const struct job *control,
                struct judged *j, struct diag *d)
{
	const struct boot_opts *bo = &o->boot;
	struct noise_side side[2];
	struct verdict *v = &j->v;

	for (size_t g = 0; g < GUARD_COUNT; g++)
		v->guards.guard_on[g] =
		    !o->guard_off[g] && guard_metric_on(job->metric, g);
	v->guards.margin = o->margin_given ? o->margin : job->metric->margin;
	v->resamples = bo->B;
	v->confidence = bo->confidence;
	v->policy = bo->policy;
	v->estimator = job->runs.before->estimator ? job->runs.before->estimator
	                                           : job->runs.after->estimator;
	v->prediction = job->scenario != NULL;
	if (find_flaky(v, &job->runs, d) != FP_OK ||
	    (!v->prediction &&
	     noise_sides(&job->runs, bo->policy, side, d) != FP_OK))
		return FP_ERR;
	if (control && v->prediction)
		return diag_set(
		    d, NULL, 0, 0,
		    "--control judges measured "
		    "runs; a prediction from a scenario has no noise "
		    "to compare");
	if (control && control_run(o, job, p, control, j, side, d) != FP_OK)
		return FP_ERR;
	/* Judged only where measured: a case with one sample, or samples
	 * all alike, has no spread, and a run of such cases has none to
	 * judge; nor do too few resamples place an interval. */
	if (!v->prediction)
		v->sampled_cases =
		    noise_sampled_cases(side, job->runs.before->n);
	if (!v->prediction && bo->B >= noise_least_resamples(bo->confidence) &&
	    (v->from_control ||
	     noise_spread_cases(side, job->runs.before->n) > 0)) {
		if (judged_bootstrap(o, job, p, side, control != NULL, j, d) !=
		    FP_OK)
			return FP_ERR;
	}
	if (fold_control(j, d) != FP_OK ||
	    verdict_make(v, p,
	                 v->against_control ? &j->fold
	                 : j->have_boot     ? &j->boot
	                                    : NULL,
	                 d) != FP_OK ||
	    levels(o, job, control, side, j, d) != FP_OK)
		return FP_ERR;
	split_runs(o, side, j);
	if (v->kind == VERDICT_INCONCLUSIVE && j->have_boot)
		return noise_wide_cases(job->metric, &job->runs, side, bo,
		                        VERDICT_MAX_WIDE, v->wide, &v->nwide,
		                        d);
	return FP_OK;
}

int judge_sens_sides(const struct judge_opts *o, const struct job *job,
                     struct noise_side side[2], bool *on, struct diag *d)
{
	*on = false;
	if (job->scenario ||
	    o->boot.B < noise_least_resamples(o->boot.confidence))
		return FP_OK;
	if (noise_sides(&job->runs, o->boot.policy, side, d) != FP_OK)
		return FP_ERR;
	*on = noise_spread_cases(side, job->runs.before->n) > 0;
	return FP_OK;
}

void judged_free(struct judged *j)
{
	verdict_free(&j->v);
	boot_free(&j->boot);
	boot_free(&j->control_boot);
	boot_free(&j->fold);
	boot_free(&j->arm_boot);
	cliffs_free(&j->cliffs);
	free(j->pseudo);
	free(j->pseudo_off);
	j->pseudo = NULL;
	j->pseudo_off = NULL;
}
