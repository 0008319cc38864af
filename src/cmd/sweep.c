/* cmd_sweep.c: `fixprice sweep`: gain, cost, net and the decision at each
 * value of one parameter, with the break-even points marked. */
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "plot/plot.h"
#include "cmd/sens_cmd.h"
#include "util/numfmt.h"

const char cmd_sweep_usage[] =
	"usage: fixprice sweep [OPTIONS] BEFORE [AFTER] --param NAME=LO:HI[:STEP]\n"
	"\n"
	"Evaluates gain, cost, net and the decision at each value of one\n"
	"parameter from LO to HI (STEP defaults to (HI-LO)/100), the others held,\n"
	"and marks where net crosses zero.\n"
	"\n"
	"  --param NAME=LO:HI[:STEP]  a metric or scenario parameter, or\n"
	"                          weight:GLOB\n"
	"\n"
	JOB_USAGE
	OUTPUT_USAGE
	"  -h, --help              show this help\n";

struct sweep_opts {
	char *param;
	double lo, hi, step;
	struct sweep result;
};

enum { OPT_PARAM = 4000 };

/* "NAME=LO:HI[:STEP]" (the name may hold '=' only in weight:GLOB). */
static int sweep_option(void *own, int opt, const char *arg, struct diag *d)
{
	struct sweep_opts *w = own;
	const char *eq = strrchr(arg, '=');

	if (opt != OPT_PARAM)
		return 1;
	if (!eq || eq == arg)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--param needs NAME=LO:HI[:STEP], got '%s'", arg);
	if (cli_range(eq + 1, "--param", &w->lo, &w->hi, &w->step, d) != FP_OK)
		return FP_ERR;
	free(w->param);
	w->param = strndup(arg, (size_t)(eq - arg));
	if (!w->param)
		return diag_set(d, NULL, 0, 0, "out of memory");
	if (w->step == 0)
		w->step = (w->hi - w->lo) / 100;
	return FP_OK;
}

/* The sweep's points and its break-evens, in order of x: row i is a point
 * or, where *is_cross, a break-even evaluated at the crossing. */
struct row {
	struct sens_point pt;
	bool is_cross;
};

static int merge_rows(struct sens *s, struct knob *k, const struct sweep *w,
                      struct row **out, size_t *n, struct diag *d)
{
	struct row *r = malloc((w->n + w->ncross) * sizeof *r);
	size_t i = 0, c = 0, m = 0;

	*out = r;
	if (!r)
		return diag_set(d, NULL, 0, 0, "out of memory");
	while (i < w->n || c < w->ncross) {
		if (c < w->ncross && i < w->n && w->cross[c] == w->pts[i].x) {
			/* A crossing on a grid point marks that point. */
			r[m].pt = w->pts[i++];
			r[m++].is_cross = true;
			c++;
		} else if (c < w->ncross && (i == w->n || w->cross[c] < w->pts[i].x)) {
			if (sens_eval(s, k, w->cross[c++], &r[m].pt, d) != FP_OK)
				return FP_ERR;
			r[m++].is_cross = true;
		} else {
			r[m].pt = w->pts[i++];
			r[m++].is_cross = false;
		}
	}
	*n = m;
	return sens_set(s, k, k->base, d);
}

static void write_table(FILE *out, const char *param, const struct row *r,
                        size_t n, enum report_format f)
{
	bool csv = f == FORMAT_CSV, md = f == FORMAT_MD;

	if (csv) {
		fputs("param,value,gain,cost,net,decision,break_even\n", out);
	} else if (md) {
		fputs("| ", out);
		sens_put_name(out, param, f);
		fputs(" | gain | cost | net | decision |\n"
		      "|---:|---:|---:|---:|:---|\n", out);
	} else {
		fprintf(out, "%14s %14s %14s %14s  %s\n", "value", "gain", "cost",
		        "net", "decision");
	}
	for (size_t i = 0; i < n; i++) {
		const struct sens_point *p = &r[i].pt;
		const char *decision = p->accept ? "accept" : "reject";
		char cell[4][NUMFMT_MAX];
		double v[4] = {p->x, p->gain, p->cost, p->net};

		if (csv) {
			sens_put_name(out, param, f);
			for (int j = 0; j < 4; j++) {
				fputc(',', out);
				sens_put_num(out, v[j], f);
			}
			fprintf(out, ",%s,%d\n", decision, r[i].is_cross);
			continue;
		}
		/* The crossing itself is exact: it was solved to the bit. */
		for (int j = 0; j < 4; j++)
			sens_num(cell[j], v[j], r[i].is_cross && j == 0 ? FORMAT_JSON : f);
		if (md)
			fprintf(out, "| %s | %s | %s | %s | %s |\n", cell[0], cell[1],
			        cell[2], cell[3],
			        r[i].is_cross ? "**break-even**" : decision);
		else
			fprintf(out, "%14s %14s %14s %14s  %s\n", cell[0], cell[1],
			        cell[2], cell[3],
			        r[i].is_cross ? "<- break-even" : decision);
	}
}

static int write_json(FILE *out, const char *param, const struct row *r,
                      size_t n, const struct sweep *w, struct diag *d)
{
	json_t *points = json_array(), *cross = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(
			points, json_pack("{s:f, s:f, s:f, s:f, s:s, s:b}", "value",
			                  r[i].pt.x, "gain", r[i].pt.gain, "cost",
			                  r[i].pt.cost, "net", r[i].pt.net, "decision",
			                  r[i].pt.accept ? "accept" : "reject",
			                  "break_even", r[i].is_cross));
	for (size_t i = 0; i < w->ncross; i++)
		json_array_append_new(cross, json_real(w->cross[i]));
	return sens_put_json(out,
	                     json_pack("{s:s, s:o, s:o}", "param", param,
	                               "points", points, "crossings", cross),
	                     d);
}

static int sweep_run(void *own, struct sens *s, const struct output_opts *o,
                     FILE *out, struct diag *d)
{
	struct sweep_opts *w = own;
	struct knob k;
	struct row *rows = NULL;
	size_t n = 0;
	int rc = FP_ERR;

	if (!w->param)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "sweep needs --param NAME=LO:HI[:STEP]");
	if (sens_knob(s, w->param, &k, d) != FP_OK ||
	    sens_sweep(s, &k, w->lo, w->hi, w->step, &w->result, d) != FP_OK ||
	    merge_rows(s, &k, &w->result, &rows, &n, d) != FP_OK)
		goto out;
	if (o->format == FORMAT_JSON)
		rc = write_json(out, w->param, rows, n, &w->result, d);
	else {
		write_table(out, w->param, rows, n, o->format);
		rc = FP_OK;
	}
out:
	free(rows);
	return rc;
}

static int sweep_plot(void *own, struct sens *s, const struct output_opts *o,
                      struct diag *d)
{
	struct sweep_opts *w = own;
	const struct sweep *r = &w->result;
	struct plot_opts po = {o->plot_dir, NULL, o->plot_format, o->ascii, NULL,
	                       "points"};
	struct plot_result res = {0};
	double *col = malloc(4 * r->n * sizeof *col);

	(void)s;
	if (!col)
		return diag_set(d, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < r->n; i++) {
		col[i] = r->pts[i].x;
		col[r->n + i] = r->pts[i].gain;
		col[2 * r->n + i] = r->pts[i].cost;
		col[3 * r->n + i] = r->pts[i].net;
	}
	if (plot_sweep(&po, "gain, cost and net", w->param, r->n, col,
	               col + r->n, col + 2 * r->n, col + 3 * r->n, r->ncross,
	               r->cross, &res, d) != FP_OK) {
		free(col);
		return FP_ERR;
	}
	free(col);
	sens_cmd_plot_done(&res, o);
	return FP_OK;
}

int cmd_sweep(int argc, char **argv)
{
	static const struct option options[] = {
		{"param", required_argument, NULL, OPT_PARAM},
		{0},
	};
	static const struct sens_cmd cmd = {
		"sweep", cmd_sweep_usage, options, "",
		sweep_option, sweep_run, sweep_plot,
	};
	struct sweep_opts w = {0};
	int status = sens_cmd_main(&cmd, &w, argc, argv);

	free(w.param);
	sweep_free(&w.result);
	return status;
}
