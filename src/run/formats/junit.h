/* junit.h: pass states from a JUnit XML test report (pytest --junitxml,
 * Catch2 -r junit, CTest --output-junit, go-junit-report), merged into a
 * run by test name, for harnesses whose timing file does not say which
 * cases failed: the reader (junit_merge.h merges what it read).
 *
 * The report is read with libxml2 as xml.h does it: no network, no DTD
 * loaded, entities not substituted, at most JUNIT_MAX_FILE bytes.  Every
 * <testcase> anywhere in it is a test: failed if it has a <failure> or
 * <error> child, skipped if it has a <skipped> child, else passed. */
#ifndef FP_JUNIT_H
#define FP_JUNIT_H

#include <stddef.h>
#include <stdint.h>

#include "run/run.h"
#include "util/diag.h"

#define JUNIT_MAX_FILE ((size_t)256 << 20)

enum junit_state { JUNIT_PASSED, JUNIT_FAILED, JUNIT_SKIPPED };

struct junit_test {
	char *classname; /* "" when the testcase has none */
	char *name;
	enum junit_state state;
	uint32_t line; /* of the <testcase> element */
};

struct junit_report {
	char *path;
	char sha256[65]; /* of the bytes read, hex */
	size_t n;
	struct junit_test *tests; /* in document order */
};

/* Reads the report at path ("-": standard input).  Errors, with
 * FILE:LINE:COL where libxml2 gives them: not well-formed XML (libxml2's
 * message), "no <testcase> in the report", a <testcase> without a name.
 * On success the caller owns *out (junit_free). */
int junit_load(const char *path, struct junit_report **out, struct diag *d);
void junit_free(struct junit_report *r);

#endif
