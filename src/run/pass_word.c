/* pass_word.c: pass words (run_parse_pass, run.h), read for every cell
 * of a pass column. */
#include <stdint.h>

#include "run/run.h"

/* s[0..len), len <= 8, as one word, A-Z folded to a-z (ASCII only:
 * what strncasecmp says in the C locale fixprice runs in, without its
 * call and locale tables for every cell of a pass column), the first
 * byte lowest. */
static uint64_t folded_word(const char *s, size_t len)
{
	uint64_t w = 0;

	for (size_t i = len; i-- > 0;) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		w = w << 8 | c;
	}
	return w;
}

/* A pass word of n <= 5 bytes as folded_word makes it, its length in the
 * top byte. */
#define PASS_WORD(a, b, c, d, e, n) \
	((uint64_t)(n) << 56 | (uint64_t)(e) << 32 | (uint64_t)(d) << 24 | \
	 (uint64_t)(c) << 16 | (uint64_t)(b) << 8 | (uint64_t)(a))

bool run_parse_pass(const char *s, size_t len, double *out)
{
	static const struct {
		uint64_t word;
		double value;
	} words[] = {
	    {PASS_WORD('t', 'r', 'u', 'e', 0, 4), 1},
	    {PASS_WORD('f', 'a', 'l', 's', 'e', 5), 0},
	    {PASS_WORD('1', 0, 0, 0, 0, 1), 1},
	    {PASS_WORD('0', 0, 0, 0, 0, 1), 0},
	    {PASS_WORD('p', 'a', 's', 's', 0, 4), 1},
	    {PASS_WORD('f', 'a', 'i', 'l', 0, 4), 0},
	    {PASS_WORD('y', 'e', 's', 0, 0, 3), 1},
	    {PASS_WORD('n', 'o', 0, 0, 0, 2), 0},
	    /* YAML 1.1's other booleans, as a YAML writer may give them */
	    {PASS_WORD('o', 'n', 0, 0, 0, 2), 1},
	    {PASS_WORD('o', 'f', 'f', 0, 0, 3), 0},
	};
	uint64_t w;

	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (len == 0 || len > 5) /* the longest word, "false" */
		return false;
	/* The length in the top byte: "no" is not "no" and a NUL. */
	w = folded_word(s, len) | (uint64_t)len << 56;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (w == words[i].word) {
			*out = words[i].value;
			return true;
		}
	return false;
}
