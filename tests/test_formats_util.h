/* test_formats_util.h: what the run readers' coverage tests share
 * (test_formats_edges, test_formats_harness_edges): expected errors by line, columns
 * compared with values worked by hand, loads with run options, and every
 * allocation of a load failing in turn.  Include after cmocka.h. */
#ifndef FP_TEST_FORMATS_UTIL_H
#define FP_TEST_FORMATS_UTIL_H

#include <stddef.h>

#include "run/context.h"
#include "run/estimate.h"
#include "run/run.h"
#include "test_run_util.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Loading text (as the scratch file name, in format, NULL: by name) fails
 * on line `line` with msg. */
void fails(const char *name, const char *text, const char *format, int line,
           const char *msg);

/* Loads text as the scratch file name with options o; fails the test with
 * the diagnostic if it does not load. */
struct run *load_opts(const char *name, const char *text,
                      const struct run_opts *o);

/* Column name of r holds values v[0..n) (compared exactly; a NaN, the
 * missing runtime of a case without samples, matches a NaN). */
void values(const struct run *r, const char *name, const double *v, size_t n);
#define VALUES(r, name, ...) \
	do { \
		const double v_[] = {__VA_ARGS__}; \
		values((r), (name), v_, N(v_)); \
	} while (0)

/* Context key of r is want (NULL: r has no such key). */
void context_is(const struct run *r, const char *key, const char *want);

/* Run a is run b: format, cases, columns (cells compared exactly, NaN
 * matching NaN), context and samples. */
void same_run(const struct run *a, const struct run *b);

/* Sweeps the load of text as the scratch file name with options o
 * (test_alloc_fault.h): each run that meets a failing allocation fails with
 * "out of memory", or loads the run that loads with none failing.  The
 * load has to make at least `least` allocations (so that the sweep is
 * worth something). */
void sweep_load(const char *name, const char *text, const struct run_opts *o,
                long least);

#endif
