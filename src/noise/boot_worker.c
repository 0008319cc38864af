/* boot_worker.c: one bootstrap thread's resamples, each drawn block by
 * block just before the formulas read it, the noise arm's beside it
 * (boot_worker.h). */
#include <stdlib.h>
#include <string.h>

#include "noise/boot_worker.h"
#include "noise/resample.h"
#include "noise/rng.h"
#include "price/price.h"
#include "price/session.h"

uint64_t noise_side_seed(const struct boot_opts *o, unsigned side)
{
	return side == 1 && o->control_after ? noise_control_seed(o->seed)
	                                     : o->seed;
}

/* The runtimes and pass states of resample r, both sides.  A fixed side
 * is its observed columns. */
static int fill(struct worker *w, size_t r, size_t n, struct resample_buf *buf,
                double *rt[2], double *ps[2], const double *use_rt[2],
                const double *use_ps[2])
{
	for (unsigned s = 0; s < 2; s++) {
		const struct noise_side *sd = &w->side[s];

		use_rt[s] = sd->runtime;
		use_ps[s] = sd->passed;
		if (!sd->off)
			continue;
		if (noise_side_resample(sd, n, noise_side_seed(w->o, s), r, s,
		                        w->o->policy, buf, rt[s],
		                        ps[s]) != FP_OK)
			return diag_oom(&w->d);
		if (w->tally)
			noise_tally_add(w->tally, s, 0, n, rt[s]);
		use_rt[s] = rt[s];
		use_ps[s] = ps[s];
	}
	return FP_OK;
}

/* One resample being filled block by block (price_resample_fused): the
 * fix's, and the arm's blocks the fix drew with it: side 0 the fix's (the
 * same keys on the same samples), side 1 drawn with the fix's side 1
 * (noise_side_resample_twin) into arm1 and arm1_ps (room for a block
 * each), for the block from base of len cases.  Where the arm's job reads
 * these very blocks (a lean sweep), nothing is copied. */
struct filling {
	struct worker *w;
	size_t r;
	struct resample_buf *buf;
	size_t base, len;
	const double *rt0, *ps0;
	double *arm1, *arm1_ps;
	bool have_arm1;
};

static int fill_block(void *ctx, size_t base, size_t len, double *const rt[2],
                      double *const ps[2], struct diag *d)
{
	struct filling *f = ctx;
	struct worker *w = f->w;
	const struct noise_side *sd = w->side;
	int rc = FP_OK;

	f->have_arm1 = false;
	if (rt[0])
		rc = noise_side_resample_range(
		    &sd[0], base, base + len, noise_side_seed(w->o, 0), f->r, 0,
		    w->o->policy, f->buf, rt[0], ps[0]);
	if (rc == FP_OK && rt[1] && f->arm1) {
		double *trt[2] = {rt[1], f->arm1};
		double *tps[2] = {ps[1], f->arm1_ps};

		rc = noise_side_resample_twin(&sd[1], &w->arm_side[1], base,
		                              base + len,
		                              noise_side_seed(w->o, 1), f->r, 1,
		                              w->o->policy, f->buf, trt, tps);
		f->have_arm1 = rc == FP_OK;
	} else if (rc == FP_OK && rt[1]) {
		rc = noise_side_resample_range(
		    &sd[1], base, base + len, noise_side_seed(w->o, 1), f->r, 1,
		    w->o->policy, f->buf, rt[1], ps[1]);
	}
	if (rc != FP_OK)
		return diag_oom(d);
	for (unsigned s = 0; s < 2 && w->tally; s++)
		if (rt[s])
			noise_tally_add(w->tally, s, base, len, rt[s]);
	f->base = base;
	f->len = len;
	f->rt0 = rt[0];
	f->ps0 = ps[0];
	return FP_OK;
}

/* A block's runtimes and pass states into rt and ps, unless they are
 * there already. */
static void copy_block(double *rt, double *ps, const double *from_rt,
                       const double *from_ps, size_t len)
{
	if (rt != from_rt)
		memcpy(rt, from_rt, len * sizeof *rt);
	if (ps && ps != from_ps)
		memcpy(ps, from_ps, len * sizeof *ps);
}

/* The arm's block: what the fix drew for it, when it has just drawn this
 * block, else drawn here. */
static int fill_arm_block(void *ctx, size_t base, size_t len,
                          double *const rt[2], double *const ps[2],
                          struct diag *d)
{
	struct filling *f = ctx;
	struct worker *w = f->w;
	bool same = f->base == base && f->len == len;

	for (unsigned s = 0; s < 2; s++) {
		if (same && s == 0 && f->rt0) {
			copy_block(rt[0], ps[0], f->rt0, f->ps0, len);
			continue;
		}
		if (same && s == 1 && f->have_arm1) {
			copy_block(rt[1], ps[1], f->arm1, f->arm1_ps, len);
			continue;
		}
		if (noise_side_resample_range(&w->arm_side[s], base, base + len,
		                              noise_side_seed(w->o, s), f->r, s,
		                              w->o->policy, f->buf, rt[s],
		                              ps[s]) != FP_OK)
			return diag_oom(d);
	}
	return FP_OK;
}

/* The columns of one price of a resample: a worker's session, price and
 * full columns (rt[s], ps[s]: n each). */
struct pricing {
	struct session *ses;
	struct price *p;
	double *rt[2], *ps[2];
	/* With an arm, the blocks the fix draws and the arm reads: the
	 * fix's: side 0's runtimes and pass states; the arm's: side 1's,
	 * drawn with the fix's (a block each) */
	double *block;
	struct price_steady steady;
};

/* The fix's resample r and the arm's beside it (arm->ses NULL: none) in
 * one sweep, each side's block drawn just before the formulas read it.
 * FP_OK, PRICE_NOT_FUSED or FP_ERR. */
static int fused_one(struct worker *w, size_t r, struct pricing *fix,
                     struct pricing *arm, struct resample_buf *buf,
                     unsigned what)
{
	size_t bs = fx_sweep_block_size();
	/* The arm's pass states of side 1, when they change. */
	bool arm1_ps = arm->block && !w->arm_side[1].regular_passed;
	struct filling f = {.w = w,
	                    .r = r,
	                    .buf = buf,
	                    .arm1 = arm->block,
	                    .arm1_ps = arm1_ps ? arm->block + bs : NULL};
	struct price_fused_job job[2];
	size_t nj = arm->ses ? 2 : 1;
	/* The blocks both jobs read. */
	double *shared[2][2] = {
	    {fix->block, fix->block ? fix->block + bs : NULL},
	    {arm->block, arm->block ? arm->block + bs : NULL}};

	for (size_t k = 0; k < nj; k++) {
		struct pricing *pr = k ? arm : fix;
		const struct noise_side *sd = k ? w->arm_side : w->side;

		job[k] = (struct price_fused_job){
		    .ses = pr->ses,
		    .p = pr->p,
		    .fill = k ? fill_arm_block : fill_block,
		    .ctx = &f,
		    .steady = &pr->steady,
		    .name = k ? "noise arm" : NULL,
		    .lean = k != 0};
		for (unsigned s = 0; s < 2; s++) {
			bool mine = sd[s].off != NULL;
			/* A regular side's pass states, read where they are. */
			const double *steady =
			    mine ? sd[s].regular_passed : NULL;

			job[k].runtime[s] = mine ? pr->rt[s] : sd[s].runtime;
			job[k].passed[s] = steady ? steady
			                   : mine ? pr->ps[s]
			                          : sd[s].passed;
			job[k].resampled |= mine ? 1u << s : 0;
			job[k].steady_passed |= steady ? 1u << s : 0;
		}
		job[k].block_rt[0] = shared[0][0];
		job[k].block_ps[0] = shared[0][1];
		if (k) {
			job[k].block_rt[1] = shared[1][0];
			job[k].block_ps[1] = shared[1][1];
		}
	}
	return price_resample_fused_jobs(job, nj, what, &w->d);
}

/* The arm's resample r priced column by column. */
static int price_arm(struct worker *w, size_t r, struct pricing *arm,
                     struct resample_buf *buf)
{
	struct worker aw = *w;
	const double *use_rt[2], *use_ps[2];

	aw.side = w->arm_side;
	aw.tally = NULL;
	if (fill(&aw, r, arm->p->n, buf, arm->rt, arm->ps, use_rt, use_ps) !=
	    FP_OK) {
		w->d = aw.d;
		return FP_ERR;
	}
	if (price_resample(arm->ses, arm->p, use_rt, use_ps, 0, &w->d) !=
	    FP_OK) {
		diag_prefix(&w->d, "noise arm");
		return FP_ERR;
	}
	return FP_OK;
}

/* The rider's visit, if resample r is one it visits, else NULL. */
static const struct noise_rider *rider_at(const struct worker *w, size_t r)
{
	const struct noise_rider *rider = w->o->rider;

	return rider && r < rider->B ? rider : NULL;
}

/* What of resample r's fused price is read: the decision, and the sides
 * for a rider; what a visit says it reads. */
static unsigned reads(const struct worker *w, size_t r)
{
	if (w->visit)
		return w->visit_reads;
	return PRICE_LEAN | (rider_at(w, r) ? PRICE_SIDES_FULL : 0);
}

/* Resample r priced: in one sweep when the metric allows (*fused, cleared
 * for the next resamples when it does not), else column by column; the
 * arm's beside it when there is one. */
static int price_one(struct worker *w, size_t r, struct pricing *fix,
                     struct pricing *arm, struct resample_buf *buf, bool *fused)
{
	const double *use_rt[2], *use_ps[2];

	if (*fused && !(w->what & PRICE_DETAIL)) {
		int rc = fused_one(w, r, fix, arm, buf, reads(w, r));

		if (rc != PRICE_NOT_FUSED)
			return rc;
		*fused = false;
	}
	if (fill(w, r, fix->p->n, buf, fix->rt, fix->ps, use_rt, use_ps) !=
	        FP_OK ||
	    price_resample(fix->ses, fix->p, use_rt, use_ps, w->what, &w->d) !=
	        FP_OK)
		return FP_ERR;
	return arm->ses ? price_arm(w, r, arm, buf) : FP_OK;
}

/* Resample r's runtimes (rt, as price_one filled them column by column)
 * priced with the measured pass states, into p. */
static int runtimes_only(struct worker *w, size_t r, struct session *ses,
                         struct price *p, double *const rt[2])
{
	const double *ps[2] = {w->side[0].passed, w->side[1].passed};
	const double *use_rt[2];

	for (unsigned s = 0; s < 2; s++)
		use_rt[s] = w->side[s].off ? rt[s] : w->side[s].runtime;

	if (price_resample(ses, p, use_rt, ps, 0, &w->d) != FP_OK) {
		diag_prefix(&w->d, "bootstrap resample %zu", r + 1);
		return FP_ERR;
	}
	return FP_OK;
}

/* Resample r, priced, to the visit; with visit_rt, then priced on
 * runtimes alone, as row B + r. */
static int visit_one(struct worker *w, size_t r, struct pricing *fix)
{
	if (w->visit(w->ctx, r, w->thread, fix->ses, fix->p, &w->d) != FP_OK)
		return FP_ERR;
	if (!w->visit_rt)
		return FP_OK;
	if (runtimes_only(w, r, fix->ses, fix->p, fix->rt) != FP_OK)
		return FP_ERR;
	return w->visit(w->ctx, w->out->B + r, w->thread, fix->ses, fix->p,
	                &w->d);
}

/* Where resample r's prices go. */
static void store(struct boot *out, size_t r, const struct price *p)
{
	out->gain[r] = p->gain;
	out->cost[r] = p->cost;
	out->net[r] = p->net;
	out->decide[r] = p->accept;
}

static int work(struct worker *w, struct pricing *fix, struct pricing *arm)
{
	/* Pricing again on runtimes alone needs the whole resample's
	 * columns, which one sweep never writes. */
	bool fused = !(w->out && w->out->rt_net) && !w->visit_rt;
	struct resample_buf buf = {0};
	struct price *p = fix->p;
	const struct noise_rider *rider;
	int rc = FP_ERR;

	for (size_t r = w->r0; r < w->r1; r++) {
		if (price_one(w, r, fix, arm, &buf, &fused) != FP_OK) {
			diag_prefix(&w->d, "bootstrap resample %zu", r + 1);
			goto out;
		}
		if (w->pg && (w->each || w->visit))
			progress_tick(w->pg, w->nw);
		if (w->each) {
			w->each(w->ctx, p);
			continue;
		}
		if (w->visit) {
			if (visit_one(w, r, fix) != FP_OK)
				goto out;
			continue;
		}
		if ((rider = rider_at(w, r)) &&
		    rider->visit(rider->ctx, r, w->thread, fix->ses, p,
		                 &w->d) != FP_OK)
			goto out;
		store(w->out, r, p);
		if (arm->ses)
			store(w->arm_out, r, arm->p);
		if (w->out->rt_net) {
			if (runtimes_only(w, r, fix->ses, p, fix->rt) != FP_OK)
				goto out;
			w->out->rt_gain[r] = p->gain;
			w->out->rt_cost[r] = p->cost;
			w->out->rt_net[r] = p->net;
		}
		if (w->pg)
			progress_tick(w->pg, w->nw);
	}
	rc = FP_OK;
out:
	free(buf.x);
	free(buf.p);
	return rc;
}

/* A worker's session and price on runs, and their full columns. */
static int pricing_open(struct worker *w, const struct joined *runs,
                        struct pricing *pr)
{
	size_t n;

	if (session_open(w->m, runs, NULL, &pr->ses, &w->d) != FP_OK ||
	    price_compute_sides(pr->ses, &pr->p, &w->d) != FP_OK)
		return FP_ERR;
	n = pr->p->n;
	if (!(pr->rt[0] = malloc(4 * (n ? n : 1) * sizeof(double))))
		return diag_oom(&w->d);
	pr->rt[1] = pr->rt[0] + n;
	pr->ps[0] = pr->rt[1] + n;
	pr->ps[1] = pr->ps[0] + n;
	if (w->arm_runs &&
	    !(pr->block = malloc(2 * fx_sweep_block_size() * sizeof(double))))
		return diag_oom(&w->d);
	return FP_OK;
}

static void pricing_close(struct pricing *pr)
{
	free(pr->rt[0]);
	free(pr->block);
	price_steady_free(&pr->steady);
	price_free(pr->p);
	session_close(pr->ses);
}

void *boot_run_worker(void *arg)
{
	struct worker *w = arg;
	struct pricing fix = {0}, arm = {0};

	w->rc = FP_ERR;
	if (pricing_open(w, w->runs, &fix) != FP_OK)
		goto out;
	if (w->arm_runs && pricing_open(w, w->arm_runs, &arm) != FP_OK) {
		diag_prefix(&w->d, "noise arm");
		goto out;
	}
	w->rc = work(w, &fix, &arm);
out:
	pricing_close(&fix);
	pricing_close(&arm);
	return NULL;
}
