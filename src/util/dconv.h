/* dconv.h: the shortest decimal digits of a double, by Google's
 * double-conversion library (Debian: libdouble-conversion-dev): Grisu3,
 * which proves its digits shortest and correctly rounded or gives up, with
 * an exact bignum algorithm for the ~0.5 % it gives up on.  A library
 * rather than our own Ryu, because proving a new implementation correct
 * takes more than round-trip tests; the C++ stays behind this one C
 * function (dconv.cc). */
#ifndef FP_DCONV_H
#define FP_DCONV_H

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the fewest significant digits d1 d2 ... dn (no leading or
 * trailing zero, n <= 17, NUL-terminated) such that 0.d1..dn * 10^*point
 * reads back to exactly |x|, the closest to |x| of those when several have
 * n digits.  x must be finite and nonzero.  Returns n. */
int dconv_shortest(double x, char digits[18], int *point);

#ifdef __cplusplus
}
#endif

#endif
