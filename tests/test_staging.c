/* test_staging.c: output folders committed whole or not at all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "util/source.h"
#include "util/staging.h"
#include "test_rmdir_fault.h"

/* readdir, failing with EIO once readdir_fails reaches 1 (ld --wrap,
 * Makefile.am): an I/O error while a folder is listed. */
static int readdir_fails;
struct dirent *__real_readdir(DIR *dir);
struct dirent *__wrap_readdir(DIR *dir);
struct dirent *__wrap_readdir(DIR *dir)
{
	if (readdir_fails > 0 && --readdir_fails == 0) {
		errno = EIO;
		return NULL;
	}
	return __real_readdir(dir);
}


/* syscall, writing late_name into the folder being swapped just before
 * renameat2(RENAME_EXCHANGE) swaps it: another program's file, written
 * into the folder during the commit. */
static const char *late_name;
static void put(const char *dir, const char *name, const char *text);
long __real_syscall(long n, ...);
long __wrap_syscall(long n, ...);
long __wrap_syscall(long n, ...)
{
	va_list ap;
	long a[5];

	va_start(ap, n);
	for (int i = 0; i < 5; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (n == SYS_renameat2 && a[4] == 2 /* RENAME_EXCHANGE */ &&
	    late_name) {
		put((const char *)a[3], late_name, "late");
		late_name = NULL;
	}
	return __real_syscall(n, a[0], a[1], a[2], a[3], a[4]);
}

static char top[64];

static int setup(void **state)
{
	strcpy(top, "/tmp/fp-staging-XXXXXX");
	return mkdtemp(top) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	return system(cmd);
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

/* The text of DIR/NAME, or "" when there is no such file. */
static const char *get(const char *dir, const char *name)
{
	static char buf[64];
	char path[256];
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "r")))
		return "";
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* How many entries folder dir has (-1: it does not exist). */
static int count(const char *dir)
{
	char cmd[300];
	FILE *p;
	int n = -1;

	snprintf(cmd, sizeof cmd, "test -d '%s' && ls -A '%s' | wc -l", dir,
	         dir);
	p = popen(cmd, "r");
	if (p && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p)
		pclose(p);
	return n;
}

/* A new folder: nothing at its name until the commit, then all of it. */
static void test_new_folder(void **state)
{
	char final[512];
	struct staging st;
	struct diag d;
	char *shown;

	snprintf(final, sizeof final, "%s/rec/", top);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	assert_true(st.whole);
	put(st.path, "a.md", "A");
	put(st.path, "b.json", "B");
	assert_int_equal(count(st.final), -1);
	snprintf(final, sizeof final, "draw with: gnuplot -c %s/a.gp; see %s",
	         st.path, st.path);
	shown = staging_final_text(&st, final);
	snprintf(final, sizeof final, "draw with: gnuplot -c %s/rec/a.gp; see "
	         "%s/rec", top, top);
	assert_string_equal(shown, final);
	free(shown);
	assert_string_equal(shown = staging_final_text(NULL, "x"), "x");
	free(shown);
	assert_int_equal(staging_commit(&st, false, &d), FP_OK);
	snprintf(final, sizeof final, "%s/rec", top);
	assert_int_equal(count(final), 2);
	assert_string_equal(get(final, "b.json"), "B");
	assert_int_equal(count(top), 1); /* no staging folder left */
}

/* An existing folder: a name that exists is refused without force, every
 * staged name counts; with force the folder is swapped whole, keeping
 * the user's other files; the old one is left nowhere. */
static void test_existing_folder(void **state)
{
	char final[512];
	struct staging st;
	struct diag d;

	snprintf(final, sizeof final, "%s/old", top);
	mkdir(final, 0777);
	put(final, "mine.txt", "keep");
	put(final, "z.svg", "old");
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	assert_false(st.whole);
	put(st.path, "a.md", "new");
	put(st.path, "z.svg", "new");
	assert_string_equal(get(final, "z.svg"), "old");
	assert_int_equal(staging_commit(&st, false, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "old/z.svg exists; use --force"));
	assert_string_equal(get(final, "z.svg"), "old");
	assert_int_equal(count(top), 1); /* nothing staged is left */
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "new");
	put(st.path, "z.svg", "new");
	assert_int_equal(staging_commit(&st, true, &d), FP_OK);
	assert_string_equal(get(final, "a.md"), "new");
	assert_string_equal(get(final, "z.svg"), "new");
	assert_string_equal(get(final, "mine.txt"), "keep");
	assert_int_equal(count(final), 3);
	assert_int_equal(count(top), 1);
}

/* An I/O error while a folder is listed (the staged one, or the one it
 * replaces) is an error, never a commit of nothing: the old folder stays
 * as it was and nothing staged is left. */
static void test_listing_error(void **state)
{
	char final[512];
	struct staging st;
	struct diag d;

	snprintf(final, sizeof final, "%s/old", top);
	mkdir(final, 0777);
	put(final, "z.svg", "old");
	for (int k = 1; k <= 2; k++) {
		assert_int_equal(staging_open(&st, final, &d), FP_OK);
		put(st.path, "z.svg", "new");
		readdir_fails = k;
		assert_int_equal(staging_commit(&st, true, &d), FP_ERR);
		readdir_fails = 0;
		assert_non_null(strstr(d.msg, "cannot read the folder"));
		assert_string_equal(get(final, "z.svg"), "old");
		assert_int_equal(count(final), 1);
		assert_int_equal(count(top), 1);
	}
}

/* Other files and folders and none of the staged names (a project): the
 * staged folder is published as one new folder in it (STAGING_SUB),
 * never file by file.  (Other files alone are kept by a swap:
 * test_errors.) */
static void test_sub_folder(void **state)
{
	char final[512];
	struct staging st;
	struct diag d;

	snprintf(final, sizeof final, "%s/proj", top);
	mkdir(final, 0777);
	put(final, "README", "mine");
	snprintf(final, sizeof final, "%s/proj/sub", top);
	mkdir(final, 0777);
	snprintf(final, sizeof final, "%s/proj/", top);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "new");
	assert_int_equal(staging_check(&st, false, &d), FP_OK);
	assert_int_equal(st.mode, STAGING_NEW);
	assert_true(st.sub);
	snprintf(final, sizeof final, "%s/proj/" STAGING_SUB, top);
	assert_string_equal(st.place, final);
	assert_int_equal(staging_place(&st, &d), FP_OK);
	assert_int_equal(staging_done(&st, &d), FP_OK);
	assert_string_equal(get(final, "a.md"), "new");
	snprintf(final, sizeof final, "%s/proj", top);
	assert_int_equal(count(final), 3); /* README, sub, fixprice */
	/* Again: the subfolder exists, its name is taken without force and
	 * swapped whole with it. */
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "newer");
	assert_int_equal(staging_commit(&st, false, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "proj/fixprice/a.md exists"));
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "newer");
	assert_int_equal(staging_commit(&st, true, &d), FP_OK);
	assert_string_equal(get(final, STAGING_SUB "/a.md"), "newer");
	assert_int_equal(count(top), 1);
	/* A subfolder of other files and a folder: never one level
	 * deeper. */
	snprintf(final, sizeof final, "%s/proj/" STAGING_SUB "/dir", top);
	mkdir(final, 0777);
	snprintf(final, sizeof final, "%s/proj/" STAGING_SUB, top);
	unlink(strcat(final, "/a.md"));
	snprintf(final, sizeof final, "%s/proj", top);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "x");
	assert_int_equal(staging_commit(&st, false, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "write into a folder of its own"));
	/* With force over a name, a folder inside is refused, not lost. */
	put(final, "a.md", "mine");
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "newer");
	assert_int_equal(staging_commit(&st, true, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "holds the folder "));
	assert_string_equal(get(final, "a.md"), "mine");
	assert_int_equal(count(top), 1);
}

/* A file another program writes into the folder while it is swapped
 * (between the listing of what to keep and the swap) is moved into the
 * new folder, never removed; one with a name the command wrote is kept
 * in the old folder, renamed out of the reaper's way, and said. */
static void test_late_file(void **state)
{
	char final[512], kept[600];
	struct staging st;
	struct diag d;
	FILE *p;

	snprintf(final, sizeof final, "%s/rec", top);
	mkdir(final, 0777);
	put(final, "a.md", "old");
	put(final, "mine.txt", "keep");
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "new");
	late_name = "late.txt";
	assert_int_equal(staging_commit(&st, true, &d), FP_OK);
	assert_null(late_name);
	assert_string_equal(get(final, "a.md"), "new");
	assert_string_equal(get(final, "mine.txt"), "keep");
	assert_string_equal(get(final, "late.txt"), "late");
	assert_int_equal(count(final), 3);
	assert_int_equal(count(top), 1);
	/* A late file under a name the command writes. */
	unlink(strcat(final, "/late.txt"));
	snprintf(final, sizeof final, "%s/rec", top);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "newer");
	put(st.path, "b.md", "newer");
	late_name = "b.md";
	assert_int_equal(staging_commit(&st, true, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "the commit is done, but b.md"));
	assert_non_null(strstr(d.msg, ".kept"));
	assert_string_equal(get(final, "b.md"), "newer");
	snprintf(kept, sizeof kept, "ls -d %s/rec.fixprice-*.kept", top);
	assert_non_null(p = popen(kept, "r"));
	assert_non_null(fgets(kept, sizeof kept, p));
	pclose(p);
	kept[strcspn(kept, "\n")] = '\0';
	assert_string_equal(get(kept, "b.md"), "late");
	assert_int_equal(count(kept), 1); /* the old a.md went */
	assert_int_equal(count(top), 2);
	/* A later run's reaper leaves it alone. */
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	assert_int_equal(staging_reap(&st), 0);
	staging_abort(&st);
	assert_string_equal(get(kept, "b.md"), "late");
}

/* An old folder that cannot be removed after the swap: the commit stands,
 * and the error names what is left where. */
static void test_failed_removal(void **state)
{
	char final[512];
	struct staging st;
	struct diag d;

	snprintf(final, sizeof final, "%s/rec", top);
	mkdir(final, 0777);
	put(final, "a.md", "old");
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "new");
	rmdir_fails = true;
	assert_int_equal(staging_commit(&st, true, &d), FP_ERR);
	rmdir_fails = false;
	assert_string_equal(d.file, final);
	assert_non_null(strstr(d.msg, "the old folder could not be removed "
	                              "and is left as "));
	assert_non_null(strstr(d.msg, "/rec.fixprice-"));
	assert_string_equal(get(final, "a.md"), "new");
	assert_int_equal(count(top), 2);
	assert_null(st.path); /* st is freed all the same */
}

/* The staging folders of dead runs beside a folder are reaped; a live
 * run's (its lock held, here by a child) is kept. */
static void test_reap(void **state)
{
	char final[512], dead[600];
	struct staging st, live;
	struct diag d;
	int ready[2];
	pid_t child;
	char c;

	snprintf(final, sizeof final, "%s/rec", top);
	snprintf(dead, sizeof dead, "%s/rec.fixprice-AbC123", top);
	mkdir(dead, 0700);
	put(dead, "decision.md", "half");
	snprintf(dead, sizeof dead, "%s/other.fixprice-x9y8z7", top);
	mkdir(dead, 0700);
	put(top, "keep.fixprice-notmine", "a user's file");
	assert_int_equal(pipe(ready), 0);
	if ((child = fork()) == 0) {
		c = 1;
		if (staging_open(&live, final, &d) != FP_OK)
			_exit(1);
		put(live.path, "a.md", "live");
		if (write(ready[1], &c, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	assert_int_equal(read(ready[0], &c, 1), 1);
	assert_int_equal(count(top), 4);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	assert_int_equal(staging_reap(&st), 2);
	assert_int_equal(count(top), 3); /* the live one, ours, the file */
	staging_abort(&st);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	/* Its owner dead, the live one goes too. */
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	assert_int_equal(staging_reap(&st), 1);
	staging_abort(&st);
	assert_int_equal(count(top), 1);
	close(ready[0]);
	close(ready[1]);
}

/* A swap taken back leaves the old folder byte for byte; a staged name
 * that is an input is refused. */
static void test_unplace(void **state)
{
	char final[512], path[600];
	struct staging st;
	struct source src;
	struct diag d;

	snprintf(final, sizeof final, "%s/rec", top);
	mkdir(final, 0777);
	put(final, "a.md", "old");
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "new");
	assert_int_equal(staging_check(&st, true, &d), FP_OK);
	assert_int_equal(staging_place(&st, &d), FP_OK);
	assert_string_equal(get(final, "a.md"), "new");
	staging_unplace(&st);
	assert_string_equal(get(final, "a.md"), "old");
	staging_abort(&st);
	assert_string_equal(get(final, "a.md"), "old");
	assert_int_equal(count(top), 1);
	snprintf(path, sizeof path, "%s/a.md", final);
	assert_int_equal(source_read(path, 1000, &src, &d), FP_OK);
	source_free(&src);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "new");
	assert_int_equal(staging_commit(&st, true, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "would overwrite the input"));
	assert_string_equal(get(final, "a.md"), "old");
	assert_int_equal(count(top), 1);
}

/* Abort leaves nothing, in a new folder's place and beside an existing
 * one. */
static void test_abort(void **state)
{
	char final[512];
	struct staging st;
	struct diag d;

	snprintf(final, sizeof final, "%s/gone", top);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "A");
	staging_abort(&st);
	assert_int_equal(count(final), -1);
	assert_int_equal(count(top), 0);
	mkdir(final, 0777);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "A");
	staging_abort(&st);
	assert_int_equal(count(final), 0);
	assert_int_equal(count(top), 1);
	staging_abort(&st); /* twice is fine */
}

/* A file where the folder should be; a folder made meanwhile (the rename
 * fails and the staged files go). */
static void test_errors(void **state)
{
	char final[512];
	struct staging st;
	struct diag d;

	put(top, "file", "x");
	snprintf(final, sizeof final, "%s/file", top);
	assert_int_equal(staging_open(&st, final, &d), FP_ERR);
	assert_string_equal(d.msg, "exists and is not a folder");
	snprintf(final, sizeof final, "%s/race", top);
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "A");
	mkdir(final, 0777);
	put(final, "other", "O");
	assert_int_equal(staging_commit(&st, false, &d), FP_OK);
	/* The folder made meanwhile is taken as existing: swapped, its
	 * file kept. */
	assert_int_equal(count(final), 2);
	assert_string_equal(get(final, "a.md"), "A");
	assert_int_equal(count(top), 2); /* file and race: nothing staged */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_new_folder, setup, teardown),
		cmocka_unit_test_setup_teardown(test_existing_folder, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(test_sub_folder, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(test_late_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_failed_removal, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(test_reap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unplace, setup, teardown),
		cmocka_unit_test_setup_teardown(test_abort, setup, teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_listing_error, setup,
		                                teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
