/* Hand-made decision records for the report tests: small numbers worked out
 * by hand, so the writers are tested without the pricing layer. */
#ifndef TEST_REPORT_FIXTURE_H
#define TEST_REPORT_FIXTURE_H

#include "report/report.h"

#define FX_CASES 3

/* Everything a record points to, in one block the test owns. */
struct fixture {
	const char *names[FX_CASES];
	double weight[FX_CASES];
	double passed[2][FX_CASES], runtime[2][FX_CASES];
	double score[2][FX_CASES], value[2][FX_CASES];
	double gain_share[FX_CASES], cost_share[FX_CASES];
	size_t control_cases[1];
	struct param params[2];
	char *columns[1];
	struct metric metric;
	struct price price;
	struct param sparams[1];
	char *pass[1];
	struct scenario scenario;
	double cross[1];
	struct param_breakeven breakeven[1];
	struct record_plot plots[1];
	struct record record;
};

/* A measured fix: every case 2x slower, case C newly passing.  The pricing
 * formulas say reject, the metric's total says better: the control fails. */
void fixture_measured(struct fixture *f);

/* A prediction: scenario "fix C" makes C pass at unchanged runtimes. */
void fixture_prediction(struct fixture *f);

/* Writes the record in form f into a new string (caller frees); fails the
 * test if the writer fails. */
char *fixture_render(const struct record *r, enum report_format f,
                     int verbose);

/* Same bits, not merely ==: -0 and 0 differ, and so would two doubles one
 * ulp apart if they printed alike. */
void assert_same_double(double got, double want);

#endif
