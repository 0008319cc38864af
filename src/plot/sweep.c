/* sweep.c: gain, cost and net against one parameter, break-even marked. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot/plot.h"
#include "plot/draw.h"

static const struct chart sweep_chart = {
    .kind = "sweep",
    .about =
        "# sweep.gp: gain, cost and net as one parameter varies, the accept\n"
        "# (net > 0) and reject (net < 0) regions shaded, break-even marked.\n"
        "# Data blocks (separated by two blank lines):\n"
        "#   0: title, x-axis label, y-axis label, number of break-even points,\n"
        "#      lowest and highest y, whether the current value is marked, the\n"
        "#      current value, NaN, its label, whether the label goes left\n"
        "#   1: parameter, gain, cost, net (NaN: not defined there)\n"
        "#   2: one row per break-even point: parameter, y of its label, label\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\tylabel = strcol(3), ncross = int(column(4)), ymin = column(5), \\\n"
        "\tymax = column(6), has_base = int(column(7)), base_x = column(8), \\\n"
        "\tbase_y = column(9), base_label = strcol(10), \\\n"
        "\tbase_right = int(column(11)), 0) nooutput\n"
        "w = 900; h = 560\n"
        "tw = 80; th = 34\n",
    .body = GP_TITLE
    "set xlabel xlabel noenhanced\n"
    "set ylabel ylabel noenhanced\n"
    "set key outside below center horizontal height 1.5\n"
    "if (!textmode) set grid lc rgb grid_color\n"
    "set border 3\n"
    "set xtics nomirror\n"
    "set ytics nomirror\n"
    "set autoscale xfix\n"
    "set offsets 0, 0, graph 0.08, graph 0.08\n"
    "set style textbox opaque border lc rgb '#777777'\n" GP_BASE_MARK
    "fills = !textmode\n"
    "marks = ncross > 0\n"
    "\n"
    "plot for [k=1:fills] data index 1 using (column(1)):(column(4)):(0) \\\n"
    "\t\twith filledcurves above fc rgb accept_fill fs solid 1 noborder title 'accept (net > 0)', \\\n"
    "\tfor [k=1:fills] data index 1 using (column(1)):(column(4)):(0) \\\n"
    "\t\twith filledcurves below fc rgb reject_fill fs solid 1 noborder title 'reject (net < 0)', \\\n"
    "\t0 with lines lc rgb '#777777' lw 1 notitle, \\\n"
    "\tfor [k=1:marks] data index 2 using (column(1)):(ymin):(0):(ymax - ymin) \\\n"
    "\t\twith vectors nohead dt 2 lc rgb '#777777' notitle, \\\n"
    "\tdata index 1 using (column(1)):(column(2)) with lines lc rgb gain_color lw 2 title 'gain', \\\n"
    "\tdata index 1 using (column(1)):(column(3)) with lines lc rgb cost_color lw 2 title 'cost', \\\n"
    "\tdata index 1 using (column(1)):(column(4)) with lines lc rgb ink lw 3 title 'net = gain - cost', \\\n"
    "\tfor [k=1:marks] data index 2 using (column(1)):(0) \\\n"
    "\t\twith points pt 7 ps 1.3 lc rgb ink title 'break-even (net = 0)', \\\n"
    "\tfor [k=1:marks] data index 2 using (column(1)):(column(2)):(strcol(3)) \\\n"
    "\t\twith labels boxed noenhanced notitle\n",
};

static void widen(double *lo, double *hi, double v)
{
	if (!isfinite(v))
		return;
	if (v < *lo)
		*lo = v;
	if (v > *hi)
		*hi = v;
}

/* The inputs are drawable: two points or more, x finite and increasing,
 * break-evens within the range. */
static int check_sweep(size_t n, const double *x, const double *gain,
                       const double *cost, const double *net, size_t ncross,
                       const double *cross, struct diag *d)
{
	if (n < 2 || !x || !gain || !cost || !net)
		return diag_set(d, NULL, 0, 0,
		                "sweep chart: needs at least two points");
	if (ncross > 0 && !cross)
		return diag_set(d, NULL, 0, 0,
		                "sweep chart: break-even points missing");
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(x[i]))
			return diag_set(d, NULL, 0, 0,
			                "sweep chart: x[%zu] is not a finite "
			                "number",
			                i);
		if (i > 0 && !(x[i] > x[i - 1]))
			return diag_set(d, NULL, 0, 0,
			                "sweep chart: x must increase, but "
			                "x[%zu] = %g follows x[%zu] = %g",
			                i, x[i], i - 1, x[i - 1]);
	}
	for (size_t k = 0; k < ncross; k++)
		if (!(cross[k] >= x[0] && cross[k] <= x[n - 1]))
			return diag_set(d, NULL, 0, 0,
			                "sweep chart: break-even point %g lies "
			                "outside the swept range [%g, %g]",
			                cross[k], x[0], x[n - 1]);
	return FP_OK;
}

int plot_sweep(const struct plot_opts *o, const char *title, const char *param,
               size_t n, const double *x, const double *gain,
               const double *cost, const double *net, size_t ncross,
               const double *cross, struct plot_result *out, struct diag *d)
{
	double ymin = 0, ymax = 0, step;
	FILE *f;
	char *buf;
	size_t len;

	if (check_sweep(n, x, gain, cost, net, ncross, cross, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < n; i++) {
		widen(&ymin, &ymax, gain[i]);
		widen(&ymin, &ymax, cost[i]);
		widen(&ymin, &ymax, net[i]);
	}
	if (gpd_open(&f, &buf, &len, d) != FP_OK)
		return FP_ERR;

	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_str_cut(f, param, PLOT_AXIS_MAX);
	fputc(' ', f);
	gpd_unit(f, "gain, cost, net", o ? o->unit : NULL);
	fprintf(f, " %zu ", ncross);
	gpd_num(f, ymin);
	fputc(' ', f);
	gpd_num(f, ymax);
	gpd_base(f, o, param, NULL, (const double[4]){x[0], x[n - 1]});
	fputs("\n\n\n", f);

	for (size_t i = 0; i < n; i++)
		gpd_row(f, (const double[4]){x[i], gain[i], cost[i], net[i]},
		        4);

	/* Labels above and below the zero line in turn, so that two
	 * break-even points close together do not hide each other. */
	step = (ymax > ymin ? ymax - ymin : 1) * 7 / 100;
	if (ncross > 0)
		fputs("\n\n", f);
	for (size_t k = 0; k < ncross; k++) {
		char num[32];
		size_t len_label = strlen(param ? param : "") + 64;
		char *label = malloc(len_label);

		gpd_num(f, cross[k]);
		fputc(' ', f);
		gpd_num(f, k % 2 == 0 ? step : -step);
		fputc(' ', f);
		if (label) {
			snprintf(label, len_label, "break-even: %s = %s",
			         param ? param : "", gpd_human(num, cross[k]));
			gpd_str_cut(f, label, PLOT_NAME_MAX + 24);
			free(label);
		} else {
			gpd_str(f, "break-even");
		}
		fputc('\n', f);
	}
	return plot_draw_mem(o, &sweep_chart, f, &buf, &len, out, d);
}
