/* test_rmdir_fault.c: see test_rmdir_fault.h. */
#include <errno.h>
#include <string.h>

#include "test_rmdir_fault.h"

bool rmdir_fails;

int __real_rmdir(const char *path);
int __wrap_rmdir(const char *path);
int __wrap_rmdir(const char *path)
{
	if (rmdir_fails && strstr(path, ".fixprice-")) {
		errno = EBUSY;
		return -1;
	}
	return __real_rmdir(path);
}
