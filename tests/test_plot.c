/* test_plot.c: the four charts: their data files (exact), what gnuplot
 * draws from them, drawing without gnuplot, gnuplot failing, bad input. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plot/plot.h"
#include "plot/escape_gp.h"
#include "plot/proc.h"
#include "test_plot_util.h"

/* -- charts ------------------------------------------------------------- */

static void shares_data_is_the_bars_in_order(void **state)
{
	char *dir = make_tmpdir();
	struct plot_opts o = {
	    .dir = dir, .gnuplot = "/nonexistent", .unit = "points"};
	struct plot_result r;
	struct diag d;
	char *data;

	assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	/* In the order given: b_slow -1.25 from 0; a_win 4 - 1.25 = +2.75
	 * from -1.25 to 1.5; c_small -0.5 from 1.5 to 1; net from 0 to 1.
	 * The first bar on top (y = 4); kind 0 adds, 1 takes, 2 a total. */
	assert_string_equal(
	    data, "\"three cases\" \"contribution to net (points)\" 4 1 \"\"\n"
	          "\n\n"
	          "4 \"b_slow\" 0 -1.25 1 \"-1.25\"\n"
	          "3 \"a_win\" -1.25 1.5 0 \"+2.75\"\n"
	          "2 \"c_small\" 1.5 1 1 \"-0.5\"\n"
	          "1 \"net\" 0 1 2 \"+1\"\n");
	free(data);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
}

static void shares_says_what_the_names_leave_out(void **state)
{
	char *dir = make_tmpdir(), *data;
	const struct plot_bar bar[] = {{"IEEE", 0, -2, false},
	                               {"Castagnoli", -2, -3, false},
	                               {"net", 0, -3, true}};
	struct plot_opts o = {.dir = dir, .gnuplot = "/nonexistent"};
	struct plot_result r;
	struct diag d;

	assert_int_equal(plot_shares(&o, "crc",
	                             "names shown without their "
	                             "common start BenchmarkCRC32/poly=",
	                             3, bar, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	/* Without a unit the axis has none. */
	assert_contains(data, "\"crc\" \"contribution to net\" 3 -3 "
	                      "\"names shown without their common start "
	                      "BenchmarkCRC32/poly=\"\n");
	assert_contains(data, "2 \"Castagnoli\" -2 -3 1 \"-1\"\n");
	free(data);
	plot_result_free(&r);
	/* A bar that does not run between finite numbers. */
	{
		const struct plot_bar nan_bar[] = {{"x", 0, NAN, false}};
		assert_int_equal(
		    plot_shares(&o, "crc", NULL, 1, nan_bar, &r, &d), FP_ERR);
		assert_string_equal(d.msg, "shares chart: bar 'x' does not "
		                           "run between finite numbers");
	}
	remove_tree(dir);
	free(dir);
}

static void shares_svg_holds_the_labels(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *text;
	struct plot_opts o = {.dir = dir, .unit = "points", .ascii = true};
	struct plot_result r;
	struct diag d;

	assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
	assert_true(r.drawn);
	assert_null(r.note);
	assert_string_equal(r.file + strlen(dir), "/shares.svg");
	assert_string_equal(r.script + strlen(dir), "/shares.gp");
	assert_string_equal(r.data + strlen(dir), "/shares.dat");
	text = svg_text(r.file);
	assert_contains(text, "three cases");
	assert_contains(text, "contribution to net (points)");
	assert_contains(text, "a_win");
	assert_contains(text, "c_small");
	assert_contains(text, "+2.75");
	assert_contains(text, "adds to net");
	assert_contains(text, "takes from net");
	free(text);
	/* The text rendering: the same labels, no page feed, no trailing
	 * blanks. */
	assert_non_null(r.ascii);
	assert_contains(r.ascii, "three cases");
	assert_contains(r.ascii, "a_win");
	assert_null(strchr(r.ascii, '\f'));
	assert_null(strstr(r.ascii, " \n"));
	assert_true(r.ascii[strlen(r.ascii) - 1] == '\n');
	plot_result_free(&r);
	/* No temporary file is left behind. */
	{
		DIR *dp = opendir(dir);
		struct dirent *e;
		int n = 0;
		while ((e = readdir(dp)))
			if (e->d_name[0] != '.')
				n++, assert_null(strstr(e->d_name, ".tmp"));
		closedir(dp);
		assert_int_equal(n, 3);
	}
	remove_tree(dir);
	free(dir);
	free(gp);
}

static void shares_png_has_the_signature(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir();
	struct plot_opts o = {.dir = dir, .format = "png", .name = "s-1"};
	struct plot_result r;
	struct diag d;

	assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
	assert_true(r.drawn);
	assert_string_equal(r.file + strlen(dir), "/s-1.png");
	assert_null(r.ascii);
	assert_png(r.file);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
	free(gp);
}

static void sweep_data_and_svg(void **state)
{
	char *dir = make_tmpdir(), *data, *text, *gp;
	struct plot_opts o = {.dir = dir, .unit = "points", .ascii = true};
	struct plot_result r;
	struct diag d;

	o.gnuplot = "/nonexistent";
	assert_int_equal(plot_sweep(&o, "reward sweep", "pass_reward", 5,
	                            sweep_x, sweep_gain, sweep_cost, sweep_net,
	                            1, sweep_cross, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	/* y range: lowest -5.5 (net), highest 10.5 (gain).  The label sits
	 * (10.5 + 5.5) * 7 / 100 = 1.12 above the zero line. */
	assert_string_equal(
	    data,
	    "\"reward sweep\" \"pass_reward\" \"gain, cost, net (points)\" "
	    "1 -5.5 10.5 0 0 NaN \"\" 0\n"
	    "\n\n"
	    "0 2.5 8 -5.5\n"
	    "0.5 4.5 8 -3.5\n"
	    "1 6.5 8 -1.5\n"
	    "1.5 8.5 8 0.5\n"
	    "2 10.5 8 2.5\n"
	    "\n\n"
	    "1.375 1.12 \"break-even: pass_reward = 1.375\"\n");
	free(data);
	plot_result_free(&r);

	gp = need_gnuplot(dir);
	o.gnuplot = NULL;
	assert_int_equal(plot_sweep(&o, "reward sweep", "pass_reward", 5,
	                            sweep_x, sweep_gain, sweep_cost, sweep_net,
	                            1, sweep_cross, &r, &d),
	                 FP_OK);
	assert_true(r.drawn);
	text = svg_text(r.file);
	assert_contains(text, "reward sweep");
	assert_contains(text, "pass_reward");
	assert_contains(text, "gain, cost, net (points)");
	assert_contains(text, "break-even: pass_reward = 1.375");
	assert_contains(text, "accept (net > 0)");
	assert_contains(text, "reject (net < 0)");
	free(text);
	assert_contains(r.ascii, "break-even: pass_reward = 1.375");
	plot_result_free(&r);

	/* Without a break-even point, and with a gap (NaN) in net. */
	{
		double net[] = {-5.5, -3.5, NAN, -1, -0.5};
		assert_int_equal(plot_sweep(&o, "no flip", "p", 5, sweep_x,
		                            sweep_gain, sweep_cost, net, 0,
		                            NULL, &r, &d),
		                 FP_OK);
		data = slurp(r.data, NULL);
		assert_contains(data, "1 6.5 8 NaN\n");
		assert_null(strstr(data, "break-even"));
		free(data);
		text = svg_text(r.file);
		assert_contains(text, "no flip");
		assert_null(strstr(text, "break-even:"));
		free(text);
		plot_result_free(&r);
	}
	remove_tree(dir);
	free(dir);
	free(gp);
}

static void tornado_data_and_svg(void **state)
{
	char *dir = make_tmpdir(), *data, *text, *gp;
	struct plot_opts o = {
	    .dir = dir, .unit = "points", .gnuplot = "/nonexistent"};
	struct plot_result r;
	struct diag d;

	assert_int_equal(plot_tornado(&o, "one at a time", 3, tornado_params,
	                              tornado_low, tornado_high, tornado_vlow,
	                              tornado_vhigh, -2.5, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	/* Widest swing on top: pass_reward (3) at y = 3, perf_weight (2),
	 * weight m512_* (0.6) at y = 1.  The range holds -4 .. 0 (net = 0 is
	 * always shown) widened by 0.15 * 4 = 0.6 each way: -4.6 .. 0.6.
	 * Bar ends right of the base -2.5: -1 (0.375), -1.5 (0.375), -2.2
	 * (1.25); left of it: -4 (0.225), -3.5 (0.625), -2.8 (0.75). */
	assert_string_equal(data, "\"one at a time\" \"net (points)\" 3 -2.5 "
	                          "\"base net = -2.5 points\" 3 3 -4.6 0.6\n"
	                          "\n\n"
	                          "3 \"pass_reward\" -4 -1\n"
	                          "2 \"perf_weight\" -1.5 -3.5\n"
	                          "1 \"weight m512_*\" -2.8 -2.2\n"
	                          "\n\n"
	                          "-1 3 \"0.375\"\n"
	                          "-1.5 2 \"0.375\"\n"
	                          "-2.2 1 \"1.25\"\n"
	                          "\n\n"
	                          "-4 3 \"0.225\"\n"
	                          "-3.5 2 \"0.625\"\n"
	                          "-2.8 1 \"0.75\"\n");
	free(data);
	plot_result_free(&r);

	gp = need_gnuplot(dir);
	o.gnuplot = NULL;
	assert_int_equal(plot_tornado(&o, "one at a time", 3, tornado_params,
	                              tornado_low, tornado_high, tornado_vlow,
	                              tornado_vhigh, -2.5, &r, &d),
	                 FP_OK);
	text = svg_text(r.file);
	assert_contains(text, "one at a time");
	assert_contains(text, "net (points)");
	assert_contains(text, "base net = -2.5 points");
	assert_contains(text, "weight m512_*");
	assert_contains(text, "0.225");
	assert_contains(text, "accept");
	assert_contains(text, "reject");
	free(text);
	plot_result_free(&r);

	/* All bars on one side of the base: the empty label block holds one
	 * NaN row, so the blocks after it keep their index. */
	{
		const double low[] = {-2}, high[] = {-1};
		const double vl[] = {1}, vh[] = {2};
		assert_int_equal(plot_tornado(&o, "one side", 1, tornado_params,
		                              low, high, vl, vh, -3, &r, &d),
		                 FP_OK);
		data = slurp(r.data, NULL);
		assert_contains(data, "\"base net = -3 points\" 2 0 ");
		assert_contains(data, "\n\n-2 1 \"1\"\n-1 1 \"2\"\n\n\n"
		                      "NaN NaN \"\"\n");
		free(data);
		text = svg_text(r.file);
		assert_contains(text, "one side");
		free(text);
		plot_result_free(&r);
	}
	remove_tree(dir);
	free(dir);
	free(gp);
}

static void map_labels_sit_inside_their_regions(void **state)
{
	char *dir = make_tmpdir(), *data;
	double x[9], y[5], net[45];
	struct plot_opts o = {
	    .dir = dir, .gnuplot = "/nonexistent", .unit = "points"};
	struct plot_result r;
	struct diag d;

	fill_grid(x, y, net);
	assert_int_equal(plot_map(&o, "grid", "runtime_factor", "pass_reward",
	                          9, 5, x, y, net, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	/* Largest |net|: 8 - 3.5 = 4.5; the sign changes; two labels; even
	 * spacing. */
	assert_contains(data,
	                "\"grid\" \"runtime_factor\" \"pass_reward\" "
	                "\"net (points)\" 4.5 1 2 1 0 0 NaN \"\" 0\n\n\n");
	/* First point: x 0, y 0, net -3.5, cell x -0.5 .. 0.5, y -0.125 ..
	 * 0.125, sign -1; each line of constant y ends with a blank line. */
	assert_contains(data, "\n\n\n0 0 -3.5 -0.5 0.5 -0.125 0.125 -1\n");
	assert_contains(data, "8 0 4.5 7.5 8.5 -0.125 0.125 1\n\n0 0.25 ");
	/* Accept (x 4..8): distance in grid steps to the other region or the
	 * edge is largest, 3, only at x = 6, y row 2 (0.5).  Reject (x 0..3):
	 * at most 2, reached first at x = 1, y row 1; |net| = 2.5 there beats
	 * the 1.5 at x = 2. */
	assert_contains(data, "\n\n\n6 0.5 \"accept\"\n1 0.25 \"reject\"\n");
	free(data);
	plot_result_free(&r);

	/* All positive: no contour, one label. */
	for (int k = 0; k < 45; k++)
		net[k] = 1 + k;
	assert_int_equal(plot_map(&o, "all", "a", "b", 9, 5, x, y, net, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	assert_contains(data, "\"net (points)\" 45 0 1 1 0 0 NaN \"\" 0\n");
	assert_null(strstr(data, "reject"));
	free(data);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
}

static void map_svg_and_png_hold_contour_and_regions(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *text, *data;
	double x[9], y[5], net[45];
	struct plot_opts o = {.dir = dir, .unit = "points", .ascii = true};
	struct plot_result r;
	struct diag d;

	fill_grid(x, y, net);
	assert_int_equal(plot_map(&o, "grid map", "runtime_factor",
	                          "pass_reward", 9, 5, x, y, net, &r, &d),
	                 FP_OK);
	text = svg_text(r.file);
	assert_contains(text, "grid map");
	assert_contains(text, "runtime_factor");
	assert_contains(text, "pass_reward");
	assert_contains(text, "net (points)");
	assert_contains(text, "accept");
	assert_contains(text, "reject");
	assert_contains(text, "net = 0 (break-even)");
	free(text);
	assert_contains(r.ascii, "accept");
	assert_contains(r.ascii, "reject");
	plot_result_free(&r);

	/* Uneven spacing is drawn as boxes; the data says so. */
	x[8] = 20;
	o.format = "png";
	o.ascii = false;
	assert_int_equal(
	    plot_map(&o, "uneven", "x", "y", 9, 5, x, y, net, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	assert_contains(data, " 1 2 0 0 0 NaN \"\" 0\n\n\n");
	free(data);
	assert_png(r.file);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* Grids gnuplot could trip over: no contour although net changes sign (a
 * wall of NaN between), no value at all, net zero everywhere.  Each draws,
 * and the text rendering shows no "NaN". */
static void map_edge_cases_draw(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *data;
	const double x[] = {0, 1, 2}, y[] = {0, 1};
	const double wall[] = {-1, NAN, 1, -1, NAN, 1};
	const double none[] = {NAN, NAN, NAN, NAN, NAN, NAN};
	const double zero[] = {0, 0, 0, 0, 0, 0};
	const double *const nets[] = {wall, none, zero};
	struct plot_opts o = {.dir = dir, .ascii = true};
	struct plot_result r;
	struct diag d;

	for (int k = 0; k < 3; k++) {
		assert_int_equal(
		    plot_map(&o, "edge", "x", "y", 3, 2, x, y, nets[k], &r, &d),
		    FP_OK);
		assert_true(r.drawn);
		assert_null(strstr(r.ascii, "NaN"));
		plot_result_free(&r);
	}
	/* The wall: both regions labelled, the NaN points with sign 0. */
	assert_int_equal(
	    plot_map(&o, "edge", "x", "y", 3, 2, x, y, wall, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	/* Largest |net| 1; sign changes; two labels; evenly spaced. */
	assert_contains(data, "\"net\" 1 1 2 1 0 0 NaN \"\" 0\n");
	assert_contains(data, "1 0 NaN 0.5 1.5 -0.5 0.5 0\n");
	/* Every point is on the edge (distance 1) and |net| is 1 in both
	 * regions, so each label goes to its region's first point, moved in
	 * from the sides by 6 % of the width 2. */
	assert_contains(data, "\n\n\n1.88 0 \"accept\"\n0.12 0 \"reject\"\n");
	free(data);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
	free(gp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(shares_data_is_the_bars_in_order),
	    cmocka_unit_test(shares_says_what_the_names_leave_out),
	    cmocka_unit_test(shares_svg_holds_the_labels),
	    cmocka_unit_test(shares_png_has_the_signature),
	    cmocka_unit_test(sweep_data_and_svg),
	    cmocka_unit_test(tornado_data_and_svg),
	    cmocka_unit_test(map_labels_sit_inside_their_regions),
	    cmocka_unit_test(map_svg_and_png_hold_contour_and_regions),
	    cmocka_unit_test(map_edge_cases_draw),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
