#include "util/numfmt.h"

#include <math.h>
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

char *numfmt_exact(char buf[NUMFMT_MAX], double x)
{
	if (isnan(x))
		return strcpy(buf, "nan");
	if (isinf(x))
		return strcpy(buf, x > 0 ? "inf" : "-inf");
	if (x == 0)
		return strcpy(buf, "0");
	/* If p digits read back exactly, so do p + 1: binary search for the
	 * fewest (17 always do), five formatting rounds instead of up to 17. */
	int lo = 1, hi = 17;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (format_g(buf, mid, x) < NUMFMT_MAX && strtod(buf, NULL) == x)
			hi = mid;
		else
			lo = mid + 1;
	}
	format_g(buf, lo, x);
	/* %g writes an exponent at least its digit count ("3e+01") only for a
	 * whole number, which reads better, and as exactly, in full. */
	if (strstr(buf, "e+") && fabs(x) < 1e15 &&
	    snprintf(buf, NUMFMT_MAX, "%.0f", x) >= NUMFMT_MAX)
		format_g(buf, 17, x); /* not reached: below 10^15 fits */
	return buf;
}

char *numfmt_human(char buf[NUMFMT_MAX], double x, int digits)
{
	format_g(buf, digits > 17 ? 17 : digits, x == 0 ? 0.0 : x);
	return buf;
}

char *numfmt_fixed(char buf[NUMFMT_MAX], double x, int decimals)
{
	snprintf(buf, NUMFMT_MAX, "%.*f", decimals, x);
	/* "-0.00" would claim a sign the value does not have at this precision. */
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
	return buf;
}

bool numfmt_parse(const char *s, size_t len, double *out)
{
	char tmp[128];
	char *end;
	size_t a = 0, b = len;

	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	if (a == b || b - a >= sizeof tmp)
		return false;
	/* strtod also takes hex floats, "nan" and "infinity"; a run file with
	 * those is more likely a mistake than a wish, so only plain decimals. */
	for (size_t i = a; i < b; i++)
		if (!strchr("0123456789+-.eE", s[i]))
			return false;
	memcpy(tmp, s + a, b - a);
	tmp[b - a] = '\0';
	*out = strtod(tmp, &end);
	return *end == '\0' && end != tmp;
}
