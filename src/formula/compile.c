/* compile.c: fx_compile, from text to a program of block instructions.
 *
 * After parsing, checking and rewriting, each node is placed by its level
 * (how many rounds of aggregates must finish before its value is known):
 * a scalar node of level L goes into scalar section L, a per-case node is
 * computed in the pass that needs it.  Scalar section 0 is thus exactly the
 * hoisted work that depends only on constants and parameters.  Block
 * registers are allocated while emitting and freed after their one use (the
 * tree has no shared nodes); a result never reuses an operand's register. */
#include <stdlib.h>
#include <string.h>

#include "formula/agg.h"
#include "formula/env.h"
#include "formula/grow.h"
#include "formula/prog.h"

struct codebuf {
	struct fx_insn *v;
	int n, cap;
};

struct compiler {
	struct fx_prog *p;
	const struct fx_ast *a;
	const struct fx_env *env;
	int nlevels;
	struct codebuf *seg, *pass; /* nlevels each */
	int *node_sreg;             /* scalar node -> register, or -1 */
	int *slot_sreg, *slot_col;  /* slot -> register / column, or -1 */
	bool *vbusy;                /* block registers in use */
	int vcap;
	bool oom;
};

static void emit(struct compiler *c, struct codebuf *b, struct fx_insn in)
{
	b->v = fx_grow(b->v, &b->cap, b->n + 1, sizeof *b->v, &c->oom);
	if (b->n < b->cap)
		b->v[b->n++] = in;
}

static int new_sreg(struct compiler *c, enum fx_sregkind kind, int slot,
                    double value)
{
	struct fx_prog *p = c->p;
	/* Registers grow one by one; a formula has few of them. */
	struct fx_sreg *s =
	    realloc(p->sregs, (size_t)(p->nsreg + 1) * sizeof *s);

	if (!s) {
		c->oom = true;
		return 0;
	}
	p->sregs = s;
	s[p->nsreg] = (struct fx_sreg){kind, slot, value};
	return p->nsreg++;
}

static int const_sreg(struct compiler *c, double v)
{
	for (int i = 0; i < c->p->nsreg; i++)
		if (c->p->sregs[i].kind == SR_CONST &&
		    memcmp(&c->p->sregs[i].value, &v, sizeof v) == 0)
			return i;
	return new_sreg(c, SR_CONST, -1, v);
}

static int alloc_vreg(struct compiler *c)
{
	int r = 0;

	while (r < c->vcap && c->vbusy[r])
		r++;
	if (r == c->vcap) {
		int old = c->vcap;
		/* This growth's own failure: c->oom may hold an earlier one,
		 * after which the new room must still be cleared. */
		bool oom = false;

		c->vbusy =
		    fx_grow(c->vbusy, &c->vcap, r + 1, sizeof *c->vbusy, &oom);
		if (oom) {
			c->oom = true;
			return 0;
		}
		memset(c->vbusy + old, 0, (size_t)(c->vcap - old));
	}
	c->vbusy[r] = true;
	if (r + 1 > c->p->nvreg)
		c->p->nvreg = r + 1;
	return r;
}

static void release(struct compiler *c, struct fx_opnd o)
{
	/* Out of memory, alloc_vreg handed out a register it has no room
	 * for. */
	if (o.kind == O_VREG && o.idx < c->vcap)
		c->vbusy[o.idx] = false;
}

static int column(struct compiler *c, int slot)
{
	struct fx_prog *p = c->p;

	if (c->slot_col[slot] < 0) {
		int *cols =
		    realloc(p->cols, (size_t)(p->ncol + 1) * sizeof *cols);
		if (!cols) {
			c->oom = true;
			return 0;
		}
		p->cols = cols;
		cols[p->ncol] = slot;
		c->slot_col[slot] = p->ncol++;
	}
	return c->slot_col[slot];
}

static struct fx_opnd sreg_opnd(int r)
{
	return (struct fx_opnd){O_SREG, r};
}
static struct fx_opnd vreg_opnd(int r)
{
	return (struct fx_opnd){O_VREG, r};
}

static int compile_scalar(struct compiler *c, int n);
static struct fx_opnd compile_vec(struct compiler *c, int n, int pass,
                                  struct fx_opnd dst);

/* A block operand for an instruction that has no scalar form. */
static struct fx_opnd as_block(struct compiler *c, struct fx_opnd o, int pass,
                               int node)
{
	struct fx_opnd v;

	if (o.kind != O_SREG)
		return o;
	v = vreg_opnd(alloc_vreg(c));
	emit(c, &c->pass[pass],
	     (struct fx_insn){.op = I_BCAST, .dst = v, .a = o, .node = node});
	return v;
}

static int compile_agg(struct compiler *c, int n)
{
	const struct fx_node *node = &c->a->nodes[n];
	int level = node->level, x = node->kid, p = c->a->nodes[x].next;
	int acc = c->p->nacc, dst;
	struct fx_opnd v, pr = {O_NONE, 0};
	enum fx_fn *accfn;

	accfn = realloc(c->p->accfn, (size_t)(acc + 1) * sizeof *accfn);
	if (!accfn) {
		c->oom = true;
		return 0;
	}
	c->p->accfn = accfn;
	accfn[c->p->nacc++] = node->fn;
	v = compile_vec(c, x, level - 1, (struct fx_opnd){O_NONE, 0});
	v = as_block(c, v, level - 1, x);
	emit(c, &c->pass[level - 1],
	     (struct fx_insn){.op = I_ACC,
	                      .fn = node->fn,
	                      .dst = {O_ACC, acc},
	                      .a = v,
	                      .node = n});
	release(c, v);
	if (p >= 0)
		pr = sreg_opnd(compile_scalar(c, p));
	dst = new_sreg(c, SR_TEMP, -1, 0);
	emit(c, &c->seg[level],
	     (struct fx_insn){.op = I_FINAL,
	                      .fn = node->fn,
	                      .dst = sreg_opnd(dst),
	                      .a = {O_ACC, acc},
	                      .b = pr,
	                      .node = n});
	return dst;
}

static int compile_scalar(struct compiler *c, int n)
{
	const struct fx_node *node = &c->a->nodes[n];
	struct fx_opnd args[3] = {{O_NONE, 0}, {O_NONE, 0}, {O_NONE, 0}};
	int k = 0, dst;

	if (c->node_sreg[n] >= 0)
		return c->node_sreg[n];
	switch (node->kind) {
	case NK_NUM:
		dst = const_sreg(c, node->num);
		break;
	case NK_NAME:
		if (c->slot_sreg[node->slot] < 0)
			c->slot_sreg[node->slot] =
			    new_sreg(c, SR_PARAM, node->slot, 0);
		dst = c->slot_sreg[node->slot];
		break;
	default:
		if (fn_is_agg(node->fn)) {
			dst = compile_agg(c, n);
			break;
		}
		for (int a = node->kid; a >= 0 && k < 3;
		     a = c->a->nodes[a].next)
			args[k++] = sreg_opnd(compile_scalar(c, a));
		dst = new_sreg(c, SR_TEMP, -1, 0);
		emit(c, &c->seg[node->level],
		     (struct fx_insn){.op = I_SOP,
		                      .fn = node->fn,
		                      .dst = sreg_opnd(dst),
		                      .a = args[0],
		                      .b = args[1],
		                      .c = args[2],
		                      .node = n});
		break;
	}
	c->node_sreg[n] = dst;
	return dst;
}

/* Emits the per-case value of node n into pass `pass`.  The result goes to
 * dst if dst.kind is O_OUT, else to a new block register (or, for a name
 * or a scalar, to no instruction at all: the operand refers to it). */
static struct fx_opnd compile_vec(struct compiler *c, int n, int pass,
                                  struct fx_opnd dst)
{
	const struct fx_node *node = &c->a->nodes[n];
	struct fx_opnd args[3] = {{O_NONE, 0}, {O_NONE, 0}, {O_NONE, 0}};
	struct fx_insn in = {.op = I_VOP, .fn = node->fn, .node = n};
	int k = 0;

	if (node->shape == FX_SCALAR)
		return sreg_opnd(compile_scalar(c, n));
	if (node->kind == NK_NAME)
		return (struct fx_opnd){O_COL, column(c, node->slot)};
	for (int a = node->kid; a >= 0 && k < 3; a = c->a->nodes[a].next)
		args[k++] =
		    compile_vec(c, a, pass, (struct fx_opnd){O_NONE, 0});
	if (fx_ops[node->fn].arity == 3) {
		for (k = 0; k < 3; k++)
			args[k] = as_block(c, args[k], pass, n);
		in.form = F_VVV;
	} else if (fn_is_unary(node->fn)) {
		in.form = F_V;
	} else if (args[0].kind == O_SREG) {
		in.form = F_SV;
	} else {
		in.form = args[1].kind == O_SREG ? F_VS : F_VV;
	}
	in.dst = dst.kind == O_OUT ? dst : vreg_opnd(alloc_vreg(c));
	in.a = args[0];
	in.b = args[1];
	in.c = args[2];
	in.k = fx_kernel_for(node->fn, in.form);
	emit(c, &c->pass[pass], in);
	for (k = 0; k < 3; k++)
		release(c, args[k]);
	return in.dst;
}

/* The per-case root: its last instruction writes the output directly. */
static void compile_root_vec(struct compiler *c, int root, int pass)
{
	struct fx_opnd out = {O_OUT, 0};
	struct fx_opnd v = compile_vec(c, root, pass, out);

	if (v.kind == O_OUT)
		return;
	emit(c, &c->pass[pass],
	     (struct fx_insn){.op = v.kind == O_SREG ? I_BCAST : I_COPY,
	                      .dst = out,
	                      .a = v,
	                      .node = root});
	release(c, v);
}

static void add_section(struct compiler *c, struct codebuf *b, bool pass,
                        int level, int *cap_sec, int *cap_code)
{
	struct fx_prog *p = c->p;

	if (b->n == 0)
		return;
	p->sec = fx_grow(p->sec, cap_sec, p->nsec + 1, sizeof *p->sec, &c->oom);
	p->code = fx_grow(p->code, cap_code, p->ncode + b->n, sizeof *p->code,
	                  &c->oom);
	if (c->oom)
		return;
	memcpy(p->code + p->ncode, b->v, (size_t)b->n * sizeof *b->v);
	p->sec[p->nsec] = (struct fx_section){
	    .pass = pass,
	    .level = level,
	    .begin = p->ncode,
	    .end = p->ncode + b->n,
	    .writes_out = false,
	};
	for (int i = 0; i < b->n; i++)
		if (b->v[i].dst.kind == O_OUT)
			p->sec[p->nsec].writes_out = true;
	p->ncode += b->n;
	p->nsec++;
}

static int generate(struct compiler *c)
{
	const struct fx_node *root = &c->a->nodes[c->a->root];
	int nslots = fx_env_count(c->env), cap_sec = 0, cap_code = 0;
	struct fx_prog *p = c->p;

	c->nlevels = root->level + 1;
	c->seg = calloc((size_t)c->nlevels, sizeof *c->seg);
	c->pass = calloc((size_t)c->nlevels, sizeof *c->pass);
	c->node_sreg = malloc((size_t)c->a->n * sizeof *c->node_sreg);
	c->slot_sreg = malloc((size_t)(nslots + 1) * sizeof *c->slot_sreg);
	c->slot_col = malloc((size_t)(nslots + 1) * sizeof *c->slot_col);
	p->reads = calloc((size_t)nslots + 1, sizeof *p->reads);
	if (!c->seg || !c->pass || !c->node_sreg || !c->slot_sreg ||
	    !c->slot_col || !p->reads)
		return FP_ERR;
	memset(c->node_sreg, -1, (size_t)c->a->n * sizeof *c->node_sreg);
	memset(c->slot_sreg, -1, (size_t)(nslots + 1) * sizeof *c->slot_sreg);
	memset(c->slot_col, -1, (size_t)(nslots + 1) * sizeof *c->slot_col);
	p->nslots = nslots;

	if (root->shape == FX_SCALAR && p->shape == FX_SCALAR)
		p->result = sreg_opnd(compile_scalar(c, c->a->root));
	else
		compile_root_vec(c, c->a->root, root->level);
	for (int l = 0; l < c->nlevels; l++) {
		add_section(c, &c->seg[l], false, l, &cap_sec, &cap_code);
		add_section(c, &c->pass[l], true, l, &cap_sec, &cap_code);
	}
	for (int i = 0; i < p->nsreg; i++)
		if (p->sregs[i].kind == SR_PARAM)
			p->reads[p->sregs[i].slot] = true;
	for (int i = 0; i < p->ncol; i++)
		p->reads[p->cols[i]] = true;
	return c->oom ? FP_ERR : FP_OK;
}

static void compiler_free(struct compiler *c)
{
	for (int l = 0; c->seg && l < c->nlevels; l++)
		free(c->seg[l].v);
	for (int l = 0; c->pass && l < c->nlevels; l++)
		free(c->pass[l].v);
	free(c->seg);
	free(c->pass);
	free(c->node_sreg);
	free(c->slot_sreg);
	free(c->slot_col);
	free(c->vbusy);
}

static char *dup_or_null(const char *s, bool *oom)
{
	char *d;

	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		*oom = true;
	return d;
}

/* Keeps a copy of the source: faults are reported long after compiling. */
static int keep_source(struct fx_prog *p, const struct fx_src *src)
{
	bool oom = false;

	p->file = dup_or_null(src->file, &oom);
	p->prefix = dup_or_null(src->prefix, &oom);
	p->text = dup_or_null(src->text, &oom);
	p->src = *src;
	p->src.file = p->file;
	p->src.prefix = p->prefix;
	p->src.text = p->text;
	p->ast.text = p->text;
	return oom ? FP_ERR : FP_OK;
}

/* Emits the code of p->ast (parsed, checked and rewritten). */
static int build(struct fx_prog *p, const struct fx_env *env,
                 const struct fx_src *src)
{
	struct compiler c = {.p = p, .a = &p->ast, .env = env};
	int rc = generate(&c);

	compiler_free(&c);
	if (rc == FP_OK)
		rc = keep_source(p, src);
	return rc;
}

/* The program of each case's share, if the formula has shares: gathering
 * its one-number factors, as the formula's own program does, and left to
 * right for when that overflows (vm.c, fx_eval_shares). */
static int build_shares(struct fx_prog *p, const struct fx_env *env,
                        const struct fx_src *src, struct diag *d)
{
	struct fx_prog *q, *plain;

	if (p->shape != FX_SCALAR)
		return FP_OK;
	q = calloc(1, sizeof *q);
	plain = calloc(1, sizeof *plain);
	if (!q || !plain || fx_ast_copy(&q->ast, &p->ast) < 0) {
		free(q);
		free(plain);
		return FP_ERR;
	}
	q->shape = plain->shape = FX_PERCASE;
	if (!fx_make_shares(&q->ast)) {
		fx_prog_free(q);
		free(plain);
		return FP_OK;
	}
	if (fx_ast_copy(&plain->ast, &q->ast) < 0 ||
	    fx_rewrite(&q->ast, src, true, d) < 0 || build(q, env, src) < 0 ||
	    fx_rewrite(&plain->ast, src, false, d) < 0 ||
	    build(plain, env, src) < 0) {
		fx_prog_free(plain);
		fx_prog_free(q);
		return FP_ERR;
	}
	p->shares = q;
	p->shares_plain = plain;
	return FP_OK;
}

int fx_compile(struct fx_env *env, const struct fx_src *src,
               struct fx_prog **out, struct diag *d)
{
	struct fx_prog *p = calloc(1, sizeof *p);

	*out = NULL;
	if (!p)
		return diag_oom(d);
	if (fx_parse(src, &p->ast, d) < 0 || fx_check(&p->ast, env, src, d) < 0)
		goto fail;
	p->shape = p->ast.nodes[p->ast.root].shape;
	if (fx_rewrite(&p->ast, src, true, d) < 0)
		goto fail;
	if (build(p, env, src) < 0 || build_shares(p, env, src, d) < 0) {
		diag_oom(d);
		goto fail;
	}
	*out = p;
	return FP_OK;
fail:
	fx_prog_free(p);
	return FP_ERR;
}

void fx_prog_free(struct fx_prog *p)
{
	if (!p)
		return;
	fx_prog_free(p->shares_plain);
	free(p->code);
	free(p->sec);
	free(p->sregs);
	free(p->cols);
	free(p->accfn);
	free(p->reads);
	fx_ast_free(&p->ast);
	free(p->file);
	free(p->prefix);
	free(p->text);
	fx_prog_free(p->shares);
	free(p);
}

enum fx_shape fx_prog_shape(const struct fx_prog *p)
{
	return p->shape;
}

bool fx_prog_has_shares(const struct fx_prog *p)
{
	return p->shares != NULL;
}

bool fx_prog_reads(const struct fx_prog *p, int slot)
{
	return slot >= 0 && slot < p->nslots && p->reads[slot];
}

int fx_prog_require(const struct fx_prog *p, const struct fx_src *src,
                    enum fx_shape want, const char *what, struct diag *d)
{
	if (p->shape == want)
		return FP_OK;
	if (want == FX_SCALAR)
		return fx_error_at(
		    src, 0, d, "%s must be one number; did you mean sum(...)?",
		    what);
	return fx_error_at(src, 0, d, "%s must be per case", what);
}

bool fx_prog_reads_columns(const struct fx_prog *p)
{
	return p->ncol > 0;
}
