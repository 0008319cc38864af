/* common.c: the helpers every fuzz target shares (fuzz.h). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The scratch folder and the files made in it (one per target that
 * needs one; replay runs every target in one process). */
static char scratch_dir[64];
static char scratch_paths[8][96];
static size_t nscratch;

static void scratch_cleanup(void)
{
	for (size_t i = 0; i < nscratch; i++)
		unlink(scratch_paths[i]);
	rmdir(scratch_dir);
}

const char *fuzz_scratch(const char *name)
{
	const char *tmp = getenv("TMPDIR");

	for (size_t i = 0; i < nscratch; i++)
		if (strcmp(strrchr(scratch_paths[i], '/') + 1, name) == 0)
			return scratch_paths[i];
	if (!scratch_dir[0]) {
		if (!tmp || strlen(tmp) >= 32)
			tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
		snprintf(scratch_dir, sizeof scratch_dir,
		         "%s/fixprice-fuzz-XXXXXX", tmp);
		if (!mkdtemp(scratch_dir))
			abort();
		atexit(scratch_cleanup);
	}
	if (nscratch == sizeof scratch_paths / sizeof scratch_paths[0] ||
	    strlen(name) > 24)
		abort();
	snprintf(scratch_paths[nscratch], sizeof scratch_paths[0], "%s/%s",
	         scratch_dir, name);
	return scratch_paths[nscratch++];
}

void fuzz_write(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(data, 1, size, f) == size;

	if (!f || fclose(f) != 0 || !ok)
		abort();
}
