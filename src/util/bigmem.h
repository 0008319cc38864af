/* bigmem.h: a big block asks for huge pages.
 *
 * Pricing 10^6 cases touches some 70,000 fresh 4 KiB pages (the columns,
 * the case index, the formulas' columns; the text, when read from a pipe
 * rather than mapped), and on a virtual
 * machine each first touch is a page fault of several microseconds: a
 * quarter of `price`'s CPU time on two 10^6-row runs (perf,
 * bench/price_vs_pandas.sh).  Linux's transparent huge pages, in the
 * "madvise" mode Debian ships, back a region with 2 MiB pages only when it
 * asks; bigmem_advise asks, for a block that can hold one.  It is a hint:
 * where it is refused (no THP, another kernel) only the time changes.
 *
 * Use: after malloc, calloc or realloc of a block of `bytes` bytes (before
 * it is written, or its pages are faulted one by one),
 * bigmem_advise(p, bytes).  A block of 16 MiB or more has its own mapping
 * (bigmem_keep_freed), which the advice covers whole and a later realloc
 * (mremap) keeps; a smaller one is in the heap, where the advice covers
 * its pages, and those it shares with its neighbours. */
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

/* Memory freed is kept for the next allocation rather than given back to
 * the system (glibc's mallopt: blocks below 16 MiB from the heap, which
 * is never trimmed).  By default glibc gives a block of 128 KiB or more
 * its own mapping and unmaps it when freed, so a bootstrap's threads,
 * pricing the runs after the reader freed its text, fault every page in
 * afresh: 42,000 faults in a 10^5-case bootstrap, 24,000 with this, a
 * tenth of its CPU time (bench/bootstrap_vs_numpy.sh).  Not 32 MiB (the
 * most glibc takes): that raised the peak memory of pricing two 10^6-row
 * runs by 6 % (293 against 276 MiB, bench/price_vs_pandas.sh), for a
 * block of 16 to 32 MiB that grows is copied in the heap, where a mapping
 * of its own is moved (mremap).  A process of fixprice lives for one
 * command, so nothing is held longer than it runs.  Called once, first
 * thing in main. */
void bigmem_keep_freed(void);

/* Address space the heap is grown by at once, for huge pages. */
#define BIGMEM_HEAP ((size_t)256 << 20)

/* The heap grown by BIGMEM_HEAP at once and asked for huge pages, after
 * bigmem_keep_freed (which keeps it from being trimmed back).  The blocks
 * below 16 MiB (a reader's arrays, the join's, the formulas' scratch)
 * live in the heap, which glibc grows a little at a time and never asks
 * for huge pages (its glibc.malloc.hugetlb=1 tunable would, but can only
 * be set from the environment): pricing two 10^6-row runs took 21,000
 * page faults.  Growing it once costs address space only (a page is made
 * when first written).  Refused (not glibc's allocator, as under a
 * sanitizer; or no memory to promise, as under strict overcommit), the
 * heap grows as it did.  Called once, in main. */
void bigmem_huge_heap(void);

#endif
