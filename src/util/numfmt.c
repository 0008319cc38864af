#include "util/numfmt.h"

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

char *numfmt_shortest(char buf[NUMFMT_MAX], double x)
{
	int prec = 15;

	if (isnan(x))
		return strcpy(buf, "nan");
	if (isinf(x))
		return strcpy(buf, x > 0 ? "inf" : "-inf");
	if (x == trunc(x) && fabs(x) <= 9007199254740992.0) {
		snprintf(buf, NUMFMT_MAX, "%.0f", x); /* exact; -0 as "-0" */
		return buf;
	}
	/* A subnormal has fewer digits than DBL_DIG: look from 1 up. */
	if (fabs(x) < DBL_MIN)
		prec = 1;
	for (; prec < 17; prec++) {
		int len = format_g(buf, prec, x);
		double y;
		/* numfmt_parse: strtod's double, faster for short texts. */
		if (len < NUMFMT_MAX && numfmt_parse(buf, (size_t)len, &y) &&
		    y == x)
			return buf;
	}
	format_g(buf, 17, x);
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

/* The powers of ten a double holds exactly. */
static const double exact_pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* Reads digits from s[*i..len) into w (significant ones, at most 19,
 * counted in *sig) and *scale (decimals after the point, when frac);
 * *any is set if there was a digit.  False when there are too many. */
static bool digits(const char *s, size_t len, size_t *i, uint64_t *w,
                   int *sig, int *scale, bool frac, bool *any)
{
	for (; *i < len && s[*i] >= '0' && s[*i] <= '9'; (*i)++) {
		*any = true;
		*scale += frac;
		if (*w == 0 && s[*i] == '0')
			continue; /* a leading zero */
		if (++*sig > 19)
			return false;
		*w = *w * 10 + (uint64_t)(s[*i] - '0');
	}
	return true;
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
	if (!digits(s, len, &i, &w, &sig, &scale, false, &any))
		return false;
	if (i < len && s[i] == '.') {
		i++;
		if (!digits(s, len, &i, &w, &sig, &scale, true, &any))
			return false;
	}
	if (!any)
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
	if (i != len || (w != 0 && (w > (uint64_t)1 << 53 || e < -22 ||
	                            e > 22)))
		return false;
	x = (double)w; /* 0 whatever the exponent, as strtod says */
	if (w != 0)
		x = e < 0 ? x / exact_pow10[-e] : x * exact_pow10[e];
	*out = neg ? -x : x;
	return true;
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
	if (parse_fast(s + a, b - a, out))
		return true;
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
