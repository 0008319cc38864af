/* mapped.c: files mapped, and the SIGBUS guard (mapped.h).  mmap's
 * MAP_ANONYMOUS, MAP_FIXED and MAP_POPULATE are the system's names, not
 * POSIX's. */
#define _GNU_SOURCE
#include "util/mapped.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "util/cleanup.h"
#include "util/diag.h"
#include "util/testdelay.h"

enum { SLOTS = 8 };

/* What the handler reads: lo and hi written before used is set, the
 * message made when the file was mapped (the handler can format
 * nothing). */
struct slot {
	volatile sig_atomic_t used;
	uintptr_t lo, hi;
	char msg[DIAG_FILE_MAX * 4 + DIAG_MSG_MAX];
	size_t len;
};

static struct slot slots[SLOTS];
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction prior; /* SIGBUS's action before ours */

static void on_bus(int sig, siginfo_t *si, void *uc)
{
	uintptr_t at = (uintptr_t)si->si_addr;

	(void)uc;
	for (int i = 0; i < SLOTS; i++)
		if (slots[i].used && at >= slots[i].lo && at < slots[i].hi) {
			/* write(2) may write less; what is lost is a message
			 * only, the status still says it.  Any output staged
			 * meanwhile goes, as on SIGINT. */
			ssize_t put =
			    write(STDERR_FILENO, slots[i].msg, slots[i].len);
			(void)put;
			cleanup_exit(2);
		}
	/* Not a mapped input's: the action there was before ours (the
	 * default, or a sanitizer's), when the access that raised it is made
	 * again on return. */
	sigaction(sig, &prior, NULL);
}

/* Installs on_bus, unless it is SIGBUS's action now; called with
 * slots_lock held.  Checked at every file, not once: a handler installed
 * since (a test framework's) would take the signal. */
static void install(void)
{
	struct sigaction sa, now;

	if (sigaction(SIGBUS, NULL, &now) == 0 && (now.sa_flags & SA_SIGINFO) &&
	    now.sa_sigaction == on_bus)
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_bus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &prior);
}

/* The message the handler prints for name, as diag_print words it. */
static void make_message(struct slot *s, const char *name)
{
	struct diag d = {0};
	FILE *f = fmemopen(s->msg, sizeof s->msg, "w");

	diag_set(&d, name, 0, 0, "changed while it was read (cut short)");
	s->len = 0;
	if (!f)
		return;
	setbuf(f, NULL);
	diag_print(&d, f);
	s->len = (size_t)ftell(f);
	fclose(f);
}

/* A free slot for [lo, hi), or -1. */
static int take_slot(uintptr_t lo, uintptr_t hi, const char *name)
{
	int found = -1;

	pthread_mutex_lock(&slots_lock);
	install();
	for (int i = 0; i < SLOTS && found < 0; i++)
		if (!slots[i].used) {
			slots[i].lo = lo;
			slots[i].hi = hi;
			make_message(&slots[i], name);
			__atomic_store_n(&slots[i].used, 1, __ATOMIC_RELEASE);
			found = i;
		}
	pthread_mutex_unlock(&slots_lock);
	return found;
}

bool mapped_open(int fd, const struct stat *st, const char *name,
                 struct mapped *m)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), size = (size_t)st->st_size;
	char *base;

	*m = (struct mapped){.fd = -1, .slot = -1};
	if (size == 0 || (uintmax_t)st->st_size > SIZE_MAX - page)
		return false;
	/* Room for the bytes and a NUL: the file's last page is zero past
	 * its end, and when the file fills it, the NUL is on an anonymous
	 * page of zeros after it. */
	m->room = (size + 1 + page - 1) / page * page;
	base =
	    mmap(NULL, m->room, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		return false;
	if (mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE,
	         fd, 0) == MAP_FAILED ||
	    (m->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0)) < 0 ||
	    (m->slot = take_slot((uintptr_t)base, (uintptr_t)base + m->room,
	                         name)) < 0) {
		munmap(base, m->room);
		if (m->fd >= 0)
			close(m->fd);
		*m = (struct mapped){.fd = -1, .slot = -1};
		return false;
	}
	m->data = base;
	m->was = *st;
	testdelay_sleep("FIXPRICE_TEST_READ_DELAY");
	return true;
}

static bool same_time(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

bool mapped_unchanged(const struct mapped *m)
{
	struct stat now;

	/* Not ctime: a link removed or renamed changes it, not the bytes. */
	return !m->data ||
	       (fstat(m->fd, &now) == 0 && now.st_size == m->was.st_size &&
	        same_time(now.st_mtim, m->was.st_mtim));
}

void mapped_close(struct mapped *m)
{
	if (!m->data)
		return;
	munmap(m->data, m->room);
	/* Unmapped first: a SIGBUS meanwhile is still this file's. */
	__atomic_store_n(&slots[m->slot].used, 0, __ATOMIC_RELEASE);
	close(m->fd);
	*m = (struct mapped){.fd = -1, .slot = -1};
}
