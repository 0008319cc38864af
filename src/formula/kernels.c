/* kernels.c: the block kernels, generated from the definitions in ops.h. */
#include "formula/kernels.h"

#include <string.h>

#define EACH for (size_t i = 0; i < FX_BLOCK; i++)

#define BINARY(name)                                                         \
	static void k_##name##_vv(double *restrict d, const double *restrict a, \
	                          const double *restrict b)                     \
	{                                                                       \
		EACH d[i] = fx_##name(a[i], b[i]);                              \
	}                                                                       \
	static void k_##name##_vs(double *restrict d, const double *restrict a, \
	                          double b)                                     \
	{                                                                       \
		EACH d[i] = fx_##name(a[i], b);                                 \
	}                                                                       \
	static void k_##name##_sv(double *restrict d, double a,                 \
	                          const double *restrict b)                     \
	{                                                                       \
		EACH d[i] = fx_##name(a, b[i]);                                 \
	}

#define UNARY(name)                                                          \
	static void k_##name##_v(double *restrict d, const double *restrict a)  \
	{                                                                       \
		EACH d[i] = fx_##name(a[i]);                                    \
	}

BINARY(add) BINARY(sub) BINARY(mul) BINARY(div) BINARY(pow)
BINARY(lt) BINARY(le) BINARY(gt) BINARY(ge) BINARY(eq) BINARY(ne)
BINARY(and) BINARY(or) BINARY(min) BINARY(max)

UNARY(neg) UNARY(not) UNARY(abs) UNARY(sqrt) UNARY(exp) UNARY(log)
UNARY(log2) UNARY(log10) UNARY(floor) UNARY(ceil) UNARY(round)

static void k_if_vvv(double *restrict d, const double *restrict c,
                     const double *restrict a, const double *restrict b)
{
	EACH d[i] = fx_if(c[i], a[i], b[i]);
}

#define BIN_ENTRY(FN, name) \
	[FN] = {k_##name##_vv, k_##name##_vs, k_##name##_sv}

static const struct {
	fx_k_vv vv;
	fx_k_vs vs;
	fx_k_sv sv;
} binary[FN_NFN] = {
	BIN_ENTRY(FN_ADD, add), BIN_ENTRY(FN_SUB, sub), BIN_ENTRY(FN_MUL, mul),
	BIN_ENTRY(FN_DIV, div), BIN_ENTRY(FN_POW, pow), BIN_ENTRY(FN_LT, lt),
	BIN_ENTRY(FN_LE, le),   BIN_ENTRY(FN_GT, gt),   BIN_ENTRY(FN_GE, ge),
	BIN_ENTRY(FN_EQ, eq),   BIN_ENTRY(FN_NE, ne),   BIN_ENTRY(FN_AND, and),
	BIN_ENTRY(FN_OR, or),   BIN_ENTRY(FN_MIN, min), BIN_ENTRY(FN_MAX, max),
};

static const fx_k_v unary[FN_NFN] = {
	[FN_NEG] = k_neg_v,     [FN_NOT] = k_not_v,     [FN_ABS] = k_abs_v,
	[FN_SQRT] = k_sqrt_v,   [FN_EXP] = k_exp_v,     [FN_LOG] = k_log_v,
	[FN_LOG2] = k_log2_v,   [FN_LOG10] = k_log10_v, [FN_FLOOR] = k_floor_v,
	[FN_CEIL] = k_ceil_v,   [FN_ROUND] = k_round_v,
};

union fx_kernel fx_kernel_for(enum fx_fn fn, enum fx_form form)
{
	union fx_kernel k = {.v = NULL};

	if (fn >= FN_NFN)
		return k;
	switch (form) {
	case F_V: k.v = unary[fn]; break;
	case F_VV: k.vv = binary[fn].vv; break;
	case F_VS: k.vs = binary[fn].vs; break;
	case F_SV: k.sv = binary[fn].sv; break;
	case F_VVV:
		if (fn == FN_IF)
			k.vvv = k_if_vvv;
		break;
	default: break;
	}
	return k;
}

void fx_k_fill(double *restrict d, double s)
{
	EACH d[i] = s;
}

void fx_k_copy(double *restrict d, const double *restrict a)
{
	memcpy(d, a, FX_BLOCK * sizeof *d);
}

bool fx_k_block_finite(const double *a)
{
	/* x - x is 0 for a finite x and NaN otherwise, and a NaN sticks in a
	 * sum.  Four pairs of lanes in registers: no chain through memory. */
	fx_pair z0 = {0, 0}, z1 = z0, z2 = z0, z3 = z0, z;

	for (size_t i = 0; i < FX_BLOCK; i += 8) {
		fx_pair v0, v1, v2, v3;
		memcpy(&v0, a + i, sizeof v0);
		memcpy(&v1, a + i + 2, sizeof v1);
		memcpy(&v2, a + i + 4, sizeof v2);
		memcpy(&v3, a + i + 6, sizeof v3);
		z0 += v0 - v0;
		z1 += v1 - v1;
		z2 += v2 - v2;
		z3 += v3 - v3;
	}
	z = (z0 + z1) + (z2 + z3);
	return z[0] == 0 && z[1] == 0;
}
