/* staging.c: output folders committed whole (staging.h). */
#define _GNU_SOURCE
#include "util/staging.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/cleanup.h"
#include "util/reap.h"
#include "util/source.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/* renameat2 through the system call: glibc before 2.28 has no wrapper. */
static int rename2(const char *from, const char *to, unsigned flags)
{
	return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}

/* "A/B" without doubling a slash; caller frees; NULL when out of memory. */
static char *join(const char *a, const char *b)
{
	size_t la = strlen(a);
	char *p = malloc(la + 1 + strlen(b) + 1);

	if (p)
		sprintf(p, "%s%s%s", a, la && a[la - 1] == '/' ? "" : "/", b);
	return p;
}

/* final without trailing slashes ("pricing/" names the folder pricing). */
static char *trimmed(const char *final)
{
	size_t n = strlen(final);

	while (n > 1 && final[n - 1] == '/')
		n--;
	return strndup(final, n);
}

/* mkdtemp makes its folder 0700; a committed folder gets the mode mkdir
 * would have given it. */
static void usual_mode(const char *path)
{
	mode_t mask = umask(0);

	umask(mask);
	chmod(path, 0777 & ~mask);
}

/* Where an existing folder is swapped: a link is followed (the folder it
 * names is replaced, the link kept), and "." or ".." is named by its real
 * path, so that the staging folder can be made beside it. */
static char *place_of(const char *final, const struct stat *lsb)
{
	const char *base = strrchr(final, '/');

	base = base ? base + 1 : final;
	if (S_ISLNK(lsb->st_mode) || strcmp(base, ".") == 0 ||
	    strcmp(base, "..") == 0)
		return realpath(final, NULL);
	return strdup(final);
}

static int open_place(struct staging *st, const char *final, struct diag *d)
{
	struct stat sb, lsb;

	if (!(st->final = trimmed(final)))
		return diag_oom(d);
	if (lstat(st->final, &lsb) != 0) {
		st->whole = true;
		st->place = strdup(st->final);
		return st->place ? FP_OK : diag_oom(d);
	}
	if (stat(st->final, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return diag_set(d, final, 0, 0, "exists and is not a folder");
	if (!(st->place = place_of(st->final, &lsb)))
		return diag_set(d, final, 0, 0, "cannot find the folder: %s",
		                strerror(errno));
	if (strcmp(st->place, "/") == 0)
		return diag_set(d, final, 0, 0,
		                "the root folder cannot be replaced");
	return FP_OK;
}

/* Makes the staging folder beside st->place and locks it for the run's
 * life (util/reap.h): a reaper may take a new folder before its lock,
 * then another is made. */
static int make_locked(struct staging *st, const char *final, size_t size,
                       struct diag *d)
{
	for (int tries = 0; tries < 8; tries++) {
		int fd;
		snprintf(st->path, size, "%s.fixprice-XXXXXX", st->place);
		/* No signal between making the folder and registering it. */
		cleanup_hold();
		if (!mkdtemp(st->path)) {
			cleanup_release();
			return diag_set(d, final, 0, 0,
			                "cannot create the folder: %s",
			                strerror(errno));
		}
		st->slot = cleanup_add(st->path, true) + 1;
		cleanup_release();
		if ((fd = reap_hold(st->path)) != REAP_GONE) {
			st->lock = fd >= 0 ? fd + 1 : 0;
			return FP_OK;
		}
		if (st->slot > 0)
			cleanup_drop(st->slot - 1);
		st->slot = 0;
	}
	return diag_set(d, final, 0, 0,
	                "cannot create the folder: its staging folder was "
	                "removed as it was made, again and again");
}

int staging_open(struct staging *st, const char *final, struct diag *d)
{
	size_t size;

	*st = (struct staging){0};
	if (open_place(st, final, d) != FP_OK) {
		staging_abort(st);
		return FP_ERR;
	}
	size = strlen(st->place) + 32;
	if (!(st->path = malloc(size))) {
		staging_abort(st);
		return diag_oom(d);
	}
	if (make_locked(st, final, size, d) != FP_OK) {
		free(st->path);
		st->path = NULL;
		staging_abort(st);
		return FP_ERR;
	}
	usual_mode(st->path);
	return FP_OK;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* The names in folder path, sorted; FP_ERR (d naming what) when it
 * cannot be read to its end. */
static int list(const char *path, const char *what, char ***out, size_t *n,
                struct diag *d)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	char **names = NULL, **grown;
	int err = 0;

	*n = 0;
	if (!dir)
		return diag_set(d, what, 0, 0, "cannot read the folder: %s",
		                strerror(errno));
	for (errno = 0; (e = readdir(dir)); errno = 0) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (!(grown = realloc(names, (*n + 1) * sizeof *names)) ||
		    !(grown[*n] = strdup(e->d_name))) {
			names = grown ? grown : names;
			err = ENOMEM;
			break;
		}
		names = grown;
		(*n)++;
	}
	if (!err)
		err = errno;
	closedir(dir);
	if (err) {
		free_names(names, *n);
		*n = 0;
		return err == ENOMEM ? diag_oom(d)
		                     : diag_set(d, what, 0, 0,
		                                "cannot read the folder: %s",
		                                strerror(err));
	}
	if (*n > 1)
		qsort(names, *n, sizeof *names, by_name);
	*out = names;
	return FP_OK;
}

static bool has(char **names, size_t n, const char *name)
{
	return n > 0 &&
	       bsearch(&name, names, n, sizeof *names, by_name) != NULL;
}

/* A staged name whose existing file is an input, or exists without
 * force: refused. */
static int check_name(const struct staging *st, const char *name, bool force,
                      struct diag *d)
{
	char *p = join(st->place, name);
	struct stat sb;
	const char *input;
	int rc = FP_OK;

	if (!p)
		return diag_oom(d);
	if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode))
		rc = diag_set(d, NULL, 0, 0,
		              "%s/%s is a folder; fixprice does not replace "
		              "folders",
		              st->final, name);
	else if (stat(p, &sb) == 0 &&
	         (input = source_input_named(sb.st_dev, sb.st_ino)))
		rc = diag_set(d, NULL, 0, 0,
		              "%s/%s would overwrite the input %s", st->final,
		              name, input);
	else if (!force)
		rc = diag_set(d, NULL, 0, 0,
		              "%s/%s exists; use --force to replace it",
		              st->final, name);
	free(p);
	return rc;
}

/* An entry the command does not write, in a folder swapped whole, is a
 * folder, which a hard link cannot keep: 1, 0, or -1 (out of memory). */
static int a_folder(const struct staging *st, const char *name)
{
	char *from = join(st->place, name);
	struct stat sb;
	int rc;

	if (!from)
		return -1;
	rc = lstat(from, &sb) == 0 && S_ISDIR(sb.st_mode);
	free(from);
	return rc;
}

/* The existing folder against the staged names: see staging.h.  *sub
 * says it holds other files, none of the staged names and a folder, so
 * that the output goes in as its STAGING_SUB; with a staged name, a
 * folder is refused. */
static int check_existing(struct staging *st, bool force, bool *sub,
                          struct diag *d)
{
	char **old = NULL;
	size_t nold, taken = 0;
	int rc = FP_OK, dir = 0;
	bool others;

	if (list(st->place, st->final, &old, &nold, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < st->nnames && rc == FP_OK; i++)
		if (has(old, nold, st->names[i])) {
			taken++;
			rc = check_name(st, st->names[i], force, d);
		}
	others = taken == 0 && nold > 0;
	for (size_t i = 0; i < nold && rc == FP_OK && !*sub; i++)
		if (!has(st->names, st->nnames, old[i]) &&
		    (dir = a_folder(st, old[i])) != 0) {
			if (dir < 0)
				rc = diag_oom(d);
			else if (others)
				*sub = true;
			else
				rc = diag_set(d, st->final, 0, 0,
				              "holds the folder %s, which "
				              "--force would not keep: the "
				              "folder is replaced as a whole; "
				              "move it out or write elsewhere",
				              old[i]);
		}
	/* Swapped, the current folder would leave whoever works there in a
	 * removed one: `--record .` in a project. */
	if (others && st->here)
		*sub = true;
	free_names(old, nold);
	return rc;
}

/* STAGING_SWAP: the entries the command does not write are kept in the
 * new folder by hard links (the same files, no copy); the inodes of those
 * it replaces are noted, so that staging_done removes only them. */
static int keep_others(struct staging *st, struct diag *d)
{
	char **old = NULL;
	size_t nold;
	int rc = FP_OK;

	if (list(st->place, st->final, &old, &nold, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < nold && rc == FP_OK; i++) {
		char *from = join(st->place, old[i]), *to = NULL;
		char **at = bsearch(&old[i], st->names, st->nnames,
		                    sizeof *st->names, by_name);
		struct stat sb;
		if (!from)
			rc = diag_oom(d);
		else if (at)
			st->replaced[at - st->names] =
			    lstat(from, &sb) == 0 ? sb.st_ino : 0;
		else if (!(to = join(st->path, old[i])))
			rc = diag_oom(d);
		else if (linkat(AT_FDCWD, from, AT_FDCWD, to, 0) != 0)
			rc = diag_set(d, st->final, 0, 0,
			              "cannot keep %s in the new folder: %s",
			              old[i], strerror(errno));
		free(from);
		free(to);
	}
	free_names(old, nold);
	return rc;
}

/* A folder of other files gets the new one as its STAGING_SUB, once. */
static int into_sub(struct staging *st, struct diag *d)
{
	char *place, *final;

	if (st->sub)
		return diag_set(d, st->final, 0, 0,
		                "holds other files and a folder, none of "
		                "them this command's: write into a folder of "
		                "its own");
	place = join(st->place, STAGING_SUB);
	final = join(st->final, STAGING_SUB);
	if (!place || !final) {
		free(place);
		free(final);
		return diag_oom(d);
	}
	free(st->place);
	free(st->final);
	st->place = place;
	st->final = final;
	st->sub = true;
	usual_mode(st->path);
	return FP_OK;
}

/* Back to the folder the user gave: each check decides afresh, on what
 * is staged by then (a sweep draws its plots after the first check). */
static void out_of_sub(struct staging *st)
{
	size_t cut = strlen(STAGING_SUB) + 1;

	if (!st->sub)
		return;
	st->place[strlen(st->place) - cut] = '\0';
	st->final[strlen(st->final) - cut] = '\0';
	st->sub = false;
}

static int check_in(struct staging *st, bool force, struct diag *d)
{
	struct stat sb, cwd;
	bool sub = false;

	if (stat(st->place, &sb) != 0) {
		st->mode = STAGING_NEW;
		return FP_OK;
	}
	if (!S_ISDIR(sb.st_mode))
		return diag_set(d, st->final, 0, 0,
		                "exists and is not a folder");
	/* A folder swapped in keeps the old one's permissions. */
	chmod(st->path, sb.st_mode & 07777);
	st->here = stat(".", &cwd) == 0 && cwd.st_dev == sb.st_dev &&
	           cwd.st_ino == sb.st_ino;
	if (check_existing(st, force, &sub, d) != FP_OK)
		return FP_ERR;
	if (sub)
		return into_sub(st, d) != FP_OK ? FP_ERR
		                                : check_in(st, force, d);
	st->mode = STAGING_SWAP;
	if (st->here)
		return diag_set(d, st->final, 0, 0,
		                "is the current folder, which --force would "
		                "replace as a whole: write the record into a "
		                "folder of its own");
	return FP_OK;
}

int staging_check(struct staging *st, bool force, struct diag *d)
{
	if (!st->path)
		return FP_OK;
	out_of_sub(st);
	free_names(st->names, st->nnames);
	free(st->replaced);
	st->names = NULL;
	st->replaced = NULL;
	if (list(st->path, st->final, &st->names, &st->nnames, d) != FP_OK)
		return FP_ERR;
	if (!(st->replaced = calloc(st->nnames + 1, sizeof *st->replaced)))
		return diag_oom(d);
	return check_in(st, force, d);
}

int staging_place(struct staging *st, struct diag *d)
{
	if (!st->path)
		return FP_OK;
	cleanup_test_delay();
	/* Never over a folder made meanwhile: rename(2) would replace an
	 * empty one. */
	if (st->mode == STAGING_NEW &&
	    rename2(st->path, st->place, RENAME_NOREPLACE) != 0 &&
	    (errno != EINVAL || rename(st->path, st->place) != 0))
		return diag_set(d, st->final, 0, 0,
		                "cannot write the folder: %s", strerror(errno));
	if (st->mode == STAGING_SWAP && keep_others(st, d) != FP_OK)
		return FP_ERR;
	if (st->mode == STAGING_SWAP)
		cleanup_test_delay();
	if (st->mode == STAGING_SWAP &&
	    rename2(st->path, st->place, RENAME_EXCHANGE) != 0) {
		if (errno == EINVAL || errno == ENOSYS)
			return diag_set(d, st->final, 0, 0,
			                "this file system cannot swap two "
			                "folders in one step, so the folder is "
			                "not replaced: remove it first");
		return diag_set(d, st->final, 0, 0,
		                "cannot replace the folder: %s",
		                strerror(errno));
	}
	st->placed = true;
	return FP_OK;
}

void staging_unplace(struct staging *st)
{
	if (!st->placed)
		return;
	st->placed = false;
	if (st->mode == STAGING_NEW)
		rename(st->place, st->path);
	else
		rename2(st->path, st->place, RENAME_EXCHANGE);
}

/* name in the old folder (open as fd) went with the swap: a file the
 * command replaced, as it was at the swap, or one it kept in the new
 * folder (newfd) by a hard link. */
static bool swapped_out(const struct staging *st, int fd, int newfd,
                        const char *name)
{
	char **at =
	    bsearch(&name, st->names, st->nnames, sizeof *st->names, by_name);
	struct stat sb, nb;

	if (fstatat(fd, name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
		return false;
	if (at)
		return st->replaced[at - st->names] == sb.st_ino;
	return fstatat(newfd, name, &nb, AT_SYMLINK_NOFOLLOW) == 0 &&
	       nb.st_dev == sb.st_dev && nb.st_ino == sb.st_ino;
}

/* After a swap, st->path is the old folder: what went with the swap is
 * removed, anything else (written there during the commit) moved into
 * the new folder, then the folder removed.  What cannot be moved, a name
 * the new folder has too, stays, and the folder is renamed out of the
 * reaper's way (".kept"): a file another program wrote is never
 * removed. */
static void move_out(struct staging *st, char *stuck, size_t size)
{
	DIR *dir = opendir(st->path);
	int newfd = open(st->place, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct dirent *e;
	int fd = dir ? dirfd(dir) : -1;

	while (dir && newfd >= 0 && (e = readdir(dir))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (swapped_out(st, fd, newfd, e->d_name))
			unlinkat(fd, e->d_name, 0);
		else if (syscall(SYS_renameat2, fd, e->d_name, newfd, e->d_name,
		                 RENAME_NOREPLACE) != 0)
			snprintf(stuck, size, "%s", e->d_name);
	}
	if (dir)
		closedir(dir);
	if (newfd >= 0)
		close(newfd);
}

static int clear_old(struct staging *st, struct diag *d)
{
	char stuck[256] = "", *kept;
	int err = 0;

	cleanup_test_delay();
	for (int round = 0; round < 3 && !stuck[0]; round++) {
		move_out(st, stuck, sizeof stuck);
		if (!stuck[0] && rmdir(st->path) == 0)
			return FP_OK;
		/* Not empty: a file written meanwhile, moved next round. */
		if ((err = errno) != ENOTEMPTY && err != EEXIST)
			break;
	}
	if (!stuck[0] || !(kept = malloc(strlen(st->path) + 6)))
		return diag_set(d, st->final, 0, 0,
		                "the commit is done, but the old folder could "
		                "not be removed and is left as %s: %s",
		                st->path, strerror(err));
	sprintf(kept, "%s.kept", st->path);
	if (rename2(st->path, kept, RENAME_NOREPLACE) != 0)
		strcpy(kept, st->path);
	diag_set(d, st->final, 0, 0,
	         "the commit is done, but %s, written into the folder "
	         "during it, has a name the command wrote too; the old "
	         "folder is kept as %s",
	         stuck, kept);
	free(kept);
	return FP_ERR;
}

int staging_done(struct staging *st, struct diag *d)
{
	/* What is left at path: the old folder (a swap, removed here or
	 * left as said), or nothing (a rename). */
	int rc =
	    st->placed && st->mode == STAGING_SWAP ? clear_old(st, d) : FP_OK;

	if (st->placed) {
		free(st->path);
		st->path = NULL;
	}
	st->placed = false;
	staging_abort(st);
	return rc;
}

int staging_reap(const struct staging *st)
{
	return st->path ? reap_beside(st->place) : 0;
}

int staging_commit(struct staging *st, bool force, struct diag *d)
{
	if (staging_check(st, force, d) != FP_OK ||
	    staging_place(st, d) != FP_OK) {
		staging_abort(st);
		return FP_ERR;
	}
	return staging_done(st, d);
}

void staging_abort(struct staging *st)
{
	staging_unplace(st);
	if (st->path)
		reap_flat(st->path);
	if (st->slot > 0)
		cleanup_drop(st->slot - 1);
	if (st->lock > 0)
		close(st->lock - 1);
	free_names(st->names, st->nnames);
	free(st->replaced);
	free(st->path);
	free(st->place);
	free(st->final);
	*st = (struct staging){0};
}
