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
#include "formula/prog.h"

struct vm {
	const struct fx_prog *p;
	const struct fx_env *env;
	double *sr;            /* scalar registers */
	double *vr;            /* block registers, FX_BLOCK each */
	double *tail;          /* padded last block: one per column, then out */
	const double **colp;   /* this block's start of each column */
	double *outp;          /* this block's output */
	struct fx_acc *acc;
	double *vals;          /* per-case values of median/percentile */
	void *mem;
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
			set_fault(f, p, "environment does not match the program");
			return FP_ERR;
		}
	}
	for (int i = 0; i < p->ncol; i++) {
		int s = p->cols[i];
		if (s >= env->n || env->slots[s].shape != FX_PERCASE) {
			set_fault(f, p, "environment does not match the program");
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

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* One allocation for all the evaluation's scratch, 64-byte aligned parts. */
static int vm_init(struct vm *vm, const struct fx_prog *p,
                   const struct fx_env *env)
{
	size_t n = env->ncases, nvals = 0, off = 0, size;
	size_t o_sr, o_vr, o_tail, o_colp, o_acc, o_vals;
	char *mem;

	for (int i = 0; i < p->nacc; i++)
		if (fx_agg_needs_values(p->accfn[i]))
			nvals += n;
	o_vr = off, off += round_up((size_t)p->nvreg * FX_BLOCK * 8, 64);
	o_tail = off, off += round_up((size_t)(p->ncol + 1) * FX_BLOCK * 8, 64);
	o_sr = off, off += round_up((size_t)p->nsreg * 8 + 8, 64);
	o_colp = off, off += round_up((size_t)p->ncol * sizeof(double *) + 8, 64);
	o_acc = off, off += round_up((size_t)p->nacc * sizeof(struct fx_acc) + 8, 64);
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
	vm->acc = (struct fx_acc *)(void *)(mem + o_acc);
	vm->vals = (double *)(void *)(mem + o_vals);

	for (int i = 0; i < p->nsreg; i++) {
		const struct fx_sreg *s = &p->sregs[i];
		vm->sr[i] = s->kind == SR_CONST ? s->value
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
	return o.kind == O_COL ? vm->colp[o.idx] : vm->vr + (size_t)o.idx * FX_BLOCK;
}

static double *dst_block(const struct vm *vm, struct fx_opnd o)
{
	return o.kind == O_OUT ? vm->outp : vm->vr + (size_t)o.idx * FX_BLOCK;
}

static void run_block_insn(struct vm *vm, const struct fx_insn *in,
                           size_t base, size_t n)
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
		fx_acc_block(&vm->acc[in->dst.idx], in->fn, src_block(vm, in->a),
		             base, n);
		break;
	default:
		break;
	}
}

/* Asks for the next block of every column (and of the output) while this
 * one is computed.  Each kernel streams one or two columns at a time; on
 * data far larger than the caches, this keeps all of the pass's streams in
 * flight at once, as a fused loop would. */
static void prefetch_next(const struct vm *vm, const struct fx_section *s,
                          const double *out, size_t next)
{
	const struct fx_prog *p = vm->p;
	const size_t line = 64 / sizeof(double);

	for (int c = 0; c < p->ncol; c++) {
		const double *col = vm->env->slots[p->cols[c]].values + next;
		for (size_t i = 0; i < FX_BLOCK; i += line)
			__builtin_prefetch(col + i, 0, 3);
	}
	if (s->writes_out)
		for (size_t i = 0; i < FX_BLOCK; i += line)
			__builtin_prefetch(out + next + i, 1, 3);
}

/* Runs a pass; returns the first block start with a non-finite output, or
 * SIZE_MAX. */
static size_t run_pass(struct vm *vm, const struct fx_section *s, double *out)
{
	const struct fx_prog *p = vm->p;
	size_t ncases = vm->env->ncases, bad = SIZE_MAX;

	for (size_t base = 0; base < ncases; base += FX_BLOCK) {
		size_t n = ncases - base < FX_BLOCK ? ncases - base : FX_BLOCK;
		bool full = n == FX_BLOCK;

		for (int c = 0; c < p->ncol; c++) {
			const double *col = vm->env->slots[p->cols[c]].values + base;
			double *t = vm->tail + (size_t)c * FX_BLOCK;
			if (full) {
				vm->colp[c] = col;
				continue;
			}
			memcpy(t, col, n * sizeof *t);
			memset(t + n, 0, (FX_BLOCK - n) * sizeof *t);
			vm->colp[c] = t;
		}
		if (base + 3 * FX_BLOCK <= ncases)
			prefetch_next(vm, s, out, base + 2 * FX_BLOCK);
		vm->outp = full ? out + base : vm->tail + (size_t)p->ncol * FX_BLOCK;
		for (int i = s->begin; i < s->end; i++)
			run_block_insn(vm, &p->code[i], base, n);
		if (!s->writes_out)
			continue;
		if (full) {
			if (bad == SIZE_MAX && !fx_k_block_finite(vm->outp))
				bad = base;
			continue;
		}
		memcpy(out + base, vm->outp, n * sizeof *out);
		for (size_t i = 0; i < n && bad == SIZE_MAX; i++)
			if (!isfinite(out[base + i]))
				bad = base;
	}
	return bad;
}

int fx_eval(const struct fx_prog *p, const struct fx_env *env, double *out,
            struct fx_fault *fault)
{
	struct vm vm = {.p = p, .env = env};
	size_t bad = SIZE_MAX;
	struct fx_fault dummy;

	if (!fault)
		fault = &dummy;
	if (check_env(p, env, fault) < 0)
		return FP_ERR;
	if (vm_init(&vm, p, env) < 0) {
		set_fault(fault, p, "out of memory");
		return FP_ERR;
	}
	for (int s = 0; s < p->nsec; s++) {
		const struct fx_section *sec = &p->sec[s];
		if (!sec->pass) {
			for (int i = sec->begin; i < sec->end; i++)
				run_scalar(&vm, &p->code[i]);
			continue;
		}
		size_t b = run_pass(&vm, sec, out);
		if (b < bad)
			bad = b;
	}
	if (p->result.kind == O_SREG) {
		out[0] = vm.sr[p->result.idx];
		if (!isfinite(out[0])) {
			free(vm.mem);
			fx_diagnose(p, env, false, 0, fault);
			return FP_ERR;
		}
	}
	free(vm.mem);
	if (bad != SIZE_MAX) {
		while (isfinite(out[bad]))
			bad++;
		fx_diagnose(p, env, true, bad, fault);
		return FP_ERR;
	}
	return FP_OK;
}

int fx_eval_shares(const struct fx_prog *p, const struct fx_env *env,
                   double *shares, struct fx_fault *fault)
{
	if (!p->shares)
		return FX_NOT_SHARES;
	return fx_eval(p->shares, env, shares, fault);
}
