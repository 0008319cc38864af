/* fuzz.h: what the fuzz targets in fuzz/ share.
 *
 * Each target is one file with one entry point, FUZZ_TARGET(name), that
 * takes any bytes and must neither crash nor trip a sanitizer.  Built by
 * `make fuzz` (clang, libFuzzer), the entry point is libFuzzer's
 * LLVMFuzzerTestOneInput; built with -DFUZZ_REPLAY (make check, any
 * compiler), it is fuzz_NAME, which fuzz/replay.c calls on every input in
 * tests/data/fuzz-regress/NAME/, so an input that once failed is tried
 * again by every build.  See fuzz/README. */
#ifndef FP_FUZZ_H
#define FP_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/diag.h"

/* Every target, in the order replay.c tries them; X(name) each. */
#define FUZZ_TARGETS(X) \
	X(formula) X(csv) X(json) X(yaml) X(gbench) X(hyperfine) \
	X(metric) X(scenario) X(junit) X(go) X(pytest) X(gbench_csv) \
	X(hyperfine_csv) X(go_json) X(catch2) X(criterion) X(verify)

#ifdef FUZZ_REPLAY
#define FUZZ_DECLARE(name) \
	int fuzz_##name(const uint8_t *data, size_t size);
FUZZ_TARGETS(FUZZ_DECLARE)
#define FUZZ_TARGET(name) int fuzz_##name(const uint8_t *data, size_t size)
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#define FUZZ_TARGET(name) \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
#endif

/* A copy of data as text the way the loaders get it from a file: a leading
 * byte order mark removed, NUL-terminated, in a block of exactly *len + 1
 * bytes (so that a read past the end trips AddressSanitizer).  NULL when
 * the data holds a NUL byte (a loader's caller refuses those before any
 * loader sees them) or when out of memory.  Caller frees. */
char *fuzz_text(const uint8_t *data, size_t size, size_t *len);

/* Formats d as main would print it, into nothing: the message code runs on
 * whatever the input made of the message. */
void fuzz_print(const struct diag *d);

/* The path of the scratch file called name (at most 24 bytes; at most
 * eight names), for targets whose code reads only from a path: in a folder
 * of this process in $TMPDIR, else in memory (/dev/shm, four times the
 * executions a second of a disk) if there is one, else /tmp; removed at
 * exit.  Aborts when the folder cannot be made. */
const char *fuzz_scratch(const char *name);
/* Writes data to path; aborts when it cannot. */
void fuzz_write(const char *path, const uint8_t *data, size_t size);

/* A stream on /dev/null for what a target prints (NULL if it cannot be
 * opened); not to be closed. */
FILE *fuzz_sink(void);

#endif
