/* tornado.c: how far net moves when each parameter goes low or high. */
#include <math.h>
#include <stdlib.h>

#include "plot/plot.h"
#include "plot/draw.h"

static const struct chart tornado_chart = {
    .kind = "tornado",
    .about =
        "# tornado.gp: for each parameter, the net at its low and at its high\n"
        "# value, drawn from the base net; the widest swing on top.\n"
        "# Data blocks (separated by two blank lines):\n"
        "#   0: title, x-axis label, number of parameters, base net, its label,\n"
        "#      number of value labels right and left of their bar, x range\n"
        "#   1: one row per parameter: y, name, net at low, net at high value\n"
        "#   2: value labels drawn right of their bar end: x, y, text\n"
        "#   3: value labels drawn left of their bar end: x, y, text\n"
        "# (a block with nothing to draw holds one NaN row)\n",
    .setup =
        "stats data index 0 using (title = strcol(1), xlabel = strcol(2), \\\n"
        "\trows = int(column(3)), net_base = column(4), baselabel = strcol(5), \\\n"
        "\tnright = int(column(6)), nleft = int(column(7)), xmin = column(8), \\\n"
        "\txmax = column(9), 0) nooutput\n"
        "w = 900; h = 200 + 40 * rows\n"
        "tw = 80; th = 12 + 3 * rows\n",
    .body =
        "low_color = '#92c5de'\n"
        "high_color = '#2166ac'\n" GP_NET_ROWS
        "set style fill solid 1 border lc rgb '#555555'\n"
        "set arrow 2 from first net_base, graph 0 to first net_base, graph 1 nohead lc rgb ink lw 1.5 front\n"
        "set label 1 baselabel at first net_base, graph 1 center offset 0, 0.8 noenhanced front\n"
        "\n"
        "plot data index 1 using (0):(column(1)):(net_base):(column(3)):(column(1) - 0.3):(column(1) + 0.3):ytic(2) \\\n"
        "\t\twith boxxyerror lc rgb low_color title 'parameter at its low value', \\\n"
        "\tdata index 1 using (0):(column(1)):(net_base):(column(4)):(column(1) - 0.3):(column(1) + 0.3) \\\n"
        "\t\twith boxxyerror lc rgb high_color title 'parameter at its high value', \\\n"
        "\tfor [k=1:(nright > 0)] data index 2 using (column(1)):(column(2)):(strcol(3)) \\\n"
        "\t\twith labels left offset 0.5, 0 noenhanced notitle, \\\n"
        "\tfor [k=1:(nleft > 0)] data index 3 using (column(1)):(column(2)):(strcol(3)) \\\n"
        "\t\twith labels right offset -0.5, 0 noenhanced notitle\n",
};

/* Writes the value labels of one side: ends right of net_base (right = 1)
 * or left of it.  Returns how many. */
static size_t write_labels(FILE *f, const struct plot_rank *s, size_t n,
                           const double *net_low, const double *net_high,
                           const double *value_low, const double *value_high,
                           double net_base, int right)
{
	size_t count = 0;

	for (size_t k = 0; k < n; k++) {
		size_t i = s[k].idx;
		double end[2] = {net_low[i], net_high[i]};
		double value[2] = {value_low[i], value_high[i]};
		for (int e = 0; e < 2; e++) {
			char num[32];
			if ((end[e] >= net_base) != right)
				continue;
			gpd_num(f, end[e]);
			fprintf(f, " %zu ", n - k);
			gpd_str(f, gpd_human(num, value[e]));
			fputc('\n', f);
			count++;
		}
	}
	if (count == 0)
		fputs("NaN NaN \"\"\n", f);
	return count;
}

/* The inputs are drawable: parameters, and every number finite. */
static int check_tornado(size_t nparams, const char *const *param,
                         const double *net_low, const double *net_high,
                         const double *value_low, const double *value_high,
                         double net_base, struct diag *d)
{
	if (nparams == 0 || !param || !net_low || !net_high || !value_low ||
	    !value_high)
		return diag_set(d, NULL, 0, 0,
		                "tornado chart: no parameters to draw");
	if (!isfinite(net_base))
		return diag_set(d, NULL, 0, 0,
		                "tornado chart: the base net is not a finite "
		                "number");
	for (size_t i = 0; i < nparams; i++) {
		if (!isfinite(net_low[i]) || !isfinite(net_high[i]) ||
		    !isfinite(value_low[i]) || !isfinite(value_high[i]))
			return diag_set(d, NULL, 0, 0,
			                "tornado chart: a value for parameter "
			                "'%s' is not a finite number",
			                param[i] ? param[i] : "");
	}
	return FP_OK;
}

int plot_tornado(const struct plot_opts *o, const char *title, size_t nparams,
                 const char *const *param, const double *net_low,
                 const double *net_high, const double *value_low,
                 const double *value_high, double net_base,
                 struct plot_result *out, struct diag *d)
{
	struct plot_rank *s;
	double lo = 0, hi = 0, pad;
	size_t nright, nleft;
	char *blocks = NULL, *buf, num[32];
	size_t blen = 0, len;
	FILE *f, *bf;

	if (check_tornado(nparams, param, net_low, net_high, value_low,
	                  value_high, net_base, d) != FP_OK)
		return FP_ERR;
	s = malloc(nparams * sizeof *s);
	if (!s)
		return diag_oom(d);
	/* The range holds the bars, the base and net = 0, with room for the
	 * value labels at the bar ends. */
	lo = hi = net_base;
	if (lo > 0)
		lo = 0;
	if (hi < 0)
		hi = 0;
	for (size_t i = 0; i < nparams; i++) {
		s[i].key = fabs(net_high[i] - net_low[i]);
		s[i].idx = i;
		lo = fmin(lo, fmin(net_low[i], net_high[i]));
		hi = fmax(hi, fmax(net_low[i], net_high[i]));
	}
	qsort(s, nparams, sizeof *s, plot_rank_desc);
	pad = (hi > lo ? hi - lo : 1) * 15 / 100;

	/* The label blocks first, to know their counts for block 0. */
	bf = open_memstream(&blocks, &blen);
	if (!bf) {
		free(s);
		return diag_oom(d);
	}
	nright = write_labels(bf, s, nparams, net_low, net_high, value_low,
	                      value_high, net_base, 1);
	fputs("\n\n", bf);
	nleft = write_labels(bf, s, nparams, net_low, net_high, value_low,
	                     value_high, net_base, 0);
	if (fclose(bf) != 0) {
		free(blocks);
		free(s);
		return diag_oom(d);
	}
	if (gpd_open(&f, &buf, &len, d) != FP_OK) {
		free(blocks);
		free(s);
		return FP_ERR;
	}

	gpd_str_cut(f, title, PLOT_TITLE_MAX);
	fputc(' ', f);
	gpd_unit(f, "net", o ? o->unit : NULL);
	fprintf(f, " %zu ", nparams);
	gpd_num(f, net_base);
	fputc(' ', f);
	{
		const char *unit = o && o->unit ? o->unit : "";
		char label[96];
		snprintf(label, sizeof label, "base net = %s%s%s",
		         gpd_human(num, net_base), *unit ? " " : "", unit);
		gpd_str(f, label);
	}
	fprintf(f, " %zu %zu ", nright, nleft);
	gpd_num(f, lo - pad);
	fputc(' ', f);
	gpd_num(f, hi + pad);
	fputs("\n\n\n", f);

	for (size_t k = 0; k < nparams; k++) {
		size_t i = s[k].idx;
		gpd_bar(f, nparams - k, param[i], net_low[i], net_high[i]);
	}
	fputs("\n\n", f);
	fwrite(blocks, 1, blen, f);
	free(blocks);
	free(s);
	return plot_draw_mem(o, &tornado_chart, f, &buf, &len, out, d);
}
