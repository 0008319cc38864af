/* csv.c: the per-case table as CSV (cases.csv).
 *
 * RFC 4180: a header row, one row per case, LF line ends; the case name is
 * always quoted by libcsv (csv_fwrite doubles any quote inside), numbers are
 * the shortest text that reads back to the same double (whole numbers in
 * plain digits), pass states are
 * true/false, an undefined share is an empty cell.  A case name that a
 * spreadsheet would run as a formula (= + - @ tab CR first) gets a leading
 * ' (escape_spreadsheet); the JSON record keeps the exact name. */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/report.h"
#include "util/escape.h"
#include "util/numfmt.h"

static const char csv_header[] =
    "case,weight,passed_before,passed_after,runtime_before,runtime_after,"
    "score_before,score_after,value_before,value_after,gain,cost,"
    "n_before,n_after\n";

/* A number, or an empty cell for none (a runtime a case does not have, a
 * sample count of a run without samples). */
static void put_num(FILE *out, double x)
{
	char buf[NUMFMT_MAX];

	fputc(',', out);
	if (!isnan(x))
		fputs(numfmt_exact(buf, x), out);
}

int report_csv(const struct record *r, FILE *out, struct diag *d)
{
	const struct price *p = r->price;
	bool shares = p->gain_share && p->cost_share;

	fputs(csv_header, out);
	for (size_t i = 0; i < p->n; i++) {
		char *name = escape_spreadsheet(p->case_name[i]);

		if (!name)
			return diag_oom(d);
		csv_fwrite(out, name, strlen(name));
		free(name);
		put_num(out, p->weight[i]);
		fputs(p->passed[SIDE_BEFORE][i] != 0 ? ",true" : ",false", out);
		fputs(p->passed[SIDE_AFTER][i] != 0 ? ",true" : ",false", out);
		put_num(out, p->runtime[SIDE_BEFORE][i]);
		put_num(out, p->runtime[SIDE_AFTER][i]);
		put_num(out, p->score[SIDE_BEFORE][i]);
		put_num(out, p->score[SIDE_AFTER][i]);
		put_num(out, p->value[SIDE_BEFORE][i]);
		put_num(out, p->value[SIDE_AFTER][i]);
		if (shares) {
			put_num(out, p->gain_share[i]);
			put_num(out, p->cost_share[i]);
		} else {
			fputs(",,", out);
		}
		for (int s = 0; s < 2; s++) {
			const double *n =
			    r->facts ? r->facts->runtime_n[s] : NULL;
			put_num(out, n ? n[i] : NAN);
		}
		fputc('\n', out);
		/* Stop early on a full disk instead of formatting every case. */
		if (ferror(out))
			break;
	}
	return report_finish(out, "CSV", d);
}
