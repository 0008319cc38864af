/* sim_heap.h: the simulations' heap kept by the process.
 *
 * A trial allocates and frees a bootstrap's buffers (megabytes); glibc
 * gives freed memory at the heap's top back to the kernel and takes it
 * again in the next trial, and each time the kernel flushes the TLB of
 * every CPU the threads ran on.  On a virtual machine those flushes cost
 * twenty times the trials' own work (perf: 60 % of the time in
 * smp_call_function_many_cond under brk).  Keeping the memory makes
 * the full battery minutes instead of an hour; the figures do not change. */
#ifndef FP_TESTS_SIM_HEAP_H
#define FP_TESTS_SIM_HEAP_H

#include <malloc.h>

static inline void sim_heap_keep(void)
{
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
	mallopt(M_TOP_PAD, 64 << 20);
	mallopt(M_MMAP_THRESHOLD, 1 << 30);
}

#endif
