/* price_fused.c: a resample priced in one sweep over the cases
 * (price_resample_fused, price.h).
 *
 * price_resample makes each column of a resample over all the cases, then
 * runs the formulas over them: at 10^5 cases the columns outgrow the cache,
 * and every step reads its inputs back from memory.  Here the resampled
 * runtimes and pass states, the column defaults, the transitions, both
 * sides' score, value and total, the per-case defines, gain and cost are
 * made block by block: one block of cases goes through the whole pipeline
 * while it is in cache.  When only the decision is wanted (PRICE_LEAN), the
 * per-case columns are a block's scratch, never written to memory at all.
 * The same kernels over the same cases in the same order give the same
 * bits; sums are added up in the same order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "price/coldef.h"
#include "price/price.h"
#include "price/price_env.h"
#include "price/steady.h"

/* Up to 64 programs: 2 x 3 per side, gain, cost, the column defaults and
 * the defines. */
#define MAX_PROGS 64

struct fused {
	struct fx_sweep *sw;
	struct fx_env *col_env[MAX_PROGS];
	size_t ncol_env;
	struct fx_fault fault;
	/* Where the per-case columns go: p's arrays, or with `lean` blocks
	 * of scratch, handed out in turn */
	bool lean;
	bool sides_full; /* PRICE_SIDES_FULL */
	double *scratch;
	size_t nscratch, used, block;
	const double *rt[2], *ps[2]; /* what the formulas read */
	unsigned resampled;          /* bit s: side s is filled by the sweep */
	unsigned steady_ps; /* bit s: side s's pass states do not change */
	/* weight, has_runtime before and after as the formulas read them:
	 * p's, or with `lean` and a memo a block of their one value when
	 * it is the same for every case (scratch, in cache for every block,
	 * where a whole column would stream from memory for each) */
	const double *steady[3];
	double *konst;
	double *trans[4]; /* the transitions a formula reads, or NULL */
	/* The memo's transitions, whole, when no pass state changes (they
	 * are then the same in every sweep), or NULL */
	double *const *steady_trans;
};

/* A number the pipeline makes after its sweep, which a formula of the
 * sweep must not read. */
static bool reads_late(const struct metric *m, const struct fx_prog *p,
                       const struct fx_env *cross)
{
	static const char *const late[] = {"total_before", "total_after",
	                                   "gain", "cost"};

	for (size_t k = 0; k < sizeof late / sizeof late[0]; k++)
		if (fx_prog_reads(p, fx_env_lookup(cross, late[k], NULL)))
			return true;
	for (size_t k = 0; k < m->ndefines; k++)
		if (fx_prog_shape(m->defines[k].prog) == FX_SCALAR &&
		    fx_prog_reads(
		        p, fx_env_lookup(cross, m->defines[k].key, NULL)))
			return true;
	return false;
}

static bool fusable(const struct metric *m, const struct fx_env *cross)
{
	/* A gate makes the pass states first (price/gate.h). */
	if (m->gate.prog || m->ncolumns + m->ndefines + 8 > MAX_PROGS)
		return false;
	for (size_t k = 0; k < m->ndefines; k++)
		if (fx_prog_shape(m->defines[k].prog) == FX_SCALAR ||
		    reads_late(m, m->defines[k].prog, cross))
			return false;
	for (size_t k = 0; k < m->ncolumns; k++)
		if (m->column_prog && m->column_prog[k] &&
		    fx_prog_shape(m->column_prog[k]) == FX_SCALAR)
			return false;
	return !reads_late(m, m->gain.prog, cross) &&
	       !reads_late(m, m->cost.prog, cross);
}

/* p's array, or the next block of scratch. */
static double *column(struct fused *f, double *full)
{
	double *b;

	if (!f->lean)
		return full;
	b = f->scratch + f->used++ * f->block;
	fx_sweep_scratch(f->sw, b);
	return b;
}

/* A column the sides' readers read (PRICE_SIDES_FULL): p's array, else as
 * column(). */
static double *side_full(struct fused *f, double *full)
{
	return f->sides_full ? full : column(f, full);
}

/* Whether side s's runtimes and pass states are a block's scratch (else
 * whole columns). */
static bool side_scratch(const struct fused *f, int s)
{
	return f->lean && !f->sides_full && (f->resampled >> s & 1);
}

/* A resampled side's column with `lean`: the caller's block, else the
 * next block of scratch. */
static double *side_column(struct fused *f, double *given)
{
	if (!given)
		return column(f, NULL);
	fx_sweep_scratch(f->sw, given);
	return given;
}

static int add(struct fused *f, const struct fx_prog *prog,
               const struct fx_env *env, double *out)
{
	return fx_sweep_add(f->sw, prog, env, out, &f->fault);
}

/* The column defaults, in an environment of their own each (as
 * price_column_default binds it). */
static int add_columns(struct fused *f, struct price *p, struct session *ses,
                       const double **extra)
{
	const struct metric *m = ses->metric;
	static const char *const stem[3] = {"runtime", "passed", "has_runtime"};

	for (size_t k = 0; k < m->ncolumns; k++) {
		struct fx_env *env;
		int rc;

		extra[k] = p->extra[0][k];
		if (run_find(ses->runs->before, m->columns[k]) ||
		    !m->column_prog || !m->column_prog[k])
			continue;
		if (!(env = fx_env_clone(m->column_env))) {
			f->fault.oom = true;
			return FP_ERR;
		}
		f->col_env[f->ncol_env++] = env;
		fx_env_set_ncases(env, p->n);
		for (int s = 0; s < 2; s++) {
			const double *v[3] = {f->rt[s], f->ps[s],
			                      f->steady[1 + s]};
			for (int c = 0; c < 3; c++)
				price_env_sided(env, stem[c], s, v[c]);
		}
		fx_env_set_scalar(env, fx_env_lookup(env, "N", NULL), p->N);
		extra[k] = side_full(f, (double *)p->extra[0][k]);
		if ((rc = add(f, m->column_prog[k], env, (double *)extra[k])) !=
		    FP_OK)
			return rc;
	}
	return FP_OK;
}

/* Whether a formula of the cross side reads stem + side s. */
static bool cross_reads(const struct session *ses, const char *stem, int s)
{
	char name[64];

	snprintf(name, sizeof name, "%s%s", stem, price_side_suffix[s]);
	return metric_cross_reads(ses->metric,
	                          fx_env_lookup(ses->cross, name, NULL));
}

/* Score, value and total of side s, as eval_side binds them; with `lean`,
 * value and total only when read. */
static int add_side(struct fused *f, struct price *p, struct session *ses,
                    const double **extra, int s)
{
	const struct metric *m = ses->metric;
	struct fx_env *env = ses->side;
	bool total = !f->lean || cross_reads(ses, "total", s);
	bool value = total || cross_reads(ses, "value", s);
	double *score = side_full(f, p->score[s]),
	       *val = column(f, p->value[s]);
	int rc;

	price_env_name(env, "runtime", f->rt[s]);
	price_env_name(env, "passed", f->ps[s]);
	price_env_name(env, "has_runtime", f->steady[1 + s]);
	for (size_t k = 0; k < m->ncolumns; k++)
		price_env_name(env, m->columns[k],
		               p->extra[s][k] == p->extra[0][k]
		                   ? extra[k]
		                   : p->extra[s][k]);
	price_env_name(env, "score", score);
	price_env_name(env, "value", val);
	price_env_sided(ses->cross, "score", s, score);
	price_env_sided(ses->cross, "value", s, val);
	if ((rc = add(f, m->score.prog, env, score)) != FP_OK ||
	    (value && (rc = add(f, m->value.prog, env, val)) != FP_OK))
		return rc;
	return total ? add(f, m->total.prog, env, &p->total[s]) : FP_OK;
}

static int add_cross(struct fused *f, struct price *p, struct session *ses)
{
	const struct metric *m = ses->metric;
	int rc;

	for (size_t k = 0; k < m->ndefines; k++) {
		double *v = column(f, p->define_values[k]);

		price_env_name(ses->cross, m->defines[k].key, v);
		if ((rc = add(f, m->defines[k].prog, ses->cross, v)) != FP_OK)
			return rc;
	}
	if ((rc = add(f, m->gain.prog, ses->cross, &p->gain)) != FP_OK)
		return rc;
	return add(f, m->cost.prog, ses->cross, &p->cost);
}

/* The transitions, bound to p's arrays or to scratch. */
static void bind_transitions(struct fused *f, struct price *p,
                             struct session *ses)
{
	static const char *const names[4] = {"newly_passing", "newly_failing",
	                                     "still_passing", "still_failing"};

	for (int k = 0; k < 4; k++)
		if (f->steady_trans && f->steady_trans[k])
			price_env_name(ses->cross, names[k],
			               f->steady_trans[k]);
		else if (p->transition[k]) {
			f->trans[k] = column(f, p->transition[k]);
			price_env_name(ses->cross, names[k], f->trans[k]);
		}
}

/* The metric's extra columns in the cross environment (price_env_extras),
 * a column default's as made in the sweep. */
static void bind_extras(struct price *p, struct session *ses,
                        const double **extra)
{
	for (size_t k = 0; k < ses->metric->ncolumns; k++) {
		const char *name = ses->metric->columns[k];
		const double *after = p->extra[1][k] == p->extra[0][k]
		                          ? extra[k]
		                          : p->extra[1][k];

		price_env_sided(ses->cross, name, 0, extra[k]);
		price_env_sided(ses->cross, name, 1, after);
		price_env_name(ses->cross, name, extra[k]);
	}
}

/* The programs of the sweep, in the order price_resample runs them. */
static int build(struct fused *f, struct price *p, struct session *ses)
{
	const double **extra = calloc(ses->metric->ncolumns + 1, sizeof *extra);
	int rc;

	if (!extra) {
		f->fault.oom = true;
		return FP_ERR;
	}
	price_env_common(p, ses);
	for (int e = 0; e < 2; e++)
		price_env_name(e ? ses->cross : ses->side, "weight",
		               f->steady[0]);
	for (int s = 0; s < 2; s++) {
		price_env_sided(ses->cross, "runtime", s, f->rt[s]);
		price_env_sided(ses->cross, "passed", s, f->ps[s]);
		price_env_sided(ses->cross, "has_runtime", s, f->steady[1 + s]);
	}
	if ((rc = add_columns(f, p, ses, extra)) != FP_OK)
		goto out;
	bind_extras(p, ses, extra);
	if (price_env_transitions_bind(p, ses) != FP_OK) {
		f->fault.oom = true;
		rc = FP_ERR;
		goto out;
	}
	bind_transitions(f, p, ses);
	if ((rc = add_side(f, p, ses, extra, 0)) == FP_OK &&
	    (rc = add_side(f, p, ses, extra, 1)) == FP_OK)
		rc = add_cross(f, p, ses);
out:
	free(extra);
	return rc;
}

/* A side's runtimes at the block from base: a full column's cases from
 * base, or the scratch from its start. */
static size_t at(const struct fused *f, int s, size_t base)
{
	return side_scratch(f, s) ? 0 : base;
}

/* Whether side s's pass states are made by the fill. */
static bool fills_ps(const struct fused *f, int s)
{
	return (f->resampled & ~f->steady_ps) >> s & 1;
}

/* Side s's pass states at the block from base, as at(). */
static size_t at_ps(const struct fused *f, int s, size_t base)
{
	return fills_ps(f, s) ? at(f, s, base) : base;
}

static void fill_transitions(struct fused *f, size_t base, size_t len)
{
	size_t o = f->lean ? 0 : base;
	double *t[4];

	for (int k = 0; k < 4; k++)
		t[k] = f->trans[k] ? f->trans[k] + o : NULL;
	price_transitions(t, f->ps[0] + at_ps(f, 0, base),
	                  f->ps[1] + at_ps(f, 1, base), len);
}

/* Fills job's block from base into f's columns and runs f's formulas
 * over it. */
static int sweep_block(struct fused *f, const struct price_fused_job *job,
                       size_t base, size_t len, struct diag *d)
{
	double *rt[2] = {NULL, NULL}, *ps[2] = {NULL, NULL};

	for (int s = 0; s < 2; s++)
		if (f->resampled >> s & 1) {
			rt[s] = (double *)f->rt[s] + at(f, s, base);
			ps[s] = fills_ps(f, s)
			            ? (double *)f->ps[s] + at(f, s, base)
			            : NULL;
		}
	if (job->fill(job->ctx, base, len, rt, ps, d) != FP_OK)
		return FP_ERR;
	fill_transitions(f, base, len);
	fx_sweep_block(f->sw, base, len);
	return FP_OK;
}

/* Every job's price, block by block: the jobs of one block in turn, so
 * that a job may read what an earlier one filled for the same block. */
static int sweep(struct fused *f, const struct price_fused_job *jobs, size_t nj,
                 struct diag *d)
{
	size_t n = nj ? jobs[0].p->n : 0, block = fx_sweep_block_size();

	for (size_t base = 0; base < n; base += block) {
		size_t len = n - base < block ? n - base : block;

		for (size_t k = 0; k < nj; k++)
			if (sweep_block(&f[k], &jobs[k], base, len, d) != FP_OK)
				return FP_ERR;
	}
	return FP_OK;
}

static void release(struct fused *f)
{
	fx_sweep_free(f->sw);
	for (size_t k = 0; k < f->ncol_env; k++)
		fx_env_free(f->col_env[k]);
	free(f->scratch);
	free(f->konst);
}

/* What evaluate() leaves in the cross environment after a price; with
 * `lean`, p and the environments point at the caller's columns again (not
 * the scratch about to be freed), whatever they hold. */
static int conclude(struct fused *f, struct price *p, struct session *ses,
                    struct diag *d)
{
	for (int s = 0; s < 2; s++)
		price_env_scalar(ses->cross, s ? "total_after" : "total_before",
		                 p->total[s]);
	price_env_scalar(ses->cross, "gain", p->gain);
	p->net = p->gain - p->cost;
	p->delta_total = p->total[1] - p->total[0];
	if (f->lean) {
		price_env_common(p, ses);
		price_env_extras(p, ses);
		if (price_env_transitions_bind(p, ses) != FP_OK)
			return diag_oom(d);
		for (int s = 0; s < 2; s++) {
			price_env_sided(ses->cross, "score", s, p->score[s]);
			price_env_sided(ses->cross, "value", s, p->value[s]);
		}
		for (size_t k = 0; k < ses->metric->ndefines; k++)
			price_env_name(ses->cross, ses->metric->defines[k].key,
			               p->define_values[k]);
	}
	return price_decide(ses, p->gain, p->cost, &p->accept, d);
}

/* f->steady: p's weight and has_runtime columns, or with `lean` and a
 * memo a block of scratch holding the one number of each that has one
 * (learnt once per memo). */
static void steady_columns(struct fused *f, const struct price *p,
                           struct price_steady *memo)
{
	const double *col[3] = {p->weight, p->has_runtime[0],
	                        p->has_runtime[1]};
	size_t count = 0;

	for (int k = 0; k < 3; k++)
		f->steady[k] = col[k];
	if (!f->lean || !memo || p->n == 0)
		return;
	price_steady_learn(memo, p);
	for (int k = 0; k < 3; k++)
		count += memo->one[k];
	/* Without room, the columns themselves: the same numbers. */
	if (!count || !(f->konst = malloc(count * f->block * sizeof(double))))
		return;
	for (int k = 0, j = 0; k < 3; k++) {
		double *b = f->konst + (size_t)j * f->block;

		if (!memo->one[k])
			continue;
		j++;
		for (size_t i = 0; i < f->block; i++)
			b[i] = memo->v[k];
		if (fx_sweep_known(f->sw, b, memo->v[k]) == FP_OK)
			f->steady[k] = b;
	}
}

/* With `lean`, a memo and no pass state that changes: the transitions
 * read, made whole once into the memo (f->steady_trans).  Without room,
 * they are made block by block as when they change. */
static void steady_transitions(struct fused *f, const struct price *p,
                               struct price_steady *memo)
{
	if (!f->lean || !memo || (f->resampled & ~f->steady_ps))
		return;
	price_steady_transitions(memo, p, f->ps[0], f->ps[1]);
	for (int k = 0; k < 4; k++)
		if (memo->trans[k])
			f->steady_trans = memo->trans;
}

/* Sets up f: scratch for `lean` (when decide reads only numbers). */
static int prepare(struct fused *f, const struct price_fused_job *job)
{
	struct price *p = job->p;
	const struct metric *m = job->ses->metric;

	f->block = fx_sweep_block_size();
	/* decide runs after the sweep, and only 32 scratch blocks. */
	if (f->lean && (fx_prog_reads_columns(m->decide.prog) ||
	                12 + m->ncolumns + m->ndefines > 32))
		f->lean = false;
	f->nscratch = f->lean ? 12 + m->ncolumns + m->ndefines : 0;
	if (f->nscratch &&
	    !(f->scratch = malloc(f->nscratch * f->block * sizeof(double))))
		return FP_ERR;
	for (int s = 0; s < 2; s++) {
		bool mine = side_scratch(f, s);

		f->rt[s] =
		    mine ? side_column(f, job->block_rt[s]) : job->runtime[s];
		f->ps[s] = mine && fills_ps(f, s)
		               ? side_column(f, job->block_ps[s])
		               : job->passed[s];
		p->runtime[s] = job->runtime[s];
		p->passed[s] = job->passed[s];
	}
	steady_columns(f, p, job->steady);
	steady_transitions(f, p, job->steady);
	return FP_OK;
}

/* A fault: price again one formula at a time, which says where it is
 * (with `lean`, the columns are made again first, whole). */
static int again(const struct fused *f, const struct price_fused_job *job,
                 struct diag *d)
{
	double *rt[2] = {NULL, NULL}, *ps[2] = {NULL, NULL};

	for (int s = 0; s < 2; s++)
		if (f->resampled >> s & 1) {
			rt[s] = (double *)job->runtime[s];
			ps[s] =
			    fills_ps(f, s) ? (double *)job->passed[s] : NULL;
		}
	if (f->lean && f->resampled &&
	    job->fill(job->ctx, 0, job->p->n, rt, ps, d) != FP_OK)
		return FP_ERR;
	return price_resample(job->ses, job->p, job->runtime, job->passed, 0,
	                      d);
}

/* Sets up f for job: its sweep and its programs.  FP_OK,
 * PRICE_NOT_FUSED or FP_ERR with *d. */
static int open_job(struct fused *f, const struct price_fused_job *job,
                    unsigned what, struct diag *d)
{
	int rc;

	*f = (struct fused){.lean = job->lean || (what & PRICE_LEAN),
	                    .sides_full =
	                        !job->lean && (what & PRICE_SIDES_FULL),
	                    .resampled = job->resampled,
	                    .steady_ps = job->steady_passed & job->resampled};
	if (!fusable(job->ses->metric, job->ses->cross))
		return PRICE_NOT_FUSED;
	if (!(f->sw = fx_sweep_new(MAX_PROGS)) || prepare(f, job) != FP_OK)
		return diag_oom(d);
	rc = build(f, job->p, job->ses);
	/* An environment that does not fit: the formulas one at a time say
	 * so. */
	if (rc != FP_OK)
		return rc == FP_ERR && f->fault.oom ? diag_oom(d)
		                                    : PRICE_NOT_FUSED;
	return FP_OK;
}

int price_resample_fused_jobs(const struct price_fused_job *jobs, size_t nj,
                              unsigned what, struct diag *d)
{
	struct fused f[PRICE_FUSED_JOBS];
	size_t opened = 0, failed;
	int rc = nj > PRICE_FUSED_JOBS ? PRICE_NOT_FUSED : FP_OK;

	while (rc == FP_OK && opened < nj) {
		rc = open_job(&f[opened], &jobs[opened], what, d);
		opened++;
	}
	if (rc == FP_OK)
		rc = sweep(f, jobs, nj, d);
	for (size_t k = 0; rc == FP_OK && k < nj; k++) {
		rc = fx_sweep_finish(f[k].sw, &f[k].fault, &failed) != FP_OK
		         ? again(&f[k], &jobs[k], d)
		         : conclude(&f[k], jobs[k].p, jobs[k].ses, d);
		if (rc == FP_ERR && jobs[k].name)
			diag_prefix(d, "%s", jobs[k].name);
	}
	for (size_t k = 0; k < opened; k++)
		release(&f[k]);
	return rc;
}

int price_resample_fused(struct session *s, struct price *p,
                         const double *const runtime[2],
                         const double *const passed[2], unsigned resampled,
                         price_fill_fn fill, void *ctx, unsigned what,
                         struct diag *d)
{
	struct price_fused_job job = {.ses = s,
	                              .p = p,
	                              .runtime = {runtime[0], runtime[1]},
	                              .passed = {passed[0], passed[1]},
	                              .resampled = resampled,
	                              .fill = fill,
	                              .ctx = ctx};

	return price_resample_fused_jobs(&job, 1, what, d);
}
