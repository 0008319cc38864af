/* mapped.h: a regular file's bytes mapped instead of copied, guarded.
 *
 * Reading a run of 10^6 cases copies 42 MB from the page cache into pages
 * the kernel must first clear: a tenth of pricing two such runs, and most
 * of what varies between one timing and the next.  A private read-only
 * mapping reads the page cache where it is.  Two things a copy is safe
 * from, a mapping is not, and both are guarded here:
 *
 * - the file cut short while mapped: reading a page past its new end
 *   raises SIGBUS.  The handler, if the address is in a mapping made
 *   here, prints "NAME: changed while it was read (cut short)", removes
 *   whatever output is staged (util/cleanup.h; inputs are read before
 *   outputs are staged, so there is none today) and exits with status 2;
 *   any other SIGBUS goes to the action there was before.
 * - the file written while mapped: the bytes parsed may then not be the
 *   bytes hashed.  mapped_unchanged compares the file's size and
 *   modification time with those it had when mapped.
 *
 * Use: struct mapped m; if (!mapped_open(fd, &st, name, &m)) read it
 * instead; m.data[0..st.st_size) then a NUL, read-only; before trusting
 * what was parsed, mapped_unchanged(&m); mapped_close(&m). */
#ifndef FP_UTIL_MAPPED_H
#define FP_UTIL_MAPPED_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

struct mapped {
	char *data;  /* the file's bytes, then a NUL; NULL: none */
	size_t room; /* bytes mapped (whole pages, the NUL's included) */
	int fd;      /* kept open: mapped_unchanged asks it */
	int slot;    /* in the SIGBUS handler's table */
	struct stat was;
};

/* Maps the regular file open at fd, whose fstat is st, for name (shown in
 * messages).  False, with nothing held, when it does not (the file is
 * then read instead): an empty file, the guard's table of 8 full, a
 * failed mmap.  m owns a dup of fd.  A test hook: with
 * FIXPRICE_TEST_READ_DELAY=SECONDS (a decimal number) it then sleeps, so
 * that a test can cut the file short or write it.  Not for users. */
bool mapped_open(int fd, const struct stat *st, const char *name,
                 struct mapped *m);

/* Whether the file has kept the size and modification time it had when
 * mapped. */
bool mapped_unchanged(const struct mapped *m);

/* Unmaps and forgets m; a zeroed or closed one is fine. */
void mapped_close(struct mapped *m);

#endif
