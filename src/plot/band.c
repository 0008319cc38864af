/* band.c: net against one parameter with the band the runs' noise puts
 * around it (the sweep's band). */
#include <math.h>

#include "plot/draw.h"
#include "plot/plot.h"

static const struct chart band_chart = {
    .kind = "sweep-band",
    .about =
        "# sweep-band.gp: net as one parameter varies, with the band of net\n"
        "# over the bootstrap's resamples shaded, and net = 0 marked.\n"
        "# Data blocks (separated by two blank lines):\n"
        "#   0: title, x-axis label, y-axis label, band label, whether the\n"
        "#      current value is marked, the current value, NaN, its label,\n"
        "#      whether the label goes left\n"
        "#   1: parameter, net, band low, band high\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\tylabel = strcol(3), bandlabel = strcol(4), \\\n"
        "\thas_base = int(column(5)), base_x = column(6), \\\n"
        "\tbase_y = column(7), base_label = strcol(8), \\\n"
        "\tbase_right = int(column(9)), 0) nooutput\n"
        "w = 900; h = 520\n"
        "tw = 80; th = 30\n",
    .body = GP_TITLE
    "set xlabel xlabel noenhanced\n"
    "set ylabel ylabel noenhanced\n"
    "set key outside below center horizontal height 1.5\n"
    "if (!textmode) set grid lc rgb grid_color\n"
    "set border 3\n"
    "set xtics nomirror\n"
    "set ytics nomirror\n"
    "set autoscale xfix\n"
    "set offsets 0, 0, graph 0.08, graph 0.08\n" GP_BASE_MARK
    "fills = !textmode\n"
    "\n"
    "plot for [k=1:fills] data index 1 using (column(1)):(column(3)):(column(4)) \\\n"
    "\t\twith filledcurves fc rgb accept_fill fs solid 0.7 noborder title bandlabel, \\\n"
    "\t0 with lines lc rgb '#777777' lw 1 title 'net = 0', \\\n"
    "\tdata index 1 using (column(1)):(column(3)) with lines dt 2 lc rgb ink notitle, \\\n"
    "\tdata index 1 using (column(1)):(column(4)) with lines dt 2 lc rgb ink notitle, \\\n"
    "\tdata index 1 using (column(1)):(column(2)) with lines lc rgb ink lw 3 title 'net'\n",
};

int plot_sweep_band(const struct plot_opts *o, const char *title,
                    const char *param, const char *band_label, size_t n,
                    const double *x, const double *net, const double *lo,
                    const double *hi, struct plot_result *out, struct diag *d)
{
	FILE *f;
	char *buf;
	size_t len;

	if (n < 2 || !x || !net || !lo || !hi)
		return diag_set(d, NULL, 0, 0,
		                "band chart: needs at least two points");
	for (size_t i = 0; i < n; i++)
		if (!isfinite(x[i]) || (i > 0 && !(x[i] > x[i - 1])))
			return diag_set(d, NULL, 0, 0,
			                "band chart: x must be "
			                "finite and increase (point %zu)",
			                i);
	if (gpd_open(&f, &buf, &len, d) != FP_OK)
		return FP_ERR;
	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_str_cut(f, param, PLOT_AXIS_MAX);
	fputc(' ', f);
	gpd_unit(f, "net", o ? o->unit : NULL);
	fputc(' ', f);
	gpd_str(f, band_label);
	gpd_base(f, o, param, NULL, (const double[4]){x[0], x[n - 1]});
	fputs("\n\n\n", f);
	for (size_t i = 0; i < n; i++)
		gpd_row(f, (const double[4]){x[i], net[i], lo[i], hi[i]}, 4);
	return plot_draw_mem(o, &band_chart, f, &buf, &len, out, d);
}
