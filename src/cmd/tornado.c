/* cmd_tornado.c: `fixprice tornado`: net with each parameter moved down
 * and up by delta, the others held, widest swing first. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "plot/plot.h"
#include "cmd/sens_cmd.h"
#include "util/numfmt.h"

const char cmd_tornado_usage[] =
	"usage: fixprice tornado [OPTIONS] BEFORE [AFTER] [--delta 25%]\n"
	"\n"
	"For every metric and scenario parameter, net at value*(1-delta) and\n"
	"value*(1+delta) (value -/+ delta for a value of 0), the others held;\n"
	"sorted by swing, saying which parameters can flip the decision.\n"
	"\n"
	"  --delta D               relative change, as 25% or 0.25 (default 25%)\n"
	"\n"
	JOB_USAGE
	OUTPUT_USAGE
	"  -h, --help              show this help\n";

struct tornado_opts {
	double delta;
	struct knob *knobs;
	size_t nknobs;
	struct tornado_row *rows;
};

enum { OPT_DELTA = 4000 };

static int tornado_option(void *own, int opt, const char *arg, struct diag *d)
{
	struct tornado_opts *t = own;
	size_t len = strlen(arg);
	char *num;
	int rc;

	if (opt != OPT_DELTA)
		return 1;
	num = strndup(arg, len && arg[len - 1] == '%' ? len - 1 : len);
	if (!num)
		return diag_set(d, NULL, 0, 0, "out of memory");
	rc = cli_number(num, "--delta", &t->delta, d);
	free(num);
	if (rc != FP_OK)
		return FP_ERR;
	if (len && arg[len - 1] == '%')
		t->delta /= 100;
	if (!(t->delta > 0))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--delta must be above 0, got '%s'", arg);
	return FP_OK;
}

static void write_table(FILE *out, const struct tornado_opts *t,
                        double base_net, enum report_format f)
{
	bool csv = f == FORMAT_CSV, md = f == FORMAT_MD;
	char c[6][NUMFMT_MAX];

	if (csv)
		fputs("param,value,low,high,net_low,net_high,swing,flips\n", out);
	else if (md)
		fputs("| parameter | value | low | high | net at low | net at high "
		      "| swing | flips |\n|:---|---:|---:|---:|---:|---:|---:|:---|\n",
		      out);
	else
		fprintf(out, "net now: %s\n%-20s %10s %10s %10s %12s %12s %10s  %s\n",
		        sens_num(c[0], base_net, f), "parameter", "value", "low",
		        "high", "net at low", "net at high", "swing", "flips");
	for (size_t i = 0; i < t->nknobs; i++) {
		const struct tornado_row *r = &t->rows[i];
		double v[6] = {r->knob->base, r->x_low,    r->x_high,
		               r->net_low,    r->net_high, r->swing};
		const char *flips = r->flips ? "yes" : "no";

		for (int j = 0; j < 6; j++)
			sens_num(c[j], v[j], f);
		if (csv) {
			sens_put_name(out, r->knob->name, f);
			fprintf(out, ",%s,%s,%s,%s,%s,%s,%s\n", c[0], c[1], c[2], c[3],
			        c[4], c[5], flips);
			continue;
		}
		char *name = sens_name(r->knob->name, f);
		fprintf(out, md ? "| %s | %s | %s | %s | %s | %s | %s | %s |\n"
		                : "%-20s %10s %10s %10s %12s %12s %10s  %s\n",
		        name ? name : "?", c[0], c[1], c[2], c[3], c[4], c[5], flips);
		free(name);
	}
}

static int write_json(FILE *out, const struct tornado_opts *t,
                      double base_net, struct diag *d)
{
	json_t *rows = json_array();

	for (size_t i = 0; i < t->nknobs; i++) {
		const struct tornado_row *r = &t->rows[i];
		json_array_append_new(
			rows, json_pack("{s:s, s:f, s:f, s:f, s:f, s:f, s:f, s:b}",
			                "param", r->knob->name, "value", r->knob->base,
			                "low", r->x_low, "high", r->x_high, "net_low",
			                r->net_low, "net_high", r->net_high, "swing",
			                r->swing, "flips", r->flips));
	}
	return sens_put_json(out,
	                     json_pack("{s:f, s:f, s:o}", "delta", t->delta, "net",
	                               base_net, "parameters", rows),
	                     d);
}

static int tornado_run(void *own, struct sens *s, const struct output_opts *o,
                       FILE *out, struct diag *d)
{
	struct tornado_opts *t = own;

	if (sens_all_knobs(s, &t->knobs, &t->nknobs, d) != FP_OK ||
	    sens_tornado(s, t->knobs, t->nknobs, t->delta, &t->rows, d) != FP_OK)
		return FP_ERR;
	if (o->format == FORMAT_JSON)
		return write_json(out, t, s->base_net, d);
	write_table(out, t, s->base_net, o->format);
	return FP_OK;
}

static int tornado_plot(void *own, struct sens *s, const struct output_opts *o,
                        struct diag *d)
{
	struct tornado_opts *t = own;
	struct plot_opts po = {o->plot_dir, NULL, o->plot_format, o->ascii, NULL,
	                       "points"};
	struct plot_result res = {0};
	size_t n = t->nknobs;
	const char **names = calloc(n + 1, sizeof *names);
	double *v = calloc(4 * n + 1, sizeof *v);
	int rc = FP_ERR;

	if (!names || !v) {
		diag_set(d, NULL, 0, 0, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		names[i] = t->rows[i].knob->name;
		v[i] = t->rows[i].net_low;
		v[n + i] = t->rows[i].net_high;
		v[2 * n + i] = t->rows[i].x_low;
		v[3 * n + i] = t->rows[i].x_high;
	}
	if (plot_tornado(&po, "net as each parameter moves", n, names, v, v + n,
	                 v + 2 * n, v + 3 * n, s->base_net, &res, d) != FP_OK)
		goto out;
	sens_cmd_plot_done(&res, o);
	rc = FP_OK;
out:
	free(names);
	free(v);
	return rc;
}

int cmd_tornado(int argc, char **argv)
{
	static const struct option options[] = {
		{"delta", required_argument, NULL, OPT_DELTA},
		{0},
	};
	static const struct sens_cmd cmd = {
		"tornado", cmd_tornado_usage, options, "",
		tornado_option, tornado_run, tornado_plot,
	};
	struct tornado_opts t = {.delta = 0.25};
	int status = sens_cmd_main(&cmd, &t, argc, argv);

	free(t.knobs);
	free(t.rows);
	return status;
}
