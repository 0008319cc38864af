/* shares.c: where net comes from, as a waterfall of bars the caller made
 * (report/bars.h): each bar from `from` to `to`, a step that adds to net
 * in the gain colour, one that takes from it in the cost colour, totals
 * (gain, net) from 0 in the decision's colour; the value of each at its
 * end. */
#include <math.h>
#include <stdio.h>

#include "plot/plot.h"
#include "plot/draw.h"

static const struct chart shares_chart = {
    .kind = "shares",
    .about =
        "# shares.gp: where net comes from: the shares of gain adding up to\n"
        "# the gain, the shares of cost taking from it down to net, as a\n"
        "# waterfall (top to bottom).\n"
        "# Data blocks (separated by two blank lines):\n"
        "#   0: title, x-axis label, number of bars, net, what the names\n"
        "#      leave out (\"\" for nothing)\n"
        "#   1: one row per bar: y, label, from, to, kind (0 adds to net,\n"
        "#      1 takes from it, 2 a total), value label\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\trows = int(column(3)), net = column(4), names = strcol(5), 0) nooutput\n"
        "w = 900; h = 190 + 26 * rows\n"
        "tw = 80; th = 14 + 2 * rows\n",
    .body =
        "net_color = net < 0 ? reject_color : accept_color\n" GP_TITLE
        "set xlabel xlabel noenhanced\n"
        "if (strlen(names) > 0) set ylabel names noenhanced\n"
        "set yrange [0.3:rows + 0.7]\n"
        "set ytics scale 0 noenhanced\n"
        "set xtics nomirror\n"
        "set border 1 + 2\n"
        "set offsets graph 0.12, graph 0.12, 0, 0\n"
        "if (!textmode) set grid xtics lc rgb grid_color\n"
        "set xzeroaxis\n"
        "set yzeroaxis lt 1 lc rgb '#555555' lw 1\n"
        "set key outside below center horizontal height 1.5\n"
        "set style fill solid 0.9 border lc rgb '#555555'\n"
        "lo(k) = column(5) == k ? (column(3) < column(4) ? column(3) : column(4)) : NaN\n"
        "hi(k) = column(5) == k ? (column(3) < column(4) ? column(4) : column(3)) : NaN\n"
        "\n"
        "plot data index 1 using (NaN):1:ytic(2) with points notitle, \\\n"
        "\tdata index 1 using (0):1:(lo(0)):(hi(0)):(column(1) - 0.35):(column(1) + 0.35) \\\n"
        "\t\twith boxxyerror lc rgb gain_color title 'adds to net', \\\n"
        "\tdata index 1 using (0):1:(lo(1)):(hi(1)):(column(1) - 0.35):(column(1) + 0.35) \\\n"
        "\t\twith boxxyerror lc rgb cost_color title 'takes from net', \\\n"
        "\tdata index 1 using (0):1:(lo(2)):(hi(2)):(column(1) - 0.4):(column(1) + 0.4) \\\n"
        "\t\twith boxxyerror lc rgb net_color title 'gain, net', \\\n"
        "\tdata index 1 using (column(3) < column(4) ? column(4) : column(3)):1:6 \\\n"
        "\t\twith labels left offset char 0.6, 0 noenhanced notitle\n",
};

static int check_bars(size_t n, const struct plot_bar *bar, struct diag *d)
{
	if (n == 0 || !bar)
		return diag_set(d, NULL, 0, 0, "shares chart: no bars to draw");
	for (size_t k = 0; k < n; k++)
		if (!isfinite(bar[k].from) || !isfinite(bar[k].to))
			return diag_set(d, NULL, 0, 0,
			                "shares chart: bar '%s' does not run "
			                "between finite numbers",
			                bar[k].label ? bar[k].label : "");
	return FP_OK;
}

int plot_shares(const struct plot_opts *o, const char *title, const char *names,
                size_t n, const struct plot_bar *bar, struct plot_result *out,
                struct diag *d)
{
	FILE *f;
	char *buf, num[32], value[40];
	size_t len;

	if (check_bars(n, bar, d) != FP_OK)
		return FP_ERR;
	if (gpd_open(&f, &buf, &len, d) != FP_OK)
		return FP_ERR;
	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_unit(f, "contribution to net", o ? o->unit : NULL);
	fprintf(f, " %zu ", n);
	gpd_num(f, bar[n - 1].to);
	fputc(' ', f);
	gpd_str_cut(f, names ? names : "", PLOT_AXIS_MAX);
	fputs("\n\n\n", f);
	/* The first bar on top (y = n), the last (net) at the bottom. */
	for (size_t k = 0; k < n; k++) {
		double v = bar[k].total ? bar[k].to : bar[k].to - bar[k].from;

		fprintf(f, "%zu ", n - k);
		gpd_str_cut(f, bar[k].label, PLOT_NAME_MAX);
		fputc(' ', f);
		gpd_num(f, bar[k].from);
		fputc(' ', f);
		gpd_num(f, bar[k].to);
		fprintf(f, " %d ", bar[k].total ? 2 : bar[k].to < bar[k].from);
		snprintf(value, sizeof value, "%s%s", v > 0 ? "+" : "",
		         gpd_human(num, v));
		gpd_str(f, value);
		fputc('\n', f);
	}
	return plot_draw_mem(o, &shares_chart, f, &buf, &len, out, d);
}
