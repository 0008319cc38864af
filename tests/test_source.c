/* Tests for util/source.c's source_keep (while on, a path read again gives
 * the bytes and hash of its first read without opening it; off, it is
 * read afresh) and source_map (the bytes and hash of source_read, a file
 * written meanwhile caught, one cut short ending the process with status
 * 2 and its message, any other SIGBUS left to its default). */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/cleanup.h"
#include "util/sha256.h"
#include "util/source.h"

static char tmpdir[] = "/tmp/fixprice-source-XXXXXX";
static char path[sizeof tmpdir + 16], staged[sizeof tmpdir + 16];

/* A new folder for this test's files, path the input in it. */
static void fresh_dir(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/fixprice-source-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	snprintf(path, sizeof path, "%s/in.csv", tmpdir);
}

static void put(const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void expect(const char *text, size_t cap)
{
	struct source s;
	struct diag d;
	char want[65];

	assert_int_equal(source_read(path, cap, &s, &d), FP_OK);
	assert_int_equal(s.len, strlen(text));
	assert_string_equal(s.data, text);
	sha256_hex(text, strlen(text), want);
	assert_string_equal(s.sha256, want);
	source_free(&s);
}

static void test_keep(void **state)
{
	struct source s;
	struct diag d;

	(void)state;
	fresh_dir();
	put("first\n");
	source_keep(true);
	expect("first\n", 100);
	/* Changed, then removed: the kept bytes are what a later load
	 * sees, the file is not opened again. */
	put("second\n");
	expect("first\n", 100);
	unlink(path);
	expect("first\n", 100);
	/* The cap of the later read still holds. */
	assert_int_equal(source_read(path, 3, &s, &d), FP_ERR);
	assert_string_equal(d.msg, "file is larger than 3 bytes");
	/* Off: what was kept is freed, the file read afresh. */
	source_keep(false);
	assert_int_equal(source_read(path, 100, &s, &d), FP_ERR);
	assert_string_equal(d.msg, "cannot open: No such file or directory");
	put("third\n");
	expect("third\n", 100);
	put("fourth\n");
	expect("fourth\n", 100);
	unlink(path);
	assert_int_equal(rmdir(tmpdir), 0);
}

/* source_map of path gives what source_read gives, NUL after. */
static void expect_mapped(const char *text)
{
	struct source r, m;
	struct diag d;

	put(text);
	assert_int_equal(source_read(path, 1 << 20, &r, &d), FP_OK);
	assert_int_equal(source_map(path, 1 << 20, &m, &d), FP_OK);
	assert_int_equal(m.len, r.len);
	assert_memory_equal(m.data, r.data, r.len + 1);
	assert_string_equal(m.sha256, r.sha256);
	/* Mapped unless empty (mmap maps no empty file). */
	assert_true((m.map.data != NULL) == (r.len > 0));
	assert_int_equal(source_done(&m, &d), FP_OK);
	source_free(&r);
}

static void pause_ms(long ms)
{
	struct timespec ts = {0, ms * 1000000L};

	nanosleep(&ts, NULL);
}

/* A file of n bytes, none of them a NUL. */
static void put_bytes(size_t n)
{
	char *text = malloc(n + 1);

	assert_non_null(text);
	memset(text, 'x', n);
	text[n] = '\0';
	put(text);
	free(text);
}

static void test_map(void **state)
{
	long page = sysconf(_SC_PAGESIZE);
	struct source m;
	struct diag d;

	(void)state;
	fresh_dir();
	expect_mapped("case,runtime\na,1\n");
	expect_mapped("");
	/* A file that fills its last page (the NUL on a page of its own),
	 * and one a byte short of it. */
	for (long n = page - 1; n <= page + 1; n++) {
		char *text = malloc((size_t)n + 1);
		assert_non_null(text);
		memset(text, 'x', (size_t)n);
		text[n] = '\0';
		expect_mapped(text);
		free(text);
	}
	/* The cap holds as for source_read. */
	put("case,runtime\n");
	assert_int_equal(source_map(path, 3, &m, &d), FP_ERR);
	assert_string_equal(d.msg, "file is larger than 3 bytes");
	/* Written while mapped, at the same size: source_done says so. */
	assert_int_equal(source_map(path, 100, &m, &d), FP_OK);
	pause_ms(20);
	put("CASE,runtime\n");
	assert_int_equal(source_done(&m, &d), FP_ERR);
	assert_string_equal(d.file, path);
	assert_string_equal(d.msg, "changed while it was read");
	assert_null(m.data);
	/* Unchanged, or only renamed away: nothing to say. */
	assert_int_equal(source_map(path, 100, &m, &d), FP_OK);
	unlink(path);
	assert_int_equal(source_done(&m, &d), FP_OK);
	assert_int_equal(rmdir(tmpdir), 0);
}

/* More files mapped at once than the guard has room for: the ninth is
 * read instead, with the same bytes. */
static void test_map_many(void **state)
{
	struct source many[9];
	struct diag d;

	(void)state;
	fresh_dir();
	put("case,runtime\na,1\n");
	for (int i = 0; i < 9; i++) {
		assert_int_equal(source_map(path, 100, &many[i], &d), FP_OK);
		assert_string_equal(many[i].data, "case,runtime\na,1\n");
		assert_true((many[i].map.data != NULL) == (i < 8));
	}
	for (int i = 0; i < 9; i++)
		assert_int_equal(source_done(&many[i], &d), FP_OK);
	unlink(path);
	assert_int_equal(rmdir(tmpdir), 0);
}

/* Runs child in a process of its own; its stderr into err[0..size), and
 * its wait status. */
static int in_child(void (*child)(void), char *err, size_t size)
{
	int fds[2], status;
	ssize_t got, n = 0;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		signal(SIGBUS, SIG_DFL); /* cmocka's own, in this process */
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		child();
		_exit(0);
	}
	close(fds[1]);
	while ((got = read(fds[0], err + n, size - 1 - (size_t)n)) > 0)
		n += got;
	err[n] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

/* Three pages mapped, the file cut to nothing, the last page read. */
static void cut_short(void)
{
	long page = sysconf(_SC_PAGESIZE);
	struct source m;
	struct diag d;
	volatile char c;

	put_bytes(3 * (size_t)page);
	if (source_map(path, 1 << 20, &m, &d) != FP_OK)
		_exit(10);
	/* An output staged meanwhile goes with the process. */
	if (!fopen(staged, "w") || cleanup_add(staged, false) < 0)
		_exit(13);
	if (truncate(path, 0) != 0)
		_exit(11);
	c = m.data[2 * page];
	(void)c;
	_exit(12); /* not reached: SIGBUS */
}

/* A file mapped (the handler installed), another mapped by hand and cut
 * short: its SIGBUS is none of the handler's. */
static void cut_other(void)
{
	long page = sysconf(_SC_PAGESIZE);
	struct source m;
	struct diag d;
	volatile char c;
	char *other;
	FILE *f;

	put_bytes(3 * (size_t)page);
	if (source_map(path, 1 << 20, &m, &d) != FP_OK)
		_exit(10);
	f = fopen(path, "r");
	other =
	    mmap(NULL, 3 * (size_t)page, PROT_READ, MAP_PRIVATE, fileno(f), 0);
	if (other == MAP_FAILED || truncate(path, 0) != 0)
		_exit(11);
	c = other[2 * page];
	(void)c;
	_exit(12);
}

static void test_cut_short(void **state)
{
	char err[1024], want[512];
	int status;

	(void)state;
	fresh_dir();
	snprintf(staged, sizeof staged, "%s/out.md", tmpdir);
	status = in_child(cut_short, err, sizeof err);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 2);
	assert_int_equal(access(staged, F_OK), -1);
	snprintf(want, sizeof want,
	         "%s: changed while it was read (cut short)\n", path);
	assert_string_equal(err, want);
	status = in_child(cut_other, err, sizeof err);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGBUS);
	unlink(path);
	assert_int_equal(rmdir(tmpdir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_keep),
	    cmocka_unit_test(test_map),
	    cmocka_unit_test(test_map_many),
	    cmocka_unit_test(test_cut_short),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
