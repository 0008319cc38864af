/* known.c: a pass's code where some columns are one number over every
 * case (known.h). */
#include "formula/known.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The number column operand o holds, when known. */
static bool known(const struct fx_opnd o, const bool *is, const double *v,
                  double *out)
{
	if (o.kind != O_COL || !is[o.idx])
		return false;
	*out = v[o.idx];
	return true;
}

/* in rewritten where a known operand decides it: if(k, b, c) is b or c
 * (k a number other than NaN), 1 * x is x; else as it was. */
static struct fx_insn simplify(struct fx_insn in, const bool *is,
                               const double *v)
{
	double k;
	struct fx_insn copy = {.op = I_COPY, .dst = in.dst, .node = in.node};

	if (in.op != I_VOP)
		return in;
	if (in.fn == FN_IF && in.form == F_VVV && known(in.a, is, v, &k) &&
	    !isnan(k)) {
		copy.a = k != 0 ? in.b : in.c;
		return copy;
	}
	if (in.fn != FN_MUL)
		return in;
	if (in.form == F_VV && known(in.a, is, v, &k) && k == 1)
		copy.a = in.b;
	else if (in.form == F_VV && known(in.b, is, v, &k) && k == 1)
		copy.a = in.a;
	else if (in.form == F_VS && known(in.a, is, v, &k) && k == 1)
		return (struct fx_insn){
		    .op = I_BCAST, .dst = in.dst, .a = in.b, .node = in.node};
	else if (in.form == F_SV && known(in.b, is, v, &k) && k == 1)
		return (struct fx_insn){
		    .op = I_BCAST, .dst = in.dst, .a = in.a, .node = in.node};
	else
		return in;
	return copy;
}

static bool reads_vreg(const struct fx_insn *in, int r)
{
	const struct fx_opnd *o[3] = {&in->a, &in->b, &in->c};

	for (int k = 0; k < 3; k++)
		if (o[k]->kind == O_VREG && o[k]->idx == r)
			return true;
	return false;
}

/* alias[r]: what block register r holds, when it is a column (read in
 * place) or a scalar register broadcast (read as the scalar where an
 * operation has a form for it). */
static bool held(const struct fx_opnd o, const struct fx_opnd *alias,
                 enum fx_okind kind)
{
	return o.kind == O_VREG && alias[o.idx].kind == kind;
}

static void substitute(struct fx_insn *in, const struct fx_opnd *alias)
{
	struct fx_opnd *o[3] = {&in->a, &in->b, &in->c};
	union fx_kernel k;

	if (in->op != I_VOP && in->op != I_COPY && in->op != I_ACC)
		return;
	for (int j = 0; j < 3; j++)
		if (held(*o[j], alias, O_COL))
			*o[j] = alias[o[j]->idx];
	if (in->op == I_COPY && held(in->a, alias, O_SREG)) {
		in->op = I_BCAST;
		in->a = alias[in->a.idx];
		return;
	}
	if (in->op != I_VOP || in->form != F_VV)
		return;
	if (held(in->a, alias, O_SREG) && !held(in->b, alias, O_SREG) &&
	    (k = fx_kernel_for(in->fn, F_SV)).sv) {
		in->a = alias[in->a.idx];
		in->form = F_SV;
		in->k = k;
	} else if (held(in->b, alias, O_SREG) && !held(in->a, alias, O_SREG) &&
	           (k = fx_kernel_for(in->fn, F_VS)).vs) {
		in->b = alias[in->b.idx];
		in->form = F_VS;
		in->k = k;
	}
}

static bool same(struct fx_opnd x, struct fx_opnd y)
{
	return x.kind == y.kind && x.idx == y.idx;
}

/* out = v copied just after v was made: made into out instead, where
 * nothing else reads v. */
static void into_out(struct fx_insn *code, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		struct fx_opnd v = code[j].a;
		size_t i = j;
		bool read = false;

		if (code[j].op != I_COPY || code[j].dst.kind != O_OUT ||
		    v.kind != O_VREG)
			continue;
		while (i-- > 0 && !same(code[i].dst, v))
			read |= reads_vreg(&code[i], v.idx) ||
			        code[i].dst.kind == O_OUT ||
			        code[i].a.kind == O_OUT ||
			        code[i].b.kind == O_OUT ||
			        code[i].c.kind == O_OUT;
		for (size_t k = j + 1; k < n && !same(code[k].dst, v); k++)
			read |= reads_vreg(&code[k], v.idx);
		if (i >= j || read || code[i].op == I_ACC)
			continue;
		code[i].dst = code[j].dst;
		code[j].dst = v; /* now dead: dropped */
		code[j].op = I_COPY;
		code[j].a = v;
	}
}

/* Drops what writes a block register nothing reads afterwards; returns
 * how many are left. */
static size_t drop_dead(struct fx_insn *code, size_t n, int nvreg)
{
	bool *live = calloc((size_t)nvreg + 1, sizeof *live);
	bool *keep = calloc(n + 1, sizeof *keep);
	size_t kept = 0;

	if (!live || !keep) {
		free(live);
		free(keep);
		return n;
	}
	for (size_t i = n; i-- > 0;) {
		const struct fx_insn *in = &code[i];
		bool vreg = in->dst.kind == O_VREG;

		if ((vreg && !live[in->dst.idx]) ||
		    (in->op == I_COPY && same(in->dst, in->a)))
			continue;
		keep[i] = true;
		if (vreg)
			live[in->dst.idx] = false;
		for (int r = 0; r < nvreg; r++)
			if (reads_vreg(in, r))
				live[r] = true;
	}
	for (size_t i = 0; i < n; i++)
		if (keep[i])
			code[kept++] = code[i];
	free(live);
	free(keep);
	return kept;
}

struct fx_insn *fx_known_pass(const struct fx_prog *p,
                              const struct fx_section *s, const bool *is,
                              const double *v, size_t *n)
{
	size_t len = (size_t)(s->end - s->begin);
	struct fx_insn *code = malloc((len ? len : 1) * sizeof *code);
	struct fx_opnd *alias =
	    calloc((size_t)p->nvreg + 1, sizeof *alias); /* O_NONE: 0 */

	if (!code || !alias) {
		free(code);
		free(alias);
		return NULL;
	}
	size_t out = 0;

	for (size_t i = 0; i < len; i++) {
		struct fx_insn in = p->code[s->begin + (int)i];

		substitute(&in, alias);
		in = simplify(in, is, v);
		substitute(&in, alias);
		if (in.dst.kind == O_VREG)
			alias[in.dst.idx] = (struct fx_opnd){O_NONE, 0};
		/* A register that holds a column is that column, read in
		 * place, and one that holds a scalar everywhere that scalar:
		 * neither changes within a pass. */
		if (in.dst.kind == O_VREG &&
		    ((in.op == I_COPY && in.a.kind == O_COL) ||
		     (in.op == I_BCAST && in.a.kind == O_SREG)))
			alias[in.dst.idx] = in.a;
		/* A register copied onto itself keeps what it holds. */
		if (in.op == I_COPY && in.dst.kind == in.a.kind &&
		    in.dst.idx == in.a.idx)
			continue;
		code[out++] = in;
	}
	free(alias);
	into_out(code, out);
	*n = drop_dead(code, out, p->nvreg);
	return code;
}

struct fx_insn *fx_known_columns(const struct fx_prog *p,
                                 const struct fx_section *s,
                                 const double *const *colb,
                                 const double *const *known, const double *v,
                                 size_t nknown, size_t *n)
{
	bool *is = calloc((size_t)p->ncol + 1, sizeof *is), any = false;
	double *at = calloc((size_t)p->ncol + 1, sizeof *at);
	struct fx_insn *code = NULL;

	for (int c = 0; is && at && c < p->ncol; c++)
		for (size_t k = 0; k < nknown; k++)
			if (colb[c] == known[k]) {
				is[c] = any = true;
				at[c] = v[k];
			}
	if (any)
		code = fx_known_pass(p, s, is, at, n);
	free(is);
	free(at);
	return code;
}
