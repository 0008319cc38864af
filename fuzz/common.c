/* common.c: the helpers every fuzz target shares (fuzz.h). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *fuzz_text(const uint8_t *data, size_t size, size_t *len)
{
	char *text;

	if (size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		data += 3;
		size -= 3;
	}
	if (memchr(data, '\0', size) || !(text = malloc(size + 1)))
		return NULL;
	memcpy(text, data, size);
	text[size] = '\0';
	*len = size;
	return text;
}

FILE *fuzz_sink(void)
{
	static FILE *sink;

	if (!sink)
		sink = fopen("/dev/null", "w");
	return sink;
}

void fuzz_print(const struct diag *d)
{
	if (fuzz_sink())
		diag_print(d, fuzz_sink());
}
