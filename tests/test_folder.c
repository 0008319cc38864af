/* test_folder.c: the error paths of a run that is a folder (run/folder.c):
 * a folder that cannot be listed (fdopendir or readdir failing, through ld's
 * --wrap, since root may list any folder), more benchmarks than the
 * limit, and nothing leaked or left half-read after any of them.  What a
 * criterion folder reads to is tested on real cargo output in
 * tests/cli/criterion.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/folder.h"

/* opendir and readdir failing when their countdown reaches 1. */
static int opendir_fails, readdir_fails;
DIR *__real_fdopendir(int fd);
DIR *__wrap_fdopendir(int fd);
struct dirent *__real_readdir(DIR *dir);
struct dirent *__wrap_readdir(DIR *dir);

DIR *__wrap_fdopendir(int fd)
{
	if (opendir_fails > 0 && --opendir_fails == 0) {
		errno = EACCES;
		return NULL;
	}
	return __real_fdopendir(fd);
}

struct dirent *__wrap_readdir(DIR *dir)
{
	if (readdir_fails > 0 && --readdir_fails == 0) {
		errno = EIO;
		return NULL;
	}
	return __real_readdir(dir);
}

static char top[64];

/* top/bN/new/sample.json for N < n: n benchmarks. */
static void make_benches(int n)
{
	char path[128];

	for (int i = 0; i < n; i++) {
		FILE *f;
		snprintf(path, sizeof path, "%s/b%d", top, i);
		assert_int_equal(mkdir(path, 0755), 0);
		snprintf(path, sizeof path, "%s/b%d/new", top, i);
		assert_int_equal(mkdir(path, 0755), 0);
		snprintf(path, sizeof path, "%s/b%d/new/sample.json", top, i);
		assert_non_null(f = fopen(path, "w"));
		fputs("{\"iters\": [1], \"times\": [2]}\n", f);
		fclose(f);
	}
}

static int setup(void **state)
{
	(void)state;
	strcpy(top, "/tmp/fp-folder-XXXXXX");
	if (!mkdtemp(top))
		return -1;
	make_benches(3);
	return 0;
}

static int teardown(void **state)
{
	char cmd[96];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	return system(cmd) == 0 ? 0 : -1;
}

/* Reads top with at most max benchmarks; expects failure with want,
 * naming top/sub (top itself when sub is "", and when sub is "b" any
 * benchmark's folder: readdir's order is the file system's). */
static void fails(size_t max, const char *sub, const char *want)
{
	struct run_folder f;
	struct diag d = {0};
	char file[96];

	snprintf(file, sizeof file, "%s%s%s", top, *sub ? "/" : "", sub);
	assert_int_equal(run_folder_read(top, 1 << 20, max, &f, &d), FP_ERR);
	if (strcmp(sub, "b") == 0)
		assert_true(strncmp(d.file, file, strlen(file)) == 0 &&
		            strchr("012", d.file[strlen(file)]) &&
		            !d.file[strlen(file) + 1]);
	else
		assert_string_equal(d.file, file);
	assert_string_equal(d.msg, want);
	run_folder_free(&f);
	assert_int_equal(f.n, 0);
	assert_null(f.benches);
}

static void test_reads(void **state)
{
	struct run_folder f;
	struct diag d = {0};

	(void)state;
	assert_int_equal(run_folder_read(top, 1 << 20, 3, &f, &d), FP_OK);
	assert_int_equal(f.n, 3);
	assert_int_equal(f.nfiles, 3);
	assert_string_equal(f.benches[0].dir, "b0");
	run_folder_free(&f);
}

/* One more benchmark than the limit allows: refused, naming the limit
 * (the real limit, RUN_FOLDER_MAX, is reached the same way: 100,001
 * folders on disk would take the test minutes to make and remove). */
static void test_too_many(void **state)
{
	(void)state;
	fails(2, "", "more than 2 criterion benchmarks");
	fails(1, "", "more than 1 criterion benchmarks");
}

static void test_cannot_list(void **state)
{
	char want[128];

	(void)state;
	/* The top folder itself. */
	opendir_fails = 1;
	snprintf(want, sizeof want, "cannot list: %s", strerror(EACCES));
	fails(RUN_FOLDER_MAX, "", want);
	/* A benchmark's folder, below the top (listed second). */
	opendir_fails = 2;
	fails(RUN_FOLDER_MAX, "b", want);
	/* An I/O error in the middle of a listing. */
	readdir_fails = 2;
	snprintf(want, sizeof want, "cannot list: %s", strerror(EIO));
	fails(RUN_FOLDER_MAX, "", want);
	opendir_fails = readdir_fails = 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_reads, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_too_many, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_cannot_list, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
