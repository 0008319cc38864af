/* realpath() is an XSI function. */
#define _XOPEN_SOURCE 700

#include "util/atomic_file.h"
#include "util/reap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void af_clear(struct atomic_file *af)
{
	if (af->lock > 0)
		close(af->lock - 1);
	af->lock = 0;
	free(af->path);
	free(af->tmp);
	af->path = af->tmp = NULL;
	af->fp = NULL;
}

/* The folder part of path ("." when there is none); caller frees. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	dir = malloc((size_t)(slash - path) + 1);
	if (dir) {
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash - path] = '\0';
	}
	return dir;
}

/* path is there and no regular file (a device, a FIFO, a socket, or a
 * link to one): it is written in place, never replaced.  A link to a
 * regular file is replaced at its target, so the link stays. */
static int open_in_place(struct atomic_file *af, const char *path,
                         struct diag *d)
{
	int fd, err;

	if (!(af->path = strdup(path)))
		return diag_oom(d);
	fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 || !(af->fp = fdopen(fd, "w"))) {
		err = errno;
		if (fd >= 0)
			close(fd);
		af_clear(af);
		return diag_set(d, path, 0, 0, "cannot write: %s",
		                strerror(err));
	}
	return FP_OK;
}

static int open_beside(struct atomic_file *af, const char *path,
                       struct diag *d);

/* target (a real path) is in folder dir or below it. */
static bool below(const char *target, const char *dir)
{
	char *real = realpath(dir, NULL);
	size_t n = real ? strlen(real) : 0;
	bool in = real && strncmp(target, real, n) == 0 &&
	          (target[n] == '/' || (n == 1 && real[0] == '/'));

	free(real);
	return in;
}

int atomic_file_open(struct atomic_file *af, const char *path, struct diag *d)
{
	struct stat st, lst;
	char *target, *dir;
	int rc;

	memset(af, 0, sizeof *af);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode))
		return open_in_place(af, path, d);
	if (lstat(path, &lst) != 0 || !S_ISLNK(lst.st_mode) ||
	    !(target = realpath(path, NULL)))
		return open_beside(af, path, d);
	/* A link planted in the output's folder must not turn a replace
	 * into one of a file elsewhere (~/.bashrc, a CI's script). */
	if (!(dir = dir_of(path))) {
		free(target);
		return diag_oom(d);
	}
	rc = below(target, dir) ? open_beside(af, target, d)
	                        : diag_set(d, path, 0, 0,
	                                   "is a symbolic link out of its "
	                                   "folder; fixprice replaces no file "
	                                   "through one");
	free(dir);
	free(target);
	return rc;
}

/* The temporary file beside path, renamed over it on commit. */
static int open_beside(struct atomic_file *af, const char *path, struct diag *d)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	const char *base = path + dirlen;
	mode_t mask;
	int fd, err, rc = 0, tries = 0;

	if (*base == '\0')
		return diag_set(d, path, 0, 0, "not a file name");
	af->path = strdup(path);
	/* "DIR/" + "." + BASE + ".fixprice-XXXXXX": hidden, in the same
	 * folder so that the rename cannot cross file systems, and named for
	 * the reaper (util/reap.h). */
	af->tmp = malloc(dirlen + 1 + strlen(base) + 17);
	if (!af->path || !af->tmp) {
		af_clear(af);
		return diag_oom(d);
	}
	do {
		memcpy(af->tmp, path, dirlen);
		af->tmp[dirlen] = '.';
		strcpy(af->tmp + dirlen + 1, base);
		strcat(af->tmp, ".fixprice-XXXXXX");
		fd = mkstemp(af->tmp);
	} while (fd >= 0 && (rc = reap_hold_fd(fd)) == REAP_GONE &&
	         close(fd) == 0 && ++tries < 8);
	if (fd >= 0 && rc == 0)
		af->lock = fcntl(fd, F_DUPFD_CLOEXEC, 0) + 1;
	if (fd < 0 || rc == REAP_GONE) {
		err = fd < 0 ? errno : EEXIST;
		af_clear(af);
		return diag_set(d, path, 0, 0,
		                "cannot create a temporary file next to it: %s",
		                strerror(err));
	}
	/* mkstemp makes 0600; a record is an ordinary file.  umask can only be
	 * read by setting it, so set it back at once. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || !(af->fp = fdopen(fd, "w"))) {
		err = errno;
		close(fd);
		unlink(af->tmp);
		af_clear(af);
		return diag_set(d, path, 0, 0, "cannot write: %s",
		                strerror(err));
	}
	return FP_OK;
}

/* Flushes, syncs and closes the temporary file; keeps it on disk.
 * Returns 0 or an errno value. */
static int af_finish(struct atomic_file *af)
{
	int err = 0;

	if (!af->fp)
		return EBADF;
	if (fflush(af->fp) != 0)
		err = errno;
	else if (ferror(af->fp))
		err = errno ? errno : EIO; /* most likely the failed write's */
	else if (af->tmp && fsync(fileno(af->fp)) != 0)
		err = errno;
	if (fclose(af->fp) != 0 && !err)
		err = errno;
	af->fp = NULL;
	return err;
}

/* Makes the renames themselves durable; not every file system can sync a
 * folder, and the data is already safe, so failure is ignored. */
static void sync_dir_of(const char *path)
{
	char *dir = dir_of(path);
	int fd;

	if (!dir)
		return;
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(dir);
}

void atomic_file_abort(struct atomic_file *af)
{
	if (af->fp)
		fclose(af->fp);
	if (af->tmp)
		unlink(af->tmp);
	af_clear(af);
}

/* Renames the temporary file into place; a file written in place is
 * there already.  Returns 0 or an errno value. */
static int af_place(struct atomic_file *af)
{
	if (!af->tmp)
		return 0;
	return rename(af->tmp, af->path) != 0 ? errno : 0;
}

int atomic_file_commit(struct atomic_file *af, struct diag *d)
{
	return atomic_file_commit_all(af, 1, d);
}

int atomic_file_finish(struct atomic_file *af, struct diag *d)
{
	int err = af_finish(af);

	if (!err)
		return FP_OK;
	diag_set(d, af->path, 0, 0, "cannot write: %s", strerror(err));
	atomic_file_abort(af);
	return FP_ERR;
}

int atomic_file_place(struct atomic_file *af, struct diag *d)
{
	int err = af_place(af);

	if (err) {
		diag_set(d, af->path, 0, 0, "cannot rename into place: %s",
		         strerror(err));
		atomic_file_abort(af);
		return FP_ERR;
	}
	if (af->tmp)
		sync_dir_of(af->path);
	af_clear(af);
	return FP_OK;
}

int atomic_file_commit_all(struct atomic_file *af, size_t n, struct diag *d)
{
	size_t i, k;
	int err = 0;

	for (i = 0; i < n; i++) {
		err = af_finish(&af[i]);
		if (err)
			break;
	}
	if (err) {
		diag_set(d, af[i].path, 0, 0, "cannot write: %s",
		         strerror(err));
		for (k = 0; k < n; k++)
			atomic_file_abort(&af[k]);
		return FP_ERR;
	}
	for (i = 0; i < n; i++) {
		if ((err = af_place(&af[i])) != 0)
			break;
	}
	if (err) {
		diag_set(d, af[i].path, 0, 0, "cannot rename into place: %s",
		         strerror(err));
		/* Take back what this call already put in place: a record made
		 * of some new and some old files would be worse than none. */
		for (k = 0; k < i; k++)
			if (af[k].tmp)
				unlink(af[k].path);
		for (k = 0; k < n; k++)
			atomic_file_abort(&af[k]);
		return FP_ERR;
	}
	for (k = 0; k < n; k++) {
		if (af[k].tmp)
			sync_dir_of(af[k].path);
		af_clear(&af[k]);
	}
	return FP_OK;
}
