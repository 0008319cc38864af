/* beneath.c: a path opened only below a folder (beneath.h). */
#define _GNU_SOURCE /* O_PATH, openat2 */
#include "util/beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef SYS_openat2
#include <linux/openat2.h>
#endif

#define BENEATH_LINKS 40
#define BENEATH_DEPTH 256

/* The folders walked into below root, innermost last (".." pops one). */
struct walk {
	int fd[BENEATH_DEPTH];
	int n;
	char
	    rest[2 * PATH_MAX]; /* what is left of the path, links spliced in */
};

static int cur(const struct walk *w, int root)
{
	return w->n ? w->fd[w->n - 1] : root;
}

static int fail(struct walk *w, int err)
{
	while (w->n)
		close(w->fd[--w->n]);
	errno = err;
	return -1;
}

/* Puts link's target, then "/" and after, in place of the component
 * that was the link. */
static int splice_link(struct walk *w, int dir, const char *name,
                       const char *after)
{
	char target[PATH_MAX], rest[2 * PATH_MAX];
	ssize_t n = readlinkat(dir, name, target, sizeof target - 1);

	if (n < 0)
		return -1;
	target[n] = '\0';
	if (target[0] == '/')
		return errno = EXDEV, -1;
	if ((size_t)snprintf(rest, sizeof rest, "%s%s%s", target,
	                     *after ? "/" : "", after) >= sizeof rest)
		return errno = ENAMETOOLONG, -1;
	memcpy(w->rest, rest, sizeof rest);
	return 0;
}

int beneath_walk(int root, const char *rel, int flags)
{
	struct walk w = {.n = 0};
	int links = 0;

	if (strlen(rel) >= sizeof w.rest)
		return fail(&w, ENAMETOOLONG);
	strcpy(w.rest, rel);
	for (;;) {
		char name[NAME_MAX + 1], *p = w.rest, *end;
		struct stat st;
		size_t len;
		int fd;

		while (*p == '/')
			p++;
		end = strchr(p, '/');
		len = end ? (size_t)(end - p) : strlen(p);
		if (len > NAME_MAX)
			return fail(&w, ENAMETOOLONG);
		memcpy(name, p, len);
		name[len] = '\0';
		p += len;
		while (*p == '/')
			p++;
		memmove(w.rest, p, strlen(p) + 1);
		if (len == 0 || strcmp(name, ".") == 0) {
			if (*w.rest)
				continue;
			fd = openat(cur(&w, root), ".", flags);
			return fd < 0 ? fail(&w, errno) : (fail(&w, 0), fd);
		}
		if (strcmp(name, "..") == 0) {
			if (w.n == 0)
				return fail(&w, EXDEV);
			close(w.fd[--w.n]);
			continue;
		}
		fd = openat(cur(&w, root), name,
		            O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st) != 0) {
			int err = errno;
			if (fd >= 0)
				close(fd);
			return fail(&w, err);
		}
		if (S_ISLNK(st.st_mode)) {
			close(fd);
			if (++links > BENEATH_LINKS)
				return fail(&w, ELOOP);
			if (splice_link(&w, cur(&w, root), name, w.rest) != 0)
				return fail(&w, errno);
			continue;
		}
		if (!*w.rest) {
			/* The last: opened as asked, never through a link
			 * put there since it was looked at. */
			close(fd);
			fd = openat(cur(&w, root), name, flags | O_NOFOLLOW);
			return fd < 0 ? fail(&w, errno) : (fail(&w, 0), fd);
		}
		if (!S_ISDIR(st.st_mode) || w.n == BENEATH_DEPTH) {
			close(fd);
			return fail(&w, S_ISDIR(st.st_mode) ? ENAMETOOLONG
			                                    : ENOTDIR);
		}
		w.fd[w.n++] = fd;
	}
}

int beneath_open(int root, const char *rel, int flags)
{
#ifdef SYS_openat2
	static bool no_openat2;

	if (!__atomic_load_n(&no_openat2, __ATOMIC_RELAXED)) {
		struct open_how how = {.flags = (unsigned)flags,
		                       .resolve = RESOLVE_BENEATH |
		                                  RESOLVE_NO_MAGICLINKS};
		long fd;
		int tries = 0;

		do /* EAGAIN: a rename raced the walk; try again. */
			fd = syscall(SYS_openat2, root, *rel ? rel : ".", &how,
			             sizeof how);
		while (fd < 0 && errno == EAGAIN && ++tries < 8);
		if (fd >= 0 || errno != ENOSYS)
			return (int)fd;
		__atomic_store_n(&no_openat2, true, __ATOMIC_RELAXED);
	}
#endif
	return beneath_walk(root, rel, flags);
}
