/* test_formula_util.h: the formula evaluation tests' data and checks
 * (test_formula_util.c).
 *
 * The data, five cases:
 *     a = 3, -2, 0.5,  0, 10
 *     b = 2,  4, 0.25, -1, 10
 * Parameters p = 2, q = 0.5.  Formulas stand on line 4 of m.yaml after
 * "x: " (text[0] is column 4). */
#ifndef TEST_FORMULA_UTIL_H
#define TEST_FORMULA_UTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "formula/formula.h"

#define NC 5

extern const double A[NC], B[NC];
extern double C[NC]; /* C[1] becomes NaN or inf */

/* libm at run time: the compiler may fold log10(1600) more exactly than
 * the C library computes it, and the formulas call the C library. */
extern double (*volatile libm_log)(double);
extern double (*volatile libm_log10)(double);
extern double (*volatile libm_pow)(double, double);

extern struct fx_env *env;
extern int slot_a, slot_b, slot_c, slot_p, slot_q;

/* cmocka group set-up and tear-down: the environment above. */
int setup(void **state);
int teardown(void **state);

/* Compiles text in env, failing the test on an error. */
struct fx_prog *compile(const char *text);
/* Equal, or both NaN. */
bool same(double x, double y);
/* Evaluates a per-case formula and compares with expected[0..NC). */
void check_cases(const char *text, const double *expected);
#define CHECK(text, ...) check_cases(text, (const double[NC]){__VA_ARGS__})
/* The value of a one-number formula. */
double scalar(const char *text);
/* Evaluating text faults at case case_index (if has_case), column col,
 * with the text what. */
void expect_fault(const char *text, bool has_case, size_t case_index, int col,
                  const char *what);

#endif
