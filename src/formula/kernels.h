/* kernels.h: block kernels, one tight loop per operation and operand form.
 *
 * Every kernel processes exactly FX_BLOCK values: a constant trip count is
 * what lets gcc -O2 (whose default cost model will not vectorise a loop of
 * unknown length) and clang turn each into vector code.  The evaluator pads
 * the last, partial block.  Operands never alias the destination (the
 * register allocator sees to it), hence restrict. */
#ifndef FP_FORMULA_KERNELS_H
#define FP_FORMULA_KERNELS_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/ops.h"

#define FX_BLOCK 512

/* Two doubles as one value, with the vector extensions gcc and clang
 * share: for loops whose accumulators must stay in registers. */
typedef double fx_pair __attribute__((vector_size(16)));
/* Four: two pairs, or one AVX2 register where a loop is built for it. */
typedef double fx_quad __attribute__((vector_size(32)));

/* A loop also built for AVX2, picked at load time where the processor has
 * it (gcc): the same IEEE operations, one by one, so the same bits. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FX_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define FX_CLONES
#endif

/* Operand forms: V a block, S one number broadcast to the block. */
enum fx_form { F_NONE, F_V, F_VV, F_VS, F_SV, F_VVV };

typedef void (*fx_k_v)(double *restrict d, const double *restrict a);
typedef void (*fx_k_vv)(double *restrict d, const double *restrict a,
                        const double *restrict b);
typedef void (*fx_k_vs)(double *restrict d, const double *restrict a, double b);
typedef void (*fx_k_sv)(double *restrict d, double a, const double *restrict b);
typedef void (*fx_k_vvv)(double *restrict d, const double *restrict a,
                         const double *restrict b, const double *restrict c);

union fx_kernel {
	fx_k_v v;
	fx_k_vv vv;
	fx_k_vs vs;
	fx_k_sv sv;
	fx_k_vvv vvv;
};

/* The kernel for fn in form; .v is NULL if there is none (then the
 * compiler has a bug). */
union fx_kernel fx_kernel_for(enum fx_fn fn, enum fx_form form);

void fx_k_fill(double *restrict d, double s);
void fx_k_copy(double *restrict d, const double *restrict a);

/* True when all of a[0..FX_BLOCK) are finite. */
bool fx_k_block_finite(const double *a);

/* Asks the memory for the next block of a column of ncases values whose
 * block at base is being read: a block of a column is a page of its own
 * (FX_BLOCK doubles, 4 KiB), and the processor's own prefetcher stops at
 * a page's end, so a pass over columns larger than the caches would
 * otherwise wait for every column at every block, where one loop over the
 * whole columns streams on. */
static inline void fx_k_ask_next(const double *col, size_t base, size_t ncases)
{
#if defined __GNUC__
	if (base + 2 * FX_BLOCK <= ncases)
		for (size_t q = 0; q < FX_BLOCK; q += 64 / sizeof *col)
			__builtin_prefetch(col + FX_BLOCK + q);
#else
	(void)col, (void)base, (void)ncases;
#endif
}

#endif
