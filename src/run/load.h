/* load.h: reading a run, the entry point of the run layer.
 *
 * run_load reads the input once (util/source.h: a file, a pipe or "-"),
 * picks its format (run_format_choose, or the one opts name), reads it
 * with that format's reader and makes each case's runtime from its
 * samples (run_estimate). */
#ifndef FP_RUN_LOAD_H
#define FP_RUN_LOAD_H

#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

/* Inputs above this size are refused (util/source.h). */
#define RUN_MAX_FILE ((size_t)1 << 30)

/* Reads the run file at path ("-": standard input) as opts say (NULL:
 * defaults; format NULL: by content and extension, see detect.c), then
 * makes its runtime from its samples, if it has any (run_estimate).  The
 * `case` column becomes case_name; every other column is kept.  Duplicate
 * case names (checked last, unless opts->names_later: run/unique.h), an
 * empty file, a row with the wrong number of cells are errors with
 * FILE:LINE:COL.  On success the caller owns *out (run_free).
 * On failure nothing is allocated. */
int run_load(const char *path, const struct run_opts *opts, struct run **out,
             struct diag *d);

/* Reads the file at path once and makes two runs of it, the groups of
 * its first and its second value of opts->split_by (not NULL; Go
 * benchmark text, see run/formats/go.c), each as run_load makes one.  On
 * success the caller owns *before and *after; on failure both are NULL. */
int run_load_split(const char *path, const struct run_opts *opts,
                   struct run **before, struct run **after, struct diag *d);

/* The same for text[0..len) already in memory, named path (the fuzzers
 * and tests); the run's sha256 is left empty. */
int run_parse(const char *path, const char *text, size_t len,
              const struct run_opts *opts, struct run **out, struct diag *d);

#endif
