/* runs.h: the run readers as the fuzz targets call them (runs.c). */
#ifndef FP_FUZZ_RUNS_H
#define FP_FUZZ_RUNS_H

#include <stddef.h>
#include <stdint.h>

/* Reads data as the file `path` in the format called `format` (a name of
 * run/detect.c's table), as run_load does with --input-format: run
 * options taken from the input's size (cpu_time from its last bit, the
 * estimator from the rest, so every combination is met without a byte of
 * the input spent on them), then the runtime made from the samples.  On
 * success asks for every column as numbers (the message of a text column
 * is made then) and checks the runtimes.  Every format's test of its
 * first bytes, and the choice by name and content, look at the text
 * too. */
void fuzz_run(const uint8_t *data, size_t size, const char *path,
              const char *format);

#endif
