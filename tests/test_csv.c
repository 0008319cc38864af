/* test_csv.c: the CSV record (report/csv.c): its exact text for a small
 * hand-made record, read back by libcsv cell for cell, and a record
 * without shares. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <csv.h>

#include "report/report.h"
#include "test_report_fixture.h"

/* Shortest round-trip numbers: 25/3 is 8.333333333333334. */
static const char CSV_MEASURED[] =
	"case,weight,passed_before,passed_after,runtime_before,runtime_after,score_before,score_after,value_before,value_after,gain,cost,n_before,n_after\n"
	"\"A\",1,true,true,1,2,1,0.5,0.8,0.55,0,8.333333333333334,,\n"
	"\"B\",1,true,true,2,4,0.5,0.25,0.55,0.425,0,4.166666666666667,,\n"
	"\"C\",1,false,true,4,8,1,0.5,0,0.55,18.333333333333332,8.333333333333334,,\n";

/* ---- CSV ---------------------------------------------------------------- */

static void test_csv_measured(void **state)
{
	struct fixture f;
	char *s;

	fixture_measured(&f);
	s = fixture_render(&f.record, FORMAT_CSV, 0);
	assert_string_equal(s, CSV_MEASURED);
	free(s);
}

/* Rows as libcsv reads them back. */
#define MAX_ROWS 8
#define NFIELDS 14
struct table {
	char *cell[MAX_ROWS][NFIELDS];
	size_t row, col;
	bool overflow;
};

static void on_field(void *s, size_t len, void *data)
{
	struct table *t = data;
	char *copy;

	if (t->row >= MAX_ROWS || t->col >= NFIELDS) {
		t->overflow = true;
		return;
	}
	copy = malloc(len + 1);
	assert_non_null(copy);
	memcpy(copy, s, len);
	copy[len] = '\0';
	t->cell[t->row][t->col++] = copy;
}

static void on_row(int c, void *data)
{
	struct table *t = data;

	if (t->col != NFIELDS)
		t->overflow = true;
	t->row++;
	t->col = 0;
}

static void read_csv(const char *s, struct table *t)
{
	struct csv_parser p;

	memset(t, 0, sizeof *t);
	assert_int_equal(csv_init(&p, CSV_STRICT | CSV_STRICT_FINI), 0);
	assert_int_equal(csv_parse(&p, s, strlen(s), on_field, on_row, t),
	                 strlen(s));
	assert_int_equal(csv_fini(&p, on_field, on_row, t), 0);
	csv_free(&p);
	assert_false(t->overflow);
}

static void free_table(struct table *t)
{
	for (size_t r = 0; r < MAX_ROWS; r++)
		for (size_t c = 0; c < NFIELDS; c++)
			free(t->cell[r][c]);
}

static void assert_cell_double(const char *cell, double want)
{
	char *end;
	double got = strtod(cell, &end);

	assert_true(*end == '\0' && end != cell);
	assert_same_double(got, want);
}

static void test_csv_read_back(void **state)
{
	static const char *const head[NFIELDS] = {
		"case", "weight", "passed_before", "passed_after",
		"runtime_before", "runtime_after", "score_before", "score_after",
		"value_before", "value_after", "gain", "cost", "n_before",
		"n_after",
	};
	/* Quotes and a comma need RFC 4180 quoting; a newline shows as \n
	 * (the one visible form); = and - would start a spreadsheet formula,
	 * so they get a leading '. */
	static const char *const names[3] = {
		"say \"hi\", then\nleave", "=HYPERLINK(\"http://evil\")", "-2+3",
	};
	static const char *const read[3] = {
		"say \"hi\", then\\nleave", "'=HYPERLINK(\"http://evil\")", "'-2+3",
	};
	struct fixture f;
	struct table t;
	char *s;

	fixture_measured(&f);
	for (size_t i = 0; i < 3; i++)
		f.names[i] = names[i];
	f.runtime[0][0] = 0.1;
	f.runtime[1][0] = 1.0 / 3;
	f.runtime[1][1] = 100;
	s = fixture_render(&f.record, FORMAT_CSV, 0);
	assert_non_null(strstr(s, "\n\"say \"\"hi\"\", then\\nleave\",1,true,"));
	assert_non_null(strstr(s, ",true,true,2,100,0.5,"));
	assert_null(strchr(s, '\r')); /* LF line ends */
	read_csv(s, &t);
	assert_int_equal(t.row, 4);
	for (size_t c = 0; c < NFIELDS; c++)
		assert_string_equal(t.cell[0][c], head[c]);
	for (size_t i = 0; i < 3; i++) {
		char **row = t.cell[i + 1];

		assert_string_equal(row[0], read[i]);
		assert_cell_double(row[1], f.weight[i]);
		assert_string_equal(row[2], f.passed[0][i] != 0 ? "true" : "false");
		assert_string_equal(row[3], "true");
		assert_cell_double(row[4], f.runtime[0][i]);
		assert_cell_double(row[5], f.runtime[1][i]);
		assert_cell_double(row[6], f.score[0][i]);
		assert_cell_double(row[7], f.score[1][i]);
		assert_cell_double(row[8], f.value[0][i]);
		assert_cell_double(row[9], f.value[1][i]);
		assert_cell_double(row[10], f.gain_share[i]);
		assert_cell_double(row[11], f.cost_share[i]);
	}
	free_table(&t);
	free(s);
}

static void test_csv_no_shares(void **state)
{
	struct fixture f;
	char *s;

	fixture_measured(&f);
	f.price.gain_share = f.price.cost_share = NULL;
	s = fixture_render(&f.record, FORMAT_CSV, 0);
	assert_non_null(strstr(s, "\n\"A\",1,true,true,1,2,1,0.5,0.8,0.55,,,,\n"));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_csv_measured),
	    cmocka_unit_test(test_csv_read_back),
	    cmocka_unit_test(test_csv_no_shares),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
