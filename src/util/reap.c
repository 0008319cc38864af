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

int reap_hold(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat sb;

	if (fd < 0)
		return errno == ENOENT ? REAP_GONE : REAP_NOLOCK;
	/* Waits while a reaper that took the folder first removes it. */
	while (flock(fd, LOCK_EX) != 0)
		if (errno != EINTR) {
			close(fd);
			return REAP_NOLOCK;
		}
	if (fstat(fd, &sb) != 0 || sb.st_nlink == 0) {
		close(fd);
		return REAP_GONE;
	}
	return fd;
}

/* name is "NAME.fixprice-XXXXXX", as a staging folder's mkdtemp makes it. */
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

/* One staging folder in the folder open as dirfd: removed when no live
 * run holds its lock.  1 when removed. */
static int reap_one(int dirfd, const char *name, const char *folder)
{
	int fd = openat(dirfd, name,
	                O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	char *path;
	int gone = 0;

	if (fd < 0)
		return 0;
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		close(fd);
		return 0;
	}
	/* Removed while the lock is held: an owner between mkdtemp and its
	 * lock waits for it, then sees the folder gone. */
	path = malloc(strlen(folder) + 1 + strlen(name) + 1);
	if (path) {
		strcpy(path, folder);
		strcat(path, "/");
		strcat(path, name);
		gone = reap_flat(path) == 0;
	}
	free(path);
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
