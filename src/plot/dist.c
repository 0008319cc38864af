/* dist.c: how net falls over the bootstrap's resamples: a histogram with
 * the interval shaded, zero and the observed net marked. */
#include <math.h>
#include <stdlib.h>

#include "plot/draw.h"
#include "plot/plot.h"

#define DIST_SETUP \
	"stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n" \
	"\tlo = column(3), hi = column(4), obs = column(5), \\\n" \
	"\ttop = column(6), cilabel = strcol(7), 0) nooutput\n" \
	"w = 900; h = 520\n" \
	"tw = 80; th = 30\n"

#define DIST_BODY \
	GP_TITLE \
	"set xlabel xlabel noenhanced\n" \
	"set ylabel 'resamples'\n" \
	"set key outside below center horizontal height 1.5\n" \
	"if (!textmode) set grid lc rgb grid_color\n" \
	"set border 3\n" \
	"set xtics nomirror\n" \
	"set ytics nomirror\n" \
	"set yrange [0:top * 1.15]\n" \
	"set offsets graph 0.05, graph 0.05, 0, 0\n" \
	"fills = !textmode\n" \
	"\n" \
	"plot for [k=1:fills] data index 0 using (lo):(0):(lo):(hi):(0):(top * 1.1) \\\n" \
	"\t\twith boxxyerror fc rgb accept_fill fs solid 0.6 noborder title cilabel, \\\n" \
	"\tdata index 1 using (column(1)):(column(2)):(column(3)) \\\n" \
	"\t\twith boxes fs solid 0.8 lc rgb gain_color title 'resamples', \\\n" \
	"\tdata index 0 using (0):(0):(0):(top * 1.1) \\\n" \
	"\t\twith vectors nohead dt 2 lw 2 lc rgb '#777777' title 'net = 0', \\\n" \
	"\tdata index 0 using (obs):(0):(0):(top * 1.1) \\\n" \
	"\t\twith vectors nohead lw 3 lc rgb ink title 'observed net'\n"

#define DIST_ABOUT(name, what) \
	"# " name ".gp: " what ", as a\n" \
	"# histogram, the interval shaded, net = 0 and the observed net marked.\n" \
	"# Data blocks (separated by two blank lines):\n" \
	"#   0: title, x-axis label, interval low, interval high, observed net,\n" \
	"#      tallest bar, interval label\n" \
	"#   1: bin centre, resamples in the bin, bin width\n"

#define DIST_CHART(name, what) \
	{ \
		.kind = name, .about = DIST_ABOUT(name, what), \
		.setup = DIST_SETUP, .body = DIST_BODY, \
	}

static const struct chart dist_chart =
    DIST_CHART("net-distribution", "net over the bootstrap's resamples");
/* The A/A control run priced against the before run, resampled: what
 * noise alone gives (cmd/judge.c draws it beside the fix's). */
static const struct chart control_chart = DIST_CHART(
    "control-distribution", "the control run's net over its resamples");

#define DIST_BINS 40

static int distribution(const struct plot_opts *o, const struct chart *chart,
                        const char *title, const char *quantity, size_t B,
                        const double *net, double lo, double hi,
                        double observed, const char *interval_label,
                        struct plot_result *out, struct diag *d)
{
	size_t count[DIST_BINS] = {0}, top = 0;
	double min = INFINITY, max = -INFINITY, width;
	FILE *f;
	char *buf;
	size_t len;

	if (B == 0 || !net || !isfinite(lo) || !isfinite(hi) ||
	    !isfinite(observed))
		return diag_set(d, NULL, 0, 0,
		                "distribution chart: needs "
		                "resamples and a finite interval");
	for (size_t r = 0; r < B; r++) {
		if (!isfinite(net[r]))
			return diag_set(d, NULL, 0, 0,
			                "distribution chart: "
			                "resample %zu is not a finite number",
			                r);
		min = fmin(min, net[r]);
		max = fmax(max, net[r]);
	}
	width = max > min ? (max - min) / DIST_BINS : 1;
	for (size_t r = 0; r < B; r++) {
		size_t k = (size_t)((net[r] - min) / width);

		count[k < DIST_BINS ? k : DIST_BINS - 1]++;
	}
	for (size_t k = 0; k < DIST_BINS; k++)
		if (count[k] > top)
			top = count[k];
	if (gpd_open(&f, &buf, &len, d) != FP_OK)
		return FP_ERR;
	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_unit(f, quantity, o ? o->unit : NULL);
	fputc(' ', f);
	gpd_num(f, lo);
	fputc(' ', f);
	gpd_num(f, hi);
	fputc(' ', f);
	gpd_num(f, observed);
	fprintf(f, " %zu ", top);
	gpd_str(f, interval_label);
	fputs("\n\n\n", f);
	for (size_t k = 0; k < DIST_BINS; k++) {
		gpd_num(f, min + ((double)k + 0.5) * width);
		fprintf(f, " %zu ", count[k]);
		gpd_num(f, width);
		fputc('\n', f);
	}
	return plot_draw_mem(o, chart, f, &buf, &len, out, d);
}

int plot_distribution(const struct plot_opts *o, const char *title,
                      const char *quantity, size_t B, const double *net,
                      double lo, double hi, double observed,
                      const char *interval_label, struct plot_result *out,
                      struct diag *d)
{
	return distribution(o, &dist_chart, title, quantity, B, net, lo, hi,
	                    observed, interval_label, out, d);
}

int plot_control_distribution(const struct plot_opts *o, const char *title,
                              size_t B, const double *net, double lo, double hi,
                              double observed, const char *interval_label,
                              struct plot_result *out, struct diag *d)
{
	return distribution(o, &control_chart, title, "net", B, net, lo, hi,
	                    observed, interval_label, out, d);
}
