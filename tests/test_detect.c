/* test_detect.c: telling a run's format (run/detect.c): by name where the
 * content is plain, by content where it is clear, and an error that says
 * what an unknown file looks like and names --input-format. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_formats_util.h"

const char scratch_prefix[] = "test_detect";

/* ---- telling the format ---------------------------------------------- */

#define FORMATS \
	"give --input-format FMT, one of csv, json, yaml, gbench, " \
	"hyperfine, gbench-csv, hyperfine-csv, pytest-benchmark, go, go-json, catch2, criterion"
#define CANNOT_TELL(looks) "cannot tell the format: " looks "; " FORMATS
#define CSV_LIKE(first) \
	"it looks like CSV (its first line is '" first "'), which is read " \
	"as a run with a .csv name and a 'case' column"

static void test_format_by_name(void **state)
{
	struct run_opts o = {.format = NULL};
	struct diag d = {0};
	struct run *r;
	const char *path;
	char dotted[600];

	r = load_text("run.yml", "- case: a\n  runtime: 1\n");
	assert_string_equal(r->format, "yaml");
	run_free(r);
	/* No extension: JSON shows in its first character after blanks and
	 * comments, a CSV header by a `case` field, YAML by `cases:` or a
	 * list item. */
	r = load_text("noext", " \r\n\t[{\"case\": \"a\", \"runtime\": 1}]");
	assert_string_equal(r->format, "json");
	run_free(r);
	r = load_text("noext", "x,case\r\na,1\r\n");
	assert_string_equal(r->format, "csv");
	run_free(r);
	r = load_text("noext", "cases:\n- case: a\n  runtime: 1\n");
	assert_string_equal(r->format, "yaml");
	run_free(r);
	r = load_text("noext", "# a run\n\n- case: a\n  runtime: 1\n");
	assert_string_equal(r->format, "yaml");
	run_free(r);
	/* Commas but no field `case` (cases, Case), no comma, a lone "-". */
	fails("noext", "cases,runtime\na,1\n", NULL, 0,
	      CANNOT_TELL(CSV_LIKE("cases,runtime")));
	fails("noext", "Case,runtime\na,1\n", NULL, 0,
	      CANNOT_TELL(CSV_LIKE("Case,runtime")));
	fails("noext", "case\na\n", NULL, 0,
	      CANNOT_TELL("its first line is 'case'"));
	fails("noext", "-\n", NULL, 0, CANNOT_TELL("its first line is '-'"));
	fails("noext", "", NULL, 0, CANNOT_TELL("it is empty"));
	/* What the file looks like, where no reader reads it. */
	fails("r.xml", "<?xml version=\"1.0\"?>\n<testsuites>\n", NULL, 0,
	      CANNOT_TELL("it looks like a JUnit XML report: give it with "
	                  "--results (or --results-before), beside a run"));
	r = load_text("r.xml",
	              "<?xml version=\"1.0\"?>\n<Catch name=\"t\"><TestCase "
	              "name=\"a\"><BenchmarkResults name=\"b\" samples=\"2\">"
	              "<mean value=\"3\"/></BenchmarkResults><OverallResult "
	              "success=\"true\"/></TestCase></Catch>\n");
	assert_string_equal(r->format, "catch2");
	assert_string_equal(r->case_name[0], "a/b");
	run_free(r);
	/* A name and a content that disagree: both said. */
	fails("r.json", "case,runtime\na,1\n", NULL, 0,
	      "the name says JSON, but " CSV_LIKE("case,runtime") "; " FORMATS);
	/* Content that is unmistakable decides whatever the name. */
	r = load_text("before.csv", "[{\"case\": \"a\", \"runtime\": 1}]");
	assert_string_equal(r->format, "json");
	run_free(r);
	r = load_text("b.json", "prose\nBenchmarkA-2 10 5 ns/op\n");
	assert_string_equal(r->format, "go");
	run_free(r);
	/* A dot in a folder's name is no extension either. */
	path = scratch("noext", "  ", 2);
	snprintf(dotted, sizeof dotted, TMP_DIR "../tests/%s",
	         strrchr(path, '/') + 1);
	assert_int_equal(run_load(dotted, &o, &r, &d), FP_ERR);
	unlink(path);
	assert_string_equal(d.msg, CANNOT_TELL("it is empty"));
	/* A format by name that is none of them. */
	fails(
	    "a.csv", "case\na\n", "xml", 0,
	    "unknown run format 'xml' "
	    "(known: csv, json, yaml, gbench, hyperfine, gbench-csv, "
	    "hyperfine-csv, pytest-benchmark, go, go-json, catch2, criterion)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_format_by_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
