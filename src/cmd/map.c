/* cmd_map.c: `fixprice map`: net over a grid of two parameters, the accept
 * and reject regions and the zero contour. */
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "plot/plot.h"
#include "cmd/sens_cmd.h"
#include "util/numfmt.h"

const char cmd_map_usage[] =
	"usage: fixprice map [OPTIONS] BEFORE [AFTER] --x NAME=LO:HI "
	"--y NAME=LO:HI\n"
	"\n"
	"Evaluates net over a grid of two parameters, the others held, and\n"
	"shows where the decision is accept and where reject.\n"
	"\n"
	"  --x NAME=LO:HI, --y NAME=LO:HI  the two parameters and their ranges\n"
	"  --resolution N          grid points along each axis (default 50,\n"
	"                          2 to 1000)\n"
	"\n"
	JOB_USAGE
	OUTPUT_USAGE
	"  -h, --help              show this help\n";

#define MAP_MAX_RESOLUTION 1000
#define MAP_TEXT_COLUMNS 60 /* the text map is at most this wide */

struct axis {
	char *name;
	double lo, hi;
};

struct map_opts {
	struct axis x, y;
	size_t resolution;
	struct netmap map;
};

enum { OPT_X = 4000, OPT_Y, OPT_RESOLUTION };

static int parse_axis(struct axis *a, const char *opt, const char *arg,
                      struct diag *d)
{
	const char *eq = strrchr(arg, '=');
	double step;

	if (!eq || eq == arg)
		return diag_set(d, CLI_SOURCE, 0, 0, "%s needs NAME=LO:HI, got '%s'",
		                opt, arg);
	if (cli_range(eq + 1, opt, &a->lo, &a->hi, &step, d) != FP_OK)
		return FP_ERR;
	if (step != 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s takes NAME=LO:HI, without a step", opt);
	free(a->name);
	if (!(a->name = strndup(arg, (size_t)(eq - arg))))
		return diag_set(d, NULL, 0, 0, "out of memory");
	return FP_OK;
}

static int map_option(void *own, int opt, const char *arg, struct diag *d)
{
	struct map_opts *m = own;
	double r;

	switch (opt) {
	case OPT_X:
		return parse_axis(&m->x, "--x", arg, d);
	case OPT_Y:
		return parse_axis(&m->y, "--y", arg, d);
	case OPT_RESOLUTION:
		if (cli_number(arg, "--resolution", &r, d) != FP_OK)
			return FP_ERR;
		if (!(r >= 2 && r <= MAP_MAX_RESOLUTION) || r != (double)(size_t)r)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--resolution must be a whole number from 2 to %d, "
			                "got '%s'", MAP_MAX_RESOLUTION, arg);
		m->resolution = (size_t)r;
		return FP_OK;
	default:
		return 1;
	}
}

/* A character picture: '+' accept, '.' reject, y growing upwards. */
static void write_text(FILE *out, const struct map_opts *m,
                       enum report_format f)
{
	const struct netmap *g = &m->map;
	size_t cols = g->nx < MAP_TEXT_COLUMNS ? g->nx : MAP_TEXT_COLUMNS;
	size_t rows = g->ny < MAP_TEXT_COLUMNS / 2 ? g->ny : MAP_TEXT_COLUMNS / 2;
	size_t accepted = 0;
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	for (size_t i = 0; i < g->nx * g->ny; i++)
		accepted += g->accept[i];
	if (f == FORMAT_MD)
		fputs("```\n", out);
	fprintf(out, "accept at %zu of %zu grid points ('+' accept, '.' reject)\n",
	        accepted, g->nx * g->ny);
	for (size_t r = rows; r-- > 0;) {
		size_t j = r * (g->ny - 1) / (rows > 1 ? rows - 1 : 1);
		fprintf(out, "%12s |", r == rows - 1 ? numfmt_human(a, g->y[j], 6)
		                       : r == 0      ? numfmt_human(b, g->y[j], 6)
		                                     : "");
		for (size_t c = 0; c < cols; c++) {
			size_t i = c * (g->nx - 1) / (cols > 1 ? cols - 1 : 1);
			fputc(g->accept[j * g->nx + i] ? '+' : '.', out);
		}
		fputc('\n', out);
	}
	fprintf(out, "%12s +%.*s\n", "", (int)cols,
	        "------------------------------------------------------------");
	numfmt_human(a, g->x[0], 6);
	numfmt_human(b, g->x[g->nx - 1], 6);
	/* The x range under the picture when both ends fit beside each other. */
	if (strlen(a) + strlen(b) + 1 < cols)
		fprintf(out, "%14s%-*s%s\n", "", (int)(cols - strlen(b)), a, b);
	fputs("y: ", out);
	sens_put_name(out, m->y.name, f);
	fputs(", x: ", out);
	sens_put_name(out, m->x.name, f);
	fprintf(out, " from %s to %s\n", a, b);
	if (f == FORMAT_MD)
		fputs("```\n", out);
}

static void write_csv(FILE *out, const struct map_opts *m)
{
	const struct netmap *g = &m->map;

	fputs("x,y,net,decision\n", out);
	for (size_t j = 0; j < g->ny; j++)
		for (size_t i = 0; i < g->nx; i++) {
			sens_put_num(out, g->x[i], FORMAT_CSV);
			fputc(',', out);
			sens_put_num(out, g->y[j], FORMAT_CSV);
			fputc(',', out);
			sens_put_num(out, g->net[j * g->nx + i], FORMAT_CSV);
			fputs(g->accept[j * g->nx + i] ? ",accept\n" : ",reject\n", out);
		}
}

static json_t *json_numbers(const double *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_real(v[i]));
	return a;
}

static int write_json(FILE *out, const struct map_opts *m, struct diag *d)
{
	const struct netmap *g = &m->map;
	json_t *net = json_array();

	for (size_t j = 0; j < g->ny; j++)
		json_array_append_new(net, json_numbers(g->net + j * g->nx, g->nx));
	return sens_put_json(
		out,
		json_pack("{s:{s:s, s:o}, s:{s:s, s:o}, s:o}", "x", "param",
		          m->x.name, "values", json_numbers(g->x, g->nx), "y", "param",
		          m->y.name, "values", json_numbers(g->y, g->ny), "net", net),
		d);
}

static int map_run(void *own, struct sens *s, const struct output_opts *o,
                   FILE *out, struct diag *d)
{
	struct map_opts *m = own;
	struct knob kx, ky;

	if (!m->x.name || !m->y.name)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "map needs --x NAME=LO:HI and --y NAME=LO:HI");
	if (strcmp(m->x.name, m->y.name) == 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--x and --y name the same parameter '%s'", m->x.name);
	if (sens_knob(s, m->x.name, &kx, d) != FP_OK ||
	    sens_knob(s, m->y.name, &ky, d) != FP_OK ||
	    sens_map(s, &kx, m->x.lo, m->x.hi, &ky, m->y.lo, m->y.hi,
	             m->resolution, &m->map, d) != FP_OK)
		return FP_ERR;
	switch (o->format) {
	case FORMAT_JSON:
		return write_json(out, m, d);
	case FORMAT_CSV:
		write_csv(out, m);
		return FP_OK;
	default:
		write_text(out, m, o->format);
		return FP_OK;
	}
}

static int map_plot(void *own, struct sens *s, const struct output_opts *o,
                    struct diag *d)
{
	struct map_opts *m = own;
	const struct netmap *g = &m->map;
	struct plot_opts po = {o->plot_dir, NULL, o->plot_format, o->ascii, NULL,
	                       "points"};
	struct plot_result res = {0};

	(void)s;
	if (plot_map(&po, "net over two parameters", m->x.name, m->y.name, g->nx,
	             g->ny, g->x, g->y, g->net, &res, d) != FP_OK)
		return FP_ERR;
	sens_cmd_plot_done(&res, o);
	return FP_OK;
}

int cmd_map(int argc, char **argv)
{
	static const struct option options[] = {
		{"x", required_argument, NULL, OPT_X},
		{"y", required_argument, NULL, OPT_Y},
		{"resolution", required_argument, NULL, OPT_RESOLUTION},
		{0},
	};
	static const struct sens_cmd cmd = {
		"map", cmd_map_usage, options, "",
		map_option, map_run, map_plot,
	};
	struct map_opts m = {.resolution = 50};
	int status = sens_cmd_main(&cmd, &m, argc, argv);

	free(m.x.name);
	free(m.y.name);
	netmap_free(&m.map);
	return status;
}
