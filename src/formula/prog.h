/* prog.h: a compiled formula, for the compiler, evaluator and disassembler.
 *
 * A program is a list of sections run in order.  A scalar section runs its
 * instructions once per evaluation, on scalar registers (s0, s1, ...).  A
 * pass runs its instructions once per block of FX_BLOCK cases, on block
 * registers (v0, v1, ...: FX_BLOCK doubles each, small enough to stay in
 * L1), reading bound columns in place and feeding aggregates.  Section 0 is
 * the hoisted scalar work: everything that depends only on constants and
 * parameters.  Each aggregate is finished in the scalar section after the
 * pass that fed it; a formula with an aggregate inside a per-case value
 * (x / sum(x)) needs two passes.
 *
 * Scalar registers are preloaded at each evaluation: constants from the
 * program, parameters from the environment (so a parameter changed between
 * evaluations is picked up without recompiling). */
#ifndef FP_FORMULA_PROG_H
#define FP_FORMULA_PROG_H

#include <stdbool.h>

#include "formula/ast.h"
#include "formula/kernels.h"

enum fx_iop {
	I_SOP,   /* dst = fn(a, b, c), all scalar registers */
	I_FINAL, /* dst = the aggregate fn of accumulator a (b: percentile p) */
	I_VOP,   /* dst block = fn(a, b, c) by form */
	I_BCAST, /* dst block = scalar a in every case */
	I_COPY,  /* dst block = block a */
	I_ACC,   /* accumulator dst takes block a */
};

enum fx_okind { O_NONE, O_SREG, O_VREG, O_COL, O_OUT, O_ACC };

struct fx_opnd {
	enum fx_okind kind;
	int idx; /* register, column (index into prog->cols) or accumulator */
};

struct fx_insn {
	enum fx_iop op;
	enum fx_fn fn;
	enum fx_form form;
	struct fx_opnd dst, a, b, c;
	int node;          /* the syntax node it computes */
	union fx_kernel k; /* I_VOP */
};

struct fx_section {
	bool pass;
	int level;      /* aggregates finished before it runs */
	int begin, end; /* instructions [begin, end) */
	bool writes_out;
};

enum fx_sregkind { SR_CONST, SR_PARAM, SR_TEMP };

struct fx_sreg {
	enum fx_sregkind kind;
	int slot;     /* SR_PARAM */
	double value; /* SR_CONST */
};

struct fx_prog {
	enum fx_shape shape; /* as checked, before folding */
	struct fx_insn *code;
	int ncode;
	struct fx_section *sec;
	int nsec;
	struct fx_sreg *sregs;
	int nsreg;
	int nvreg;
	int *cols; /* slots of the columns the passes read */
	int ncol;
	enum fx_fn *accfn; /* aggregate of each accumulator */
	int nacc;
	struct fx_opnd result; /* scalar programs: the register holding it */
	bool *reads;           /* per slot, up to nslots */
	int nslots;

	/* Each case's share of a one-number formula (shares.c), or NULL when
	 * the formula is not a linear combination of sums. */
	struct fx_prog *shares;
	/* The same, computed left to right as the formula reads, for when
	 * gathering shares' one-number factors overflows where the formula
	 * does not (weight * value / W * 100 with a tiny W hoists 100 / W). */
	struct fx_prog *shares_plain;

	/* The rewritten tree and the source, for fault diagnosis. */
	struct fx_ast ast;
	struct fx_src src; /* strings below */
	char *file, *prefix, *text;
};

/* Finds why the result of an evaluation is not finite (diagnose.c).
 * percase: the program is per-case and first_bad is the first case whose
 * result is bad; otherwise the scalar result is bad. */
void fx_diagnose(const struct fx_prog *p, const struct fx_env *env,
                 bool percase, size_t first_bad, struct fx_fault *fault);

#endif
