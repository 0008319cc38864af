/* Tests for util/source.c's source_keep: while on, a path read again gives
 * the bytes and hash of its first read without opening it; off, it is
 * read afresh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/sha256.h"
#include "util/source.h"

static char tmpdir[] = "/tmp/fixprice-source-XXXXXX";
static char path[sizeof tmpdir + 16];

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
	assert_non_null(mkdtemp(tmpdir));
	snprintf(path, sizeof path, "%s/in.csv", tmpdir);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_keep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
