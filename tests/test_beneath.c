/* test_beneath.c: util/beneath.c, a path opened only below a folder.  The
 * component walk (the fallback where the kernel has no openat2) is held
 * to openat2's RESOLVE_BENEATH over one tree of links: the same paths
 * open, the same ones are refused with EXDEV (whether or not what they
 * lead to exists), the same ones are missing. */
#define _GNU_SOURCE /* O_PATH */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/beneath.h"

static char top[64];
static int root;

static void sh(const char *cmd)
{
	char line[512];

	snprintf(line, sizeof line, "cd %s && %s", top, cmd);
	assert_int_equal(system(line), 0);
}

/* top/out (outside), top/in (the root): in/a/b/f, links in it leading
 * in and out at each depth. */
static int setup(void **state)
{
	(void)state;
	snprintf(top, sizeof top, "/tmp/fixprice-beneath-XXXXXX");
	assert_non_null(mkdtemp(top));
	sh("mkdir -p in/a/b out/a && echo x >in/a/b/f && echo s >out/secret"
	   " && ln -s b/f in/a/to-f && ln -s ../a in/a/up-in"
	   " && ln -s ../../out in/a/up-out && ln -s ../out in/out-dir"
	   " && ln -s \"$PWD/out/secret\" in/abs && ln -s /nothing in/abs-none"
	   " && ln -s ../nothing in/up-none && ln -s loop in/loop"
	   " && ln -s a in/a-link && mkfifo in/fifo");
	root = open(strcat(strcpy((char[96]){0}, top), "/in"),
	            O_PATH | O_DIRECTORY);
	assert_true(root >= 0);
	return 0;
}

static int teardown(void **state)
{
	char line[128];

	(void)state;
	close(root);
	snprintf(line, sizeof line, "rm -rf %s", top);
	return system(line);
}

/* rel's outcome by both ways: 0 opened, else errno. */
static int outcome(int (*open_it)(int, const char *, int), const char *rel,
                   int flags)
{
	int fd = open_it(root, rel, flags);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static void same(const char *rel, int flags, int want)
{
	int walked = outcome(beneath_walk, rel, flags);

	if (walked != want)
		fail_msg("%s: walk %s, want %s", rel, strerror(walked),
		         strerror(want));
	if (outcome(beneath_open, rel, flags) != want)
		fail_msg("%s: open %s, want %s", rel,
		         strerror(outcome(beneath_open, rel, flags)),
		         strerror(want));
}

static void test_below(void **state)
{
	(void)state;
	same("a/b/f", O_RDONLY, 0);
	same("a/to-f", O_RDONLY, 0);
	same("a/up-in/b/f", O_RDONLY, 0);
	same("a-link/b/../b/f", O_RDONLY, 0);
	same("", O_RDONLY | O_DIRECTORY, 0);
	same(".", O_RDONLY | O_DIRECTORY, 0);
	same("a/..", O_RDONLY | O_DIRECTORY, 0);
	same("a//b/./f", O_RDONLY, 0);
	same("fifo", O_RDONLY | O_NONBLOCK, 0);
	same("fifo", O_PATH, 0);
	same("a/b/f", O_PATH, 0);
}

static void test_out(void **state)
{
	(void)state;
	same("..", O_RDONLY, EXDEV);
	same("../out/secret", O_RDONLY, EXDEV);
	same("../nothing", O_RDONLY, EXDEV);
	same("a/../../out/secret", O_RDONLY, EXDEV);
	same("a/up-out/secret", O_RDONLY, EXDEV);
	same("a/up-out/nothing", O_RDONLY, EXDEV);
	same("out-dir", O_RDONLY | O_DIRECTORY, EXDEV);
	same("abs", O_RDONLY, EXDEV);
	same("abs-none", O_RDONLY, EXDEV);
	same("up-none", O_RDONLY, EXDEV);
	same("abs", O_PATH, EXDEV);
}

static void test_missing(void **state)
{
	(void)state;
	same("nothing", O_RDONLY, ENOENT);
	same("a/nothing/f", O_RDONLY, ENOENT);
	same("a/b/f/g", O_RDONLY, ENOTDIR);
	same("loop", O_RDONLY, ELOOP);
	same("a/b/f", O_RDONLY | O_DIRECTORY, ENOTDIR);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_below),
	    cmocka_unit_test(test_out),
	    cmocka_unit_test(test_missing),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
