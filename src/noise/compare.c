/* compare.c: candidate fixes ranked and resampled jointly (compare.h). */
#include "noise/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "noise/rng.h"
#include "price/session.h"

/* What one candidate is priced on in every resample. */
struct cand_state {
	struct session *ses;
	struct price *p;
	struct noise_side side[2];
	double *rt, *ps; /* its after side of the resample */
	bool predicted;  /* a scenario's prediction */
};

struct joint {
	const struct boot_opts *o;
	const struct noise_cand *c;
	size_t k, n;
	struct cand_state *st;
	double *rt0, *ps0; /* the before run's draw, shared */
	struct resample_buf buf;
};

uint64_t noise_compare_seed(uint64_t seed, size_t c)
{
	return noise_mix(seed ^ noise_mix((uint64_t)(c + 1) * NOISE_GOLDEN));
}

void noise_best_shares(const double *net, size_t B, size_t k, double *share)
{
	for (size_t c = 0; c < k; c++)
		share[c] = 0;
	for (size_t r = 0; r < B; r++) {
		const double *x = net + r * k;
		double top = -INFINITY;
		size_t ties = 0;

		for (size_t c = 0; c < k; c++)
			if (x[c] > top)
				top = x[c];
		for (size_t c = 0; c < k; c++)
			ties += x[c] == top;
		for (size_t c = 0; ties && c < k; c++)
			if (x[c] == top)
				share[c] += 1.0 / (double)ties;
	}
	for (size_t c = 0; B && c < k; c++)
		share[c] /= (double)B;
}

/* Every candidate joins the cases of the first, in its order. */
static int same_cases(const struct noise_cand *c, size_t k, struct diag *d)
{
	const struct run *a = c[0].job->runs.before;

	for (size_t j = 1; j < k; j++) {
		const struct run *b = c[j].job->runs.before;
		bool same = a->n == b->n;

		for (size_t i = 0; same && i < a->n; i++)
			same = strcmp(a->case_name[i], b->case_name[i]) == 0;
		if (!same)
			return diag_set(
			    d, NULL, 0, 0,
			    "candidate %zu prices %zu cases against "
			    "the first candidate's %zu, or others: "
			    "every candidate must price the same "
			    "cases (check --missing and --cases)",
			    j + 1, b->n, a->n);
	}
	return FP_OK;
}

/* Candidates by measured net, largest first, equals in the given order. */
static void rank(const struct noise_cand *c, size_t k, size_t *order)
{
	for (size_t j = 0; j < k; j++) {
		size_t at = j;

		while (at > 0 &&
		       c[order[at - 1]].price->net < c[j].price->net) {
			order[at] = order[at - 1];
			at--;
		}
		order[at] = j;
	}
}

static int open_states(struct joint *J, bool *drawn, struct diag *d)
{
	*drawn = false;
	for (size_t j = 0; j < J->k; j++) {
		struct cand_state *s = &J->st[j];
		const struct job *job = J->c[j].job;

		s->predicted = job->scenario != NULL;
		if (noise_sides(&job->runs, J->o->policy, s->side, d) !=
		        FP_OK ||
		    session_open(job->metric, &job->runs, job->scenario,
		                 &s->ses, d) != FP_OK ||
		    price_compute(s->ses, &s->p, d) != FP_OK)
			return FP_ERR;
		if (s->predicted)
			s->side[1].off = NULL;
		*drawn = *drawn || noise_spread_cases(s->side, J->n) > 0;
		s->rt = malloc((J->n ? J->n : 1) * sizeof *s->rt);
		s->ps = malloc((J->n ? J->n : 1) * sizeof *s->ps);
		if (!s->rt || !s->ps)
			return diag_oom(d);
	}
	J->rt0 = malloc((J->n ? J->n : 1) * sizeof *J->rt0);
	J->ps0 = malloc((J->n ? J->n : 1) * sizeof *J->ps0);
	if (!J->rt0 || !J->ps0)
		return diag_oom(d);
	return FP_OK;
}

/* Candidate j's after side in resample r, given the before run's draw. */
static int draw_after(struct joint *J, size_t j, size_t r, struct diag *d)
{
	struct cand_state *s = &J->st[j];
	const struct noise_side *b = &s->side[0], *a = &s->side[1];

	if (a->off) {
		if (noise_side_resample(
		        a, J->n, noise_compare_seed(J->o->seed, j), r, 1,
		        J->o->policy, &J->buf, s->rt, s->ps) != FP_OK)
			return diag_oom(d);
		return FP_OK;
	}
	for (size_t i = 0; i < J->n; i++) {
		double q = J->rt0[i] / b->runtime[i];

		s->rt[i] = a->runtime[i];
		if (s->predicted && isfinite(q) && q > 0)
			s->rt[i] *= q;
		s->ps[i] = a->passed[i];
	}
	return FP_OK;
}

static int resample_all(struct joint *J, struct noise_ranking *out,
                        struct diag *d)
{
	const struct noise_side *b = &J->st[0].side[0];

	for (size_t r = 0; r < out->B; r++) {
		if (b->off) {
			if (noise_side_resample(b, J->n, J->o->seed, r, 0,
			                        J->o->policy, &J->buf, J->rt0,
			                        J->ps0) != FP_OK)
				return diag_oom(d);
		} else {
			memcpy(J->rt0, b->runtime, J->n * sizeof *J->rt0);
			memcpy(J->ps0, b->passed, J->n * sizeof *J->ps0);
		}
		for (size_t j = 0; j < J->k; j++) {
			struct cand_state *s = &J->st[j];
			const double *rt[2] = {J->rt0, s->rt};
			const double *ps[2] = {J->ps0, s->ps};

			if (draw_after(J, j, r, d) != FP_OK)
				return FP_ERR;
			if (price_resample(s->ses, s->p, rt, ps, 0, d) !=
			    FP_OK) {
				diag_prefix(d, "resample %zu", r);
				return FP_ERR;
			}
			out->net[r * J->k + j] = s->p->net;
		}
	}
	return FP_OK;
}

static void close_states(struct joint *J)
{
	for (size_t j = 0; J->st && j < J->k; j++) {
		price_free(J->st[j].p);
		session_close(J->st[j].ses);
		free(J->st[j].rt);
		free(J->st[j].ps);
	}
	free(J->st);
	free(J->rt0);
	free(J->ps0);
	free(J->buf.x);
	free(J->buf.p);
}

int noise_compare(const struct boot_opts *o, const struct noise_cand *c,
                  size_t k, struct noise_ranking *out, struct diag *d)
{
	struct joint J = {.o = o, .c = c, .k = k};
	bool drawn;
	int rc = FP_ERR;

	memset(out, 0, sizeof *out);
	out->k = k;
	if (k == 0)
		return diag_set(d, NULL, 0, 0, "no candidate to compare");
	if (!(out->order = malloc(k * sizeof *out->order)))
		return diag_oom(d);
	rank(c, k, out->order);
	out->best = out->order[0];
	if (same_cases(c, k, d) != FP_OK)
		return FP_ERR;
	J.n = c[0].job->runs.before->n;
	if (!(J.st = calloc(k, sizeof *J.st)))
		return diag_oom(d);
	if (open_states(&J, &drawn, d) != FP_OK)
		goto out;
	rc = FP_OK;
	if (!drawn || o->B < noise_least_resamples(o->confidence))
		goto out;
	out->B = o->B;
	out->net = malloc(o->B * k * sizeof *out->net);
	out->p_best = malloc(k * sizeof *out->p_best);
	if (!out->net || !out->p_best) {
		rc = diag_oom(d);
		goto out;
	}
	rc = resample_all(&J, out, d);
	if (rc == FP_OK)
		noise_best_shares(out->net, out->B, k, out->p_best);
out:
	close_states(&J);
	return rc;
}

void noise_ranking_free(struct noise_ranking *r)
{
	free(r->order);
	free(r->p_best);
	free(r->net);
	memset(r, 0, sizeof *r);
}
