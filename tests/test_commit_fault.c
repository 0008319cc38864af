/* test_commit_fault.c: a failure after the commit is said.
 *
 * `fixprice price --record rec --force` over an old record, with rmdir
 * failing on the staging folder's name (ld --wrap, Makefile.am): the
 * old record, swapped out, cannot be removed.  The new record stands;
 * a warning names the folder left; the exit status is 0, and 2 under
 * --check (whose 0 says "accept", not "all is well"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <errno.h>

#include <cmocka.h>

#include "cmd/command.h"
#include "test_rmdir_fault.h"


/* Runs price into rec (--check when check); the status, stderr in err. */
static int price(const char *rec, bool check, char *err, size_t size)
{
	const char *args[] = {
	    "price", TEST_SRCDIR "/tests/data/cli/small-before.csv",
	    TEST_SRCDIR "/tests/data/cli/small-after.csv", "--record", rec,
	    "--force", "-o", "/dev/null", "--no-control-guard",
	    "--allow-newly-failing", "--check"};
	char *argv[12];
	FILE *f = tmpfile();
	int saved = dup(2), status, argc = check ? 11 : 10;
	size_t n;

	for (int i = 0; i < argc; i++)
		argv[i] = (char *)args[i];
	argv[argc] = NULL;
	assert_non_null(f);
	fflush(stderr);
	dup2(fileno(f), 2);
	status = command_main(command_find("price"), argc, argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	n = fread(err, 1, size - 1, f);
	err[n] = '\0';
	fclose(f);
	return status;
}

static void test_removal_fails(void **state)
{
	char top[] = "/tmp/fp-commit-fault-XXXXXX", rec[64], cmd[128];
	char err[4096];

	assert_non_null(mkdtemp(top));
	snprintf(rec, sizeof rec, "%s/rec", top);
	assert_int_equal(price(rec, true, err, sizeof err), 0);
	assert_string_equal(err, "");
	for (int check = 0; check < 2; check++) {
		rmdir_fails = 1;
		int status = price(rec, check, err, sizeof err);
		rmdir_fails = 0;
		fprintf(stderr, "--check %d: exit %d: %s", check, status, err);
		assert_int_equal(status, check ? EXIT_USAGE : EXIT_OK);
		assert_non_null(strstr(err, "fixprice: warning: "));
		assert_non_null(strstr(err, "the old folder could not be "
		                            "removed and is left as "));
		assert_non_null(strstr(err, "/rec.fixprice-"));
		/* The folder named is there. */
		snprintf(cmd, sizeof cmd, "test -d %.*s", 80,
		         strstr(err, "left as ") + 8);
		*strrchr(cmd, ':') = '\0';
		assert_int_equal(system(cmd), 0);
	}
	snprintf(cmd, sizeof cmd, "test -f '%s/decision.json'", rec);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_removal_fails),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
