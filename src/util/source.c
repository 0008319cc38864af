/* source.c: reading an input once, with its hash (see source.h). */
#define _GNU_SOURCE /* O_PATH, realpath(), strndup() */
#include "util/source.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "util/beneath.h"
#include "util/bigmem.h"
#include "util/sha256.h"

const char *source_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* "file is larger than 1 GiB" (or MiB, KiB, bytes: what divides). */
static int too_large(const char *name, size_t cap, struct diag *d)
{
	static const char *const units[] = {"bytes", "KiB", "MiB", "GiB"};
	size_t u = 0;

	while (u < 3 && cap >= 1024 && cap % 1024 == 0) {
		cap /= 1024;
		u++;
	}
	return diag_set(d, name, 0, 0, "file is larger than %zu %s", cap,
	                units[u]);
}

/* Reads fd to its end into out->data, hashing as it goes; refuses more
 * than cap bytes as soon as they come.  size: what fstat says a regular
 * file holds (0 otherwise), room for which is taken at once, with a byte
 * more to see the end: a file is then read without growing and copying
 * the buffer. */
static int read_all(int fd, size_t cap, size_t size, struct source *out,
                    struct diag *d)
{
	struct sha256_ctx ctx;
	size_t room = 0;
	char *nb;
	ssize_t got;

	sha256_init(&ctx);
	for (;;) {
		if (out->len == room) {
			/* One byte past the cap tells a too large input. */
			size_t want = room ? 2 * room : size ? size + 1 : 65536;
			if (want > cap + 1)
				want = cap + 1;
			if (want == room)
				return too_large(out->name, cap, d);
			if (!(nb = realloc(out->data, want + 1)))
				return diag_oom(d);
			bigmem_advise(nb, want + 1);
			out->data = nb;
			room = want;
		}
		got = read(fd, out->data + out->len, room - out->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return diag_set(d, out->name, 0, 0, "cannot read: %s",
			                strerror(errno));
		if (got == 0)
			break;
		sha256_update(&ctx, (size_t)got,
		              (const uint8_t *)out->data + out->len);
		out->len += (size_t)got;
		if (out->len > cap)
			return too_large(out->name, cap, d);
	}
	if (!out->data && !(out->data = malloc(1)))
		return diag_oom(d);
	out->data[out->len] = '\0';
	sha256_ctx_hex(&ctx, out->sha256);
	return FP_OK;
}

/* Every regular file read (source_input_named).  A process reads a few
 * inputs, so a list searched in order is enough; the runs are read on two
 * threads at once (price/load.c), so the list is locked. */
struct input_id {
	unsigned long long dev, ino;
	char *name;
};
static struct input_id *inputs;
static size_t ninputs;
static pthread_mutex_t inputs_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *find_input(unsigned long long dev, unsigned long long ino)
{
	for (size_t i = 0; i < ninputs; i++)
		if (inputs[i].dev == dev && inputs[i].ino == ino)
			return inputs[i].name;
	return NULL;
}

/* Remembers st; out of memory, the input is not remembered (the output
 * checks then cannot name it, which is no reason to fail the read). */
static void remember(const struct stat *st, const char *name)
{
	struct input_id *grown;

	pthread_mutex_lock(&inputs_lock);
	if (!find_input(st->st_dev, st->st_ino) &&
	    (grown = realloc(inputs, (ninputs + 1) * sizeof *inputs))) {
		inputs = grown;
		inputs[ninputs].dev = st->st_dev;
		inputs[ninputs].ino = st->st_ino;
		if ((inputs[ninputs].name = strdup(name)))
			ninputs++;
	}
	pthread_mutex_unlock(&inputs_lock);
}

const char *source_input_named(unsigned long long dev, unsigned long long ino)
{
	const char *name;

	pthread_mutex_lock(&inputs_lock);
	name = find_input(dev, ino);
	pthread_mutex_unlock(&inputs_lock);
	return name;
}

/* The inputs kept while source_keep is on, by the path they were read
 * by; locked as the list above. */
struct kept {
	char *path;
	struct source src;
};
static struct kept *kept;
static size_t nkept;
static bool keeping;

void source_keep(bool on)
{
	pthread_mutex_lock(&inputs_lock);
	keeping = on;
	for (size_t i = 0; !on && i < nkept; i++) {
		free(kept[i].path);
		source_free(&kept[i].src);
	}
	if (!on) {
		free(kept);
		kept = NULL;
		nkept = 0;
	}
	pthread_mutex_unlock(&inputs_lock);
}

/* A copy of the kept bytes of path into out: 1 found, 0 not kept, -1 out
 * of memory. */
static int take_kept(const char *path, struct source *out)
{
	int found = 0;

	pthread_mutex_lock(&inputs_lock);
	for (size_t i = 0; keeping && i < nkept && !found; i++) {
		const struct source *k = &kept[i].src;
		if (strcmp(kept[i].path, path) != 0)
			continue;
		found = -1;
		if ((out->data = malloc(k->len + 1))) {
			memcpy(out->data, k->data, k->len + 1);
			out->len = k->len;
			memcpy(out->sha256, k->sha256, sizeof out->sha256);
			found = 1;
		}
	}
	pthread_mutex_unlock(&inputs_lock);
	return found;
}

/* Keeps a copy of what was read from path; out of memory, it is not kept
 * (it would be read again). */
static void keep(const char *path, const struct source *in)
{
	struct kept *grown;
	char *data;

	pthread_mutex_lock(&inputs_lock);
	if (keeping && (grown = realloc(kept, (nkept + 1) * sizeof *kept))) {
		struct kept *k = &grown[nkept];

		kept = grown;
		k->src = *in;
		k->src.map = (struct mapped){.fd = -1, .slot = -1};
		k->path = strdup(path);
		if (k->path && (data = malloc(in->len + 1))) {
			memcpy(data, in->data, in->len + 1);
			k->src.data = data;
			nkept++;
		} else {
			free(k->path);
		}
	}
	pthread_mutex_unlock(&inputs_lock);
}

/* The bounds of source_confine: the inputs a record names, each with its
 * path below root.  Set before the inputs are read, read only while they
 * are (on two threads at once), so unlocked. */
struct bounded {
	char *path; /* as the record's reader will open it, no final '/' */
	char *rel;  /* below root; NULL without one */
	const char *role;
	unsigned line, col; /* where the bounds' file names it */
};
static struct {
	bool on;
	struct source_bounds b;
	int root;        /* root, opened; -1 */
	int root_errno;  /* why it could not be */
	char *root_real; /* its real path, for absolute paths */
	struct bounded *in;
	size_t n;
} bounds = {.root = -1};

int source_confine(const struct source_bounds *b, struct diag *d)
{
	source_unconfine();
	bounds.on = true;
	bounds.b = *b;
	if (!b->root)
		return FP_OK;
	bounds.root = open(b->root, O_PATH | O_DIRECTORY | O_CLOEXEC);
	bounds.root_errno = errno;
	if (bounds.root >= 0 && !(bounds.root_real = realpath(b->root, NULL)))
		return errno == ENOMEM ? diag_oom(d) : FP_OK;
	return FP_OK;
}

void source_unconfine(void)
{
	for (size_t i = 0; i < bounds.n; i++) {
		free(bounds.in[i].path);
		free(bounds.in[i].rel);
	}
	free(bounds.in);
	free(bounds.root_real);
	if (bounds.root >= 0)
		close(bounds.root);
	memset(&bounds, 0, sizeof bounds);
	bounds.root = -1;
}

/* The input path is, or lies below: the longest such. */
static const struct bounded *bounded_of(const char *path)
{
	const struct bounded *best = NULL;

	for (size_t i = 0; bounds.on && i < bounds.n; i++) {
		size_t k = strlen(bounds.in[i].path);
		if (strncmp(path, bounds.in[i].path, k) == 0 &&
		    (path[k] == '\0' || path[k] == '/') &&
		    (!best || k > strlen(best->path)))
			best = &bounds.in[i];
	}
	return best;
}

/* path below root, by its words alone (".." and links are the walk's):
 * NULL when it names a place elsewhere.  The caller frees. */
static char *below_root(const char *path)
{
	const char *r = bounds.b.root;
	size_t k = strlen(r);

	if (path[0] != '/' && strcmp(r, ".") == 0)
		return strdup(path);
	while (k > 1 && r[k - 1] == '/') /* "DIR/": DIR//base */
		k--;
	if (strncmp(path, r, k) == 0 && path[k] == '/')
		return strdup(path + k + strspn(path + k, "/"));
	k = bounds.root_real ? strlen(bounds.root_real) : 0;
	if (path[0] == '/' && k && strncmp(path, bounds.root_real, k) == 0 &&
	    (path[k] == '/' || path[k] == '\0'))
		return strdup(path[k] ? path + k + 1 : ".");
	if (path[0] == '/' && k == 1) /* root is "/" */
		return strdup(path + 1);
	return NULL;
}

static int outside(const struct bounded *in, const char *path, struct diag *d)
{
	if (strcmp(in->path, path) == 0)
		return diag_set(d, bounds.b.file, (int)in->line, (int)in->col,
		                "%s '%s' lies outside %s; %s", in->role, path,
		                bounds.b.root_name, bounds.b.hint);
	return diag_set(d, bounds.b.file, (int)in->line, (int)in->col,
	                "%s '%s' leads outside %s through '%s'; %s", in->role,
	                in->path, bounds.b.root_name, path, bounds.b.hint);
}

#define NOT_REGULAR "not a regular file (a FIFO, a device or a socket)"

/* Opens path, an input of the bounds, with flags: -1 on an error, -2
 * when it leads out of root. */
static int open_bounded(const struct bounded *in, const char *path, int flags,
                        struct diag *d)
{
	char rel[2 * PATH_MAX];
	int fd;

	if ((flags & O_PATH) == 0)
		flags |= O_NONBLOCK | O_NOCTTY;
	if (!in->rel) {
		fd = open(path, flags);
	} else if (bounds.root < 0) {
		fd = -1;
		errno = bounds.root_errno;
	} else if ((size_t)snprintf(rel, sizeof rel, "%s%s", in->rel,
	                            path + strlen(in->path)) >= sizeof rel) {
		fd = -1;
		errno = ENAMETOOLONG;
	} else {
		fd = beneath_open(bounds.root, rel, flags);
	}
	if (fd >= 0)
		return fd;
	if (errno == EXDEV) {
		outside(in, path, d);
		return -2;
	}
	if (errno == ENXIO) /* a socket, or a device without its driver */
		return diag_set(d, path, 0, 0, "cannot read %s: %s", in->role,
		                NOT_REGULAR),
		       -1;
	return diag_set(d, path, 0, 0, "cannot read %s: %s", in->role,
	                strerror(errno)),
	       -1;
}

/* fd, an input of the bounds, holds a file or a folder to read. */
static int regular(const struct bounded *in, const char *path, int fd,
                   struct diag *d)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return diag_set(d, path, 0, 0, "cannot read %s: %s", in->role,
		                strerror(errno));
	if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
		return FP_OK;
	return diag_set(d, path, 0, 0, "cannot read %s: %s", in->role,
	                NOT_REGULAR);
}

int source_confine_input(const char *path, const char *role, unsigned line,
                         unsigned col, struct diag *d)
{
	struct bounded *grown, *in;
	size_t k = strlen(path);
	int fd, rc;

	if (!(grown = realloc(bounds.in, (bounds.n + 1) * sizeof *grown)))
		return diag_oom(d);
	bounds.in = grown;
	in = &grown[bounds.n];
	while (k > 1 && path[k - 1] == '/')
		k--;
	*in = (struct bounded){
	    .path = strndup(path, k), .role = role, .line = line, .col = col};
	if (in->path && bounds.b.root)
		in->rel = below_root(in->path);
	if (!in->path || (bounds.b.root && !in->rel && errno == ENOMEM)) {
		free(in->path);
		return diag_oom(d);
	}
	bounds.n++;
	if (bounds.b.root && !in->rel)
		return outside(in, in->path, d);
	if ((fd = open_bounded(in, in->path, O_RDONLY | O_CLOEXEC, d)) < 0)
		return FP_ERR;
	rc = regular(in, in->path, fd, d);
	close(fd);
	return rc;
}

int source_open(const char *path, int flags, struct diag *d)
{
	const struct bounded *in = bounded_of(path);
	int fd;

	if (in)
		return open_bounded(in, path, flags, d);
	if ((fd = open(path, flags)) < 0)
		diag_set(d, source_name(path), 0, 0, "cannot open: %s",
		         strerror(errno));
	return fd;
}

int source_stat(const char *path, struct stat *st, struct diag *d)
{
	const struct bounded *in = bounded_of(path);
	int fd;

	memset(st, 0, sizeof *st);
	if (!in) {
		if (stat(path, st) != 0)
			st->st_mode = 0;
		return FP_OK;
	}
	if ((fd = open_bounded(in, path, O_PATH | O_CLOEXEC, d)) < 0)
		return fd == -2 ? FP_ERR : FP_OK;
	if (fstat(fd, st) != 0)
		st->st_mode = 0;
	close(fd);
	return FP_OK;
}

static int read_path(const char *path, size_t cap, bool map, struct source *out,
                     struct diag *d);

static int read_or_map(const char *path, size_t cap, bool map,
                       struct source *out, struct diag *d)
{
	int found;

	*out = (struct source){.name = source_name(path),
	                       .map = {.fd = -1, .slot = -1}};
	found = take_kept(path, out);
	if (found < 0)
		return diag_oom(d);
	if (found && out->len > cap) {
		source_free(out);
		return too_large(out->name, cap, d);
	}
	if (found)
		return FP_OK;
	if (read_path(path, cap, map, out, d) != FP_OK)
		return FP_ERR;
	keep(path, out);
	return FP_OK;
}

int source_read(const char *path, size_t cap, struct source *out,
                struct diag *d)
{
	return read_or_map(path, cap, false, out, d);
}

int source_map(const char *path, size_t cap, struct source *out, struct diag *d)
{
	return read_or_map(path, cap, true, out, d);
}

/* out->data as the file mapped at out->map, hashed. */
static int hash_mapped(struct source *out)
{
	struct sha256_ctx ctx;

	out->data = out->map.data;
	out->len = (size_t)out->map.was.st_size;
	sha256_init(&ctx);
	sha256_update(&ctx, out->len, (const uint8_t *)out->data);
	sha256_ctx_hex(&ctx, out->sha256);
	return FP_OK;
}

static int read_path(const char *path, size_t cap, bool map, struct source *out,
                     struct diag *d)
{
	bool is_stdin = strcmp(path, "-") == 0;
	const struct bounded *in = is_stdin ? NULL : bounded_of(path);
	int fd = is_stdin ? STDIN_FILENO
	                  : source_open(path, O_RDONLY | O_CLOEXEC, d);
	struct stat st;
	int rc;

	if (fd < 0)
		return FP_ERR;
	if (fstat(fd, &st) != 0)
		st.st_mode = 0; /* unknown: read and see */
	if (S_ISREG(st.st_mode))
		remember(&st, out->name);
	if (in && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		rc = regular(in, path, fd, d);
	else if (S_ISDIR(st.st_mode))
		rc = diag_set(d, out->name, 0, 0, "cannot read: %s",
		              strerror(EISDIR));
	/* /dev/zero and /dev/urandom never end and hold no text: refused at
	 * once rather than after the cap.  A terminal is typed into. */
	else if (S_ISCHR(st.st_mode) && !isatty(fd) &&
	         strcmp(path, "/dev/null") != 0)
		rc = diag_set(d, out->name, 0, 0,
		              "cannot read: a device is "
		              "neither a file nor a pipe");
	else if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > cap)
		rc = too_large(out->name, cap, d);
	else if (map && S_ISREG(st.st_mode) &&
	         mapped_open(fd, &st, out->name, &out->map))
		rc = hash_mapped(out);
	else
		rc = read_all(fd, cap,
		              S_ISREG(st.st_mode) ? (size_t)st.st_size : 0, out,
		              d);
	if (!is_stdin)
		close(fd);
	if (rc != FP_OK)
		source_free(out);
	return rc;
}

int source_done(struct source *s, struct diag *d)
{
	bool same = mapped_unchanged(&s->map);

	source_free(s);
	return same ? FP_OK
	            : diag_set(d, s->name, 0, 0, "changed while it was read");
}

void source_free(struct source *s)
{
	if (s->map.data)
		mapped_close(&s->map);
	else
		free(s->data);
	s->data = NULL;
	s->len = 0;
}
