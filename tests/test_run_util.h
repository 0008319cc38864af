/* test_run_util.h: what the run tests (test_run, test_formats_json,
 * test_formats_yaml) share: loading runs, scratch files, expected errors and
 * cells.  Include after cmocka.h. */
#ifndef FP_TEST_RUN_UTIL_H
#define FP_TEST_RUN_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "run/builder.h"
#include "run/context.h"
#include "run/estimate.h"
#include "run/formats/csvrows.h"
#include "run/formats/formats.h"
#include "run/formats/jsonctx.h"
#include "run/load.h"
#include "run/context.h"
#include "run/estimate.h"
#include "run/run.h"

#define DATA TEST_SRCDIR "/tests/data/runs/"
#define TMP_DIR TEST_BUILDDIR "/tests/"

/* Each test program defines this as its own name ("test_run", ...): its
 * scratch files are TMP_DIR "<name>-<file>", so programs run side by side
 * do not share files. */
extern const char scratch_prefix[];

/* Loads path (format NULL: by extension and content); fails the test with
 * the diagnostic if it does not load. */
struct run *load_ok(const char *path, const char *format);
/* Writes len bytes of text to the scratch file called name in the build
 * tree; returns its path (a static buffer, good until the next call). */
const char *scratch(const char *name, const char *text, size_t len);
/* Loads text (as the scratch file name) and returns the run. */
struct run *load_text(const char *name, const char *text);
/* Loads len bytes of text as the scratch file name in format (NULL: by
 * name), and expects the load to fail at line:col with msg. */
void expect_error_n(const char *name, const char *text, size_t len,
                    const char *format, int line, int col, const char *msg);
/* The same for the whole of text, in a given format. */
void expect_error_f(const char *name, const char *text, const char *format,
                    int line, int col, const char *msg);
/* The same for the whole of text, format by name. */
void expect_error(const char *name, const char *text, int line, int col,
                  const char *msg);
/* A file that does not load, and where and why. */
struct refusal {
	const char *name, *text;
	int line, col;
	const char *msg;
};
/* expect_error for each of r[0..n). */
void expect_refusals(const struct refusal *r, size_t n);
#define EXPECT_REFUSALS(table) \
	expect_refusals(table, sizeof table / sizeof *table)
/* Cell i of c is v, from line:col. */
void assert_cell(const struct run *r, const struct column *c, size_t i,
                 double v, uint32_t line, uint32_t col);

#endif
