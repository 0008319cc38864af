/* test_alloc_fault.h: allocation failures on demand, for the coverage tests.
 *
 * A test program linked with TEST_COV_WRAP (Makefile.am: -Wl,--wrap=malloc
 * and the like, GNU ld and lld) sends every malloc, calloc, realloc,
 * strdup, strndup and open_memstream of fixprice's code and its own
 * through here; shared libraries (jansson, libyaml, cmocka) keep theirs.
 * Nothing fails until a test asks. */
#ifndef FP_TEST_ALLOC_FAULT_H
#define FP_TEST_ALLOC_FAULT_H

#include <stdbool.h>
#include <stdio.h>

#include "util/diag.h"

/* The allocation n calls from now fails (0: the next one), once; -1: none
 * fails. */
void alloc_fail_at(long n);
/* True if the planned failure has happened since alloc_fail_at. */
bool alloc_failed(void);

/* What open_memstream does from now on. */
enum memstream_mode {
	MEMSTREAM_REAL,     /* the real one */
	MEMSTREAM_NULL,     /* fails: NULL */
	MEMSTREAM_FULL,     /* a stream on /dev/full: fclose fails */
	MEMSTREAM_READONLY, /* a read-only stream: the first write fails */
};
void memstream_mode(enum memstream_mode mode);

/* Runs fn(arg, d) with the first allocation failing, then the second, and
 * so on until a run meets no failure; every run that met one must return
 * FP_ERR with "out of memory" in d->msg (under ASan, leaking nothing), or
 * FP_OK where the code does without that allocation (run_show's copy for
 * a message falls back to "?"): fn must then check that its result is the
 * one made with no failure.  The last run must return FP_OK.  Returns how
 * many allocations the last run made. */
long alloc_sweep(int (*fn)(void *arg, struct diag *d), void *arg);

#endif
