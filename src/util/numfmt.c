#include "util/numfmt.h"
#include "util/dconv.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "%.*g" of x into buf.  The length is used, not ignored, so that gcc's
 * -Wformat-truncation (which cannot bound prec) stays quiet; 17 digits
 * with sign, point and exponent need 24 bytes. */
static int format_g(char buf[NUMFMT_MAX], int prec, double x)
{
	return snprintf(buf, NUMFMT_MAX, "%.*g", prec, x);
}

/* Writes the unsigned whole number w at o; returns the end. */
static char *put_whole(char *o, uint64_t w)
{
	char tmp[20];
	int n = 0;

	do
		tmp[n++] = (char)('0' + w % 10);
	while ((w /= 10) != 0);
	while (n > 0)
		*o++ = tmp[--n];
	return o;
}

/* Writes the decimal 0.dig * 10^point (n digits, the first and last not
 * zero) as "%.{n}g" writes it: an exponent ("e-05", "e+20") when the
 * first digit's exponent is below -4 or at least n, else plain.  Returns
 * the end. */
static char *put_g(char *o, const char *dig, int n, int point)
{
	int x = point - 1, ax = x < 0 ? -x : x;

	if (x < -4 || x >= n) {
		*o++ = dig[0];
		if (n > 1) {
			*o++ = '.';
			memcpy(o, dig + 1, (size_t)n - 1);
			o += n - 1;
		}
		*o++ = 'e';
		*o++ = x < 0 ? '-' : '+';
		if (ax >= 100)
			*o++ = (char)('0' + ax / 100);
		*o++ = (char)('0' + ax / 10 % 10);
		*o++ = (char)('0' + ax % 10);
	} else if (point <= 0) {
		*o++ = '0';
		*o++ = '.';
		memset(o, '0', (size_t)-point);
		o += -point;
		memcpy(o, dig, (size_t)n);
		o += n;
	} else {
		memcpy(o, dig, (size_t)point);
		o += point;
		if (point < n) {
			*o++ = '.';
			memcpy(o, dig + point, (size_t)(n - point));
			o += n - point;
		}
	}
	return o;
}

/* The shortest text of x that reads back to it, whole numbers of at most
 * `whole` in full, the sign of -0 kept if `signed_zero`.  Returns the
 * length.  Whole numbers up to 2^53 are their own shortest decimal (a
 * shorter one differs by at least 1, more than half their spacing), so
 * they skip the digit search. */
static size_t shortest(char buf[NUMFMT_MAX], double x, double whole,
                       bool signed_zero)
{
	char dig[18], *o = buf;
	double a = fabs(x);
	int n, point;

	if (isnan(x))
		return (size_t)(stpcpy(buf, "nan") - buf);
	if (isinf(x))
		return (size_t)(stpcpy(buf, x > 0 ? "inf" : "-inf") - buf);
	if (signbit(x) && (x != 0 || signed_zero))
		*o++ = '-';
	if (a <= whole && a == trunc(a)) {
		o = put_whole(o, (uint64_t)a);
	} else {
		n = dconv_shortest(a, dig, &point);
		o = put_g(o, dig, n, point);
	}
	*o = '\0';
	return (size_t)(o - buf);
}

/* Below 10^15 every whole double prints in plain digits. */
char *numfmt_exact(char buf[NUMFMT_MAX], double x)
{
	shortest(buf, x, 999999999999999.0, false);
	return buf;
}

char *numfmt_shortest(char buf[NUMFMT_MAX], double x)
{
	shortest(buf, x, 9007199254740992.0, true);
	return buf;
}

size_t numfmt_real(char buf[NUMFMT_MAX], double x)
{
	size_t n = shortest(buf, x, 9007199254740992.0, true);

	if (!strpbrk(buf, ".en"))
		n = (size_t)(stpcpy(buf + n, ".0") - buf);
	return n;
}

char *numfmt_human(char buf[NUMFMT_MAX], double x, int digits)
{
	format_g(buf, digits > 17 ? 17 : digits, x == 0 ? 0.0 : x);
	return buf;
}

char *numfmt_fixed(char buf[NUMFMT_MAX], double x, int decimals)
{
	/* Too long for the buffer (2.5e301 has 302 digits): an exponent,
	 * never digits cut off. */
	if (snprintf(buf, NUMFMT_MAX, "%.*f", decimals, x) >= NUMFMT_MAX)
		snprintf(buf, NUMFMT_MAX, "%.*e", decimals, x);
	/* "-0.00" would claim a sign the value does not have at this precision. */
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
	return buf;
}

/* The powers of ten a double holds exactly. */
static const double exact_pow10[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* Reads the digits at s[*at..len) on into *w, counting the significant
 * ones (not leading zeros) in *sig, and returns how many there were.  Past
 * 19 significant digits *w wraps, which the caller refuses (*sig > 19):
 * one test after the loop rather than one a digit. */
static size_t digits(const char *s, size_t len, size_t *at, uint64_t *w,
                     int *sig)
{
	size_t i = *at, from = *at;
	uint64_t v = *w;
	int n = *sig;

	for (; i < len; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0';
		if (d > 9)
			break;
		n += (v | d) != 0; /* no branch: a digit is seldom 0 */
		v = v * 10 + d;
	}
	*at = i;
	*w = v;
	*sig = n;
	return i - from;
}

/* The common forms of numbers, without strtod: s[0..len) (no blanks) as
 * [sign] digits [. digits] [e [sign] digits], with at most 19 significant
 * digits whose value w is at most 2^53, and a decimal exponent q (the
 * exponent minus the decimals) with |q| <= 22.  Then w and 10^|q| are
 * exact doubles and w * 10^q (or w / 10^-q) is one IEEE operation, so
 * correctly rounded: the double strtod gives (Clinger 1990, the "fast
 * path" of every correct strtod).  False for anything else, *out
 * untouched: strtod decides.  With FLT_EVAL_METHOD != 0 (x87) the
 * operation could round twice, so strtod always decides there. */
static bool parse_fast(const char *s, size_t len, double *out)
{
	size_t i = 0, from;
	uint64_t w = 0;
	int sig = 0, scale = 0, e = 0;
	bool neg = false, eneg = false, any = false;
	double x;

	if (FLT_EVAL_METHOD != 0)
		return false;
	if (s[0] == '+' || s[0] == '-')
		neg = s[i++] == '-';
	any = digits(s, len, &i, &w, &sig) > 0;
	if (i < len && s[i] == '.') {
		i++;
		scale = (int)digits(s, len, &i, &w, &sig);
		any |= scale > 0;
	}
	if (!any || sig > 19)
		return false;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		if (++i < len && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		for (from = i; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			if (e < 1000)
				e = e * 10 + (s[i] - '0');
		if (i == from)
			return false;
	}
	e = (eneg ? -e : e) - scale;
	if (i != len ||
	    (w != 0 && (w > (uint64_t)1 << 53 || e < -22 || e > 22)))
		return false;
	x = (double)w; /* 0 whatever the exponent, as strtod says */
	if (w != 0)
		x = e < 0 ? x / exact_pow10[-e] : x * exact_pow10[e];
	*out = neg ? -x : x;
	return true;
}

/* A byte a plain decimal may hold: digits, signs, the point, e or E
 * (strchr on a string would read its whole length for every letter of a
 * pass word). */
static bool number_byte(char c)
{
	return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' ||
	       c == 'e' || c == 'E';
}

/* numfmt_parse where parse_fast cannot: s[0..len), len < NUMFMT_SLOW,
 * by strtod.  Apart, so that the fast path keeps no buffer (nor the
 * stack guard one brings). */
#define NUMFMT_SLOW 128
static __attribute__((noinline)) bool parse_slow(const char *s, size_t len,
                                                 double *out)
{
	char tmp[NUMFMT_SLOW];
	char *end;

	/* strtod also takes hex floats, "nan" and "infinity"; a run file with
	 * those is more likely a mistake than a wish, so only plain decimals. */
	for (size_t i = 0; i < len; i++)
		if (!number_byte(s[i]))
			return false;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	*out = strtod(tmp, &end);
	return *end == '\0' && end != tmp;
}

bool numfmt_parse(const char *s, size_t len, double *out)
{
	size_t a = 0, b = len;

	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	if (a == b || b - a >= NUMFMT_SLOW)
		return false;
	return parse_fast(s + a, b - a, out) || parse_slow(s + a, b - a, out);
}
