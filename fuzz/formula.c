/* formula.c: fuzzes the formula compiler and evaluator.
 *
 * The input is one formula.  It is compiled against a fixed environment
 * (three per-case columns and two parameters over four cases), then
 * evaluated over those four cases and over none, split into shares,
 * asked whether it is affine in a parameter and disassembled: every path
 * a metric's formula takes at run time. */
#include "fuzz.h"

#include <stdlib.h>

#include "formula/formula.h"

#define NCASES 4

static const double runtime[NCASES] = {1.5, 2, 0.25, 1e3};
static const double passed[NCASES] = {1, 0, 1, 1};
static const double weight[NCASES] = {1, 2, 0.5, 0};

struct fixture {
	struct fx_env *env;
	int p;                 /* slot of parameter p */
};

/* The environment is built once: compiling never changes it. */
static struct fixture *fixture(void)
{
	static struct fixture f;
	int slot;

	if (f.env)
		return &f;
	if (!(f.env = fx_env_new()))
		abort();
	slot = fx_env_declare(f.env, "runtime", FX_PERCASE);
	fx_env_bind(f.env, slot, runtime);
	slot = fx_env_declare(f.env, "passed", FX_PERCASE);
	fx_env_bind(f.env, slot, passed);
	slot = fx_env_declare(f.env, "weight", FX_PERCASE);
	fx_env_bind(f.env, slot, weight);
	f.p = fx_env_declare(f.env, "p", FX_SCALAR);
	fx_env_set_scalar(f.env, f.p, 2);
	slot = fx_env_declare(f.env, "N", FX_SCALAR);
	fx_env_set_scalar(f.env, slot, NCASES);
	if (f.p < 0 || slot < 0)
		abort();
	return &f;
}

/* Evaluates prog over n cases (n <= NCASES), as values and as shares. */
static void evaluate(const struct fx_prog *prog, struct fx_env *env,
                     size_t n)
{
	double out[NCASES], shares[NCASES];
	struct fx_fault fault;

	fx_env_set_ncases(env, n);
	fx_eval(prog, env, out, &fault);
	fx_eval_shares(prog, env, shares, &fault);
}

FUZZ_TARGET(formula)
{
	struct fixture *f = fixture();
	struct fx_src src = {"fuzz.yaml", 3, 8, "score: ", NULL};
	struct fx_prog *prog = NULL;
	struct diag d;
	size_t len;
	char *text = fuzz_text(data, size, &len);

	if (!text)
		return 0;
	src.text = text;
	if (fx_compile(f->env, &src, &prog, &d) != FP_OK) {
		fuzz_print(&d);
	} else {
		evaluate(prog, f->env, NCASES);
		evaluate(prog, f->env, 0);
		fx_prog_affine(prog, f->p);
		if (fuzz_sink())
			fx_disasm(prog, f->env, fuzz_sink());
		if (fx_prog_require(prog, &src, FX_SCALAR, "total", &d))
			fuzz_print(&d);
	}
	fx_prog_free(prog);
	free(text);
	return 0;
}
