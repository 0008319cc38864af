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

/* The three below write the shortest decimal that strtod reads back to
 * exactly x, the closest to x when several are as short (util/dconv),
 * laid out as "%.{n}g" lays out n digits: an exponent ("1e-05", "1.5e+20")
 * below 10^-4 or where the digits stop before the point, else plain
 * ("0.3", not "0.29999999999999999"); never more digits than "%.17g".
 * "nan", "inf", "-inf" for the non-finite.  About 0.1 us a number, a
 * third of what printf takes for "%.17g" alone. */

/* Whole numbers below 10^15 in plain digits ("30", not "3e+01"); -0 as
 * "0".  Returns buf. */
char *numfmt_exact(char buf[NUMFMT_MAX], double x);

/* Whole numbers up to 2^53 in plain digits ("1000000000000000", not
 * "1e+15"); -0 as "-0".  Returns buf. */
char *numfmt_shortest(char buf[NUMFMT_MAX], double x);

/* numfmt_shortest with ".0" added when the text has neither a point nor
 * an exponent ("30.0", "-0.0"): a JSON real, which a JSON reader keeps
 * apart from an integer (and "-0" would read as the integer 0).  Returns
 * the length. */
size_t numfmt_real(char buf[NUMFMT_MAX], double x);

/* Writes x rounded to `digits` significant digits for people ("%.*g"),
 * with -0 printed as "0".  Returns buf. */
char *numfmt_human(char buf[NUMFMT_MAX], double x, int digits);

/* Writes x with a fixed number of decimals ("%.*f"), -0 as "0.00..";
 * "%.*e" when that does not fit in NUMFMT_MAX. */
char *numfmt_fixed(char buf[NUMFMT_MAX], double x, int decimals);

/* Parses all of s[0..len) as a finite or infinite decimal number (leading
 * and trailing blanks allowed, nothing else).  Returns false if any other
 * text is present or the string is empty. */
bool numfmt_parse(const char *s, size_t len, double *out);

#endif
