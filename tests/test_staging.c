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

#include "util/source.h"
#include "util/staging.h"

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

/* Other files and none of the staged names: the staged ones are added. */
static void test_add_to_folder(void **state)
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
	assert_int_equal(st.mode, STAGING_ADD);
	assert_int_equal(staging_place(&st, &d), FP_OK);
	staging_done(&st);
	snprintf(final, sizeof final, "%s/proj", top);
	assert_string_equal(get(final, "a.md"), "new");
	assert_int_equal(count(final), 3);
	/* With force over a name, a folder inside is refused, not lost. */
	assert_int_equal(staging_open(&st, final, &d), FP_OK);
	put(st.path, "a.md", "newer");
	assert_int_equal(staging_commit(&st, true, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "holds the folder sub"));
	assert_string_equal(get(final, "a.md"), "new");
	assert_int_equal(count(top), 1);
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
	assert_int_equal(count(top), 2); /* file and race: nothing staged */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_new_folder, setup, teardown),
		cmocka_unit_test_setup_teardown(test_existing_folder, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(test_add_to_folder, setup,
		                                teardown),
		cmocka_unit_test_setup_teardown(test_unplace, setup, teardown),
		cmocka_unit_test_setup_teardown(test_abort, setup, teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_listing_error, setup,
		                                teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
