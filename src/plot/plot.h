/* plot.h: charts drawn by gnuplot.
 *
 * The plotting layer knows nothing about metrics: it takes arrays and
 * labels.  For each chart it writes into opts->dir
 *
 *   NAME.gp   the gnuplot script: fixed text, the same bytes for every chart
 *             of its kind, so a user may restyle it and draw again with
 *             `gnuplot -d -c NAME.gp [svg|png|dumb] [OUTPUT]`;
 *   NAME.dat  the data, every user string (title, case and parameter names)
 *             in it as a double-quoted field made by plot/escape_gp.h;
 *
 * then runs gnuplot (no shell; see plot/proc.h) to draw NAME.svg or
 * NAME.png, and on request renders the chart as text with gnuplot's dumb
 * terminal.  User text reaches gnuplot only through the data file, never
 * through the script or gnuplot's command line, so no name can make gnuplot
 * run a command.  Without gnuplot, the script and data are still written and
 * the result says how to draw them.  Every file is written under a temporary
 * name and renamed into place.
 *
 * Numbers in the data files are exact (numfmt_exact); NaN or infinite
 * values, where allowed, are written as NaN and leave a gap. */
#ifndef FP_PLOT_H
#define FP_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

struct plot_opts {
	const char *dir;  /* folder of the files; made if missing (one level) */
	const char *name; /* base name of the files: letters, digits, '.',
	                      * '_', '-'; NULL: the chart kind ("shares",
	                      * "sweep", "tornado", "map") */
	const char *format;  /* "svg" or "png" ("pngcairo", else gnuplot's
	                      * "png"); NULL: "svg" */
	bool ascii;          /* also render as text (result.ascii) */
	const char *gnuplot; /* program: a path, or a name looked up in PATH;
	                      * NULL or "": $GNUPLOT if set, else "gnuplot" */
	double timeout;      /* seconds gnuplot may take for one picture;
	                      * 0: no limit (util/proc.h) */
	const char *unit;    /* unit of gain, cost and net in axis labels,
	                      * e.g. "points"; NULL or "": none */
	/* The parameters' current values, marked and labelled ("now: NAME =
	 * VALUE") on a sweep, a sweep band (base_x) and a map (base_x,
	 * base_y) when has_base and within the drawn ranges; other charts
	 * ignore them. */
	bool has_base;
	double base_x, base_y;
};

/* Text from users is cut with "..." to fit the picture: a title to
 * PLOT_TITLE_MAX characters, a case or parameter name to PLOT_NAME_MAX
 * (PLOT_AXIS_MAX on an axis). */
#define PLOT_TITLE_MAX 100
#define PLOT_NAME_MAX 32
#define PLOT_AXIS_MAX 60 /* an axis label */

struct plot_result {
	char *script; /* DIR/NAME.gp */
	char *data;   /* DIR/NAME.dat */
	char *file;   /* DIR/NAME.svg or .png: there when drawn, else where
	                * the command in note draws it */
	char *ascii;  /* the dumb-terminal rendering, lines ending in '\n'
	                * without trailing blanks; NULL unless asked and drawn */
	bool drawn;
	char *note; /* NULL when drawn; else one line (no '\n') saying why
	                * not and how to draw, e.g. "gnuplot not found; draw
	                * with: gnuplot -d -c pricing/shares.gp" */
};

/* Each function below validates its input, writes NAME.gp and NAME.dat,
 * and draws them if gnuplot is found.  On FP_OK the caller owns *out and
 * frees it with plot_result_free.  On FP_ERR (bad input, a file that cannot
 * be written, gnuplot failing: then d holds the script's path and gnuplot's
 * error output) *out is left empty. */

/* Where net comes from: a waterfall of n bars, the first on top, each
 * from `from` to `to` (a total from 0), labelled with label (cut to
 * PLOT_NAME_MAX characters; the caller shortens names so that they
 * stay apart) and with its value at its end; names (NULL or "": none)
 * says what the labels leave out (a common prefix), on the label axis.
 * The value axis is "contribution to net (UNIT)". */
struct plot_bar {
	const char *label;
	double from, to;
	bool total;
};
int plot_shares(const struct plot_opts *o, const char *title, const char *names,
                size_t n, const struct plot_bar *bar, struct plot_result *out,
                struct diag *d);

/* gain, cost and net against one parameter (x strictly increasing, n >= 2),
 * the accept (net > 0) and reject regions shaded, and each of the ncross
 * break-even points (within the range of x) marked and labelled with its
 * value. */
int plot_sweep(const struct plot_opts *o, const char *title, const char *param,
               size_t n, const double *x, const double *gain,
               const double *cost, const double *net, size_t ncross,
               const double *cross, struct plot_result *out, struct diag *d);

/* Tornado chart: for each parameter, bars from net_base to the net at its
 * low and at its high value (labelled with those values), the widest swing
 * on top, with the base net and the break-even line net = 0 marked. */
int plot_tornado(const struct plot_opts *o, const char *title, size_t nparams,
                 const char *const *param, const double *net_low,
                 const double *net_high, const double *value_low,
                 const double *value_high, double net_base,
                 struct plot_result *out, struct diag *d);

/* Heat map of net over a grid (x, y strictly increasing, nx, ny >= 2; net
 * holds ny rows of nx values: net[j * nx + i] is at x[i], y[j]), with the
 * zero contour and the regions labelled "accept" (net > 0) and "reject"
 * (net < 0), each label at the point of its region farthest from the other
 * region and from the edge (and at least 6 % of the width from the sides,
 * so that it is not cut).  The picture shows at most PLOT_MAP_MAX_POINTS
 * points per axis, about one per 3 pixels of its 700 x 480 plot area: of a
 * finer grid it draws every k-th point (k the smallest that fits, keeping
 * the spacing even), so the data file stays under 10 MB and gnuplot under
 * a few seconds whatever the grid. */
#define PLOT_MAP_MAX_POINTS 201
int plot_map(const struct plot_opts *o, const char *title, const char *xname,
             const char *yname, size_t nx, size_t ny, const double *x,
             const double *y, const double *net, struct plot_result *out,
             struct diag *d);

/* How net falls over B bootstrap resamples: a histogram of net[0..B),
 * the interval [lo, hi] shaded (labelled interval_label, e.g. "95 %
 * interval"), net = 0 and the observed net marked; quantity names the
 * x axis ("net", or "net less the control run's" when the verdict is on
 * that). */
int plot_distribution(const struct plot_opts *o, const char *title,
                      const char *quantity, size_t B, const double *net,
                      double lo, double hi, double observed,
                      const char *interval_label, struct plot_result *out,
                      struct diag *d);

/* The same for the A/A control run's net over its resamples, in files
 * named control-distribution (beside the fix's net-distribution). */
int plot_control_distribution(const struct plot_opts *o, const char *title,
                              size_t B, const double *net, double lo, double hi,
                              double observed, const char *interval_label,
                              struct plot_result *out, struct diag *d);

/* net against one parameter (x finite and increasing, n >= 2) with the band
 * [lo, hi] at each point shaded (labelled band_label) and net = 0. */
int plot_sweep_band(const struct plot_opts *o, const char *title,
                    const char *param, const char *band_label, size_t n,
                    const double *x, const double *net, const double *lo,
                    const double *hi, struct plot_result *out, struct diag *d);

/* Candidates' nets net[0..k) as points, each with its interval [lo, hi]
 * as a bar (lo = hi = net: none), named name[] (cut to PLOT_NAME_MAX),
 * the largest net on top, net = 0 marked (plot/compare.c). */
int plot_compare(const struct plot_opts *o, const char *title, size_t k,
                 const char *const *name, const double *net, const double *lo,
                 const double *hi, struct plot_result *out, struct diag *d);

/* Which of k candidates has the largest net over a grid (x, y evenly
 * spaced and increasing, nx, ny >= 2; winner[j * nx + i] at x[i], y[j], a
 * candidate or k for none), a colour per candidate, each region labelled
 * with its name. */
int plot_compare_map(const struct plot_opts *o, const char *title,
                     const char *xname, const char *yname, size_t k,
                     const char *const *name, size_t nx, size_t ny,
                     const double *x, const double *y, const size_t *winner,
                     struct plot_result *out, struct diag *d);

void plot_result_free(struct plot_result *r);

/* The gnuplot program that the plot functions would run for this choice
 * (see plot_opts.gnuplot), as a path; NULL if there is none.  For a command
 * that wants to say "gnuplot not found" once.  Caller frees with free(). */
char *plot_find_gnuplot(const char *gnuplot);

#endif
