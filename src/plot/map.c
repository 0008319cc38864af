/* map.c: heat map of net over two parameters, the zero contour traced by
 * gnuplot, and the accept and reject regions labelled. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "plot/plot.h"
#include "plot/draw.h"

static const struct chart map_chart = {
    .kind = "map",
    .about =
        "# map.gp: net over two parameters as a heat map (blue: accept, net > 0;\n"
        "# red: reject, net < 0), the break-even contour net = 0 traced by\n"
        "# gnuplot, and each region labelled.\n"
        "# Data blocks (separated by two blank lines):\n"
        "#   0: title, x-axis label, y-axis label, colour-bar label, largest\n"
        "#      |net|, whether net changes sign, number of region labels,\n"
        "#      whether the grid is evenly spaced, whether the current values\n"
        "#      are marked, the current x and y, their label, where the label\n"
        "#      goes (1: left of the point, plus 2: below it)\n"
        "#   1: the grid, one line of constant y after another: x, y, net\n"
        "#      (NaN: not defined there), the cell's x and y bounds, and the\n"
        "#      sign of net (1, -1, or 0 where it is 0 or not defined)\n"
        "#   2: region labels: x, y, text\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\tylabel = strcol(3), cblabel = strcol(4), cbmax = column(5), \\\n"
        "\thas_zero = int(column(6)), nlabels = int(column(7)), \\\n"
        "\tuniform = int(column(8)), \\\n"
        "\thas_base = int(column(9)), base_x = column(10), \\\n"
        "\tbase_y = column(11), base_label = strcol(12), \\\n"
        "\tbase_right = int(column(13)), 0) nooutput\n"
        "w = 900; h = 680\n"
        "tw = 80; th = 36\n",
    .body =
        "# The zero contour, traced on the grid into the datablock $zero (which\n"
        "# must exist, if empty, even where it is not drawn).\n"
        "$zero << EOD\n"
        "EOD\n"
        "if (has_zero) {\n"
        "\tset contour base\n"
        "\tset cntrparam levels discrete 0\n"
        "\tunset surface\n"
        "\tset table $zero\n"
        "\tsplot data index 1 using (column(1)):(column(2)):(column(3)) with lines notitle\n"
        "\tunset table\n"
        "\tunset contour\n"
        "\tset surface\n"
        "}\n"
        "\n" GP_TITLE "set xlabel xlabel noenhanced\n"
        "set ylabel ylabel noenhanced\n"
        "set cblabel cblabel noenhanced\n"
        "set cbrange [-cbmax:cbmax]\n"
        "set palette defined (-1 reject_color, -0.5 '#ef8a62', 0 '#f7f7f7', 0.5 '#67a9cf', 1 accept_color)\n"
        "if (textmode) unset colorbox\n"
        "set key outside below center horizontal height 1.5\n"
        "set tics out nomirror\n"
        "set autoscale xfix\n"
        "set autoscale yfix\n"
        "set style textbox opaque margins 4, 2 border lc rgb '#444444'\n" GP_BASE_MARK
        "image = !textmode && uniform\n"
        "boxes = !textmode && !uniform\n"
        "\n"
        "# An evenly spaced grid is drawn as an image; any other as boxes; text\n"
        "# output shows the sign of net at each point.\n"
        "plot for [k=1:image] data index 1 using (column(1)):(column(2)):(column(3)) \\\n"
        "\t\twith image notitle, \\\n"
        "\tfor [k=1:boxes] data index 1 using (column(1)):(column(2)):(column(4)):(column(5)):(column(6)):(column(7)):(column(3)) \\\n"
        "\t\twith boxxyerror fc palette fs solid 1 noborder notitle, \\\n"
        "\tfor [k=1:textmode] data index 1 using (column(1)):(column(2)):(column(8) > 0 ? '+' : column(8) < 0 ? '-' : ' ') \\\n"
        "\t\twith labels notitle, \\\n"
        "\tfor [k=1:has_zero] $zero using (column(1)):(column(2)) \\\n"
        "\t\twith lines lc rgb ink lw 2.5 title 'net = 0 (break-even)', \\\n"
        "\tfor [k=1:(nlabels > 0)] data index 2 using (column(1)):(column(2)):(strcol(3)) \\\n"
        "\t\twith labels boxed font ',13' noenhanced notitle\n",
};

static int sign_of(double v)
{
	return v > 0 ? 1 : (v < 0 ? -1 : 0); /* NaN: 0 */
}

/* The grid point of sign s farthest from every point of another sign and
 * from the edge of the grid (a chamfer distance transform, in grid steps),
 * larger |net| breaking ties.  Returns false if no point has sign s. */
static bool region_centre(size_t nx, size_t ny, const double *net, int s,
                          double *dist, size_t *best)
{
	const double diag_step = 1.41421356237;
	bool found = false;

	for (size_t j = 0; j < ny; j++)
		for (size_t i = 0; i < nx; i++) {
			size_t at = j * nx + i;
			bool edge =
			    i == 0 || j == 0 || i == nx - 1 || j == ny - 1;
			if (sign_of(net[at]) != s)
				dist[at] = 0;
			else
				dist[at] = edge ? 1 : HUGE_VAL;
		}
	for (size_t j = 1; j < ny; j++)
		for (size_t i = 1; i < nx; i++) {
			double *p = &dist[j * nx + i];
			*p = fmin(*p, dist[j * nx + i - 1] + 1);
			*p = fmin(*p, dist[(j - 1) * nx + i] + 1);
			*p = fmin(*p, dist[(j - 1) * nx + i - 1] + diag_step);
			if (i + 1 < nx)
				*p = fmin(*p, dist[(j - 1) * nx + i + 1] +
				                  diag_step);
		}
	for (size_t j = ny - 1; j-- > 0;)
		for (size_t i = nx - 1; i-- > 0;) {
			double *p = &dist[j * nx + i];
			*p = fmin(*p, dist[j * nx + i + 1] + 1);
			*p = fmin(*p, dist[(j + 1) * nx + i] + 1);
			*p = fmin(*p, dist[(j + 1) * nx + i + 1] + diag_step);
			if (i > 0)
				*p = fmin(*p, dist[(j + 1) * nx + i - 1] +
				                  diag_step);
		}
	for (size_t at = 0; at < nx * ny; at++) {
		if (sign_of(net[at]) != s)
			continue;
		if (!found || dist[at] > dist[*best] ||
		    (dist[at] == dist[*best] &&
		     fabs(net[at]) > fabs(net[*best]))) {
			*best = at;
			found = true;
		}
	}
	return found;
}

static bool evenly_spaced(size_t n, const double *v)
{
	double step = (v[n - 1] - v[0]) / (double)(n - 1);

	for (size_t i = 1; i < n; i++)
		if (fabs(v[i] - v[i - 1] - step) > 1e-6 * step)
			return false;
	return true;
}

static int check_axis(const char *name, size_t n, const double *v,
                      struct diag *d)
{
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			return diag_set(d, NULL, 0, 0,
			                "map chart: %s[%zu] is not a finite "
			                "number",
			                name, i);
		if (i > 0 && !(v[i] > v[i - 1]))
			return diag_set(d, NULL, 0, 0,
			                "map chart: %s must increase, but "
			                "%s[%zu] = %g follows %s[%zu] = %g",
			                name, name, i, v[i], name, i - 1,
			                v[i - 1]);
	}
	return FP_OK;
}

/* The cell around v[i] reaches halfway to its neighbours (and as far
 * beyond the ends). */
static void cell(size_t n, const double *v, size_t i, double *lo, double *hi)
{
	double below = i > 0 ? v[i] - v[i - 1] : v[1] - v[0];
	double above = i + 1 < n ? v[i + 1] - v[i] : v[n - 1] - v[n - 2];

	*lo = v[i] - below / 2;
	*hi = v[i] + above / 2;
}

static int draw_map(const struct plot_opts *o, const char *title,
                    const char *xname, const char *yname, size_t nx, size_t ny,
                    const double *x, const double *y, const double *net,
                    struct plot_result *out, struct diag *d)
{
	double cbmax = 0, *dist;
	bool pos = false, neg = false, has[2];
	size_t at[2] = {0, 0};
	static const char *const label[2] = {"accept", "reject"};
	FILE *f;
	char *buf;
	size_t len;

	for (size_t k = 0; k < nx * ny; k++) {
		if (isfinite(net[k]) && fabs(net[k]) > cbmax)
			cbmax = fabs(net[k]);
		pos |= net[k] > 0;
		neg |= net[k] < 0;
	}
	if (cbmax == 0)
		cbmax = 1;
	dist = malloc(nx * ny * sizeof *dist);
	if (!dist)
		return diag_oom(d);
	has[0] = region_centre(nx, ny, net, 1, dist, &at[0]);
	has[1] = region_centre(nx, ny, net, -1, dist, &at[1]);
	free(dist);
	if (gpd_open(&f, &buf, &len, d) != FP_OK)
		return FP_ERR;

	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_str_cut(f, xname, PLOT_AXIS_MAX);
	fputc(' ', f);
	gpd_str_cut(f, yname, PLOT_AXIS_MAX);
	fputc(' ', f);
	gpd_unit(f, "net", o ? o->unit : NULL);
	fputc(' ', f);
	gpd_num(f, cbmax);
	fprintf(f, " %d %d %d", pos && neg, has[0] + has[1],
	        evenly_spaced(nx, x) && evenly_spaced(ny, y));
	gpd_base(f, o, xname, yname ? yname : "",
	         (const double[4]){x[0], x[nx - 1], y[0], y[ny - 1]});
	fputs("\n\n\n", f);

	for (size_t j = 0; j < ny; j++) {
		double ylo, yhi;
		cell(ny, y, j, &ylo, &yhi);
		for (size_t i = 0; i < nx; i++) {
			double xlo, xhi;
			cell(nx, x, i, &xlo, &xhi);
			gpd_num(f, x[i]);
			fputc(' ', f);
			gpd_num(f, y[j]);
			fputc(' ', f);
			gpd_num(f, net[j * nx + i]);
			fputc(' ', f);
			gpd_num(f, xlo);
			fputc(' ', f);
			gpd_num(f, xhi);
			fputc(' ', f);
			gpd_num(f, ylo);
			fputc(' ', f);
			gpd_num(f, yhi);
			fprintf(f, " %d\n", sign_of(net[j * nx + i]));
		}
		fputc('\n', f);
	}
	if (has[0] || has[1])
		fputc('\n', f);
	for (int s = 0; s < 2; s++) {
		/* Kept 6 % of the width from the sides, so that a label of a
		 * region along a side is not cut by the picture's edge. */
		double room = (x[nx - 1] - x[0]) * 6 / 100;
		if (!has[s])
			continue;
		gpd_num(f, fmin(fmax(x[at[s] % nx], x[0] + room),
		                x[nx - 1] - room));
		fputc(' ', f);
		gpd_num(f, y[at[s] / nx]);
		fputc(' ', f);
		gpd_str(f, label[s]);
		fputc('\n', f);
	}
	return plot_draw_mem(o, &map_chart, f, &buf, &len, out, d);
}

/* The step between the points drawn along an axis of n points: the
 * smallest that leaves at most PLOT_MAP_MAX_POINTS. */
static size_t map_step(size_t n)
{
	return n <= PLOT_MAP_MAX_POINTS ? 1
	                                : (n - 1 + PLOT_MAP_MAX_POINTS - 2) /
	                                      (PLOT_MAP_MAX_POINTS - 1);
}

int plot_map(const struct plot_opts *o, const char *title, const char *xname,
             const char *yname, size_t nx, size_t ny, const double *x,
             const double *y, const double *net, struct plot_result *out,
             struct diag *d)
{
	size_t kx, ky, mx, my;
	double *sx, *sy, *snet;
	int rc;

	memset(out, 0, sizeof *out);
	if (nx < 2 || ny < 2 || !x || !y || !net)
		return diag_set(d, NULL, 0, 0,
		                "map chart: needs at least two values on each "
		                "axis");
	if (check_axis("x", nx, x, d) != FP_OK ||
	    check_axis("y", ny, y, d) != FP_OK)
		return FP_ERR;
	kx = map_step(nx);
	ky = map_step(ny);
	if (kx == 1 && ky == 1)
		return draw_map(o, title, xname, yname, nx, ny, x, y, net, out,
		                d);
	/* Every k-th point from the first: an evenly spaced grid stays so. */
	mx = (nx - 1) / kx + 1;
	my = (ny - 1) / ky + 1;
	sx = malloc(mx * sizeof *sx);
	sy = malloc(my * sizeof *sy);
	snet = malloc(mx * my * sizeof *snet);
	if (!sx || !sy || !snet) {
		rc = diag_oom(d);
	} else {
		for (size_t i = 0; i < mx; i++)
			sx[i] = x[i * kx];
		for (size_t j = 0; j < my; j++) {
			sy[j] = y[j * ky];
			for (size_t i = 0; i < mx; i++)
				snet[j * mx + i] = net[j * ky * nx + i * kx];
		}
		rc = draw_map(o, title, xname, yname, mx, my, sx, sy, snet, out,
		              d);
	}
	free(sx);
	free(sy);
	free(snet);
	return rc;
}
