/* numfmt.h: numbers in and out, independent of the locale.
 *
 * fixprice never calls setlocale(), so the C library stays in the "C"
 * locale and strtod/printf use '.' whatever LANG says.  These helpers add
 * what printf lacks: the shortest text that reads back to the same double,
 * so records are both exact and readable, and a strict full-string parse. */
#ifndef FP_NUMFMT_H
#define FP_NUMFMT_H

#include <stdbool.h>
#include <stddef.h>

#define NUMFMT_MAX 32

/* Writes the shortest decimal (at most 17 significant digits) that strtod
 * reads back to exactly x, without an exponent for whole numbers below
 * 10^15 ("30", not "3e+01"); "nan", "inf", "-inf" for the non-finite.
 * -0 prints as "0".  Returns buf. */
char *numfmt_exact(char buf[NUMFMT_MAX], double x);

/* Writes the shortest decimal that strtod reads back to exactly x (the
 * sign of -0 included: "-0"), as "%.15g", "%.16g" or "%.17g" writes it,
 * the first that reads back: "0.3", not "0.29999999999999999".  Why that
 * is the shortest: every decimal of at most DBL_DIG = 15 digits survives
 * a trip through a double, so if one of them reads back to x it is x
 * rounded to 15 digits, which is what %.15g writes (without its trailing
 * zeros).  Two exceptions: a subnormal holds fewer digits, so 1 to 16
 * are tried for it ("5e-324"); and for some powers of two, whose doubles
 * are closer below than above, the 16-digit decimal nearest to x may not
 * read back while another one would, and 17 digits are written.
 * Whole numbers up to 2^53 are written in full ("1000000000000000", not
 * "1e+15").  "nan", "inf", "-inf" for the non-finite.  Returns buf. */
char *numfmt_shortest(char buf[NUMFMT_MAX], double x);

/* Writes x rounded to `digits` significant digits for people ("%.*g"),
 * with -0 printed as "0".  Returns buf. */
char *numfmt_human(char buf[NUMFMT_MAX], double x, int digits);

/* Writes x with a fixed number of decimals ("%.*f"), -0 as "0.00..". */
char *numfmt_fixed(char buf[NUMFMT_MAX], double x, int decimals);

/* Parses all of s[0..len) as a finite or infinite decimal number (leading
 * and trailing blanks allowed, nothing else).  Returns false if any other
 * text is present or the string is empty. */
bool numfmt_parse(const char *s, size_t len, double *out);

#endif
