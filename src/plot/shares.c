/* shares.c: each case's share of gain and of cost, and the net. */
#include <math.h>
#include <stdlib.h>

#include "plot/plot.h"
#include "plot/draw.h"
#include "util/ksum.h"

static const struct chart shares_chart = {
    .kind = "shares",
    .about = "# shares.gp: each case's share of gain (rightwards) and of cost\n"
             "# (leftwards), largest first, and the net over all cases.\n"
             "# Data blocks (separated by two blank lines):\n"
             "#   0: title, x-axis label, number of case rows, net, net label\n"
             "#   1: one row per case: y, name, gain share, cost share\n"
             "#   2: y, label, net\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\trows = int(column(3)), net = column(4), netlabel = strcol(5), 0) nooutput\n"
        "w = 900; h = 170 + 26 * (rows + 2)\n"
        "tw = 80; th = 12 + 2 * (rows + 2)\n",
    .body =
        "net_color = net < 0 ? reject_color : accept_color\n" GP_TITLE
        "set xlabel xlabel noenhanced\n"
        "set yrange [-0.8:rows + 1.8]\n"
        "set ytics scale 0 noenhanced\n"
        "set xtics nomirror\n"
        "set border 1 + 2\n"
        "set offsets graph 0.08, graph 0.08, 0, 0\n"
        "if (!textmode) set grid xtics lc rgb grid_color\n"
        "set yzeroaxis lt 1 lc rgb '#555555' lw 1\n"
        "set key outside below center horizontal height 1.5\n"
        "set style fill solid 0.9 border lc rgb '#555555'\n"
        "\n"
        "plot data index 1 using (0):(column(1)):(0):(column(3)):(column(1) - 0.35):(column(1) + 0.35):ytic(2) \\\n"
        "\t\twith boxxyerror lc rgb gain_color title 'share of gain', \\\n"
        "\tdata index 1 using (0):(column(1)):(-column(4)):(0):(column(1) - 0.35):(column(1) + 0.35) \\\n"
        "\t\twith boxxyerror lc rgb cost_color title 'share of cost', \\\n"
        "\tdata index 2 using (0):(column(1)):(column(3) < 0 ? column(3) : 0):(column(3) < 0 ? 0 : column(3)):(column(1) - 0.4):(column(1) + 0.4):ytic(2) \\\n"
        "\t\twith boxxyerror lc rgb net_color title netlabel\n",
};

/* The inputs are drawable: cases, and every number finite. */
static int check_shares(size_t n, const char *const *case_name,
                        const double *gain_share, const double *cost_share,
                        double net, struct diag *d)
{
	if (n == 0 || !case_name || !gain_share || !cost_share)
		return diag_set(d, NULL, 0, 0,
		                "shares chart: no cases to draw");
	for (size_t i = 0; i < n; i++)
		if (!isfinite(gain_share[i]) || !isfinite(cost_share[i]))
			return diag_set(d, NULL, 0, 0,
			                "shares chart: the share of case '%s' "
			                "is not a finite number",
			                case_name[i] ? case_name[i] : "");
	if (!isfinite(net))
		return diag_set(d, NULL, 0, 0,
		                "shares chart: net is not a finite number");
	return FP_OK;
}

int plot_shares(const struct plot_opts *o, const char *title, size_t n,
                const char *const *case_name, const double *gain_share,
                const double *cost_share, double net, struct plot_result *out,
                struct diag *d)
{
	struct plot_rank *row;
	size_t shown;
	FILE *f;
	char *buf, num[32];
	size_t len;
	struct ksum rest_gain = {0, 0}, rest_cost = {0, 0};

	if (check_shares(n, case_name, gain_share, cost_share, net, d) != FP_OK)
		return FP_ERR;
	row = malloc(n * sizeof *row);
	if (!row)
		return diag_oom(d);
	for (size_t i = 0; i < n; i++) {
		row[i].key = fabs(gain_share[i]) + fabs(cost_share[i]);
		row[i].idx = i;
	}
	qsort(row, n, sizeof *row, plot_rank_desc);
	shown = n <= PLOT_SHARES_MAX_ROWS ? n : PLOT_SHARES_MAX_ROWS - 1;
	for (size_t k = shown; k < n; k++) {
		ksum_add(&rest_gain, gain_share[row[k].idx]);
		ksum_add(&rest_cost, cost_share[row[k].idx]);
	}
	if (gpd_open(&f, &buf, &len, d) != FP_OK) {
		free(row);
		return FP_ERR;
	}

	size_t rows = shown + (shown < n);
	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_unit(f, "contribution to net", o ? o->unit : NULL);
	fprintf(f, " %zu ", rows);
	gpd_num(f, net);
	fputc(' ', f);
	{
		const char *unit = o && o->unit ? o->unit : "";
		char label[128];
		snprintf(label, sizeof label, "net = gain - cost = %s%s%s%s",
		         net > 0 ? "+" : "", gpd_human(num, net),
		         *unit ? " " : "", unit);
		gpd_str(f, label);
	}
	fputs("\n\n\n", f);

	/* Rows from the top (y = rows + 1) down to y = 2; net at y = 0. */
	for (size_t k = 0; k < shown; k++) {
		size_t i = row[k].idx;
		gpd_bar(f, rows + 1 - k, case_name[i], gain_share[i],
		        cost_share[i]);
	}
	if (shown < n) {
		char label[64];
		snprintf(label, sizeof label, "%zu other cases", n - shown);
		gpd_bar(f, 2, label, ksum_value(&rest_gain),
		        ksum_value(&rest_cost));
	}
	fputs("\n\n0 ", f);
	gpd_str(f, "net (all cases)");
	fputc(' ', f);
	gpd_num(f, net);
	fputc('\n', f);
	free(row);
	return plot_draw_mem(o, &shares_chart, f, &buf, &len, out, d);
}
