/* known.h: a pass's code specialised for columns that hold one number over
 * every case (a sweep's: fx_sweep_known), with the same results to the
 * bit.  Where the number decides an operation, the operation goes:
 * if(k, a, b) is a or b for a k other than NaN, 1 * x is x (in IEEE
 * arithmetic, exactly); a register that then only copies a column is
 * read as the column, and what writes a register nothing reads is
 * dropped.  The bootstrap's metric reads if(has_runtime, ...) and
 * weight * ... for every case of every resample, where has_runtime and
 * weight are 1. */
#ifndef FP_FORMULA_KNOWN_H
#define FP_FORMULA_KNOWN_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/prog.h"

/* Pass s of p with column c (an index into p->cols) known to be v[c]
 * wherever is[c]: a new array of *n instructions (caller frees), or NULL
 * when out of memory. */
struct fx_insn *fx_known_pass(const struct fx_prog *p,
                              const struct fx_section *s, const bool *is,
                              const double *v, size_t *n);

/* The same for a program whose column c is bound to colb[c]: known where
 * it is one of known[0..nknown), to the number v[k] beside it.  NULL when
 * none is, or out of memory. */
struct fx_insn *fx_known_columns(const struct fx_prog *p,
                                 const struct fx_section *s,
                                 const double *const *colb,
                                 const double *const *known, const double *v,
                                 size_t nknown, size_t *n);

#endif
