#include "plot/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static bool is_executable_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

char *proc_find_program(const char *name)
{
	const char *path, *p;

	if (!name || !*name)
		return NULL;
	if (strchr(name, '/'))
		return is_executable_file(name) ? strdup(name) : NULL;
	path = getenv("PATH");
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path;; p++) {
		const char *end = strchr(p, ':');
		size_t dlen = end ? (size_t)(end - p) : strlen(p);
		/* An empty PATH entry means the current folder. */
		size_t len = (dlen ? dlen : 1) + 1 + strlen(name) + 1;
		char *cand = malloc(len);

		if (!cand)
			return NULL;
		snprintf(cand, len, "%.*s/%s", dlen ? (int)dlen : 1,
		         dlen ? p : ".", name);
		if (is_executable_file(cand))
			return cand;
		free(cand);
		if (!end)
			return NULL;
		p = end;
	}
}

struct sink {
	int fd;
	char *buf;
	size_t len, cap;
};

/* Reads what is available on s->fd; sets s->fd to -1 at end of file. */
static int sink_read(struct sink *s)
{
	ssize_t got;

	if (s->cap - s->len < 4096) {
		size_t cap = s->cap ? s->cap * 2 : 8192;
		char *nb = realloc(s->buf, cap);
		if (!nb)
			return -1;
		s->buf = nb;
		s->cap = cap;
	}
	/* Keep one byte for the terminating NUL. */
	got = read(s->fd, s->buf + s->len, s->cap - s->len - 1);
	if (got < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : -1;
	if (got == 0) {
		close(s->fd);
		s->fd = -1;
	}
	s->len += (size_t)got;
	return 0;
}

static int make_pipe(int fds[2])
{
	if (pipe(fds) != 0)
		return -1;
	/* The child gets its ends through dup2, which clears close-on-exec
	 * on the copy; no other copy may leak into it. */
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

static int drain(struct sink *out, struct sink *err)
{
	while (out->fd >= 0 || err->fd >= 0) {
		struct pollfd pfd[2] = {
		    {.fd = out->fd, .events = POLLIN},
		    {.fd = err->fd, .events = POLLIN},
		};
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (out->fd >= 0 && pfd[0].revents && sink_read(out) != 0)
			return -1;
		if (err->fd >= 0 && pfd[1].revents && sink_read(err) != 0)
			return -1;
	}
	return 0;
}

int proc_capture(const char *const argv[], struct proc_output *o,
                 struct diag *d)
{
	int pout[2] = {-1, -1}, perr[2] = {-1, -1};
	struct sink out = {.fd = -1}, err = {.fd = -1};
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc, wstatus, drained;

	memset(o, 0, sizeof *o);
	if (make_pipe(pout) != 0 || make_pipe(perr) != 0) {
		rc = errno;
		if (pout[0] >= 0) {
			close(pout[0]);
			close(pout[1]);
		}
		return diag_set(d, argv[0], 0, 0, "cannot run: %s",
		                strerror(rc));
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	posix_spawn_file_actions_adddup2(&fa, perr[1], 2);
	rc =
	    posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pout[1]);
	close(perr[1]);
	if (rc != 0) {
		close(pout[0]);
		close(perr[0]);
		return diag_set(d, argv[0], 0, 0, "cannot run: %s",
		                strerror(rc));
	}
	out.fd = pout[0];
	err.fd = perr[0];
	drained = drain(&out, &err);
	if (out.fd >= 0)
		close(out.fd);
	if (err.fd >= 0)
		close(err.fd);
	while (waitpid(pid, &wstatus, 0) < 0) {
		if (errno != EINTR) {
			wstatus = 0;
			drained = -1;
			break;
		}
	}
	/* Each sink read at least once (its end of file), so has a buffer. */
	if (drained != 0) {
		free(out.buf);
		free(err.buf);
		return diag_set(d, argv[0], 0, 0,
		                "cannot read the output of the program");
	}
	out.buf[out.len] = '\0';
	err.buf[err.len] = '\0';
	o->out = out.buf;
	o->outlen = out.len;
	o->err = err.buf;
	o->errlen = err.len;
	if (WIFEXITED(wstatus))
		o->status = WEXITSTATUS(wstatus);
	else if (WIFSIGNALED(wstatus))
		o->status = 128 + WTERMSIG(wstatus);
	else
		o->status = -1;
	return FP_OK;
}

void proc_output_free(struct proc_output *o)
{
	if (!o)
		return;
	free(o->out);
	free(o->err);
	memset(o, 0, sizeof *o);
}
