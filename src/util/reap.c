/* reap.c: leftovers of runs that are no longer alive (reap.h). */
#define _GNU_SOURCE
#include "util/reap.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define MARK ".fixprice-"

int reap_hold_fd(int fd)
{
	struct stat sb;

	/* Waits while a reaper that took the file first removes it. */
	while (flock(fd, LOCK_EX) != 0)
		if (errno != EINTR)
			return REAP_NOLOCK;
	if (fstat(fd, &sb) != 0 || sb.st_nlink == 0)
		return REAP_GONE;
	return 0;
}

int reap_hold(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return errno == ENOENT ? REAP_GONE : REAP_NOLOCK;
	if ((rc = reap_hold_fd(fd)) != 0) {
		close(fd);
		return rc;
	}
	return fd;
}

/* name is "NAME.fixprice-XXXXXX", as a staging folder's mkdtemp or a
 * temporary file's mkstemp makes it. */
static bool staged_name(const char *name)
{
	const char *at = strstr(name, MARK);
	size_t n;

	while (at && strstr(at + 1, MARK))
		at = strstr(at + 1, MARK);
	if (!at || at == name)
		return false;
	at += strlen(MARK);
	n = strlen(at);
	return n == 6 &&
	       strspn(at, "abcdefghijklmnopqrstuvwxyz"
	                  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == 6;
}

int reap_flat(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	int fd = dir ? dirfd(dir) : -1;

	while (dir && (e = readdir(dir)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			unlinkat(fd, e->d_name, 0);
	if (dir)
		closedir(dir);
	return rmdir(path);
}

/* One staging folder or temporary file in the folder open as dirfd:
 * removed when no live run holds its lock.  1 when removed. */
static int reap_one(int dirfd, const char *name, const char *folder)
{
	int fd =
	    openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat sb;
	char *path;
	int gone = 0;

	if (fd < 0)
		return 0;
	if (fstat(fd, &sb) != 0 ||
	    !(S_ISDIR(sb.st_mode) || S_ISREG(sb.st_mode)) ||
	    flock(fd, LOCK_EX | LOCK_NB) != 0) {
		close(fd);
		return 0;
	}
	/* Removed while the lock is held: an owner between making it and
	 * its lock waits for it, then sees it gone. */
	if (S_ISREG(sb.st_mode))
		gone = unlinkat(dirfd, name, 0) == 0;
	else if ((path = malloc(strlen(folder) + 1 + strlen(name) + 1))) {
		strcpy(path, folder);
		strcat(path, "/");
		strcat(path, name);
		gone = reap_flat(path) == 0;
		free(path);
	}
	close(fd);
	return gone;
}

int reap_beside(const char *path)
{
	size_t n = strlen(path);
	char *folder;
	DIR *dir;
	struct dirent *e;
	int reaped = 0;

	while (n > 1 && path[n - 1] == '/')
		n--;
	while (n > 0 && path[n - 1] != '/')
		n--;
	while (n > 1 && path[n - 1] == '/')
		n--;
	folder = n == 0 ? strdup(".") : strndup(path, n);
	if (!folder || !(dir = opendir(folder))) {
		free(folder);
		return 0;
	}
	while ((e = readdir(dir)))
		if (staged_name(e->d_name))
			reaped += reap_one(dirfd(dir), e->d_name, folder);
	closedir(dir);
	free(folder);
	return reaped;
}
