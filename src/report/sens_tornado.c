/* sens_tornado.c: net with each parameter moved down and up by delta. */
#include <jansson.h>
#include <stdlib.h>

#include "report/internal.h"
#include "report/sens.h"

static const char md_header[] =
    "| parameter | value | low | high | net at low | net at high | swing "
    "| flips |\n|:---|---:|---:|---:|---:|---:|---:|:---|\n";
static const char md_row[] = "| %s | %s | %s | %s | %s | %s | %s | %s |\n";
static const char text_row[] = "%-20s %10s %10s %10s %12s %12s %10s  %s\n";

static void write_header(double net, enum report_format f, FILE *out)
{
	char c[NUMFMT_MAX];

	if (f == FORMAT_CSV)
		fputs("param,value,low,high,net_low,net_high,swing,flips\n",
		      out);
	else if (f == FORMAT_MD)
		fputs(md_header, out);
	else
		fprintf(
		    out,
		    "net now: %s\n%-20s %10s %10s %10s %12s %12s %10s  %s\n",
		    report_num(c, net, PRECISION_HUMAN), "parameter", "value",
		    "low", "high", "net at low", "net at high", "swing",
		    "flips");
}

static int write_row(const struct tornado_row *r, enum report_format f,
                     FILE *out, struct diag *d)
{
	double v[6] = {r->knob->base, r->x_low,    r->x_high,
	               r->net_low,    r->net_high, r->swing};
	const char *flips = r->flips ? "yes" : "no";
	char c[6][NUMFMT_MAX], *name;

	for (int j = 0; j < 6; j++)
		report_num(c[j], v[j], report_precision_of(f));
	if (f == FORMAT_CSV) {
		if (report_put_name(out, r->knob->name, f, d) != FP_OK)
			return FP_ERR;
		fprintf(out, ",%s,%s,%s,%s,%s,%s,%s\n", c[0], c[1], c[2], c[3],
		        c[4], c[5], flips);
		return FP_OK;
	}
	if (!(name = report_name(r->knob->name, f)))
		return diag_oom(d);
	fprintf(out, f == FORMAT_MD ? md_row : text_row, name, c[0], c[1], c[2],
	        c[3], c[4], c[5], flips);
	free(name);
	return FP_OK;
}

static int write_json(const struct tornado_row *rows, size_t n, double delta,
                      double net, FILE *out, struct diag *d)
{
	json_t *list = json_array();

	for (size_t i = 0; list && i < n; i++) {
		const struct tornado_row *r = &rows[i];
		json_array_append_new(
		    list,
		    json_pack("{s:s, s:f, s:f, s:f, s:f, s:f, s:f, s:b}",
		              "param", r->knob->name, "value", r->knob->base,
		              "low", r->x_low, "high", r->x_high, "net_low",
		              r->net_low, "net_high", r->net_high, "swing",
		              r->swing, "flips", r->flips));
	}
	return report_put_json(out,
	                       json_pack("{s:f, s:f, s:o}", "delta", delta,
	                                 "net", net, "parameters", list),
	                       d);
}

int report_tornado(const struct tornado_row *rows, size_t n, double delta,
                   double net, enum report_format f, FILE *out, struct diag *d)
{
	if (f == FORMAT_JSON)
		return write_json(rows, n, delta, net, out, d);
	write_header(net, f, out);
	for (size_t i = 0; i < n; i++)
		if (write_row(&rows[i], f, out, d) != FP_OK)
			return FP_ERR;
	return report_finish(out, report_form_name(f), d);
}
