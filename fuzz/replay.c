/* replay.c: runs the fuzz targets on saved inputs, in any build.
 *
 *   replay                  every file in tests/data/fuzz-regress/NAME/
 *                           and fuzz/corpus/NAME/, for every target NAME
 *                           (make check)
 *   replay NAME FILE...     the given files through target NAME (to try
 *                           a crash file found by `make fuzz-run` under
 *                           gcc, valgrind or a debugger)
 *
 * An input that crashes or trips a sanitizer fails the program; anything
 * else the target does with it (an error message included) is a pass. */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*fuzz_fn)(const uint8_t *data, size_t size);

static const struct {
	const char *name;
	fuzz_fn fn;
} targets[] = {
#define FUZZ_ENTRY(name) {#name, fuzz_##name},
	FUZZ_TARGETS(FUZZ_ENTRY)
#undef FUZZ_ENTRY
};

#define NTARGETS (sizeof targets / sizeof targets[0])

/* Runs the file at path through fn; -1 if it cannot be read. */
static int replay_file(fuzz_fn fn, const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL, *grown;
	size_t len = 0, cap = 0, got;

	if (!f)
		return -1;
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 4096;
			if (!(grown = realloc(buf, cap))) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = grown;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	fclose(f);
	fn(buf, len);
	free(buf);
	return 0;
}

/* Every file in folder dir (none if it does not exist); -1 on a file that
 * cannot be read, else how many were run. */
static long replay_dir(fuzz_fn fn, const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	char path[4096];
	long n = 0;

	while (dp && (e = readdir(dp)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir,
		                     e->d_name) >= sizeof path ||
		    replay_file(fn, path) != 0) {
			fprintf(stderr, "replay: cannot read %s\n", path);
			closedir(dp);
			return -1;
		}
		n++;
	}
	if (dp)
		closedir(dp);
	return n;
}

/* The saved failures of each target, and its seeds in fuzz/corpus/. */
static int replay_all(void)
{
	static const char *const folders[] = {
		"tests/data/fuzz-regress", "fuzz/corpus",
	};
	char dir[4096];
	long n;

	for (size_t i = 0; i < NTARGETS; i++) {
		for (size_t k = 0; k < 2; k++) {
			snprintf(dir, sizeof dir, "%s/%s/%s", TEST_SRCDIR,
			         folders[k], targets[i].name);
			if ((n = replay_dir(targets[i].fn, dir)) < 0)
				return 1;
			printf("%s/%s: %ld inputs replayed\n", folders[k],
			       targets[i].name, n);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 1)
		return replay_all();
	for (size_t i = 0; i < NTARGETS; i++) {
		if (strcmp(argv[1], targets[i].name) != 0)
			continue;
		for (int k = 2; k < argc; k++)
			if (replay_file(targets[i].fn, argv[k]) != 0) {
				fprintf(stderr, "replay: cannot read %s\n",
				        argv[k]);
				return 1;
			}
		return 0;
	}
	fprintf(stderr, "usage: replay [TARGET FILE...]; targets:");
	for (size_t i = 0; i < NTARGETS; i++)
		fprintf(stderr, " %s", targets[i].name);
	fprintf(stderr, "\n");
	return 2;
}
