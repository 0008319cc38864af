/* context.h: how and where a run was measured, as key/value strings, and
 * which keys differ between two runs ("count the axes that changed"). */
#ifndef FP_RUN_CONTEXT_H
#define FP_RUN_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

/* Sets key to value (both copied), replacing an earlier value. */
int run_context_set(struct run *run, const char *key, const char *value,
                    struct diag *d);
/* The value of key, or NULL. */
const char *run_context_get(const struct run *run, const char *key);

/* True for context keys that differ between any two runs and say nothing
 * about the conditions of a measurement: date and datetime (when),
 * load_avg (a snapshot), executable (the binary's path, which a before and
 * an after build name differently), and commit_info.* (pytest-benchmark's
 * commit: the fix itself). */
bool run_context_ignored(const char *key);

/* The keys, not ignored, that a and b give different values or that only
 * one of them has: a's keys in a's order, then b's own keys in b's order.
 * *keys (malloc'd array, caller frees it; the strings belong to the runs)
 * and *n.  Fails only when out of memory. */
int run_context_diff(const struct run *a, const struct run *b,
                     const char ***keys, size_t *n, struct diag *d);

/* The keys of run whose values make timings unreliable, in context order:
 * cpu_scaling_enabled "true" (the clock moves under the benchmark) and
 * library_build_type "debug" (Google Benchmark built without
 * optimisation).  Same ownership as run_context_diff. */
int run_context_unreliable(const struct run *run, const char ***keys, size_t *n,
                           struct diag *d);

#endif
