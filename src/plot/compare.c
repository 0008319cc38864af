/* compare.c: the candidates of `fixprice compare`: their nets with their
 * intervals, and which one wins over two parameters. */
#include <math.h>
#include <stdlib.h>

#include "plot/plot.h"
#include "plot/draw.h"

static const struct chart compare_chart = {
    .kind = "compare",
    .about =
        "# compare.gp: each candidate's net (a point) with its interval (a bar),\n"
        "# the largest net on top, and net = 0 marked.\n"
        "# Data blocks (separated by two blank lines):\n"
        "#   0: title, x-axis label, number of candidates, x range\n"
        "#   1: one row per candidate: y, name, net, interval low, high (the\n"
        "#      net itself where it has no interval)\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\trows = int(column(3)), xmin = column(4), xmax = column(5), 0) nooutput\n"
        "w = 900; h = 200 + 40 * rows\n"
        "tw = 80; th = 12 + 3 * rows\n",
    .body = GP_NET_ROWS
    "\n"
    "plot data index 1 using (column(3)):(column(1)):(column(4)):(column(5)):ytic(2) \\\n"
    "\t\twith xerrorbars pt 7 ps 1.5 lw 2 lc rgb ink title 'net and its interval'\n",
};

static const struct chart winner_chart = {
    .kind = "compare-map",
    .about =
        "# compare-map.gp: which candidate has the largest net over two\n"
        "# parameters, one colour per candidate, each region labelled.\n"
        "# Data blocks (separated by two blank lines):\n"
        "#   0: title, x-axis label, y-axis label, number of candidates\n"
        "#   1: the grid, one line of constant y after another: x, y, the\n"
        "#      winning candidate (from 0; NaN: none) and its letter\n"
        "#   2: region labels: x, y, text\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\tylabel = strcol(3), k = int(column(4)), 0) nooutput\n"
        "w = 900; h = 680\n"
        "tw = 80; th = 36\n",
    .body = GP_TITLE
    "set xlabel xlabel noenhanced\n"
    "set ylabel ylabel noenhanced\n"
    "# Eight colours, one per candidate (the ninth takes the first's again).\n"
    "set cbrange [-0.5:7.5]\n"
    "set palette maxcolors 8\n"
    "set palette defined (0 '#66c2a5', 1 '#fc8d62', 2 '#8da0cb', 3 '#e78ac3', 4 '#a6d854', 5 '#ffd92f', 6 '#e5c494', 7 '#b3b3b3')\n"
    "unset colorbox\n"
    "set tics out nomirror\n"
    "set autoscale xfix\n"
    "set autoscale yfix\n"
    "set style textbox opaque margins 4, 2 border lc rgb '#444444'\n"
    "image = !textmode\n"
    "plot for [t=1:image] data index 1 using (column(1)):(column(2)):(column(3) - 8 * floor(column(3) / 8)) \\\n"
    "\t\twith image notitle, \\\n"
    "\tfor [t=1:textmode] data index 1 using (column(1)):(column(2)):(strcol(4)) \\\n"
    "\t\twith labels notitle, \\\n"
    "\tdata index 2 using (column(1)):(column(2)):(strcol(3)) \\\n"
    "\t\twith labels boxed font ',13' noenhanced notitle\n",
};

static int check(size_t k, const char *const *name, const double *net,
                 const double *lo, const double *hi, struct diag *d)
{
	if (k == 0 || !name || !net || !lo || !hi)
		return diag_set(d, NULL, 0, 0,
		                "compare chart: no candidate to draw");
	for (size_t i = 0; i < k; i++)
		if (!isfinite(net[i]) || !(lo[i] <= hi[i]))
			return diag_set(
			    d, NULL, 0, 0,
			    "compare chart: the net of candidate %zu "
			    "is not a finite number within its "
			    "interval",
			    i);
	return FP_OK;
}

int plot_compare(const struct plot_opts *o, const char *title, size_t k,
                 const char *const *name, const double *net, const double *lo,
                 const double *hi, struct plot_result *out, struct diag *d)
{
	struct plot_rank *s;
	double a = 0, b = 0, pad;
	char *buf;
	size_t len;
	FILE *f;

	if (check(k, name, net, lo, hi, d) != FP_OK)
		return FP_ERR;
	if (!(s = malloc(k * sizeof *s)))
		return diag_oom(d);
	for (size_t i = 0; i < k; i++) {
		s[i].key = net[i];
		s[i].idx = i;
		a = fmin(a, fmin(lo[i], net[i]));
		b = fmax(b, fmax(hi[i], net[i]));
	}
	qsort(s, k, sizeof *s, plot_rank_desc);
	pad = (b > a ? b - a : 1) * 10 / 100;
	if (gpd_open(&f, &buf, &len, d) != FP_OK) {
		free(s);
		return FP_ERR;
	}
	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_unit(f, "net", o ? o->unit : NULL);
	fprintf(f, " %zu ", k);
	gpd_num(f, a - pad);
	fputc(' ', f);
	gpd_num(f, b + pad);
	fputs("\n\n\n", f);
	for (size_t r = 0; r < k; r++) {
		size_t i = s[r].idx;
		double v[3] = {net[i], isfinite(lo[i]) ? lo[i] : net[i],
		               isfinite(hi[i]) ? hi[i] : net[i]};

		fprintf(f, "%zu ", k - r);
		gpd_str_cut(f, name[i], PLOT_NAME_MAX);
		fputc(' ', f);
		gpd_row(f, v, 3);
	}
	free(s);
	return plot_draw_mem(o, &compare_chart, f, &buf, &len, out, d);
}

/* Each candidate's label at the mean of its winning points, moved to the
 * winning point nearest to it (so it lies in its region). */
static void labels(FILE *f, size_t k, const char *const *name, size_t nx,
                   size_t ny, const double *x, const double *y,
                   const size_t *winner)
{
	size_t drawn = 0;

	for (size_t c = 0; c < k; c++) {
		double mi = 0, mj = 0, best = HUGE_VAL;
		size_t cnt = 0, at = 0;

		for (size_t p = 0; p < nx * ny; p++)
			if (winner[p] == c) {
				mi += (double)(p % nx);
				mj += (double)(p / nx);
				cnt++;
			}
		if (!cnt)
			continue;
		mi /= (double)cnt;
		mj /= (double)cnt;
		for (size_t p = 0; p < nx * ny; p++) {
			double di = (double)(p % nx) - mi,
			       dj = (double)(p / nx) - mj;
			if (winner[p] == c && di * di + dj * dj < best) {
				best = di * di + dj * dj;
				at = p;
			}
		}
		gpd_num(f, x[at % nx]);
		fputc(' ', f);
		gpd_num(f, y[at / nx]);
		fputc(' ', f);
		gpd_str_cut(f, name[c], PLOT_NAME_MAX);
		fputc('\n', f);
		drawn++;
	}
	if (!drawn)
		fputs("NaN NaN \"\"\n", f);
}

int plot_compare_map(const struct plot_opts *o, const char *title,
                     const char *xname, const char *yname, size_t k,
                     const char *const *name, size_t nx, size_t ny,
                     const double *x, const double *y, const size_t *winner,
                     struct plot_result *out, struct diag *d)
{
	char *buf;
	size_t len;
	FILE *f;

	if (k == 0 || nx < 2 || ny < 2)
		return diag_set(d, NULL, 0, 0,
		                "compare map: a grid of at least 2 x 2 points "
		                "and a candidate are needed");
	if (gpd_open(&f, &buf, &len, d) != FP_OK)
		return FP_ERR;
	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_str_cut(f, xname, PLOT_AXIS_MAX);
	fputc(' ', f);
	gpd_str_cut(f, yname, PLOT_AXIS_MAX);
	fprintf(f, " %zu\n\n\n", k);
	for (size_t j = 0; j < ny; j++) {
		for (size_t i = 0; i < nx; i++) {
			size_t c = winner[j * nx + i];
			char l[2] = {
			    c < k ? (char)(c < 26 ? 'A' + c : '*') : '?', 0};

			gpd_num(f, x[i]);
			fputc(' ', f);
			gpd_num(f, y[j]);
			fputc(' ', f);
			gpd_num(f, c < k ? (double)c : NAN);
			fputc(' ', f);
			gpd_str(f, l);
			fputc('\n', f);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
	labels(f, k, name, nx, ny, x, y, winner);
	return plot_draw_mem(o, &winner_chart, f, &buf, &len, out, d);
}
