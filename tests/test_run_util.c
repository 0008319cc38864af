/* test_run_util.c: what the run tests share: loading runs, scratch files,
 * expected errors and cells. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_run_util.h"

struct run *load_ok(const char *path, const char *format)
{
	struct run_opts o = {.format = format};
	struct run *r = NULL;
	struct diag d = {0};

	if (run_load(path, &o, &r, &d) != FP_OK)
		fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
	return r;
}

const char *scratch(const char *name, const char *text, size_t len)
{
	static char path[512];
	FILE *f;

	snprintf(path, sizeof path, TMP_DIR "%s-%s", scratch_prefix, name);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	return path;
}

struct run *load_text(const char *name, const char *text)
{
	const char *path = scratch(name, text, strlen(text));
	struct run *r = load_ok(path, NULL);
	unlink(path);
	return r;
}

void expect_error_n(const char *name, const char *text, size_t len,
                    const char *format, int line, int col, const char *msg)
{
	const char *path = scratch(name, text, len);
	struct run_opts o = {.format = format};
	struct run *r = NULL;
	struct diag d = {0};

	assert_int_equal(run_load(path, &o, &r, &d), FP_ERR);
	assert_null(r);
	unlink(path);
	if (strcmp(d.msg, msg) != 0 || d.line != line || d.col != col)
		fail_msg("got %d:%d: %s\nwant %d:%d: %s", d.line, d.col, d.msg,
		         line, col, msg);
	assert_string_equal(d.file, path);
}

void expect_error_f(const char *name, const char *text, const char *format,
                    int line, int col, const char *msg)
{
	expect_error_n(name, text, strlen(text), format, line, col, msg);
}

void expect_error(const char *name, const char *text, int line, int col,
                  const char *msg)
{
	expect_error_n(name, text, strlen(text), NULL, line, col, msg);
}

void assert_cell(const struct run *r, const struct column *c, size_t i,
                 double v, uint32_t line, uint32_t col)
{
	assert_non_null(c->v);
	assert_true(c->v[i] == v);
	assert_int_equal(run_cell_line(r, c, i), line);
	assert_int_equal(c->col[i], col);
}

void expect_refusals(const struct refusal *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		expect_error(r[i].name, r[i].text, r[i].line, r[i].col,
		             r[i].msg);
}
