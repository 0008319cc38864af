/* Tests for record folders (report_record_dir) and util/atomic_file: the
 * files appear whole or not at all, existing records are kept unless
 * forced, and no temporary file is ever left behind. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "report/report.h"
#include "report/md.h"
#include "test_report_fixture.h"
#include "util/atomic_file.h"

/* Strings the current test made; freed at teardown. */
static char *made[64];
static size_t nmade;

/* Each test gets a fresh folder under /tmp (state) and removes it after. */
static int make_tmp(void **state)
{
	char *dir = strdup("/tmp/fp-test-report-XXXXXX");

	if (!dir || !mkdtemp(dir)) {
		free(dir);
		return -1;
	}
	*state = dir;
	return 0;
}

/* Removes path and, for a folder, what is in it (two levels is all the
 * tests make). */
static void remove_tree(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	char sub[512];

	if (!dir) {
		unlink(path);
		return;
	}
	while ((e = readdir(dir))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		remove_tree(sub);
	}
	closedir(dir);
	rmdir(path);
}

static int remove_tmp(void **state)
{
	remove_tree(*state);
	free(*state);
	while (nmade > 0)
		free(made[--nmade]);
	return 0;
}

/* printf into a new string that lives until the end of the test. */
static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
	char buf[4096];
	va_list ap;
	int n;
	char *s;

	va_start(ap, f);
	n = vsnprintf(buf, sizeof buf, f, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t)n < sizeof buf &&
	            nmade < sizeof made / sizeof made[0]);
	s = strdup(buf);
	assert_non_null(s);
	made[nmade++] = s;
	return s;
}

static char *path_in(const char *dir, const char *name)
{
	return fmt("%s/%s", dir, name);
}

/* Names in dir, sorted, hidden ones included, joined with spaces ("" for
 * none). */
static void list_dir(const char *dir, char *out, size_t size)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);

	assert_true(n >= 0);
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (strcmp(names[i]->d_name, ".") != 0 &&
		    strcmp(names[i]->d_name, "..") != 0) {
			if (out[0])
				strncat(out, " ", size - strlen(out) - 1);
			strncat(out, names[i]->d_name, size - strlen(out) - 1);
		}
		free(names[i]);
	}
	free(names);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void assert_file_is(const char *path, const char *want)
{
	char *got = slurp(path);

	assert_string_equal(got, want);
	free(got);
}

/* ---- atomic_file -------------------------------------------------------- */

static void test_atomic_commit(void **state)
{
	const char *dir = *state;
	struct atomic_file af;
	struct diag d = {0};
	struct stat st;
	char names[256];
	mode_t mask = umask(022);

	assert_int_equal(atomic_file_open(&af, path_in(dir, "out.md"), &d),
	                 FP_OK);
	/* Until committed, only a hidden temporary file exists. */
	assert_int_equal(strncmp(af.tmp, path_in(dir, ".out.md."),
	                         strlen(path_in(dir, ".out.md."))),
	                 0);
	fputs("hello\n", af.fp);
	list_dir(dir, names, sizeof names);
	assert_int_equal(strncmp(names, ".out.md.", 8), 0);
	assert_int_equal(atomic_file_commit(&af, &d), FP_OK);
	assert_null(af.path);
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "out.md");
	assert_file_is(path_in(dir, "out.md"), "hello\n");
	/* An ordinary file's mode: 0666 less the umask 022. */
	assert_int_equal(stat(path_in(dir, "out.md"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	umask(mask);
}

static void test_atomic_replace_and_abort(void **state)
{
	const char *dir = *state;
	struct atomic_file af;
	struct diag d = {0};
	char names[256];

	spit(path_in(dir, "out.md"), "old\n");
	assert_int_equal(atomic_file_open(&af, path_in(dir, "out.md"), &d),
	                 FP_OK);
	fputs("new but abandoned\n", af.fp);
	atomic_file_abort(&af);
	atomic_file_abort(&af); /* twice is harmless */
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "out.md");
	assert_file_is(path_in(dir, "out.md"), "old\n");

	assert_int_equal(atomic_file_open(&af, path_in(dir, "out.md"), &d),
	                 FP_OK);
	fputs("new\n", af.fp);
	assert_int_equal(atomic_file_commit(&af, &d), FP_OK);
	assert_file_is(path_in(dir, "out.md"), "new\n");
}

static void test_atomic_errors(void **state)
{
	const char *dir = *state;
	struct atomic_file af;
	struct diag d = {0};
	char *missing = path_in(dir, "no/such/out.md");

	assert_int_equal(atomic_file_open(&af, missing, &d), FP_ERR);
	assert_string_equal(d.file, missing);
	assert_string_equal(d.msg, "cannot create a temporary file next to "
	                           "it: No such file or directory");
	assert_null(af.fp);
	assert_null(af.tmp);

	assert_int_equal(atomic_file_open(&af, path_in(dir, "sub/"), &d),
	                 FP_ERR);
	assert_string_equal(d.msg, "not a file name");
}

/* ---- record folders ----------------------------------------------------- */

/* decision.md: the Markdown record whose plots are links. */
static char *render_folder_md(const struct record *r)
{
	char *s = NULL;
	size_t len;
	FILE *f = open_memstream(&s, &len);
	struct diag d;

	assert_non_null(f);
	assert_int_equal(md_write(r, f, REPORT_MD_LIMIT, MD_CODE_POINTS,
	                          "cases.csv", true, &d),
	                 FP_OK);
	fclose(f);
	return s;
}

static char *render_html(const struct record *r)
{
	char *s = NULL;
	size_t len;
	FILE *f = open_memstream(&s, &len);
	struct diag d;

	assert_non_null(f);
	assert_int_equal(report_html(r, f, &d), FP_OK);
	fclose(f);
	return s;
}

/* The files hold exactly what the writers print. */
static void assert_record_files(const char *dir, const struct record *r)
{
	char *md = render_folder_md(r);
	char *json = fixture_render(r, FORMAT_JSON, 0);
	char *csv = fixture_render(r, FORMAT_CSV, 0);
	char *posted = fixture_render(r, FORMAT_MD, 0);
	char *html = render_html(r);
	char names[256];

	list_dir(dir, names, sizeof names);
	assert_string_equal(
	    names, "cases.csv comment.md decision.json decision.md index.html");
	/* comment.md is the Markdown to post, as --format md writes it. */
	assert_file_is(path_in(dir, "comment.md"), posted);
	free(posted);
	assert_file_is(path_in(dir, "index.html"), html);
	free(html);
	assert_file_is(path_in(dir, "decision.md"), md);
	assert_file_is(path_in(dir, "decision.json"), json);
	assert_file_is(path_in(dir, "cases.csv"), csv);
	free(md);
	free(json);
	free(csv);
}

static void test_record_dir_new(void **state)
{
	const char *tmp = *state;
	char *dir = path_in(tmp, "pricing");
	struct fixture f;
	struct diag d = {0};
	struct stat st;

	fixture_measured(&f);
	assert_int_equal(report_record_dir(&f.record, dir, false, &d), FP_OK);
	assert_int_equal(stat(dir, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_record_files(dir, &f.record);

	/* A trailing slash names the same folder; forced, same bytes again. */
	assert_int_equal(
	    report_record_dir(&f.record, fmt("%s/", dir), true, &d), FP_OK);
	assert_record_files(dir, &f.record);
}

static void test_record_dir_refuses_existing(void **state)
{
	const char *tmp = *state;
	char *dir = path_in(tmp, "pricing");
	char names[256];
	struct fixture f;
	struct diag d = {0};

	assert_int_equal(mkdir(dir, 0777), 0);
	spit(path_in(dir, "decision.json"), "old\n");
	fixture_measured(&f);
	assert_int_equal(report_record_dir(&f.record, dir, false, &d), FP_ERR);
	assert_string_equal(d.msg, fmt("%s/decision.json exists; use --force "
	                               "to replace it",
	                               dir));
	assert_string_equal(d.file, "");
	/* Nothing written, nothing left over. */
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "decision.json");
	assert_file_is(path_in(dir, "decision.json"), "old\n");

	/* --force replaces it and writes the others. */
	assert_int_equal(report_record_dir(&f.record, dir, true, &d), FP_OK);
	assert_record_files(dir, &f.record);
}

static void test_record_dir_not_a_folder(void **state)
{
	const char *tmp = *state;
	char *file = path_in(tmp, "pricing");
	char *nested = path_in(tmp, "a/b");
	char names[256];
	struct fixture f;
	struct diag d = {0};

	fixture_measured(&f);
	spit(file, "x");
	assert_int_equal(report_record_dir(&f.record, file, true, &d), FP_ERR);
	assert_string_equal(d.file, file);
	assert_string_equal(d.msg, "exists and is not a folder; cannot write "
	                           "a record there");
	/* One level is created, not two. */
	assert_int_equal(report_record_dir(&f.record, nested, false, &d),
	                 FP_ERR);
	assert_string_equal(d.file, nested);
	assert_string_equal(d.msg, "cannot create the record folder: No such "
	                           "file or directory");
	list_dir(tmp, names, sizeof names);
	assert_string_equal(names, "pricing");
}

/* The last rename fails (cases.csv is a folder): the two files already
 * renamed are taken back, and no temporary file stays. */
static void test_record_dir_rename_fails(void **state)
{
	const char *tmp = *state;
	char *dir = path_in(tmp, "pricing");
	char names[256];
	struct fixture f;
	struct diag d = {0};

	assert_int_equal(mkdir(dir, 0777), 0);
	assert_int_equal(mkdir(path_in(dir, "cases.csv"), 0777), 0);
	spit(path_in(path_in(dir, "cases.csv"), "keep"), "x");
	fixture_measured(&f);
	assert_int_equal(report_record_dir(&f.record, dir, true, &d), FP_ERR);
	assert_string_equal(d.file, path_in(dir, "cases.csv"));
	assert_string_equal(d.msg, "cannot rename into place: Is a directory");
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "cases.csv");
}

/* A write that fails half way (the file size limit stands in for a full
 * disk): no record, no temporary files. */
static void test_record_dir_write_fails(void **state)
{
	const char *tmp = *state;
	char *dir = path_in(tmp, "pricing");
	char names[256];
	struct rlimit old, small;
	struct fixture f;
	struct diag d = {0};
	void (*old_handler)(int);

	fixture_measured(&f);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small = old;
	small.rlim_cur = 100; /* bytes: less than any of the three files */
	old_handler = signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	assert_int_equal(report_record_dir(&f.record, dir, false, &d), FP_ERR);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, old_handler);
	assert_string_equal(d.msg, fmt("%s/decision.md: cannot write the "
	                               "Markdown report: File too large",
	                               dir));
	list_dir(dir, names, sizeof names);
	assert_string_equal(names, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_atomic_commit, make_tmp,
	                                    remove_tmp),
	    cmocka_unit_test_setup_teardown(test_atomic_replace_and_abort,
	                                    make_tmp, remove_tmp),
	    cmocka_unit_test_setup_teardown(test_atomic_errors, make_tmp,
	                                    remove_tmp),
	    cmocka_unit_test_setup_teardown(test_record_dir_new, make_tmp,
	                                    remove_tmp),
	    cmocka_unit_test_setup_teardown(test_record_dir_refuses_existing,
	                                    make_tmp, remove_tmp),
	    cmocka_unit_test_setup_teardown(test_record_dir_not_a_folder,
	                                    make_tmp, remove_tmp),
	    cmocka_unit_test_setup_teardown(test_record_dir_rename_fails,
	                                    make_tmp, remove_tmp),
	    cmocka_unit_test_setup_teardown(test_record_dir_write_fails,
	                                    make_tmp, remove_tmp),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
