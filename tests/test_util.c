/* test_util.c: diagnostics, locale-independent numbers, compensated sums,
 * atomic files, the huge-page hint. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic_file.h"
#include "util/bigmem.h"
#include "util/diag.h"
#include "util/ksum.h"
#include "util/numfmt.h"

static void test_exact_shortest(void **state)
{
	static const struct {
		double x;
		const char *want;
	} cases[] = {
		{0.3, "0.3"}, {0.1 + 0.2, "0.30000000000000004"},
		{1.0 / 3, "0.3333333333333333"}, {2.0 / 3, "0.6666666666666666"},
		{-22.25, "-22.25"}, {1e-5, "1e-05"}, {5e-324, "5e-324"},
		{DBL_MAX, "1.7976931348623157e+308"}, {-0.0, "0"}, {0, "0"},
		/* Whole numbers in plain digits below 10^15, not "2e+01". */
		{20, "20"}, {-20, "-20"}, {100, "100"}, {1500, "1500"},
		{123456789012345, "123456789012345"}, {1e15, "1e+15"},
		{1e300, "1e+300"}, {NAN, "nan"}, {INFINITY, "inf"},
		{-INFINITY, "-inf"},
	};
	char buf[NUMFMT_MAX];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(numfmt_exact(buf, cases[i].x), cases[i].want);
}

/* Every printed value reads back bit for bit. */
static void test_exact_round_trips(void **state)
{
	uint64_t seed = 42;
	char buf[NUMFMT_MAX];

	for (int i = 0; i < 100000; i++) {
		double x;
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		memcpy(&x, &seed, sizeof x);
		if (!isfinite(x))
			continue;
		assert_true(strtod(numfmt_exact(buf, x), NULL) == x);
	}
}

static void test_human_and_fixed(void **state)
{
	char buf[NUMFMT_MAX];

	assert_string_equal(numfmt_human(buf, 1.0824742268041236, 6), "1.08247");
	assert_string_equal(numfmt_human(buf, -0.0, 6), "0");
	assert_string_equal(numfmt_fixed(buf, -22.25, 4), "-22.2500");
	/* -0.00001 at 4 decimals is 0, and must not print a sign. */
	assert_string_equal(numfmt_fixed(buf, -0.00001, 4), "0.0000");
}

static void test_parse(void **state)
{
	double x;

	assert_true(numfmt_parse(" 1.5 ", 5, &x));
	assert_true(x == 1.5);
	assert_true(numfmt_parse("1e-3", 4, &x));
	assert_true(x == 1e-3);
	assert_true(numfmt_parse(".5", 2, &x));
	assert_true(x == 0.5);
	assert_false(numfmt_parse("", 0, &x));
	assert_false(numfmt_parse("1,5", 3, &x));
	assert_false(numfmt_parse("nan", 3, &x));
	assert_false(numfmt_parse("0x10", 4, &x));
	assert_false(numfmt_parse("1.5abc", 6, &x));
}

/* 10^7 terms of 0.1: a plain loop drifts, the compensated sum does not. */
static void test_ksum_no_drift(void **state)
{
	struct ksum k = {0, 0};
	double naive = 0;

	for (int i = 0; i < 10000000; i++) {
		ksum_add(&k, 0.1);
		naive += 0.1;
	}
	assert_true(ksum_value(&k) == 1e6);
	assert_true(naive != 1e6);
	/* Large and small terms: 1e16 + 1 - 1e16 is 1, not 0. */
	{
		double v[3] = {1e16, 1, -1e16};
		assert_true(ksum_array(v, 3) == 1);
	}
}

static void test_diag_print(void **state)
{
	struct diag d;
	char out[1024] = "";
	FILE *f = fmemopen(out, sizeof out, "w");

	diag_set(&d, "m.yaml", 9, 15, "unknown name '%s'", "x");
	diag_set_source(&d, "score: min(1, x)", 16, 14);
	diag_print(&d, f);
	diag_set(&d, "run.csv", 0, 0, "cannot open");
	diag_print(&d, f);
	diag_set(&d, NULL, 0, 0, "out of memory");
	diag_prefix(&d, "in %s", "gain");
	diag_print(&d, f);
	fclose(f);
	assert_string_equal(out, "m.yaml:9:15: unknown name 'x'\n"
	                         "  score: min(1, x)\n"
	                         "                ^\n"
	                         "run.csv: cannot open\n"
	                         "fixprice: in gain: out of memory\n");
}

/* A path, a message and a source line with characters that would move
 * the cursor or reorder the line: shown in their visible form, the caret
 * still under the right character. */
static void test_diag_print_visible(void **state)
{
	struct diag d;
	char out[1024] = "";
	FILE *f = fmemopen(out, sizeof out, "w");

	diag_set(&d, "runs/a\nb\x1b[2J.csv", 2, 3, "bad \x07" "cell 'x\\y'");
	diag_print(&d, f);
	diag_set(&d, "m.yaml", 1, 12, "unknown name 'y'");
	/* "x\u202e" is 1 + 6 characters shown, "\xc3\xa9" one: the caret
	 * goes under the y at column 13 of the shown line. */
	diag_set_source(&d, "s: x\xe2\x80\xae + \xc3\xa9\x1b y", 15, 13);
	diag_print(&d, f);
	fclose(f);
	assert_string_equal(out,
	                    "runs/a\\nb\\x1b[2J.csv:2:3: bad \\x07cell 'x\\y'\n"
	                    "m.yaml:1:12: unknown name 'y'\n"
	                    "  s: x\\u202e + \xc3\xa9\\x1b y\n"
	                    "                    ^\n");
}

/* A line whose every byte takes four characters to show still fits, in
 * a narrower window. */
static void test_diag_source_controls(void **state)
{
	char text[1000];
	struct diag d;

	memset(text, '\x01', sizeof text);
	diag_set(&d, "f", 1, 500, "x");
	diag_set_source(&d, text, sizeof text, 500);
	assert_true(strlen(d.src) < DIAG_SRC_MAX);
	assert_memory_equal(d.src, "...\\x01", 7);
	assert_memory_equal(d.src + d.caret - 1, "\\x01", 4);
}

/* A caret far into a very long line shows a window around it. */
static void test_diag_long_line(void **state)
{
	char text[100001];
	struct diag d;

	memset(text, '(', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	diag_set(&d, "<command line>", 1, 50000, "too deep");
	diag_set_source(&d, text, sizeof text - 1, 49999);
	assert_true(strlen(d.src) < DIAG_SRC_MAX);
	assert_memory_equal(d.src, "...", 3);
	assert_int_equal(d.src[d.caret - 1], '(');
}

/* Writes text through atomic_file to path and commits. */
static int atomic_write(const char *path, const char *text, struct diag *d)
{
	struct atomic_file af;

	if (atomic_file_open(&af, path, d) != FP_OK)
		return FP_ERR;
	fputs(text, af.fp);
	return atomic_file_commit(&af, d);
}

/* A FIFO is written through, not replaced by a regular file. */
static void test_atomic_fifo(void **state)
{
	char dir[] = "/tmp/fp-atomic-XXXXXX", fifo[64], got[16] = "";
	struct diag d = {0};
	struct stat st;
	int rfd;

	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof fifo, "%s/pipe", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	/* A reader first, so that opening the writing end does not block. */
	rfd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(rfd >= 0);
	assert_int_equal(atomic_write(fifo, "through\n", &d), FP_OK);
	assert_int_equal(read(rfd, got, sizeof got - 1), 8);
	assert_string_equal(got, "through\n");
	close(rfd);
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(unlink(fifo), 0);
	assert_int_equal(rmdir(dir), 0); /* no temporary file left */
}

/* Devices are written, never replaced; their write errors are reported. */
static void test_atomic_devices(void **state)
{
	struct diag d = {0};
	struct stat st;

	assert_int_equal(atomic_write("/dev/null", "gone\n", &d), FP_OK);
	assert_int_equal(lstat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	if (access("/dev/full", W_OK) == 0) {
		assert_int_equal(atomic_write("/dev/full", "x\n", &d), FP_ERR);
		assert_string_equal(d.file, "/dev/full");
		assert_string_equal(d.msg,
		                    "cannot write: No space left on device");
		assert_int_equal(lstat("/dev/full", &st), 0);
		assert_true(S_ISCHR(st.st_mode));
	}
}

/* A link to a regular file: the target gets the new text, the link stays. */
static void test_atomic_symlink(void **state)
{
	char dir[] = "/tmp/fp-atomic-XXXXXX", file[64], link[64], got[16] = "";
	struct diag d = {0};
	struct stat st;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/file", dir);
	snprintf(link, sizeof link, "%s/link", dir);
	assert_int_equal(symlink("file", link), 0);
	assert_int_equal(atomic_write(file, "old\n", &d), FP_OK);
	assert_int_equal(atomic_write(link, "new\n", &d), FP_OK);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_non_null(f = fopen(file, "r"));
	assert_non_null(fgets(got, sizeof got, f));
	fclose(f);
	assert_string_equal(got, "new\n");
	assert_int_equal(unlink(link), 0);
	assert_int_equal(unlink(file), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* The VmFlags line of the mapping that holds p, from /proc/self/smaps,
 * into flags; false if there is none. */
static bool vm_flags(const void *p, char *flags, size_t size)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	bool in = false, found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof line, f)) {
		unsigned long lo, hi;

		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2)
			in = (uintptr_t)p >= lo && (uintptr_t)p < hi;
		else if (in && strncmp(line, "VmFlags:", 8) == 0) {
			snprintf(flags, size, "%s", line + 8);
			found = true;
		}
	}
	fclose(f);
	return found;
}

/* Whether the kernel gives transparent huge pages to a block that asks. */
static bool thp_on(void)
{
	FILE *thp = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	char mode[128] = "";

	if (thp) {
		if (!fgets(mode, sizeof mode, thp))
			mode[0] = '\0';
		fclose(thp);
	}
	return strstr(mode, "[madvise]") || strstr(mode, "[always]");
}

/* A big block is marked for huge pages ("hg"), a small one is not; where
 * the kernel has no transparent huge pages (or they are off), there is
 * nothing to see. */
static void test_bigmem(void **state)
{
	char flags[512];
	size_t big = (size_t)8 << 20;
	char *a, *b;

	if (!thp_on())
		skip();
	a = malloc(big);
	b = malloc(BIGMEM_MIN / 2);
	assert_non_null(a);
	assert_non_null(b);
	bigmem_advise(a, big);
	bigmem_advise(b, BIGMEM_MIN / 2);
	assert_true(vm_flags(a + big / 2, flags, sizeof flags));
	assert_non_null(strstr(flags, " hg"));
	assert_true(vm_flags(b, flags, sizeof flags));
	assert_null(strstr(flags, " hg"));
	/* a hint on nothing is nothing */
	bigmem_advise(NULL, big);
	free(a);
	free(b);
}

/* A block freed is kept for the next allocation: with bigmem_keep_freed
 * a 12 MiB block comes from the heap (glibc would give it a mapping of
 * its own, unmapped when freed), and freeing it leaves the heap as large
 * (not trimmed).  Last of the tests: the allocator stays so for the rest
 * of the process.  Under a sanitizer, whose malloc is not glibc's, there
 * is nothing to see. */
static void test_bigmem_keep_freed(void **state)
{
	size_t size = (size_t)12 << 20;
	struct mallinfo2 before, held, after;
	unsigned char *a;

#if defined(__SANITIZE_ADDRESS__)
	skip();
#endif
	bigmem_keep_freed();
	before = mallinfo2();
	a = malloc(size);
	assert_non_null(a);
	memset(a, 1, size);
	held = mallinfo2();
	assert_int_equal(held.hblkhd, before.hblkhd);
	assert_true(held.arena >= before.arena + size);
	free(a);
	after = mallinfo2();
	assert_int_equal(after.arena, held.arena);
	assert_true(after.fordblks >= size);
}

/* The heap grown at once for huge pages: it holds BIGMEM_HEAP bytes, and
 * the next block of the heap (8 MiB: below the 16 MiB that get mappings
 * of their own) lies in pages marked for huge ones.  After
 * test_bigmem_keep_freed, which it needs.  Under a sanitizer, whose
 * malloc is not glibc's (its mallopt returns 0), there is nothing to
 * see. */
static void test_bigmem_huge_heap(void **state)
{
	size_t size = (size_t)8 << 20, mapped;
	char flags[512];
	char *a;

	if (mallopt(M_MMAP_MAX, 65536) != 1)
		skip();
	bigmem_huge_heap();
	assert_true(mallinfo2().arena >= BIGMEM_HEAP);
	mapped = mallinfo2().hblkhd;
	a = malloc(size);
	assert_non_null(a);
	assert_int_equal(mallinfo2().hblkhd, mapped); /* from the heap */
	if (thp_on()) {
		assert_true(vm_flags(a + size / 2, flags, sizeof flags));
		assert_non_null(strstr(flags, " hg"));
	}
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_shortest),
		cmocka_unit_test(test_exact_round_trips),
		cmocka_unit_test(test_human_and_fixed),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_ksum_no_drift),
		cmocka_unit_test(test_diag_print),
		cmocka_unit_test(test_diag_long_line),
		cmocka_unit_test(test_diag_print_visible),
		cmocka_unit_test(test_diag_source_controls),
		cmocka_unit_test(test_atomic_fifo),
		cmocka_unit_test(test_atomic_devices),
		cmocka_unit_test(test_atomic_symlink),
		cmocka_unit_test(test_bigmem),
		/* last: they set the allocator for the process */
		cmocka_unit_test(test_bigmem_keep_freed),
		cmocka_unit_test(test_bigmem_huge_heap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
