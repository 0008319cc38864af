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


static void shares_data_is_sorted_with_net(void **state)
{
	char *dir = make_tmpdir();
	struct plot_opts o = { .dir = dir, .gnuplot = "/nonexistent",
	                       .unit = "points" };
	struct plot_result r;
	struct diag d;
	char *data;

	assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	/* |gain| + |cost|: a_win 5.25, b_slow 1.25, c_small 0.5: that order,
	 * y from rows + 1 = 4 down to 2; net on its own row at y = 0. */
	assert_string_equal(data,
		"\"three cases\" \"contribution to net (points)\" 3 1 "
		"\"net = gain - cost = +1 points\"\n"
		"\n\n"
		"4 \"a_win\" 4 1.25\n"
		"3 \"b_slow\" 0 1.25\n"
		"2 \"c_small\" 0 0.5\n"
		"\n\n"
		"0 \"net (all cases)\" 1\n");
	free(data);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
}

static void shares_sums_the_cases_beyond_the_limit(void **state)
{
	enum { N = 35 };
	char *dir = make_tmpdir(), names[N][16], *data, *other;
	const char *name[N];
	double gain[N], cost[N];
	struct plot_opts o = { .dir = dir, .gnuplot = "/nonexistent" };
	struct plot_result r;
	struct diag d;

	/* Case i costs (35 - i) / 2: already in order, largest first. */
	for (int i = 0; i < N; i++) {
		snprintf(names[i], sizeof names[i], "case%02d", i);
		name[i] = names[i];
		gain[i] = 0;
		cost[i] = (N - i) * 0.5;
	}
	assert_int_equal(plot_shares(&o, "many", N, name, gain, cost, -315,
	                             &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	/* 30 rows: 29 cases, then the other 35 - 29 = 6 cases, which cost
	 * (6 + 5 + 4 + 3 + 2 + 1) / 2 = 10.5, on the lowest row (y = 2).
	 * Without a unit the axis has none.  Net: -(35 * 36 / 2) / 2 = -315. */
	assert_contains(data, "\"many\" \"contribution to net\" 30 -315 "
	                      "\"net = gain - cost = -315\"\n");
	assert_contains(data, "31 \"case00\" 0 17.5\n");
	assert_contains(data, "3 \"case28\" 0 3.5\n");
	other = strstr(data, "2 \"6 other cases\" 0 10.5\n");
	assert_non_null(other);
	assert_null(strstr(data, "case29"));
	free(data);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
}

static void shares_svg_holds_the_labels(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *text;
	struct plot_opts o = { .dir = dir, .unit = "points", .ascii = true };
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
	assert_contains(text, "net = gain - cost = +1 points");
	assert_contains(text, "share of gain");
	assert_contains(text, "share of cost");
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
	struct plot_opts o = { .dir = dir, .format = "png", .name = "s-1" };
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
	struct plot_opts o = { .dir = dir, .unit = "points", .ascii = true };
	struct plot_result r;
	struct diag d;

	o.gnuplot = "/nonexistent";
	assert_int_equal(plot_sweep(&o, "reward sweep", "pass_reward", 5,
	                            sweep_x, sweep_gain, sweep_cost,
	                            sweep_net, 1, sweep_cross, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	/* y range: lowest -5.5 (net), highest 10.5 (gain).  The label sits
	 * (10.5 + 5.5) * 7 / 100 = 1.12 above the zero line. */
	assert_string_equal(data,
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
	                            sweep_x, sweep_gain, sweep_cost,
	                            sweep_net, 1, sweep_cross, &r, &d), FP_OK);
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
		double net[] = { -5.5, -3.5, NAN, -1, -0.5 };
		assert_int_equal(plot_sweep(&o, "no flip", "p", 5, sweep_x,
		                            sweep_gain, sweep_cost, net, 0,
		                            NULL, &r, &d), FP_OK);
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
	struct plot_opts o = { .dir = dir, .unit = "points",
	                       .gnuplot = "/nonexistent" };
	struct plot_result r;
	struct diag d;

	assert_int_equal(plot_tornado(&o, "one at a time", 3, tornado_params,
	                              tornado_low, tornado_high, tornado_vlow,
	                              tornado_vhigh, -2.5, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	/* Widest swing on top: pass_reward (3) at y = 3, perf_weight (2),
	 * weight m512_* (0.6) at y = 1.  The range holds -4 .. 0 (net = 0 is
	 * always shown) widened by 0.15 * 4 = 0.6 each way: -4.6 .. 0.6.
	 * Bar ends right of the base -2.5: -1 (0.375), -1.5 (0.375), -2.2
	 * (1.25); left of it: -4 (0.225), -3.5 (0.625), -2.8 (0.75). */
	assert_string_equal(data,
		"\"one at a time\" \"net (points)\" 3 -2.5 "
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
	                              tornado_vhigh, -2.5, &r, &d), FP_OK);
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
		const double low[] = { -2 }, high[] = { -1 };
		const double vl[] = { 1 }, vh[] = { 2 };
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
	struct plot_opts o = { .dir = dir, .gnuplot = "/nonexistent",
	                       .unit = "points" };
	struct plot_result r;
	struct diag d;

	fill_grid(x, y, net);
	assert_int_equal(plot_map(&o, "grid", "runtime_factor", "pass_reward",
	                          9, 5, x, y, net, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	/* Largest |net|: 8 - 3.5 = 4.5; the sign changes; two labels; even
	 * spacing. */
	assert_contains(data, "\"grid\" \"runtime_factor\" \"pass_reward\" "
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
	struct plot_opts o = { .dir = dir, .unit = "points", .ascii = true };
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
	assert_int_equal(plot_map(&o, "uneven", "x", "y", 9, 5, x, y, net, &r,
	                          &d), FP_OK);
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
	const double x[] = { 0, 1, 2 }, y[] = { 0, 1 };
	const double wall[] = { -1, NAN, 1, -1, NAN, 1 };
	const double none[] = { NAN, NAN, NAN, NAN, NAN, NAN };
	const double zero[] = { 0, 0, 0, 0, 0, 0 };
	const double *const nets[] = { wall, none, zero };
	struct plot_opts o = { .dir = dir, .ascii = true };
	struct plot_result r;
	struct diag d;

	for (int k = 0; k < 3; k++) {
		assert_int_equal(plot_map(&o, "edge", "x", "y", 3, 2, x, y,
		                          nets[k], &r, &d), FP_OK);
		assert_true(r.drawn);
		assert_null(strstr(r.ascii, "NaN"));
		plot_result_free(&r);
	}
	/* The wall: both regions labelled, the NaN points with sign 0. */
	assert_int_equal(plot_map(&o, "edge", "x", "y", 3, 2, x, y, wall, &r,
	                          &d), FP_OK);
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

/* Records must be byte-identical for the same inputs: so must the
 * pictures (fixed sizes and fonts, no time stamps). */
static void same_input_draws_the_same_bytes(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir();
	const char *const formats[] = { "svg", "png" };

	for (int k = 0; k < 2; k++) {
		struct plot_opts o = { .dir = dir, .format = formats[k],
		                       .name = "one" };
		struct plot_result r1, r2;
		struct diag d;
		char *a, *b;
		size_t alen, blen;

		assert_int_equal(draw_shares(&o, &r1, &d), FP_OK);
		o.name = "two";
		assert_int_equal(draw_shares(&o, &r2, &d), FP_OK);
		a = slurp(r1.file, &alen);
		b = slurp(r2.file, &blen);
		assert_int_equal(alen, blen);
		assert_memory_equal(a, b, alen);
		free(a);
		free(b);
		plot_result_free(&r1);
		plot_result_free(&r2);
	}
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* -- without gnuplot, and when it fails ----------------------------------- */

static void without_gnuplot_files_are_written_with_a_note(void **state)
{
	char *dir = make_tmpdir(), *expect, *svg;
	struct plot_opts o = { .dir = dir, .gnuplot = "/nonexistent",
	                       .ascii = true };
	struct plot_result r;
	struct diag d;
	size_t len;

	assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
	assert_false(r.drawn);
	assert_null(r.ascii);
	assert_true(exists(r.script));
	assert_true(exists(r.data));
	assert_false(exists(r.file));
	len = strlen(dir) + 128;
	expect = malloc(len);
	snprintf(expect, len, "gnuplot not found (/nonexistent); draw with: "
	         "gnuplot -d -c %s/shares.gp", dir);
	assert_string_equal(r.note, expect);
	assert_null(strchr(r.note, '\n'));
	plot_result_free(&r);

	/* PNG: the command says so; a folder with a blank is quoted. */
	o.format = "png";
	o.dir = svg = join(dir, "my plots");
	assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
	snprintf(expect, len, "gnuplot not found (/nonexistent); draw with: "
	         "gnuplot -d -c '%s/my plots/shares.gp' png", dir);
	assert_string_equal(r.note, expect);
	plot_result_free(&r);

	/* The command in the note draws the chart when run as it says. */
	{
		char *gp = plot_find_gnuplot(NULL);
		if (gp) {
			char *script = join(svg, "shares.gp");
			const char *argv[] = { gp, "-d", "-c", script, "png",
			                       NULL };
			struct proc_output po;
			char *png = join(svg, "shares.png");
			assert_int_equal(proc_capture(argv, 0, &po, &d), FP_OK);
			assert_int_equal(po.status, 0);
			proc_output_free(&po);
			assert_png(png);
			free(png);
			free(script);
			free(gp);
		}
	}
	free(svg);
	free(expect);
	remove_tree(dir);
	free(dir);
}

static void gnuplot_failing_is_an_error_with_its_message(void **state)
{
	char *dir = make_tmpdir(), *fake = join(dir, "fake-gnuplot");
	char *silent = join(dir, "silent-gnuplot");
	struct plot_opts o = { .dir = dir, .gnuplot = fake };
	struct plot_result r;
	struct diag d;
	char expect[PATH_MAX];

	write_file(fake,
	           "#!/bin/sh\n"
	           "echo 'plot data index 1 using 1:2' >&2\n"
	           "echo '             ^' >&2\n"
	           "echo '\"x.gp\" line 7: undefined variable: foo' >&2\n"
	           "exit 1\n", 0755);
	assert_int_equal(draw_shares(&o, &r, &d), FP_ERR);
	snprintf(expect, sizeof expect, "%s/shares.gp", dir);
	assert_string_equal(d.file, expect);
	assert_int_equal(d.line, 7);
	assert_string_equal(d.msg, "gnuplot: undefined variable: foo");
	assert_null(r.script);
	assert_null(r.note);
	snprintf(expect, sizeof expect, "%s/shares.svg", dir);
	assert_false(exists(expect));

	/* No message at all: the exit status. */
	write_file(fake, "#!/bin/sh\nexit 4\n", 0755);
	assert_int_equal(draw_shares(&o, &r, &d), FP_ERR);
	assert_string_equal(d.msg, "gnuplot failed (exit status 4)");

	/* Success without output is no success. */
	write_file(silent, "#!/bin/sh\nexit 0\n", 0755);
	o.gnuplot = silent;
	assert_int_equal(draw_shares(&o, &r, &d), FP_ERR);
	snprintf(expect, sizeof expect, "gnuplot drew nothing into %s/shares.svg",
	         dir);
	assert_string_equal(d.msg, expect);
	assert_false(exists(strrchr(expect, ' ') + 1));
	free(fake);
	free(silent);
	remove_tree(dir);
	free(dir);
}

/* -- bad input ------------------------------------------------------------ */

static void expect_error(int rc, const struct diag *d, const char *msg)
{
	assert_int_equal(rc, FP_ERR);
	assert_string_equal(d->msg, msg);
}

static void bad_options_are_errors(void **state)
{
	char *dir = make_tmpdir(), *file = join(dir, "afile");
	char *deep = join(dir, "no/such");
	struct plot_opts o = { .dir = NULL, .gnuplot = "/nonexistent" };
	struct plot_result r;
	struct diag d;

	expect_error(draw_shares(&o, &r, &d), &d,
	             "shares chart: no folder given");
	expect_error(draw_shares(NULL, &r, &d), &d,
	             "shares chart: no folder given");
	o.dir = dir;
	o.name = "a b";
	expect_error(draw_shares(&o, &r, &d), &d,
	             "plot name 'a b' must start with a letter or digit and "
	             "hold only letters, digits, '.', '_' and '-'");
	o.name = "../up";
	expect_error(draw_shares(&o, &r, &d), &d,
	             "plot name '../up' must start with a letter or digit and "
	             "hold only letters, digits, '.', '_' and '-'");
	o.name = "";
	expect_error(draw_shares(&o, &r, &d), &d,
	             "plot name '' must start with a letter or digit and "
	             "hold only letters, digits, '.', '_' and '-'");
	o.name = NULL;
	o.format = "jpg";
	expect_error(draw_shares(&o, &r, &d), &d,
	             "unknown plot format 'jpg' (use svg or png)");
	o.format = NULL;
	write_file(file, "x", 0644);
	o.dir = file;
	expect_error(draw_shares(&o, &r, &d), &d, "not a folder");
	assert_string_equal(d.file, file);
	o.dir = deep;
	expect_error(draw_shares(&o, &r, &d), &d,
	             "cannot create the folder: No such file or directory");
	assert_string_equal(d.file, deep);
	assert_null(r.script);
	free(file);
	free(deep);
	remove_tree(dir);
	free(dir);
}

static void bad_data_are_errors(void **state)
{
	char *dir = make_tmpdir();
	struct plot_opts o = { .dir = dir, .gnuplot = "/nonexistent" };
	struct plot_result r;
	struct diag d;
	const double bad_gain[] = { 0, NAN, 0 };
	const double x_down[] = { 0, 0.5, 0.4, 1.5, 2 };
	const double x_inf[] = { 0, INFINITY, 1, 1.5, 2 };
	const double far[] = { 3 };
	const double inf_low[] = { -1.5, -INFINITY, -2.8 };
	double gx[9], gy[5], net[45];

	fill_grid(gx, gy, net);
	expect_error(plot_shares(&o, "t", 0, three_cases, three_gain,
	                         three_cost, 1, &r, &d), &d,
	             "shares chart: no cases to draw");
	expect_error(plot_shares(&o, "t", 3, three_cases, bad_gain, three_cost,
	                         1, &r, &d), &d,
	             "shares chart: the share of case 'a_win' is not a finite "
	             "number");
	expect_error(plot_shares(&o, "t", 3, three_cases, three_gain,
	                         three_cost, NAN, &r, &d), &d,
	             "shares chart: net is not a finite number");

	expect_error(plot_sweep(&o, "t", "p", 1, sweep_x, sweep_gain,
	                        sweep_cost, sweep_net, 0, NULL, &r, &d), &d,
	             "sweep chart: needs at least two points");
	expect_error(plot_sweep(&o, "t", "p", 5, x_down, sweep_gain,
	                        sweep_cost, sweep_net, 0, NULL, &r, &d), &d,
	             "sweep chart: x must increase, but x[2] = 0.4 follows "
	             "x[1] = 0.5");
	expect_error(plot_sweep(&o, "t", "p", 5, x_inf, sweep_gain,
	                        sweep_cost, sweep_net, 0, NULL, &r, &d), &d,
	             "sweep chart: x[1] is not a finite number");
	expect_error(plot_sweep(&o, "t", "p", 5, sweep_x, sweep_gain,
	                        sweep_cost, sweep_net, 1, far, &r, &d), &d,
	             "sweep chart: break-even point 3 lies outside the swept "
	             "range [0, 2]");
	expect_error(plot_sweep(&o, "t", "p", 5, sweep_x, sweep_gain,
	                        sweep_cost, sweep_net, 1, NULL, &r, &d), &d,
	             "sweep chart: break-even points missing");

	expect_error(plot_tornado(&o, "t", 0, tornado_params, tornado_low,
	                          tornado_high, tornado_vlow, tornado_vhigh,
	                          -2.5, &r, &d), &d,
	             "tornado chart: no parameters to draw");
	expect_error(plot_tornado(&o, "t", 3, tornado_params, tornado_low,
	                          tornado_high, tornado_vlow, tornado_vhigh,
	                          NAN, &r, &d), &d,
	             "tornado chart: the base net is not a finite number");
	expect_error(plot_tornado(&o, "t", 3, tornado_params, inf_low,
	                          tornado_high, tornado_vlow, tornado_vhigh,
	                          -2.5, &r, &d), &d,
	             "tornado chart: a value for parameter 'pass_reward' is "
	             "not a finite number");

	expect_error(plot_map(&o, "t", "x", "y", 1, 5, gx, gy, net, &r, &d),
	             &d, "map chart: needs at least two values on each axis");
	gy[3] = gy[2];
	expect_error(plot_map(&o, "t", "x", "y", 9, 5, gx, gy, net, &r, &d),
	             &d, "map chart: y must increase, but y[3] = 0.5 follows "
	                 "y[2] = 0.5");
	gx[0] = NAN;
	expect_error(plot_map(&o, "t", "x", "y", 9, 5, gx, gy, net, &r, &d),
	             &d, "map chart: x[0] is not a finite number");
	/* Nothing was written for bad data. */
	{
		DIR *dp = opendir(dir);
		struct dirent *e;
		while ((e = readdir(dp)))
			assert_true(e->d_name[0] == '.');
		closedir(dp);
	}
	remove_tree(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shares_data_is_sorted_with_net),
		cmocka_unit_test(shares_sums_the_cases_beyond_the_limit),
		cmocka_unit_test(shares_svg_holds_the_labels),
		cmocka_unit_test(shares_png_has_the_signature),
		cmocka_unit_test(sweep_data_and_svg),
		cmocka_unit_test(tornado_data_and_svg),
		cmocka_unit_test(map_labels_sit_inside_their_regions),
		cmocka_unit_test(map_svg_and_png_hold_contour_and_regions),
		cmocka_unit_test(map_edge_cases_draw),
		cmocka_unit_test(same_input_draws_the_same_bytes),
		cmocka_unit_test(without_gnuplot_files_are_written_with_a_note),
		cmocka_unit_test(gnuplot_failing_is_an_error_with_its_message),
		cmocka_unit_test(bad_options_are_errors),
		cmocka_unit_test(bad_data_are_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
