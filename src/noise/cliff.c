/* cliff.c: cases within noise of a cliff of their score (cliff.h). */
#include "noise/cliff.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "price/session.h"

/* The per-case branches of score and value that move with the runtime,
 * the side each was on at the measured runs, and how often a resample
 * put a case on the other. */
struct cliff_ctx {
	const struct metric *m;
	const struct fx_prog *prog[2]; /* score, value */
	struct fx_flips fl[2];
	size_t n, nflips;
	unsigned char *at[2]; /* side s: nflips * n signs, flip by flip */
	/* How often each case crossed, side by side, on each thread: thread
	 * t's side s at count + (2 t + s) n (each thread its own, so no
	 * atomics and no cache line shared) */
	unsigned char *count;
	size_t nthreads;
};

/* Counts per thread fit in a byte. */
_Static_assert(CLIFF_RESAMPLES <= 255, "cliff counts are bytes");

/* Which branches move with the runtime: the runtime itself and the
 * columns made from it (column defaults), through score into value. */
static int find_flips(struct cliff_ctx *c, const struct joined *runs,
                      struct diag *d)
{
	const struct metric *m = c->m;
	int nd = fx_env_count(m->side);
	struct fx_dep *deps = calloc((size_t)nd + 1, sizeof *deps), r;
	const struct fx_dep moves = {FX_AFFINE, false};
	int rc = FP_OK;

	if (!deps)
		return diag_oom(d);
	deps[fx_env_lookup(m->side, "runtime", NULL)] = moves;
	for (size_t k = 0; k < m->ncolumns; k++)
		if (!run_find(runs->before, m->columns[k]))
			deps[fx_env_lookup(m->side, m->columns[k], NULL)] =
			    moves;
	c->prog[0] = m->score.prog;
	c->prog[1] = m->value.prog;
	for (int j = 0; j < 2 && rc == FP_OK; j++) {
		if (fx_prog_pieces(c->prog[j], deps, nd, &r, &c->fl[j]) !=
		    FP_OK)
			rc = diag_oom(d);
		if (j == 0)
			deps[fx_env_lookup(m->side, "score", NULL)] = r;
	}
	free(deps);
	c->nflips = c->fl[0].n + c->fl[1].n;
	return rc;
}

/* Whether flip f (over both programs) of every case is on its positive
 * side in side s of p, bound on ses: into at[f * n + i]; a flip of one
 * number (not per case) counts as not. */
static int signs(struct cliff_ctx *c, struct session *ses,
                 const struct price *p, int s, double *buf, unsigned char *at)
{
	size_t f = 0, nout;

	price_bind_side(ses, p, s);
	for (int j = 0; j < 2; j++)
		for (size_t k = 0; k < c->fl[j].n; k++, f++) {
			if (fx_flip_values(c->prog[j], ses->side,
			                   &c->fl[j].at[k], buf,
			                   &nout) != FP_OK)
				return FP_ERR;
			for (size_t i = 0; i < c->n; i++)
				at[f * c->n + i] = nout == c->n && buf[i] > 0;
		}
	return FP_OK;
}

static int visit(void *ctx, size_t r, size_t thread, struct session *ses,
                 struct price *p, struct diag *d)
{
	struct cliff_ctx *c = ctx;
	size_t n = c->n ? c->n : 1;
	double *buf = malloc(n * sizeof *buf);
	unsigned char *at = malloc(c->nflips * n);
	int rc = buf && at ? FP_OK : FP_ERR;

	(void)r;
	for (int s = 0; s < 2 && rc == FP_OK; s++) {
		const unsigned char *ref = c->at[s];
		unsigned char *count = c->count + (2 * thread + s) * c->n;

		if ((rc = signs(c, ses, p, s, buf, at)) != FP_OK)
			break;
		/* Whether any flip of case i crossed, into at[i]: flip by
		 * flip, in loops that vectorise (signs are 0 or 1). */
		for (size_t i = 0; i < c->n; i++)
			at[i] ^= ref[i];
		for (size_t f = 1; f < c->nflips; f++)
			for (size_t i = 0; i < c->n; i++)
				at[i] |= at[f * c->n + i] ^ ref[f * c->n + i];
		for (size_t i = 0; i < c->n; i++)
			count[i] += at[i];
	}
	free(buf);
	free(at);
	return rc == FP_OK ? FP_OK : diag_oom(d);
}

/* The signs at the measured runs, on a session of its own bound to p's
 * columns (read, not copied). */
static int measured(struct cliff_ctx *c, const struct joined *runs,
                    const struct price *p, struct diag *d)
{
	struct session *ses = NULL;
	double *buf = malloc((c->n ? c->n : 1) * sizeof *buf);
	int rc = buf ? FP_OK : diag_oom(d);

	if (rc == FP_OK)
		rc = session_open(c->m, runs, NULL, &ses, d);
	if (rc == FP_OK && price_bind(p, ses) != FP_OK)
		rc = diag_oom(d);
	for (int s = 0; s < 2 && rc == FP_OK; s++)
		if (signs(c, ses, p, s, buf, c->at[s]) != FP_OK)
			rc = diag_oom(d);
	session_close(ses);
	free(buf);
	return rc;
}

static int by_share(const void *a, const void *b)
{
	const struct cliff_case *x = a, *y = b;

	if (x->share != y->share)
		return x->share < y->share ? 1 : -1;
	if (x->i != y->i)
		return x->i < y->i ? -1 : 1;
	return x->side - y->side;
}

static int collect(struct cliff_ctx *c, struct cliffs *out, struct diag *d)
{
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < c->n; i++) {
			size_t crossed = 0;
			double share;

			for (size_t t = 0; t < c->nthreads; t++)
				crossed += c->count[(2 * t + s) * c->n + i];
			share = (double)crossed / (double)out->B;
			if (share < CLIFF_MIN_SHARE)
				continue;
			if (!out->c &&
			    !(out->c = malloc(2 * c->n * sizeof *out->c)))
				return diag_oom(d);
			out->c[out->n++] = (struct cliff_case){i, s, share};
		}
	if (out->n > 1)
		qsort(out->c, out->n, sizeof *out->c, by_share);
	return FP_OK;
}

static void release(struct cliff_ctx *c)
{
	free(c->at[0]);
	free(c->at[1]);
	free(c->count);
	fx_flips_free(&c->fl[0]);
	fx_flips_free(&c->fl[1]);
	free(c);
}

int noise_cliffs_open(const struct metric *m, const struct joined *runs,
                      const struct price *p, const struct boot_opts *o,
                      struct noise_rider *rider, struct diag *d)
{
	struct cliff_ctx *c = calloc(1, sizeof *c);
	size_t n = p->n ? p->n : 1;

	*rider = (struct noise_rider){.visit = visit, .ctx = c};
	if (!c)
		return diag_oom(d);
	*c = (struct cliff_ctx){.m = m, .n = p->n};
	if (!o->B)
		return FP_OK;
	if (find_flips(c, runs, d) != FP_OK)
		return FP_ERR;
	if (!c->nflips)
		return FP_OK; /* no branch moves with the runtime: no cliff */
	c->nthreads = noise_threads(o);
	if (!(c->count = calloc(2 * c->nthreads, n)) ||
	    !(c->at[0] = malloc(c->nflips * n)) ||
	    !(c->at[1] = malloc(c->nflips * n)))
		return diag_oom(d);
	if (measured(c, runs, p, d) != FP_OK)
		return FP_ERR;
	rider->B = o->B < CLIFF_RESAMPLES ? o->B : CLIFF_RESAMPLES;
	return FP_OK;
}

int noise_cliffs_close(const struct noise_rider *rider, struct cliffs *out,
                       struct diag *d)
{
	struct cliff_ctx *c = rider->ctx;
	int rc = FP_OK;

	if (out) {
		*out = (struct cliffs){.B = rider->B};
		if (rider->B)
			rc = collect(c, out, d);
	}
	if (c)
		release(c);
	return rc;
}

void cliffs_free(struct cliffs *c)
{
	free(c->c);
	*c = (struct cliffs){0};
}
