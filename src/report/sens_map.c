/* sens_map.c: net over a grid of two parameters. */
#include <jansson.h>
#include <string.h>

#include "report/internal.h"
#include "report/sens.h"

#define MAP_TEXT_COLUMNS 60 /* the text map is at most this wide */

/* Row r of rows (top is rows - 1) of the picture: '+' accept, '.'
 * reject, the y value at the top and bottom rows. */
static void write_picture_row(const struct netmap *g, size_t r, size_t rows,
                              size_t cols, FILE *out)
{
	size_t j = r * (g->ny - 1) / (rows > 1 ? rows - 1 : 1);
	char y[NUMFMT_MAX];

	fprintf(out, "%12s |",
	        r == rows - 1 || r == 0
	            ? report_num(y, g->y[j], PRECISION_HUMAN)
	            : "");
	for (size_t c = 0; c < cols; c++) {
		size_t i = c * (g->nx - 1) / (cols > 1 ? cols - 1 : 1);
		fputc(g->accept[j * g->nx + i] ? '+' : '.', out);
	}
	fputc('\n', out);
}

/* A character picture, y growing upwards. */
static int write_text(const struct netmap *g, const char *x, const char *y,
                      enum report_format f, FILE *out, struct diag *d)
{
	size_t cols = g->nx < MAP_TEXT_COLUMNS ? g->nx : MAP_TEXT_COLUMNS;
	size_t rows =
	    g->ny < MAP_TEXT_COLUMNS / 2 ? g->ny : MAP_TEXT_COLUMNS / 2;
	size_t accepted = 0;
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	for (size_t i = 0; i < g->nx * g->ny; i++)
		accepted += g->accept[i];
	if (f == FORMAT_MD)
		fputs("```\n", out);
	fprintf(out,
	        "accept at %zu of %zu grid points ('+' accept, '.' reject)\n",
	        accepted, g->nx * g->ny);
	for (size_t r = rows; r-- > 0;)
		write_picture_row(g, r, rows, cols, out);
	fprintf(out, "%12s +%.*s\n", "", (int)cols,
	        "------------------------------------------------------------");
	report_num(a, g->x[0], PRECISION_HUMAN);
	report_num(b, g->x[g->nx - 1], PRECISION_HUMAN);
	/* The x range under the picture when both ends fit beside each other. */
	if (strlen(a) + strlen(b) + 1 < cols)
		fprintf(out, "%14s%-*s%s\n", "", (int)(cols - strlen(b)), a, b);
	fputs("y: ", out);
	if (report_put_name(out, y, f, d) != FP_OK)
		return FP_ERR;
	fputs(", x: ", out);
	if (report_put_name(out, x, f, d) != FP_OK)
		return FP_ERR;
	fprintf(out, " from %s to %s\n", a, b);
	if (f == FORMAT_MD)
		fputs("```\n", out);
	return report_finish(out, report_form_name(f), d);
}

static int write_csv(const struct netmap *g, FILE *out, struct diag *d)
{
	fputs("x,y,net,point_estimate\n", out);
	for (size_t j = 0; j < g->ny; j++)
		for (size_t i = 0; i < g->nx; i++) {
			report_put_num(out, g->x[i], PRECISION_EXACT);
			fputc(',', out);
			report_put_num(out, g->y[j], PRECISION_EXACT);
			fputc(',', out);
			report_put_num(out, g->net[j * g->nx + i],
			               PRECISION_EXACT);
			fputs(g->accept[j * g->nx + i] ? ",accept\n"
			                               : ",reject\n",
			      out);
		}
	return report_finish(out, "CSV", d);
}

static json_t *json_numbers(const double *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < n; i++)
		json_array_append_new(a, json_real(v[i]));
	return a;
}

static int write_json(const struct netmap *g, const char *x, const char *y,
                      FILE *out, struct diag *d)
{
	json_t *net = json_array();

	for (size_t j = 0; net && j < g->ny; j++)
		json_array_append_new(net,
		                      json_numbers(g->net + j * g->nx, g->nx));
	return report_put_json(
	    out,
	    json_pack("{s:{s:s, s:o}, s:{s:s, s:o}, s:o}", "x", "param", x,
	              "values", json_numbers(g->x, g->nx), "y", "param", y,
	              "values", json_numbers(g->y, g->ny), "net", net),
	    d);
}

int report_map(const struct netmap *g, const char *x, const char *y,
               enum report_format f, FILE *out, struct diag *d)
{
	switch (f) {
	case FORMAT_JSON:
		return write_json(g, x, y, out, d);
	case FORMAT_CSV:
		return write_csv(g, out, d);
	default:
		return write_text(g, x, y, f, out, d);
	}
}
