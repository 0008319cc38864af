/* sens_sweep.c: gain, cost, net and the point estimate's decision over a
 * parameter range (the verdict is price's, at the current values only). */
#include <jansson.h>
#include <string.h>

#include "report/internal.h"
#include "report/sens.h"

/* Text: the value column is as wide as its widest cell (a break-even is
 * exact, up to 17 digits and an exponent), the others 14. */
static int write_header(const char *param, enum report_format f, int width,
                        FILE *out, struct diag *d)
{
	if (f == FORMAT_CSV) {
		fputs(
		    "param,value,gain,cost,net,point_estimate,break_even,jump\n",
		    out);
	} else if (f == FORMAT_MD) {
		fputs("| ", out);
		if (report_put_name(out, param, f, d) != FP_OK)
			return FP_ERR;
		fputs(" | gain | cost | net | point estimate |\n"
		      "|---:|---:|---:|---:|:---|\n",
		      out);
	} else {
		fprintf(out, "%*s %14s %14s %14s  %s\n", width, "value", "gain",
		        "cost", "net", "point estimate");
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
	/* A jump is a sign change but no zero: break_even 1, jump 1. */
	fprintf(out, ",%s,%d,%d\n", r->pt.accept ? "accept" : "reject",
	        r->is_cross, r->is_jump);
	return FP_OK;
}

/* The value of row r as shown: the crossing itself is exact (it was
 * solved to the bit), a point rounded for people. */
static void value_cell(char *cell, const struct sweep_row *r)
{
	report_num(cell, r->pt.x,
	           r->is_cross ? PRECISION_EXACT : PRECISION_HUMAN);
}

static void write_row(const struct sweep_row *r, enum report_format f,
                      int width, FILE *out)
{
	const char *decision = r->pt.accept ? "accept" : "reject";
	double v[4] = {r->pt.x, r->pt.gain, r->pt.cost, r->pt.net};
	char cell[4][NUMFMT_MAX];

	value_cell(cell[0], r);
	for (int j = 1; j < 4; j++)
		report_num(cell[j], v[j], PRECISION_HUMAN);
	if (f == FORMAT_MD)
		fprintf(out, "| %s | %s | %s | %s | %s |\n", cell[0], cell[1],
		        cell[2], cell[3],
		        r->is_jump    ? "**jumps across 0**"
		        : r->is_cross ? "**break-even**"
		                      : decision);
	else
		fprintf(out, "%*s %14s %14s %14s  %s\n", width, cell[0],
		        cell[1], cell[2], cell[3],
		        r->is_jump    ? "<- jumps across 0"
		        : r->is_cross ? "<- break-even"
		                      : decision);
}

/* Where the sign of net never flips (no crossing): "is below 0 at all",
 * "is above 0 at all", "is 0 at all", or "never crosses 0 at the" (0 at
 * some points, one sign at the others).
 * NULL when it flips. */
static const char *never_flips(const struct sweep_row *rows, size_t n,
                               size_t ncross)
{
	size_t below = 0, above = 0, zero = 0;

	if (ncross > 0 || n == 0)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		below += rows[i].pt.net < 0;
		above += rows[i].pt.net > 0;
		zero += rows[i].pt.net == 0;
	}
	return below == n   ? "is below 0 at all"
	       : above == n ? "is above 0 at all"
	       : zero == n  ? "is 0 at all"
	                    : "never crosses 0 at the";
}

/* "no break-even: net is below 0 at all 201 points from 0 to 2": one line
 * after the table. */
static void write_never(const struct sweep_row *rows, size_t n, const char *how,
                        enum report_format f, FILE *out)
{
	char lo[NUMFMT_MAX], hi[NUMFMT_MAX];

	value_cell(lo, &rows[0]);
	value_cell(hi, &rows[n - 1]);
	fprintf(out, "%s break-even: net %s %zu %s from %s to %s%s\n",
	        f == FORMAT_MD ? "\nNo" : "no", how, n,
	        n == 1 ? "point" : "points", lo, hi, f == FORMAT_MD ? "." : "");
}

static int write_table(const char *param, const struct sweep_row *rows,
                       size_t n, size_t ncross, bool every_crossing,
                       enum report_format f, FILE *out, struct diag *d)
{
	const char *never = never_flips(rows, n, ncross);
	int width = 14;
	char cell[NUMFMT_MAX];

	for (size_t i = 0; i < n; i++) {
		value_cell(cell, &rows[i]);
		if ((int)strlen(cell) > width)
			width = (int)strlen(cell);
	}
	if (write_header(param, f, width, out, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < n; i++) {
		if (f != FORMAT_CSV)
			write_row(&rows[i], f, width, out);
		else if (write_csv_row(param, &rows[i], out, d) != FP_OK)
			return FP_ERR;
	}
	if (never && f != FORMAT_CSV)
		write_never(rows, n, never, f, out);
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

	for (size_t i = 0; points && i < n; i++) {
		json_t *p = json_pack("{s:f, s:f, s:f, s:f, s:s, s:b}", "value",
		                      r[i].pt.x, "gain", r[i].pt.gain, "cost",
		                      r[i].pt.cost, "net", r[i].pt.net,
		                      "point_estimate",
		                      r[i].pt.accept ? "accept" : "reject",
		                      "break_even", r[i].is_cross);
		/* Only at a jump, so that other sweeps keep their bytes. */
		if (p && r[i].is_jump)
			json_object_set_new(p, "jump", json_true());
		json_array_append_new(points, p);
	}
	for (size_t i = 0; crossings && i < ncross; i++)
		json_array_append_new(crossings, json_real(cross[i]));
	return report_put_json(out,
	                       json_pack("{s:s, s:o, s:o, s:b, s:b}", "param",
	                                 param, "points", points, "crossings",
	                                 crossings, "never_flips",
	                                 never_flips(r, n, ncross) != NULL,
	                                 "every_crossing", every_crossing),
	                       d);
}

int report_sweep(const char *param, const struct sweep_row *rows, size_t n,
                 const double *cross, size_t ncross, bool every_crossing,
                 enum report_format f, FILE *out, struct diag *d)
{
	if (f == FORMAT_JSON)
		return write_json(param, rows, n, cross, ncross, every_crossing,
		                  out, d);
	return write_table(param, rows, n, ncross, every_crossing, f, out, d);
}
