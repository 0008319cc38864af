/* bigmem.c: the huge-page hint (bigmem.h).  MADV_HUGEPAGE is Linux's, not
 * POSIX's: this file alone asks for the system's own names. */
#define _DEFAULT_SOURCE
#include "util/bigmem.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

void bigmem_advise(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = (uintptr_t)p & ~(page - 1);
	uintptr_t hi = ((uintptr_t)p + bytes + page - 1) & ~(page - 1);

	if (p && bytes >= BIGMEM_MIN)
		(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

/* Smaller blocks are likely in pages already made. */
#define POPULATE_MIN ((size_t)64 << 10)

void bigmem_populate(void *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	/* Whole pages inside the block only: a page it shares is the
	 * neighbours' too. */
	uintptr_t lo = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)p + bytes) & ~(page - 1);

	if (p && bytes >= POPULATE_MIN && hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)bytes;
#endif
}

void bigmem_keep_freed(void)
{
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
	/* The trim threshold at 1 GiB keeps the heap's top however much
	 * is freed. */
	(void)mallopt(M_MMAP_THRESHOLD, 16 << 20);
	(void)mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

/* glibc's default count of blocks given mappings of their own. */
#define MMAP_MAX_DEFAULT 65536

void bigmem_huge_heap(void)
{
#if defined(M_MMAP_MAX) && defined(MADV_HUGEPAGE)
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo, hi;
	void *p;

	/* No mappings of their own for a moment: the block comes from the
	 * heap, which grows by it; freed, it stays the heap's free top, where
	 * the next blocks come from.  A sanitizer's allocator takes no
	 * mallopt (it returns 0). */
	if (mallopt(M_MMAP_MAX, 0) != 1)
		return;
	p = malloc(BIGMEM_HEAP);
	lo = (uintptr_t)p & ~(page - 1); /* 0: refused */
	free(p);
	(void)mallopt(M_MMAP_MAX, MMAP_MAX_DEFAULT);
	hi = (uintptr_t)sbrk(0) & ~(page - 1);
	if (lo && hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#endif
}
