/* runs.h: the run readers as the fuzz targets call them (runs.c). */
#ifndef FP_FUZZ_RUNS_H
#define FP_FUZZ_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include "price/run.h"
#include "util/diag.h"

/* A reader as src/input/input.h declares input_csv and input_yaml. */
typedef int (*fuzz_reader)(const char *path, const char *text, size_t len,
                           struct run **out, struct diag *d);

/* The JSON readers behind input_json_parse, one format each. */
int fuzz_read_json(const char *path, const char *text, size_t len,
                   struct run **out, struct diag *d);
int fuzz_read_gbench(const char *path, const char *text, size_t len,
                     struct run **out, struct diag *d);
int fuzz_read_hyperfine(const char *path, const char *text, size_t len,
                        struct run **out, struct diag *d);

/* Reads data as the file `path` with read; on success asks for every
 * column as numbers (the message of a text column is made then). */
void fuzz_run(const uint8_t *data, size_t size, const char *path,
              fuzz_reader read);

#endif
