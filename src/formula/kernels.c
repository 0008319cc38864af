/* kernels.c: the block kernels of every operation in optable.h, generated
 * from the definitions in ops.h. */
#include "formula/kernels.h"

#include <string.h>

#define EACH for (size_t i = 0; i < FX_BLOCK; i++)

/* Each kernel also built for AVX2, picked at load time where the processor
 * has it: twice the doubles per instruction, and the same bits (the same
 * IEEE operations, one by one; no fused multiply-add). */
#define KERNEL FX_CLONES static

#define BINARY(name) \
	KERNEL void k_##name##_vv(double *restrict d, \
	                          const double *restrict a, \
	                          const double *restrict b) \
	{ \
		EACH d[i] = fx_##name(a[i], b[i]); \
	} \
	KERNEL void k_##name##_vs(double *restrict d, \
	                          const double *restrict a, double b) \
	{ \
		EACH d[i] = fx_##name(a[i], b); \
	} \
	KERNEL void k_##name##_sv(double *restrict d, double a, \
	                          const double *restrict b) \
	{ \
		EACH d[i] = fx_##name(a, b[i]); \
	}

#define UNARY(name) \
	KERNEL void k_##name##_v(double *restrict d, const double *restrict a) \
	{ \
		EACH d[i] = fx_##name(a[i]); \
	}

#define TERNARY(name) \
	KERNEL void k_##name##_vvv( \
	    double *restrict d, const double *restrict a, \
	    const double *restrict b, const double *restrict c) \
	{ \
		EACH d[i] = fx_##name(a[i], b[i], c[i]); \
	}

#define KERNELS_BIN(name) BINARY(name)
#define KERNELS_UN(name) UNARY(name)
#define KERNELS_TERN(name) TERNARY(name)
#define KERNELS_AGG(name)

#define X(ID, name, shape, ...) KERNELS_##shape(name)
FX_OPS(X)
#undef X

/* Every kernel of an operation, NULL where it has none. */
struct kernel_set {
	fx_k_v v;
	fx_k_vv vv;
	fx_k_vs vs;
	fx_k_sv sv;
	fx_k_vvv vvv;
};

#define ENTRY_BIN(name) \
	{ \
		.vv = k_##name##_vv, .vs = k_##name##_vs, .sv = k_##name##_sv \
	}
#define ENTRY_UN(name) \
	{ \
		.v = k_##name##_v \
	}
#define ENTRY_TERN(name) \
	{ \
		.vvv = k_##name##_vvv \
	}
#define ENTRY_AGG(name) \
	{ \
		.v = NULL \
	}

static const struct kernel_set kernels[FN_NFN] = {
#define X(ID, name, shape, ...) [FN_##ID] = ENTRY_##shape(name),
    FX_OPS(X)
#undef X
};

union fx_kernel fx_kernel_for(enum fx_fn fn, enum fx_form form)
{
	union fx_kernel k = {.v = NULL};

	if (fn >= FN_NFN)
		return k;
	switch (form) {
	case F_V:
		k.v = kernels[fn].v;
		break;
	case F_VV:
		k.vv = kernels[fn].vv;
		break;
	case F_VS:
		k.vs = kernels[fn].vs;
		break;
	case F_SV:
		k.sv = kernels[fn].sv;
		break;
	case F_VVV:
		k.vvv = kernels[fn].vvv;
		break;
	default:
		break;
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

FX_CLONES bool fx_k_block_finite(const double *a)
{
	/* x - x is 0 for a finite x and NaN otherwise, and a NaN sticks in a
	 * sum.  Four quads of lanes in registers: no chain through memory,
	 * and four independent adds in flight. */
	fx_quad z0 = {0, 0, 0, 0}, z1 = z0, z2 = z0, z3 = z0, z;

	for (size_t i = 0; i < FX_BLOCK; i += 16) {
		fx_quad v0, v1, v2, v3;
		memcpy(&v0, a + i, sizeof v0);
		memcpy(&v1, a + i + 4, sizeof v1);
		memcpy(&v2, a + i + 8, sizeof v2);
		memcpy(&v3, a + i + 12, sizeof v3);
		z0 += v0 - v0;
		z1 += v1 - v1;
		z2 += v2 - v2;
		z3 += v3 - v3;
	}
	z = (z0 + z1) + (z2 + z3);
	return z[0] == 0 && z[1] == 0 && z[2] == 0 && z[3] == 0;
}
