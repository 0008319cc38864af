/* writelock.c: advisory locks on the folders written into (writelock.h). */
#include "util/writelock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { LOCKS = 8 };

static struct {
	int fd;
	dev_t dev;
	ino_t ino;
} held[LOCKS];
static int nheld;

/* The folder part of path without trailing slashes of path itself. */
static char *parent_of(const char *path)
{
	size_t n = strlen(path);
	char *dir;

	while (n > 1 && path[n - 1] == '/')
		n--;
	while (n > 0 && path[n - 1] != '/')
		n--;
	if (n == 0)
		return strdup(".");
	while (n > 1 && path[n - 1] == '/')
		n--;
	dir = strndup(path, n);
	return dir;
}

/* flock(fd), waiting up to WRITELOCK_WAIT seconds; 0 or -1 (errno). */
static int take(int fd)
{
	const struct timespec tick = {0, 20 * 1000 * 1000};

	for (int waited = 0;; waited++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK || waited >= WRITELOCK_WAIT * 50)
			return -1;
		nanosleep(&tick, NULL);
	}
}

int writelock_parent(const char *path, struct diag *d)
{
	char *dir = parent_of(path);
	struct stat st;
	int fd, err;

	if (!dir)
		return diag_oom(d);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	err = errno;
	free(dir);
	if (fd < 0)
		return diag_set(d, path, 0, 0,
		                "cannot open the folder that holds it: %s",
		                strerror(err));
	if (fstat(fd, &st) != 0)
		st.st_dev = 0, st.st_ino = 0;
	for (int i = 0; i < nheld; i++)
		if (held[i].dev == st.st_dev && held[i].ino == st.st_ino) {
			close(fd);
			return FP_OK;
		}
	if (nheld == LOCKS) {
		close(fd);
		return diag_set(d, path, 0, 0, "too many output folders");
	}
	if (take(fd) != 0) {
		err = errno;
		close(fd);
		if (err == EWOULDBLOCK)
			return diag_set(
			    d, path, 0, 0,
			    "another fixprice has been writing into "
			    "its folder for %d s; try again when it "
			    "has finished",
			    WRITELOCK_WAIT);
		/* A file system without locks cannot be guarded; writing
		 * is still all or nothing. */
		if (err != ENOLCK && err != EOPNOTSUPP && err != ENOSYS)
			return diag_set(d, path, 0, 0,
			                "cannot lock its folder: %s",
			                strerror(err));
		return FP_OK;
	}
	held[nheld].fd = fd;
	held[nheld].dev = st.st_dev;
	held[nheld].ino = st.st_ino;
	nheld++;
	return FP_OK;
}

void writelock_release_all(void)
{
	for (int i = 0; i < nheld; i++)
		close(held[i].fd);
	nheld = 0;
}
