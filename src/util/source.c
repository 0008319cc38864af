/* source.c: reading an input once, with its hash (see source.h). */
#include "util/source.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nettle/sha2.h>

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

int source_read(const char *path, size_t cap, struct source *out,
                struct diag *d)
{
	bool is_stdin = strcmp(path, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int rc;

	*out = (struct source){.name = source_name(path)};
	if (fd < 0)
		return diag_set(d, out->name, 0, 0, "cannot open: %s",
		                strerror(errno));
	if (fstat(fd, &st) != 0)
		st.st_mode = 0; /* unknown: read and see */
	if (S_ISREG(st.st_mode))
		remember(&st, out->name);
	if (S_ISDIR(st.st_mode))
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

void source_free(struct source *s)
{
	free(s->data);
	s->data = NULL;
	s->len = 0;
}
