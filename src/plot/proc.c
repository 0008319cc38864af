#include "plot/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/cleanup.h"

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
	size_t keep;   /* at most this many bytes are kept */
	bool tail;     /* past keep: keep the last bytes (else fail) */
	bool too_much; /* more than keep came and !tail */
};

/* Reads what is available on s->fd; sets s->fd to -1 at end of file.
 * Past s->keep bytes, a tail sink keeps its last half, the other fails. */
static int sink_read(struct sink *s)
{
	ssize_t got;

	if (s->cap - s->len < 4096) {
		size_t cap = s->cap ? s->cap * 2 : 8192;
		char *nb;
		if (s->cap >= s->keep && s->tail) {
			memmove(s->buf, s->buf + s->len - s->keep / 2,
			        s->keep / 2);
			s->len = s->keep / 2;
		} else if (s->cap >= s->keep) {
			s->too_much = true;
			return -1;
		} else {
			if (!(nb = realloc(s->buf, cap + 1)))
				return -1;
			s->buf = nb;
			s->cap = cap;
		}
	}
	got = read(s->fd, s->buf + s->len, s->cap - s->len);
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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What stopped the reading of a child's output. */
enum drained { DRAINED, DRAIN_FAILED, DRAIN_LATE };

/* Reads both pipes to their ends, until the deadline (0: none).  A child
 * that has exited while something it left behind holds a pipe open gets
 * PROC_LINGER seconds more, then the pipes are given up. */
static enum drained drain(struct sink *out, struct sink *err, pid_t pid,
                          double deadline, int *wstatus, bool *reaped)
{
	double linger = 0;

	while (out->fd >= 0 || err->fd >= 0) {
		struct pollfd pfd[2] = {
		    {.fd = out->fd, .events = POLLIN},
		    {.fd = err->fd, .events = POLLIN},
		};
		double t = now();
		if (deadline > 0 && t > deadline)
			return DRAIN_LATE;
		if (!*reaped && waitpid(pid, wstatus, WNOHANG) == pid) {
			*reaped = true;
			linger = t + PROC_LINGER;
		}
		if (*reaped && t > linger)
			return DRAINED;
		if (poll(pfd, 2, 100) < 0) {
			if (errno == EINTR)
				continue;
			return DRAIN_FAILED;
		}
		if (out->fd >= 0 && pfd[0].revents && sink_read(out) != 0)
			return DRAIN_FAILED;
		if (err->fd >= 0 && pfd[1].revents && sink_read(err) != 0)
			return DRAIN_FAILED;
	}
	return DRAINED;
}

static int spawn(const char *const argv[], int pout[2], int perr[2], pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	int rc;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	posix_spawn_file_actions_adddup2(&fa, perr[1], 2);
	/* A group of its own, so that a timeout or a signal stops it and
	 * whatever it started (util/cleanup.h). */
	posix_spawnattr_init(&attr);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	rc =
	    posix_spawn(pid, argv[0], &fa, &attr, (char *const *)argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	close(pout[1]);
	close(perr[1]);
	if (rc == 0)
		cleanup_child(*pid);
	return rc;
}

/* Fills o from what was read and how the child ended. */
static void fill(struct proc_output *o, struct sink *out, struct sink *err,
                 int wstatus)
{
	out->buf[out->len] = '\0';
	err->buf[err->len] = '\0';
	o->out = out->buf;
	o->outlen = out->len;
	o->err = err->buf;
	o->errlen = err->len;
	if (WIFEXITED(wstatus))
		o->status = WEXITSTATUS(wstatus);
	else if (WIFSIGNALED(wstatus))
		o->status = 128 + WTERMSIG(wstatus);
	else
		o->status = -1;
}

int proc_capture(const char *const argv[], double timeout,
                 struct proc_output *o, struct diag *d)
{
	int pout[2] = {-1, -1}, perr[2] = {-1, -1};
	struct sink out = {.fd = -1, .keep = PROC_MAX_OUT};
	struct sink err = {.fd = -1, .keep = PROC_MAX_ERR, .tail = true};
	pid_t pid;
	int rc, wstatus = 0;
	bool reaped = false;
	enum drained drained;

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
	if ((rc = spawn(argv, pout, perr, &pid)) != 0) {
		close(pout[0]);
		close(perr[0]);
		return diag_set(d, argv[0], 0, 0, "cannot run: %s",
		                strerror(rc));
	}
	out.fd = pout[0];
	err.fd = perr[0];
	drained = drain(&out, &err, pid, timeout > 0 ? now() + timeout : 0,
	                &wstatus, &reaped);
	/* Nothing it started outlives it. */
	kill(-pid, SIGKILL);
	if (out.fd >= 0)
		close(out.fd);
	if (err.fd >= 0)
		close(err.fd);
	while (!reaped && waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
		;
	cleanup_child(0);
	/* A pipe given up on (PROC_LINGER) may not have been read at all. */
	if (drained == DRAINED && !out.buf && !(out.buf = malloc(1)))
		drained = DRAIN_FAILED;
	if (drained == DRAINED && !err.buf && !(err.buf = malloc(1)))
		drained = DRAIN_FAILED;
	if (drained != DRAINED) {
		free(out.buf);
		free(err.buf);
		if (drained == DRAIN_LATE)
			return diag_set(d, argv[0], 0, 0,
			                "did not finish within %g s, stopped "
			                "(--plot-timeout)",
			                timeout);
		return diag_set(d, argv[0], 0, 0,
		                out.too_much ? "printed more than %d MiB"
		                             : "cannot read the output of the "
		                               "program",
		                PROC_MAX_OUT >> 20);
	}
	fill(o, &out, &err, wstatus);
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
