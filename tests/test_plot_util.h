/* test_plot_util.h: what the plot tests share: temporary folders, files,
 * gnuplot and xmllint, and sample charts.  Include after cmocka.h. */
#ifndef FP_TEST_PLOT_UTIL_H
#define FP_TEST_PLOT_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "plot/plot.h"

/* A new folder under $TMPDIR or /tmp; caller frees the name. */
char *make_tmpdir(void);
/* Removes dir and everything in it. */
void remove_tree(const char *dir);
/* "dir/name", newly allocated. */
char *join(const char *dir, const char *name);
bool exists(const char *path);
/* The whole file, NUL-terminated; its length in *lenp if not NULL. */
char *slurp(const char *path, size_t *lenp);
void write_file(const char *path, const char *text, mode_t mode);
/* The gnuplot to draw with; skips the calling test when there is none,
 * after removing and freeing dir (a make_tmpdir folder, or NULL). */
char *need_gnuplot(char *dir);
char *find_xmllint(void);
/* The text of an SVG file, entities decoded; checks it parses as XML when
 * xmllint exists. */
char *svg_text(const char *path);
void assert_contains(const char *hay, const char *needle);
void assert_png(const char *path);

/* Sample charts (values and their arithmetic in test_plot_util.c). */
extern const char *const three_cases[];
extern const double three_gain[], three_cost[];
/* The shares chart of n cases as a waterfall: a bar per case (gain -
 * cost), then net. */
int plot_shares_of_cases(const struct plot_opts *o, const char *title, size_t n,
                         const char *const *name, const double *gain,
                         const double *cost, double net, struct plot_result *r,
                         struct diag *d);
int draw_shares(const struct plot_opts *o, struct plot_result *r,
                struct diag *d);
extern const double sweep_x[], sweep_gain[], sweep_cost[], sweep_net[],
    sweep_cross[];
extern const char *const tornado_params[];
extern const double tornado_low[], tornado_high[], tornado_vlow[],
    tornado_vhigh[];
/* A 9 x 5 grid, net = x - 3.5. */
void fill_grid(double *x, double *y, double *net);

#endif
