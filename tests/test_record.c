/* test_record.c: the record as a value (report/record.h): written as JSON
 * and read back, it is the same value field by field, bit for bit; a file
 * that is no record is refused with its name and the key at fault. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "report/record.h"
#include "test_report_fixture.h"

/* Writes s to a new temporary file; returns its path (static). */
static const char *temp_file(const char *s)
{
	static char path[64];
	FILE *f;

	snprintf(path, sizeof path, "/tmp/fixprice-test-record-XXXXXX");
	close(mkstemp(path));
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(s, f);
	fclose(f);
	return path;
}

static void round_trip(const struct record *r)
{
	struct record_value made, read;
	char *json = fixture_render(r, FORMAT_JSON, 0), what[80];
	const char *path = temp_file(json);
	struct diag d;

	assert_int_equal(record_value_of(r, &made, &d), FP_OK);
	if (record_value_read(path, &read, &d) != FP_OK)
		fail_msg("%s", d.msg);
	if (!record_value_equal(&made, &read, what, sizeof what))
		fail_msg("read back, %s differs", what);
	assert_int_equal(read.ncases, r->price->n);
	assert_string_equal(read.cases[2].name, r->price->case_name[2]);
	assert_true(read.net == r->price->net);
	/* The comparison sees a change in the last bit of one cell. */
	read.cases[1].runtime[1] = nextafter(read.cases[1].runtime[1], 1e300);
	assert_false(record_value_equal(&made, &read, what, sizeof what));
	assert_string_equal(what, "cases[1].runtime_after");
	record_value_free(&made);
	record_value_free(&read);
	unlink(path);
	free(json);
}

static void measured_reads_back(void **state)
{
	struct fixture f;

	fixture_measured(&f);
	round_trip(&f.record);
}

static void prediction_reads_back(void **state)
{
	struct fixture f;

	fixture_prediction(&f);
	round_trip(&f.record);
}

/* A judged verdict: its kind and the interval of net read back. */
static void verdict_reads_back(void **state)
{
	struct fixture f;
	struct boot b = {.B = 200,
	                 .confidence = 0.95,
	                 .seed = 7,
	                 .gain_ci = {0.5, 1.5},
	                 .cost_ci = {2.0, 3.0},
	                 .net_ci = {-2.5, -0.1},
	                 .p_decide = 0.01,
	                 .samples = 5,
	                 .fit.correction = 1};
	struct verdict v = {.kind = VERDICT_REJECT, .judged = true, .boot = &b};

	fixture_measured(&f);
	f.record.verdict = &v;
	round_trip(&f.record);
}

/* A record folder is read through its decision.json. */
static void folder_reads_back(void **state)
{
	char dir[] = "/tmp/fixprice-test-record-dir-XXXXXX", cmd[128];
	struct record_value made, read;
	struct fixture f;
	struct diag d;
	char what[80];

	fixture_measured(&f);
	assert_non_null(mkdtemp(dir));
	assert_int_equal(report_record_dir(&f.record, dir, true, &d), FP_OK);
	assert_int_equal(record_value_of(&f.record, &made, &d), FP_OK);
	if (record_value_read(dir, &read, &d) != FP_OK)
		fail_msg("%s", d.msg);
	assert_true(record_value_equal(&made, &read, what, sizeof what));
	record_value_free(&made);
	record_value_free(&read);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void not_a_record(void **state)
{
	struct record_value v;
	struct diag d;
	const char *path = temp_file("{\"net\": \"twelve\"}");
	char want[128];

	assert_int_equal(record_value_read(path, &v, &d), FP_ERR);
	snprintf(want, sizeof want, "%s", path);
	assert_string_equal(d.file, want);
	assert_non_null(strstr(d.msg, "not a fixprice record"));
	record_value_free(&v);
	unlink(path);
	path = temp_file("[1, 2");
	assert_int_equal(record_value_read(path, &v, &d), FP_ERR);
	assert_true(d.line == 1);
	record_value_free(&v);
	unlink(path);
	assert_int_equal(record_value_read("/nonexistent/rec", &v, &d), FP_ERR);
	assert_non_null(strstr(d.msg, "cannot open"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(measured_reads_back),
	    cmocka_unit_test(prediction_reads_back),
	    cmocka_unit_test(verdict_reads_back),
	    cmocka_unit_test(folder_reads_back),
	    cmocka_unit_test(not_a_record),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
