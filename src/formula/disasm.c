/* disasm.c: a compiled program in readable form, one instruction a line.
 *
 * Constants print as their exact shortest decimal, parameters and columns
 * by name, scalar registers as s0.., block registers as v0.., aggregate
 * accumulators as acc0.., and the per-case output as "out". */
#include <stdio.h>

#include "formula/funcs.h"
#include "formula/prog.h"
#include "util/numfmt.h"

static void operand(FILE *out, const struct fx_prog *p,
                    const struct fx_env *env, struct fx_opnd o)
{
	char buf[NUMFMT_MAX];
	const struct fx_sreg *s;
	const char *name;

	switch (o.kind) {
	case O_SREG:
		s = &p->sregs[o.idx];
		if (s->kind == SR_CONST) {
			fputs(numfmt_exact(buf, s->value), out);
			return;
		}
		if (s->kind == SR_PARAM && (name = fx_env_name(env, s->slot))) {
			fputs(name, out);
			return;
		}
		fprintf(out, "s%d", o.idx);
		return;
	case O_COL:
		name = fx_env_name(env, p->cols[o.idx]);
		fputs(name ? name : "?", out);
		return;
	case O_VREG:
		fprintf(out, "v%d", o.idx);
		return;
	case O_OUT:
		fputs("out", out);
		return;
	case O_ACC:
		fprintf(out, "acc%d", o.idx);
		return;
	case O_NONE:
		return;
	}
}

static void operands(FILE *out, const struct fx_prog *p,
                     const struct fx_env *env, const struct fx_insn *in)
{
	const struct fx_opnd *ops[3] = {&in->a, &in->b, &in->c};

	for (int k = 0; k < 3 && ops[k]->kind != O_NONE; k++) {
		fputs(k ? ", " : " ", out);
		operand(out, p, env, *ops[k]);
	}
}

static void insn(FILE *out, const struct fx_prog *p, const struct fx_env *env,
                 const struct fx_insn *in)
{
	fputs("  ", out);
	if (in->op == I_ACC) {
		operand(out, p, env, in->dst);
		fprintf(out, " <- %s", fx_fn_name(in->fn));
		operands(out, p, env, in);
		fputc('\n', out);
		return;
	}
	operand(out, p, env, in->dst);
	fputs(" = ", out);
	switch (in->op) {
	case I_BCAST:
		fputs("broadcast", out);
		break;
	case I_COPY:
		fputs("copy", out);
		break;
	default:
		fputs(fx_fn_name(in->fn), out);
		break;
	}
	operands(out, p, env, in);
	fputc('\n', out);
}

void fx_disasm(const struct fx_prog *p, const struct fx_env *env, FILE *out)
{
	fprintf(out, "shape: %s\n",
	        p->shape == FX_PERCASE ? "per case" : "one number");
	for (int s = 0; s < p->nsec; s++) {
		const struct fx_section *sec = &p->sec[s];
		if (sec->pass)
			fprintf(out, "pass %d (per block of %d cases):\n",
			        sec->level + 1, FX_BLOCK);
		else if (sec->level == 0)
			fputs("hoisted (once per evaluation):\n", out);
		else
			fprintf(out, "after pass %d (once per evaluation):\n",
			        sec->level);
		for (int i = sec->begin; i < sec->end; i++)
			insn(out, p, env, &p->code[i]);
	}
	fputs("result: ", out);
	if (p->result.kind == O_SREG)
		operand(out, p, env, p->result);
	else
		fputs("out", out);
	fputc('\n', out);
}
