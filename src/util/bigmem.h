/* bigmem.h: a big block asks for huge pages.
 *
 * Pricing 10^6 cases touches some 70,000 fresh 4 KiB pages (the text read,
 * the columns, the case index, the formulas' columns), and on a virtual
 * machine each first touch is a page fault of several microseconds: a
 * quarter of `price`'s CPU time on two 10^6-row runs (perf,
 * bench/price_vs_pandas.sh).  Linux's transparent huge pages, in the
 * "madvise" mode Debian ships, back a region with 2 MiB pages only when it
 * asks; bigmem_advise asks, for a block that can hold one.  It is a hint:
 * where it is refused (no THP, another kernel) only the time changes.
 *
 * Use: after malloc, calloc or realloc of a block of `bytes` bytes (before
 * it is written, or its pages are faulted one by one),
 * bigmem_advise(p, bytes).  glibc gives a block this big its own mapping,
 * so the advice covers the block's mapping whole, and a later realloc
 * (mremap) keeps it. */
#ifndef FP_UTIL_BIGMEM_H
#define FP_UTIL_BIGMEM_H

#include <stddef.h>

/* Smaller blocks are left alone: one 2 MiB page needs 2 MiB aligned. */
#define BIGMEM_MIN ((size_t)4 << 20)

/* Asks that the pages of p[0..bytes) be huge, if bytes >= BIGMEM_MIN. */
void bigmem_advise(void *p, size_t bytes);

/* p[0..bytes) is about to be written whole: its fresh pages are made in
 * one call (MADV_POPULATE_WRITE, Linux 5.14) instead of a fault each, a
 * third of reading two 10^5-case runs.  Only for a block that will be
 * written whole, for the pages count in the process's memory at once.
 * Also a hint: refused, the pages fault as they are written. */
void bigmem_populate(void *p, size_t bytes);

#endif
