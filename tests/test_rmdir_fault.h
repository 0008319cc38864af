/* test_rmdir_fault.h: rmdir wrapped (link with -Wl,--wrap=rmdir), failing
 * with EBUSY on a staging folder's name while rmdir_fails is set: an old
 * folder that cannot be removed after a swap.  Shared by test_staging
 * and test_commit_fault. */
#ifndef FP_TEST_RMDIR_FAULT_H
#define FP_TEST_RMDIR_FAULT_H

#include <stdbool.h>

extern bool rmdir_fails;

#endif
