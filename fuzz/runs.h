/* runs.h: the run readers as the fuzz targets call them (runs.c). */
#ifndef FP_FUZZ_RUNS_H
#define FP_FUZZ_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include "input/input.h"
#include "price/run.h"
#include "util/diag.h"

/* A reader as src/input/input.h declares input_go and input_gbench_csv. */
typedef int (*fuzz_reader)(const struct input_src *s, struct run **out,
                           struct diag *d);

/* The readers that take path, text and len, and the JSON readers behind
 * input_json_parse, one format each, in that form. */
int fuzz_read_csv(const struct input_src *s, struct run **out,
                  struct diag *d);
int fuzz_read_yaml(const struct input_src *s, struct run **out,
                   struct diag *d);
int fuzz_read_json(const struct input_src *s, struct run **out,
                   struct diag *d);
int fuzz_read_gbench(const struct input_src *s, struct run **out,
                     struct diag *d);
int fuzz_read_hyperfine(const struct input_src *s, struct run **out,
                        struct diag *d);
int fuzz_read_pytest(const struct input_src *s, struct run **out,
                     struct diag *d);

/* Reads data as the file `path` with read, as input_load does: run
 * options taken from the input's size (cpu_time from its last bit, the
 * estimator from the rest, so every combination is met without a byte of
 * the input spent on them), then the runtime made from the samples
 * (run_estimate).  On success asks for every column as numbers (the
 * message of a text column is made then) and checks the runtimes.  Every
 * format's test of its first bytes looks at the text too. */
void fuzz_run(const uint8_t *data, size_t size, const char *path,
              fuzz_reader read);

#endif
