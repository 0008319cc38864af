/* test_numfmt.c: numfmt_parse gives strtod's double for every text
 * (its fast path included), numfmt_shortest reads back and is short,
 * numfmt_exact writes what the printf search it replaced wrote. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/numfmt.h"

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static uint64_t next(void) /* splitmix64 */
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
	return (unsigned)(next() % n);
}

/* numfmt_parse as it was before its fast path: plain decimals only, all
 * of the text, through strtod. */
static bool reference_parse(const char *s, double *out)
{
	char *end;
	size_t len = strlen(s), a = 0, b = len;

	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	if (a == b || b - a >= 128 || strspn(s + a, "0123456789+-.eE") < b - a)
		return false;
	char tmp[128];
	memcpy(tmp, s + a, b - a);
	tmp[b - a] = '\0';
	*out = strtod(tmp, &end);
	return *end == '\0' && end != tmp;
}

/* Same answer, same double to the bit (-0 is not 0). */
static void agrees(const char *s)
{
	double got = 1234.5, want = 1234.5;
	bool ok = numfmt_parse(s, strlen(s), &got);
	bool ref = reference_parse(s, &want);

	if (ok != ref || (ok && memcmp(&got, &want, sizeof got) != 0)) {
		print_error("'%s': numfmt_parse %d %.17g, strtod %d %.17g\n", s,
		            ok, got, ref, want);
		fail();
	}
}

static void test_parse_known(void **state)
{
	static const char *const texts[] = {
		"0", "-0", "+0", "0.0", "-0.0", "0e5", "-0e-999", "00012",
		"1.", ".5", "-.5", "1.e3", "1e+3", "1E-3", "0.1", "0.2", "0.3",
		"12.345", "1e22", "1e23", "1e-22", "1e-23", "9007199254740992",
		"9007199254740993", "9007199254740991e22",
		"9007199254740992e-22",
		"9007199254740993e-22", "1234567890123456789",
		"12345678901234567890", "0.000000000000000000000001",
		"123456789012345678e-5", "4.9e-324", "2.2250738585072014e-308",
		"2.2250738585072011e-308", "1.7976931348623157e308", "1e309",
		"1e-400", "179769313486231580793728971405301e276",
		"0.1000000000000000055511151231257827", "3.0000000000000004",
		"5e-324", "2.4703282292062328e-324", "7.0e-10",
		"1e0000000000000001",
		/* Not numbers: refused by both. */
		"", " ", ".", "-", "+", "e5", ".e5", "1e", "1e+", "1.2.3",
		"--1",
		"+-1", "1e5.5", "1,5", "nan", "inf", "0x10", "1.5abc", "1 2",
		" 7 ", "\t-3.25\t",
	};

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		agrees(texts[i]);
}

/* A random text in the number grammar (sometimes one character off):
 * sign, up to 22 integer and 22 fraction digits, leading zeros, an
 * exponent, each in and around the fast path's limits. */
static void random_text(char *s)
{
	static const char chars[] = "0123456789+-.eE";
	size_t n = 0, k;

	if (below(4) == 0)
		s[n++] = below(2) ? '-' : '+';
	for (k = below(4) == 0 ? below(4) : 0; k > 0; k--)
		s[n++] = '0';
	for (k = below(23); k > 0; k--)
		s[n++] = (char)('0' + below(10));
	if (below(3)) {
		s[n++] = '.';
		for (k = below(23); k > 0; k--)
			s[n++] = (char)('0' + below(10));
	}
	if (below(3) == 0)
		n += (size_t)sprintf(s + n, "%c%s%u", below(2) ? 'e' : 'E',
		                     below(2) ? "-" : below(2) ? "+" : "",
		                     below(8) ? below(30) : below(400));
	if (below(50) == 0 && n > 0)
		s[below((unsigned)n)] = chars[below(sizeof chars - 1)];
	s[n] = '\0';
}

static void test_parse_random(void **state)
{
	char s[128];

	for (long i = 0; i < 2000000; i++) {
		random_text(s);
		agrees(s);
	}
}

/* The text of a random double and its neighbours, %.17g and shorter, so
 * that the digits sit right at the edges where rounding decides. */
static void test_parse_near_doubles(void **state)
{
	char s[64];

	for (long i = 0; i < 300000; i++) {
		uint64_t bits = next();
		double x;
		memcpy(&x, &bits, sizeof x);
		if (!isfinite(x))
			continue;
		/* Mostly in the range where the fast path applies. */
		if (below(2))
			x = ldexp(frexp(x, &(int){0}), (int)below(100) - 50);
		for (int p = 15; p <= 17; p++) {
			snprintf(s, sizeof s, "%.*g", p, x);
			agrees(s);
			snprintf(s, sizeof s, "%.*f", (int)below(20), x);
			agrees(s);
		}
	}
}

static void bits_equal(double got, double want)
{
	if (memcmp(&got, &want, sizeof got) != 0) {
		print_error("%a read back as %a\n", want, got);
		fail();
	}
}

static void test_shortest_known(void **state)
{
	static const struct {
		double x;
		const char *want;
	} cases[] = {
		{0.3, "0.3"}, {0.1 + 0.2, "0.30000000000000004"},
		{1.0 / 3, "0.3333333333333333"}, {-22.25, "-22.25"},
		{1e-5, "1e-05"}, {5e-324, "5e-324"}, {-5e-324, "-5e-324"},
		{1e-320, "1e-320"}, {DBL_MIN, "2.2250738585072014e-308"},
		{DBL_MAX, "1.7976931348623157e+308"}, {-0.0, "-0"}, {0, "0"},
		{20, "20"}, {-20, "-20"}, {1e15, "1000000000000000"},
		{9007199254740992.0, "9007199254740992"},
		{-9007199254740991.0, "-9007199254740991"},
		{9007199254740994.0, "9007199254740994"}, {1e16, "1e+16"},
		{1e300, "1e+300"}, {123.456, "123.456"}, {NAN, "nan"},
		{INFINITY, "inf"}, {-INFINITY, "-inf"},
	};
	char buf[NUMFMT_MAX];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(numfmt_shortest(buf, cases[i].x),
		                    cases[i].want);
}

/* Significant digits of a %g text. */
static int sig_digits(const char *s)
{
	int n = 0;
	bool lead = true;

	for (; *s && *s != 'e'; s++) {
		if (*s < '0' || *s > '9')
			continue;
		lead &= *s == '0';
		n += !lead;
	}
	return n;
}

/* Every double reads back to itself, and one digit fewer does not (but
 * for whole numbers, written in full). */
static void shortest_checks(double x)
{
	char buf[NUMFMT_MAX], fewer[320];
	int d;

	numfmt_shortest(buf, x);
	bits_equal(strtod(buf, NULL), x);
	d = sig_digits(buf);
	if (x == trunc(x) || d <= 1)
		return;
	snprintf(fewer, sizeof fewer, "%.*g", d - 1, x);
	if (strtod(fewer, NULL) == x) {
		print_error("%s for %a, but %s reads back too\n", buf, x,
		            fewer);
		fail();
	}
}

static void test_shortest_random(void **state)
{
	for (long i = 0; i < 400000; i++) {
		uint64_t bits = next();
		double x;
		memcpy(&x, &bits, sizeof x);
		if (isfinite(x))
			shortest_checks(x);
		/* Short decimals, as measured times are. */
		shortest_checks((double)(bits % 100000000) /
		                pow(10, (double)below(12)));
	}
	for (int e = -1074; e <= 1023; e++) {
		shortest_checks(ldexp(1, e));
		shortest_checks(nextafter(ldexp(1, e), 0));
		shortest_checks(-ldexp(1, e));
	}
}

/* What numfmt_exact wrote before util/dconv: the fewest digits p for
 * which "%.{p}g" (x correctly rounded to p digits) reads back. */
static void exact_by_printf(char buf[NUMFMT_MAX], double x)
{
	int p = 1;

	if (x == 0) {
		strcpy(buf, "0");
		return;
	}
	while (snprintf(buf, NUMFMT_MAX, "%.*g", p, x) > 0 &&
	       strtod(buf, NULL) != x)
		p++;
	if (strstr(buf, "e+") && fabs(x) < 1e15)
		snprintf(buf, NUMFMT_MAX, "%.0f", x);
}

/* The same text as the printf search, or (only where x's neighbours are
 * not equally far, at a power of two) a shorter one that also reads back;
 * never more digits than "%.17g". */
static void exact_checks(double x)
{
	char got[NUMFMT_MAX], want[NUMFMT_MAX], g17[NUMFMT_MAX];

	numfmt_exact(got, x);
	snprintf(g17, sizeof g17, "%.17g", x);
	bits_equal(strtod(got, NULL), x == 0 ? 0.0 : x);
	if (sig_digits(got) > sig_digits(g17)) {
		print_error("%s has more digits than %%.17g %s\n", got, g17);
		fail();
	}
	exact_by_printf(want, x);
	if (strcmp(got, want) != 0 &&
	    (frexp(x, &(int){0}) != 0.5 || strlen(got) >= strlen(want))) {
		print_error("%s for %a, printf's search: %s\n", got, x, want);
		fail();
	}
}

static void test_exact_matches_printf(void **state)
{
	static const double hard[] = {
		0, -0.0, 5e-324, -5e-324, DBL_MIN, DBL_MAX, -DBL_MAX,
		9007199254740992.0, 9007199254740993.0, 0.1 + 0.2, 1e15,
		1e15 - 1, 1e-5, 1e-4, 123456789012345678.0, 1.5e300,
	};

	for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++)
		exact_checks(hard[i]);
	for (long i = 0; i < 200000; i++) {
		uint64_t bits = next();
		double x;
		memcpy(&x, &bits, sizeof x);
		if (isfinite(x))
			exact_checks(x);
		exact_checks((double)(bits % 100000000) /
		             pow(10, (double)below(12)));
	}
	/* Millions more, read back only: the costly search above is the
	 * reference, this is the volume. */
	for (long i = 0; i < 2000000; i++) {
		uint64_t bits = next();
		char buf[NUMFMT_MAX];
		double x;
		memcpy(&x, &bits, sizeof x);
		if (isfinite(x))
			bits_equal(strtod(numfmt_shortest(buf, x), NULL), x);
	}
	for (int e = -1074; e <= 1023; e++) {
		exact_checks(ldexp(1, e));
		exact_checks(nextafter(ldexp(1, e), 0));
		exact_checks(nextafter(ldexp(1, e), INFINITY));
	}
}

/* numfmt_real: a JSON real, told apart from an integer. */
static void test_real(void **state)
{
	static const struct {
		double x;
		const char *want;
	} cases[] = {
		{30, "30.0"}, {-0.0, "-0.0"}, {0, "0.0"}, {0.3, "0.3"},
		{1e16, "1e+16"}, {5e-324, "5e-324"}, {-1.5, "-1.5"},
		{9007199254740992.0, "9007199254740992.0"},
	};
	char buf[NUMFMT_MAX];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t n = numfmt_real(buf, cases[i].x);
		assert_string_equal(buf, cases[i].want);
		assert_int_equal(n, strlen(cases[i].want));
	}
}

/* Fixed decimals, or an exponent where they would not fit: 2.5e301
 * printed as a 31-digit integer. */
static void test_fixed(void **state)
{
	char buf[NUMFMT_MAX];

	(void)state;
	assert_string_equal(numfmt_fixed(buf, 1.34539, 4), "1.3454");
	assert_string_equal(numfmt_fixed(buf, -0.00001, 4), "0.0000");
	assert_string_equal(numfmt_fixed(buf, 1e25, 4),
	                    "10000000000000000905969664.0000");
	assert_string_equal(numfmt_fixed(buf, 1e26, 4), "1.0000e+26");
	assert_string_equal(numfmt_fixed(buf, 2.5e301, 4), "2.5000e+301");
	assert_string_equal(numfmt_fixed(buf, -2.5e301, 4), "-2.5000e+301");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_known),
		cmocka_unit_test(test_parse_random),
		cmocka_unit_test(test_parse_near_doubles),
		cmocka_unit_test(test_shortest_known),
		cmocka_unit_test(test_shortest_random),
		cmocka_unit_test(test_exact_matches_printf),
		cmocka_unit_test(test_real),
		cmocka_unit_test(test_fixed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
