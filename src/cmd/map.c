/* map.c: `fixprice map`: net over a grid of two parameters, the accept
 * and reject regions and the zero contour. */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "cmd/plot_title.h"
#include "plot/plot.h"
#include "report/sens.h"

#define MAP_MAX_RESOLUTION 1000
#define MAP_DEFAULT_RESOLUTION 50

struct axis {
	char *name;
	double lo, hi;
};

struct map_own {
	struct axis x, y;
	size_t resolution; /* 0: not given */
	struct netmap map;
	double base_x, base_y; /* the parameters' current values */
};

static int parse_axis(struct axis *a, const char *opt, const char *arg,
                      struct diag *d)
{
	const char *eq = strrchr(arg, '=');
	double step;

	if (!eq || eq == arg)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s needs NAME=LO:HI, got '%s'", opt, arg);
	if (cli_range(eq + 1, opt, &a->lo, &a->hi, &step, d) != FP_OK)
		return FP_ERR;
	if (step != 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s takes NAME=LO:HI, without a step", opt);
	free(a->name);
	if (!(a->name = strndup(arg, (size_t)(eq - arg))))
		return diag_oom(d);
	return FP_OK;
}

static int map_option(void *own, enum opt_id id, const char *arg,
                      struct diag *d)
{
	struct map_own *m = own;
	double r;

	switch (id) {
	case OPT_X:
		return parse_axis(&m->x, "--x", arg, d);
	case OPT_Y:
		return parse_axis(&m->y, "--y", arg, d);
	case OPT_RESOLUTION:
		if (cli_number(arg, "--resolution", &r, d) != FP_OK)
			return FP_ERR;
		if (!(r >= 2 && r <= MAP_MAX_RESOLUTION) ||
		    r != (double)(size_t)r)
			return diag_set(
			    d, CLI_SOURCE, 0, 0,
			    "--resolution must be a whole number from 2 to %d, "
			    "got '%s'",
			    MAP_MAX_RESOLUTION, arg);
		m->resolution = (size_t)r;
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0, "map takes no option %d",
		                (int)id);
	}
}

static int map_analyse(void *own, struct priced *pr,
                       const struct cmd_call *call, struct diag *d)
{
	struct sens *s = &pr->sens;
	struct map_own *m = own;
	struct knob kx, ky;

	if (!m->x.name || !m->y.name)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "map needs --x NAME=LO:HI and --y NAME=LO:HI");
	if (strcmp(m->x.name, m->y.name) == 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--x and --y name the same parameter '%s'",
		                m->x.name);
	if (m->resolution == 0)
		m->resolution = MAP_DEFAULT_RESOLUTION;
	if (sens_knob(s, m->x.name, &kx, d) != FP_OK ||
	    sens_knob(s, m->y.name, &ky, d) != FP_OK)
		return FP_ERR;
	m->base_x = kx.base;
	m->base_y = ky.base;
	return sens_map(s, &kx, m->x.lo, m->x.hi, &ky, m->y.lo, m->y.hi,
	                m->resolution, &m->map, d);
}

static int map_write(void *own, struct priced *pr, const struct cmd_call *call,
                     FILE *out, struct diag *d)
{
	struct map_own *m = own;

	return report_map(&m->map, m->x.name, m->y.name, call->out.format, out,
	                  d);
}

static int map_plot(void *own, struct priced *pr, const struct cmd_call *call,
                    int *status, struct diag *d)
{
	struct map_own *m = own;
	const struct netmap *g = &m->map;
	const struct output_opts *o = &call->out;
	struct plot_opts po = cmd_plot_opts(o);
	struct plot_result res = {0};
	char *title, outcome[64];
	int rc;

	if (!o->plot_dir)
		return FP_OK;
	if (plot_outcome_now(pr, &call->noise, outcome, sizeof outcome, d) !=
	    FP_OK)
		return FP_ERR;
	if (!(title = plot_title_now("net over two parameters", pr, outcome)))
		return diag_oom(d);
	po.has_base = true;
	po.base_x = m->base_x;
	po.base_y = m->base_y;
	rc = plot_map(&po, title, m->x.name, m->y.name, g->nx, g->ny, g->x,
	              g->y, g->net, &res, d);
	free(title);
	if (rc == FP_OK)
		cmd_plot_done(&res, o);
	return rc;
}

static void map_free(void *own)
{
	struct map_own *m = own;

	free(m->x.name);
	free(m->y.name);
	netmap_free(&m->map);
}

const struct command cmd_map = {
    .name = "map",
    .summary = "net over a grid of two parameters",
    .args = "[OPTIONS] BEFORE [AFTER] --x NAME=LO:HI --y NAME=LO:HI",
    .description =
        "Evaluates net over a grid of two parameters, the others held, "
        "and shows where the decision is accept and where reject.",
    .options =
        (const struct opt_spec[]){
            {.id = OPT_X,
             .name = "x",
             .arg = "NAME=LO:HI",
             .help = "the parameter along x and its range"},
            {.id = OPT_Y,
             .name = "y",
             .arg = "NAME=LO:HI",
             .help = "the parameter along y and its range"},
            {.id = OPT_RESOLUTION,
             .name = "resolution",
             .arg = "N",
             .help = "grid points along each axis (default 50, 2 to 1000)"},
            {0},
        },
    .groups = pricing_groups,
    PRICING_ARGS,
    .own_size = sizeof(struct map_own),
    .option = map_option,
    .pricing =
        &(const struct pricing){
            .analysis = true,
            .analyse = map_analyse,
            .write = map_write,
            .after = map_plot,
        },
    .free_own = map_free,
};
