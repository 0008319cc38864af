/* source.h: one input read once, with its SHA-256, from a path or "-".
 *
 * A run file, a metric or a scenario may come from a regular file, a pipe,
 * /dev/stdin or "-" (standard input).  A pipe can be read only once, so the
 * bytes a loader parses and the hash a record names must come from the same
 * read: source_read gives both.  The size cap is applied while reading, so
 * an endless input (/dev/zero, a pipe that never ends) is refused once it
 * passes the cap instead of filling memory.
 *
 * Use: struct source s; if (source_read(path, cap, &s, d) != FP_OK) return
 * FP_ERR; parse s.data[0..s.len) (NUL-terminated), name s.name in messages,
 * put s.sha256 in the record; source_free(&s). */
#ifndef FP_SOURCE_H
#define FP_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

struct stat;

#include "util/diag.h"
#include "util/mapped.h"

struct source {
	char *data; /* len bytes, then a NUL (the input may hold NULs) */
	size_t len;
	char sha256[65];   /* of data[0..len), lowercase hex */
	const char *name;  /* for messages: the path, or "<stdin>" for "-";
	                    * points to the caller's path or a literal */
	struct mapped map; /* data's mapping (source_map), or none */
};

/* Name shown for path in messages: "<stdin>" for "-", else path. */
const char *source_name(const char *path);

/* Reads the input at path ("-": standard input, which is not closed) into
 * *out, which the caller frees with source_free.  Errors, each "NAME: ...":
 * "cannot open: REASON", "cannot read: Is a directory", "cannot read:
 * REASON", "cannot read: a device is neither a file nor a pipe" (a
 * character device other than a terminal or /dev/null, such as /dev/zero),
 * "file is larger than CAP" (CAP in GiB, MiB, KiB or bytes; a
 * regular file before it is read, anything else as soon as more than cap
 * bytes have come), "out of memory".  On failure *out holds nothing to
 * free. */
int source_read(const char *path, size_t cap, struct source *out,
                struct diag *d);

/* As source_read, but a regular file is mapped rather than copied
 * (util/mapped.h): data is then read-only, and the caller ends with
 * source_done, which says whether the file was written meanwhile.  For a
 * run, whose text is read once and let go. */
int source_map(const char *path, size_t cap, struct source *out,
               struct diag *d);

/* Frees s (as source_free), first checking that a mapped file was not
 * written since it was mapped: "NAME: changed while it was read". */
int source_done(struct source *s, struct diag *d);

/* The inputs read so far, for the check that no output replaces one: a
 * regular file that source_read opened is remembered by device and inode
 * (so through links and other names), for the life of the process.  The
 * name it was read by, or NULL if (dev, ino) is no input. */
const char *source_input_named(unsigned long long dev, unsigned long long ino);

/* While on, every input read is kept, and a later source_read of the
 * same path gives a copy of the bytes (and hash) read the first time
 * instead of opening it again: a command that loads one input several
 * times (compare: the before run, the metric and the control run once per
 * candidate) reads each once, a pipe or "-" included, and all its loads
 * see the same bytes.  Off frees what was kept.  Off by default: a
 * command that reads each input once keeps nothing. */
void source_keep(bool on);

/* Inputs named by data (verify's record), bounded.  While set, each path
 * given to source_confine_input, and every path below it (a run folder's
 * files), is an input of the record: only a regular file or a folder is
 * read (a FIFO, a device or a socket is refused, never opened in a way
 * that blocks), and with root set it is opened below root only
 * (util/beneath.h), each link on the way included.  Messages then name the
 * input's role ("the record's before run"); a path leading out of root is
 * refused alike whether or not what it leads to exists.  A path never
 * given to source_confine_input (a metric found by name in the metrics'
 * folders) is read as always. */
struct source_bounds {
	const char *root;      /* NULL: anywhere (verify --any-path) */
	const char *root_name; /* in messages: "the current folder", DIR */
	const char *file;      /* where an outside path's message points */
	const char *hint;      /* said after it: what to do instead */
};
/* Sets the bounds (copied; b's strings borrowed until source_unconfine):
 * out of memory is its one error. */
int source_confine(const struct source_bounds *b, struct diag *d);
/* path, as the bounds allow, is the input called role, named at line and
 * col of the bounds' file; checks that it is there, below root, and a
 * regular file or a folder: "FILE:LINE:COL: ROLE 'PATH' lies outside
 * ROOT_NAME; HINT" (for it or any path below it), "PATH: cannot read
 * ROLE: REASON". */
int source_confine_input(const char *path, const char *role, unsigned line,
                         unsigned col, struct diag *d);
/* Bounds off, the inputs forgotten. */
void source_unconfine(void);

/* path opened with flags (open(2)'s) as an input is: within the bounds
 * when it is one of theirs.  The descriptor, or -1 with d set ("NAME:
 * cannot open: REASON", or as source_confine_input says). */
int source_open(const char *path, int flags, struct diag *d);
/* What stat says of path, as an input is reached: st_mode 0 when nothing
 * is there; an error only when the bounds refuse it (as above). */
int source_stat(const char *path, struct stat *st, struct diag *d);

/* Frees what source_read allocated; a zeroed source is fine. */
void source_free(struct source *s);

#endif
