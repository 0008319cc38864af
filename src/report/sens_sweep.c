/* sens_sweep.c: gain, cost, net and the decision over a parameter range. */
#include <jansson.h>

#include "report/internal.h"
#include "report/sens.h"

static int write_header(const char *param, enum report_format f, FILE *out,
                        struct diag *d)
{
	if (f == FORMAT_CSV) {
		fputs("param,value,gain,cost,net,decision,break_even\n", out);
	} else if (f == FORMAT_MD) {
		fputs("| ", out);
		if (report_put_name(out, param, f, d) != FP_OK)
			return FP_ERR;
		fputs(" | gain | cost | net | decision |\n"
		      "|---:|---:|---:|---:|:---|\n",
		      out);
	} else {
		fprintf(out, "%14s %14s %14s %14s  %s\n", "value", "gain",
		        "cost", "net", "decision");
	}
	return FP_OK;
}

static int write_csv_row(const char *param, const struct sweep_row *r,
                         FILE *out, struct diag *d)
{
	double v[4] = {r->pt.x, r->pt.gain, r->pt.cost, r->pt.net};

	if (report_put_name(out, param, FORMAT_CSV, d) != FP_OK)
		return FP_ERR;
	for (int j = 0; j < 4; j++) {
		fputc(',', out);
		report_put_num(out, v[j], PRECISION_EXACT);
	}
	fprintf(out, ",%s,%d\n", r->pt.accept ? "accept" : "reject",
	        r->is_cross);
	return FP_OK;
}

static void write_row(const struct sweep_row *r, enum report_format f,
                      FILE *out)
{
	const char *decision = r->pt.accept ? "accept" : "reject";
	double v[4] = {r->pt.x, r->pt.gain, r->pt.cost, r->pt.net};
	char cell[4][NUMFMT_MAX];

	/* The crossing itself is exact: it was solved to the bit. */
	for (int j = 0; j < 4; j++)
		report_num(cell[j], v[j],
		           r->is_cross && j == 0 ? PRECISION_EXACT
		                                 : PRECISION_HUMAN);
	if (f == FORMAT_MD)
		fprintf(out, "| %s | %s | %s | %s | %s |\n", cell[0], cell[1],
		        cell[2], cell[3],
		        r->is_cross ? "**break-even**" : decision);
	else
		fprintf(out, "%14s %14s %14s %14s  %s\n", cell[0], cell[1],
		        cell[2], cell[3],
		        r->is_cross ? "<- break-even" : decision);
}

static int write_table(const char *param, const struct sweep_row *rows,
                       size_t n, bool every_crossing, enum report_format f,
                       FILE *out, struct diag *d)
{
	if (write_header(param, f, out, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < n; i++) {
		if (f != FORMAT_CSV)
			write_row(&rows[i], f, out);
		else if (write_csv_row(param, &rows[i], out, d) != FP_OK)
			return FP_ERR;
	}
	/* The break-evens come from a search between the sweep's ends that
	 * samples net where the metric's branches give no flip points. */
	if (f != FORMAT_CSV && !every_crossing)
		fprintf(out,
		        "%sbreak-evens searched at %d points between the ends: "
		        "a crossing narrower than the step between two may be "
		        "missed\n",
		        f == FORMAT_MD ? "\n" : "", SENS_SAMPLES);
	return report_finish(out, report_form_name(f), d);
}

static int write_json(const char *param, const struct sweep_row *r, size_t n,
                      const double *cross, size_t ncross, bool every_crossing,
                      FILE *out, struct diag *d)
{
	json_t *points = json_array(), *crossings = json_array();

	for (size_t i = 0; points && i < n; i++)
		json_array_append_new(
		    points,
		    json_pack("{s:f, s:f, s:f, s:f, s:s, s:b}", "value",
		              r[i].pt.x, "gain", r[i].pt.gain, "cost",
		              r[i].pt.cost, "net", r[i].pt.net, "decision",
		              r[i].pt.accept ? "accept" : "reject",
		              "break_even", r[i].is_cross));
	for (size_t i = 0; crossings && i < ncross; i++)
		json_array_append_new(crossings, json_real(cross[i]));
	return report_put_json(
	    out,
	    json_pack("{s:s, s:o, s:o, s:b}", "param", param, "points", points,
	              "crossings", crossings, "every_crossing", every_crossing),
	    d);
}

int report_sweep(const char *param, const struct sweep_row *rows, size_t n,
                 const double *cross, size_t ncross, bool every_crossing,
                 enum report_format f, FILE *out, struct diag *d)
{
	if (f == FORMAT_JSON)
		return write_json(param, rows, n, cross, ncross, every_crossing,
		                  out, d);
	return write_table(param, rows, n, every_crossing, f, out, d);
}
