/* cleanup.c: removal of staging files on a signal (cleanup.h). */
#define _GNU_SOURCE
#include "util/cleanup.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/testdelay.h"

enum { SLOTS = 8 };

struct slot {
	volatile sig_atomic_t used; /* 0 free, 1 file, 2 folder */
	char path[PATH_MAX];
};

static struct slot slots[SLOTS];
static volatile pid_t child;
static bool installed;

/* The entries of a linux_dirent64, as getdents64 fills them. */
struct dent64 {
	unsigned long long ino;
	long long off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* Removes the files in folder path, then the folder: syscalls only. */
static void remove_flat(const char *path)
{
	/* getdents64 records are 8-byte aligned within an aligned buffer. */
	_Alignas(8) char buf[4096];
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	long n;

	if (fd >= 0) {
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
			for (long at = 0; at < n;) {
				struct dent64 *e = (void *)(buf + at);
				const char *s = e->name;
				if (!(s[0] == '.' &&
				      (!s[1] || (s[1] == '.' && !s[2]))))
					unlinkat(fd, s, 0);
				at += e->reclen;
			}
		close(fd);
	}
	rmdir(path);
}

void cleanup_exit(int status)
{
	/* gnuplot first, and its end waited for: it may be writing into a
	 * staging folder. */
	if (child > 0) {
		kill(-child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	for (int i = 0; i < SLOTS; i++) {
		if (slots[i].used == 2)
			remove_flat(slots[i].path);
		else if (slots[i].used == 1)
			unlink(slots[i].path);
	}
	_exit(status);
}

static void on_signal(int sig)
{
	cleanup_exit(128 + sig);
}

void cleanup_install(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa;

	if (installed)
		return;
	installed = true;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 3; i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (int i = 0; i < 3; i++) {
		struct sigaction old;
		/* A signal ignored by whoever started us stays ignored
		 * (nohup). */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

int cleanup_add(const char *path, bool dir)
{
	size_t len = strlen(path);
	sigset_t all, old;
	int found = -1;

	if (len >= PATH_MAX)
		return -1;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < SLOTS && found < 0; i++)
		if (!slots[i].used) {
			memcpy(slots[i].path, path, len + 1);
			slots[i].used = dir ? 2 : 1;
			found = i;
		}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return found;
}

void cleanup_drop(int slot)
{
	if (slot >= 0 && slot < SLOTS)
		slots[slot].used = 0;
}

void cleanup_child(pid_t pgid)
{
	child = pgid;
}

static void hold_mask(int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(how, &set, NULL);
}

void cleanup_hold(void)
{
	hold_mask(SIG_BLOCK);
}

void cleanup_release(void)
{
	hold_mask(SIG_UNBLOCK);
}

void cleanup_test_delay(void)
{
	static long step;
	const char *kill_at = getenv("FIXPRICE_TEST_COMMIT_KILL");

	testdelay_sleep("FIXPRICE_TEST_COMMIT_DELAY");
	if (kill_at && strtol(kill_at, NULL, 10) == ++step)
		raise(SIGKILL);
}
