/* vm.c: fx_eval, the fast path: runs a program's sections over blocks of
 * cases.
 *
 * Columns are read where they are bound; only the last, partial block is
 * copied into padded scratch so that every kernel can run its fixed-length
 * loop.  The per-case output is written in place and checked for
 * non-finite values while the block is still in cache; only when something
 * is bad does the slow diagnostic evaluator run, to say where. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formula/agg.h"
#include "formula/env.h"
#include "formula/known.h"
#include "formula/prog.h"

struct vm {
	const struct fx_prog *p;
	const struct fx_env *env;
	double *sr;          /* scalar registers */
	double *vr;          /* block registers, FX_BLOCK each */
	double *tail;        /* padded last block: one per column, then out */
	const double **colp; /* this block's start of each column */
	const double **colb; /* each column as bound when the run started */
	double *outp;        /* this block's output */
	struct fx_acc *acc;
	double *vals; /* per-case values of median/percentile */
	void *mem;
	double *out; /* the caller's output */
	/* In a sweep: 1 for a column (and the output, at [ncol]) that is a
	 * block's scratch, read and written from its start for every block;
	 * else NULL */
	unsigned char *scr;
	/* In a sweep with known columns: the pass's code specialised for
	 * them (known.h), else NULL */
	struct fx_insn *pcode;
	size_t npcode;
	size_t bad; /* first block with a bad output, or SIZE_MAX */
};

static void set_fault(struct fx_fault *f, const struct fx_prog *p,
                      const char *what)
{
	memset(f, 0, sizeof *f);
	fx_src_position(&p->src, 0, &f->line, &f->col);
	snprintf(f->what, sizeof f->what, "%s", what);
}

/* Every slot the program reads must exist in env with the right shape, and
 * columns must be bound when there are cases to read. */
static int check_env(const struct fx_prog *p, const struct fx_env *env,
                     struct fx_fault *f)
{
	char what[sizeof f->what];

	for (int i = 0; i < p->nsreg; i++) {
		int s = p->sregs[i].slot;
		if (p->sregs[i].kind != SR_PARAM)
			continue;
		if (s >= env->n || env->slots[s].shape != FX_SCALAR) {
			set_fault(f, p,
			          "environment does not match the program");
			return FP_ERR;
		}
	}
	for (int i = 0; i < p->ncol; i++) {
		int s = p->cols[i];
		if (s >= env->n || env->slots[s].shape != FX_PERCASE) {
			set_fault(f, p,
			          "environment does not match the program");
			return FP_ERR;
		}
		if (!env->slots[s].values && env->ncases > 0) {
			snprintf(what, sizeof what, "'%s' has no values bound",
			         env->slots[s].name);
			set_fault(f, p, what);
			return FP_ERR;
		}
	}
	return FP_OK;
}

static size_t round_up(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

/* One allocation for all the evaluation's scratch, 64-byte aligned parts. */
static int vm_init(struct vm *vm, const struct fx_prog *p,
                   const struct fx_env *env)
{
	size_t n = env->ncases, nvals = 0, off = 0, size;
	size_t o_sr, o_vr, o_tail, o_colp, o_colb, o_acc, o_vals;
	char *mem;

	for (int i = 0; i < p->nacc; i++)
		if (fx_agg_needs_values(p->accfn[i]))
			nvals += n;
	o_vr = off, off += round_up((size_t)p->nvreg * FX_BLOCK * 8, 64);
	o_tail = off, off += round_up((size_t)(p->ncol + 1) * FX_BLOCK * 8, 64);
	o_sr = off, off += round_up((size_t)p->nsreg * 8 + 8, 64);
	o_colp = off,
	off += round_up((size_t)p->ncol * sizeof(double *) + 8, 64);
	o_colb = off,
	off += round_up((size_t)p->ncol * sizeof(double *) + 8, 64);
	o_acc = off,
	off += round_up((size_t)p->nacc * sizeof(struct fx_acc) + 8, 64);
	o_vals = off, off += nvals * 8;
	size = round_up(off, 64);
	mem = aligned_alloc(64, size);
	if (!mem)
		return FP_ERR;
	vm->mem = mem;
	vm->vr = (double *)(void *)(mem + o_vr);
	vm->tail = (double *)(void *)(mem + o_tail);
	vm->sr = (double *)(void *)(mem + o_sr);
	vm->colp = (const double **)(void *)(mem + o_colp);
	vm->colb = (const double **)(void *)(mem + o_colb);
	for (int c = 0; c < p->ncol; c++)
		vm->colb[c] = env->slots[p->cols[c]].values;
	vm->acc = (struct fx_acc *)(void *)(mem + o_acc);
	vm->vals = (double *)(void *)(mem + o_vals);

	for (int i = 0; i < p->nsreg; i++) {
		const struct fx_sreg *s = &p->sregs[i];
		vm->sr[i] = s->kind == SR_CONST   ? s->value
		            : s->kind == SR_PARAM ? env->slots[s->slot].scalar
		                                  : NAN;
	}
	nvals = 0;
	for (int i = 0; i < p->nacc; i++) {
		double *vals = NULL;
		if (fx_agg_needs_values(p->accfn[i])) {
			vals = vm->vals + nvals;
			nvals += n;
		}
		fx_acc_init(&vm->acc[i], p->accfn[i], vals);
	}
	return FP_OK;
}

static void run_scalar(struct vm *vm, const struct fx_insn *in)
{
	double *sr = vm->sr;

	if (in->op == I_FINAL) {
		double p = in->b.kind == O_SREG ? sr[in->b.idx] : 0;
		sr[in->dst.idx] = fx_acc_final(&vm->acc[in->a.idx], in->fn, p);
	} else {
		double args[3] = {
		    in->a.kind == O_SREG ? sr[in->a.idx] : 0,
		    in->b.kind == O_SREG ? sr[in->b.idx] : 0,
		    in->c.kind == O_SREG ? sr[in->c.idx] : 0,
		};
		sr[in->dst.idx] = fx_apply(in->fn, args);
	}
}

static const double *src_block(const struct vm *vm, struct fx_opnd o)
{
	return o.kind == O_COL ? vm->colp[o.idx]
	                       : vm->vr + (size_t)o.idx * FX_BLOCK;
}

static double *dst_block(const struct vm *vm, struct fx_opnd o)
{
	return o.kind == O_OUT ? vm->outp : vm->vr + (size_t)o.idx * FX_BLOCK;
}

static void run_block_insn(struct vm *vm, const struct fx_insn *in, size_t base,
                           size_t n)
{
	const double *sr = vm->sr;

	switch (in->op) {
	case I_VOP: {
		double *d = dst_block(vm, in->dst);
		switch (in->form) {
		case F_V:
			in->k.v(d, src_block(vm, in->a));
			break;
		case F_VV:
			in->k.vv(d, src_block(vm, in->a), src_block(vm, in->b));
			break;
		case F_VS:
			in->k.vs(d, src_block(vm, in->a), sr[in->b.idx]);
			break;
		case F_SV:
			in->k.sv(d, sr[in->a.idx], src_block(vm, in->b));
			break;
		case F_VVV:
			in->k.vvv(d, src_block(vm, in->a), src_block(vm, in->b),
			          src_block(vm, in->c));
			break;
		default:
			break;
		}
		break;
	}
	case I_BCAST:
		fx_k_fill(dst_block(vm, in->dst), sr[in->a.idx]);
		break;
	case I_COPY:
		fx_k_copy(dst_block(vm, in->dst), src_block(vm, in->a));
		break;
	case I_ACC:
		fx_acc_block(&vm->acc[in->dst.idx], in->fn,
		             src_block(vm, in->a), base, n);
		break;
	default:
		break;
	}
}

/* Runs pass s over cases base..base+n-1 (n <= FX_BLOCK).  Records in
 * vm->bad the first block whose output is not all finite. */
static void run_block(struct vm *vm, const struct fx_section *s, size_t base,
                      size_t n)
{
	const struct fx_prog *p = vm->p;
	bool full = n == FX_BLOCK;
	double *out = vm->out;
	size_t ob = vm->scr && vm->scr[p->ncol] ? 0 : base;

	for (int c = 0; c < p->ncol; c++) {
		const double *col =
		    vm->colb[c] + (vm->scr && vm->scr[c] ? 0 : base);
		double *t = vm->tail + (size_t)c * FX_BLOCK;
		if (full) {
			vm->colp[c] = col;
			if (!(vm->scr && vm->scr[c]))
				fx_k_ask_next(col, base, vm->env->ncases);
			continue;
		}
		memcpy(t, col, n * sizeof *t);
		memset(t + n, 0, (FX_BLOCK - n) * sizeof *t);
		vm->colp[c] = t;
	}
	vm->outp = full ? out + ob : vm->tail + (size_t)p->ncol * FX_BLOCK;
	if (vm->pcode)
		for (size_t i = 0; i < vm->npcode; i++)
			run_block_insn(vm, &vm->pcode[i], base, n);
	else
		for (int i = s->begin; i < s->end; i++)
			run_block_insn(vm, &p->code[i], base, n);
	if (!s->writes_out)
		return;
	if (full) {
		if (vm->bad == SIZE_MAX && !fx_k_block_finite(vm->outp))
			vm->bad = base;
		return;
	}
	memcpy(out + ob, vm->outp, n * sizeof *out);
	for (size_t i = 0; i < n && vm->bad == SIZE_MAX; i++)
		if (!isfinite(out[ob + i]))
			vm->bad = base;
}

static void run_section(struct vm *vm, const struct fx_section *s)
{
	size_t ncases = vm->env->ncases;

	if (!s->pass) {
		for (int i = s->begin; i < s->end; i++)
			run_scalar(vm, &vm->p->code[i]);
		return;
	}
	for (size_t base = 0; base < ncases; base += FX_BLOCK)
		run_block(vm, s, base,
		          ncases - base < FX_BLOCK ? ncases - base : FX_BLOCK);
}

/* Ready to run: the environment fits and the scratch is allocated. */
static int start(struct vm *vm, const struct fx_prog *p,
                 const struct fx_env *env, double *out, struct fx_fault *f)
{
	*vm = (struct vm){.p = p, .env = env, .out = out, .bad = SIZE_MAX};
	if (check_env(p, env, f) < 0)
		return FP_ERR;
	if (vm_init(vm, p, env) < 0) {
		set_fault(f, p, "out of memory");
		f->oom = true;
		return FP_ERR;
	}
	return FP_OK;
}

/* Hands back the result, frees the scratch, and explains a bad result
 * (only says there is one, unless `explain`). */
static int finish(struct vm *vm, struct fx_fault *fault, bool explain)
{
	const struct fx_prog *p = vm->p;
	double *out = vm->out;
	size_t bad = vm->bad;

	if (p->result.kind == O_SREG)
		out[0] = vm->sr[p->result.idx];
	free(vm->mem);
	vm->mem = NULL;
	if (!explain && ((p->result.kind == O_SREG && !isfinite(out[0])) ||
	                 bad != SIZE_MAX)) {
		set_fault(fault, p, "a result is not finite");
		return FP_ERR;
	}
	if (p->result.kind == O_SREG && !isfinite(out[0])) {
		fx_diagnose(p, vm->env, false, 0, fault);
		return FP_ERR;
	}
	if (bad != SIZE_MAX) {
		while (isfinite(out[bad]))
			bad++;
		fx_diagnose(p, vm->env, true, bad, fault);
		return FP_ERR;
	}
	return FP_OK;
}

int fx_eval(const struct fx_prog *p, const struct fx_env *env, double *out,
            struct fx_fault *fault)
{
	struct vm vm;
	struct fx_fault dummy;

	if (!fault)
		fault = &dummy;
	if (start(&vm, p, env, out, fault) < 0)
		return FP_ERR;
	for (int s = 0; s < p->nsec; s++)
		run_section(&vm, &p->sec[s]);
	return finish(&vm, fault, true);
}

/* One sweep fits a program with at most one pass, before any aggregate is
 * finished: hoisted work, the pass, then the aggregates' values. */
static bool one_pass(const struct fx_prog *p)
{
	for (int s = 0; s < p->nsec; s++)
		if (p->sec[s].pass && p->sec[s].level != 0)
			return false;
	return true;
}

static const struct fx_section *section_of(const struct fx_prog *p, bool pass,
                                           int level)
{
	for (int s = 0; s < p->nsec; s++)
		if (p->sec[s].pass == pass && p->sec[s].level == level)
			return &p->sec[s];
	return NULL;
}

int fx_eval_many(const struct fx_prog *const *progs, size_t n,
                 const struct fx_env *env, double *const *outs,
                 struct fx_fault *fault, size_t *failed)
{
	struct vm *vms;
	struct fx_fault dummy;
	size_t ncases = env->ncases, k, started = 0;
	int rc = FP_OK;

	if (!fault)
		fault = &dummy;
	for (k = 0; k < n && one_pass(progs[k]); k++)
		;
	if (k < n || n < 2) {
		/* Not fusable: one after another, which is the same thing. */
		for (k = 0; k < n; k++)
			if (fx_eval(progs[k], env, outs[k], fault) != FP_OK) {
				if (failed)
					*failed = k;
				return FP_ERR;
			}
		return FP_OK;
	}
	vms = calloc(n, sizeof *vms);
	if (!vms) {
		set_fault(fault, progs[0], "out of memory");
		fault->oom = true;
		if (failed)
			*failed = 0;
		return FP_ERR;
	}
	for (k = 0; k < n && rc == FP_OK; k++, started++)
		rc = start(&vms[k], progs[k], env, outs[k], fault);
	if (rc != FP_OK) {
		for (size_t j = 0; j + 1 < started; j++)
			free(vms[j].mem);
		free(vms);
		if (failed)
			*failed = started - 1;
		return FP_ERR;
	}
	for (k = 0; k < n; k++) {
		const struct fx_section *s = section_of(progs[k], false, 0);
		if (s)
			run_section(&vms[k], s);
	}
	/* Block by block through every program, in order: what one writes,
	 * the next reads while it is still in cache. */
	for (size_t base = 0; base < ncases; base += FX_BLOCK) {
		size_t len =
		    ncases - base < FX_BLOCK ? ncases - base : FX_BLOCK;
		for (k = 0; k < n; k++) {
			const struct fx_section *s =
			    section_of(progs[k], true, 0);
			if (s)
				run_block(&vms[k], s, base, len);
		}
	}
	for (k = 0; k < n; k++) {
		const struct fx_section *s = section_of(progs[k], false, 1);
		if (s)
			run_section(&vms[k], s);
	}
	for (k = 0; k < n; k++) {
		if (rc == FP_OK && finish(&vms[k], fault, true) != FP_OK) {
			rc = FP_ERR;
			if (failed)
				*failed = k;
		}
		free(vms[k].mem);
	}
	free(vms);
	return rc;
}

int fx_eval_shares(const struct fx_prog *p, const struct fx_env *env,
                   double *shares, struct fx_fault *fault)
{
	if (!p->shares)
		return FX_NOT_SHARES;
	if (fx_eval(p->shares, env, shares, fault) == FP_OK)
		return FP_OK;
	/* The fast program's gathered factors may overflow alone; the
	 * formula read left to right may not.  Its fault, if it has one, is
	 * the one to report. */
	return fx_eval(p->shares_plain, env, shares, fault);
}

#define MAX_SCRATCH 32

struct fx_sweep {
	size_t n, cap, nscratch, nknown;
	const double *scratch[MAX_SCRATCH];
	const double *known[MAX_SCRATCH]; /* scratch of one number each */
	double known_v[MAX_SCRATCH];
	struct vm *vms;
	const struct fx_section **pass; /* each program's pass, or NULL */
};

struct fx_sweep *fx_sweep_new(size_t cap)
{
	struct fx_sweep *sw = calloc(1, sizeof *sw);

	if (!sw)
		return NULL;
	sw->cap = cap;
	sw->vms = calloc(cap ? cap : 1, sizeof *sw->vms);
	sw->pass = calloc(cap ? cap : 1, sizeof *sw->pass);
	if (!sw->vms || !sw->pass) {
		fx_sweep_free(sw);
		return NULL;
	}
	return sw;
}

int fx_sweep_scratch(struct fx_sweep *sw, const double *block)
{
	if (sw->nscratch == MAX_SCRATCH)
		return FP_ERR;
	sw->scratch[sw->nscratch++] = block;
	return FP_OK;
}

int fx_sweep_known(struct fx_sweep *sw, const double *block, double v)
{
	if (sw->nknown == MAX_SCRATCH || fx_sweep_scratch(sw, block) != FP_OK)
		return FP_ERR;
	sw->known[sw->nknown] = block;
	sw->known_v[sw->nknown++] = v;
	return FP_OK;
}

static bool is_scratch(const struct fx_sweep *sw, const double *a)
{
	for (size_t k = 0; k < sw->nscratch; k++)
		if (sw->scratch[k] == a)
			return true;
	return false;
}

static int mark_scratch(const struct fx_sweep *sw, struct vm *vm)
{
	const struct fx_prog *p = vm->p;

	if (!(vm->scr = calloc((size_t)p->ncol + 1, 1)))
		return FP_ERR;
	for (int c = 0; c < p->ncol; c++)
		vm->scr[c] = is_scratch(sw, vm->colb[c]);
	vm->scr[p->ncol] = p->result.kind != O_SREG && is_scratch(sw, vm->out);
	return FP_OK;
}

int fx_sweep_add(struct fx_sweep *sw, const struct fx_prog *prog,
                 const struct fx_env *env, double *out, struct fx_fault *fault)
{
	struct vm *vm = &sw->vms[sw->n];
	const struct fx_section *s;

	if (!one_pass(prog))
		return FX_NOT_ONE_PASS;
	if (sw->n == sw->cap) {
		set_fault(fault, prog, "out of memory");
		fault->oom = true;
		return FP_ERR;
	}
	if (start(vm, prog, env, out, fault) != FP_OK)
		return FP_ERR;
	if (sw->nscratch && mark_scratch(sw, vm) != FP_OK) {
		free(vm->mem);
		set_fault(fault, prog, "out of memory");
		fault->oom = true;
		return FP_ERR;
	}
	if ((s = section_of(prog, false, 0)))
		run_section(vm, s);
	sw->pass[sw->n] = section_of(prog, true, 0);
	/* Out of memory, the code as it is: the same results, slower. */
	if (sw->nknown && sw->pass[sw->n])
		vm->pcode =
		    fx_known_columns(prog, sw->pass[sw->n], vm->colb, sw->known,
		                     sw->known_v, sw->nknown, &vm->npcode);
	sw->n++;
	return FP_OK;
}

size_t fx_sweep_block_size(void)
{
	return FX_BLOCK;
}

void fx_sweep_block(struct fx_sweep *sw, size_t base, size_t len)
{
	for (size_t k = 0; k < sw->n; k++)
		if (sw->pass[k])
			run_block(&sw->vms[k], sw->pass[k], base, len);
}

int fx_sweep_finish(struct fx_sweep *sw, struct fx_fault *fault, size_t *failed)
{
	int rc = FP_OK;

	for (size_t k = 0; k < sw->n; k++) {
		const struct fx_section *s = section_of(sw->vms[k].p, false, 1);
		if (s)
			run_section(&sw->vms[k], s);
	}
	for (size_t k = 0; k < sw->n; k++) {
		if (rc == FP_OK && finish(&sw->vms[k], fault, false) != FP_OK) {
			rc = FP_ERR;
			*failed = k;
		}
		free(sw->vms[k].mem);
		free(sw->vms[k].scr);
		free(sw->vms[k].pcode);
		sw->vms[k].mem = NULL;
		sw->vms[k].scr = NULL;
		sw->vms[k].pcode = NULL;
	}
	sw->n = 0;
	return rc;
}

void fx_sweep_free(struct fx_sweep *sw)
{
	if (!sw)
		return;
	for (size_t k = 0; k < sw->n; k++) {
		free(sw->vms[k].mem);
		free(sw->vms[k].scr);
		free(sw->vms[k].pcode);
	}
	free(sw->vms);
	free(sw->pass);
	free(sw);
}
