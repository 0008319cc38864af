/* test_plot_draw.c: drawing a chart (plot/draw.c): the same inputs draw
 * the same bytes, without gnuplot the script and data are written with a
 * note, gnuplot failing is an error with its message, bad options and bad
 * data are errors. */
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

/* Records must be byte-identical for the same inputs: so must the
 * pictures (fixed sizes and fonts, no time stamps). */
static void same_input_draws_the_same_bytes(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir();
	const char *const formats[] = {"svg", "png"};

	for (int k = 0; k < 2; k++) {
		struct plot_opts o = {
		    .dir = dir, .format = formats[k], .name = "one"};
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
	struct plot_opts o = {
	    .dir = dir, .gnuplot = "/nonexistent", .ascii = true};
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
	snprintf(expect, len,
	         "gnuplot not found (/nonexistent); draw with: "
	         "gnuplot -d -c %s/shares.gp",
	         dir);
	assert_string_equal(r.note, expect);
	assert_null(strchr(r.note, '\n'));
	plot_result_free(&r);

	/* PNG: the command says so; a folder with a blank is quoted. */
	o.format = "png";
	o.dir = svg = join(dir, "my plots");
	assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
	snprintf(expect, len,
	         "gnuplot not found (/nonexistent); draw with: "
	         "gnuplot -d -c '%s/my plots/shares.gp' png",
	         dir);
	assert_string_equal(r.note, expect);
	plot_result_free(&r);

	/* The command in the note draws the chart when run as it says. */
	{
		char *gp = plot_find_gnuplot(NULL);
		if (gp) {
			char *script = join(svg, "shares.gp");
			const char *argv[] = {gp,     "-d",  "-c",
			                      script, "png", NULL};
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
	struct plot_opts o = {.dir = dir, .gnuplot = fake};
	struct plot_result r;
	struct diag d;
	char expect[PATH_MAX];

	write_file(fake,
	           "#!/bin/sh\n"
	           "echo 'plot data index 1 using 1:2' >&2\n"
	           "echo '             ^' >&2\n"
	           "echo '\"x.gp\" line 7: undefined variable: foo' >&2\n"
	           "exit 1\n",
	           0755);
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
	snprintf(expect, sizeof expect,
	         "gnuplot drew nothing into %s/shares.svg", dir);
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
	struct plot_opts o = {.dir = NULL, .gnuplot = "/nonexistent"};
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
	struct plot_opts o = {.dir = dir, .gnuplot = "/nonexistent"};
	struct plot_result r;
	struct diag d;
	const double bad_gain[] = {0, NAN, 0};
	const double x_down[] = {0, 0.5, 0.4, 1.5, 2};
	const double x_inf[] = {0, INFINITY, 1, 1.5, 2};
	const double far[] = {3};
	const double inf_low[] = {-1.5, -INFINITY, -2.8};
	double gx[9], gy[5], net[45];

	fill_grid(gx, gy, net);
	{
		const struct plot_bar inf_bar[] = {
		    {"a_win", 0, INFINITY, false}};
		expect_error(plot_shares(&o, "t", NULL, 0, inf_bar, &r, &d), &d,
		             "shares chart: no bars to draw");
		expect_error(plot_shares(&o, "t", NULL, 1, inf_bar, &r, &d), &d,
		             "shares chart: bar 'a_win' does not run between "
		             "finite numbers");
	}
	(void)bad_gain;

	expect_error(plot_sweep(&o, "t", "p", 1, sweep_x, sweep_gain,
	                        sweep_cost, sweep_net, 0, NULL, &r, &d),
	             &d, "sweep chart: needs at least two points");
	expect_error(plot_sweep(&o, "t", "p", 5, x_down, sweep_gain, sweep_cost,
	                        sweep_net, 0, NULL, &r, &d),
	             &d,
	             "sweep chart: x must increase, but x[2] = 0.4 follows "
	             "x[1] = 0.5");
	expect_error(plot_sweep(&o, "t", "p", 5, x_inf, sweep_gain, sweep_cost,
	                        sweep_net, 0, NULL, &r, &d),
	             &d, "sweep chart: x[1] is not a finite number");
	expect_error(plot_sweep(&o, "t", "p", 5, sweep_x, sweep_gain,
	                        sweep_cost, sweep_net, 1, far, &r, &d),
	             &d,
	             "sweep chart: break-even point 3 lies outside the swept "
	             "range [0, 2]");
	expect_error(plot_sweep(&o, "t", "p", 5, sweep_x, sweep_gain,
	                        sweep_cost, sweep_net, 1, NULL, &r, &d),
	             &d, "sweep chart: break-even points missing");

	expect_error(plot_tornado(&o, "t", 0, tornado_params, tornado_low,
	                          tornado_high, tornado_vlow, tornado_vhigh,
	                          -2.5, &r, &d),
	             &d, "tornado chart: no parameters to draw");
	expect_error(plot_tornado(&o, "t", 3, tornado_params, tornado_low,
	                          tornado_high, tornado_vlow, tornado_vhigh,
	                          NAN, &r, &d),
	             &d, "tornado chart: the base net is not a finite number");
	expect_error(plot_tornado(&o, "t", 3, tornado_params, inf_low,
	                          tornado_high, tornado_vlow, tornado_vhigh,
	                          -2.5, &r, &d),
	             &d,
	             "tornado chart: a value for parameter 'pass_reward' is "
	             "not a finite number");

	expect_error(plot_map(&o, "t", "x", "y", 1, 5, gx, gy, net, &r, &d), &d,
	             "map chart: needs at least two values on each axis");
	gy[3] = gy[2];
	expect_error(plot_map(&o, "t", "x", "y", 9, 5, gx, gy, net, &r, &d), &d,
	             "map chart: y must increase, but y[3] = 0.5 follows "
	             "y[2] = 0.5");
	gx[0] = NAN;
	expect_error(plot_map(&o, "t", "x", "y", 9, 5, gx, gy, net, &r, &d), &d,
	             "map chart: x[0] is not a finite number");
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
	    cmocka_unit_test(same_input_draws_the_same_bytes),
	    cmocka_unit_test(without_gnuplot_files_are_written_with_a_note),
	    cmocka_unit_test(gnuplot_failing_is_an_error_with_its_message),
	    cmocka_unit_test(bad_options_are_errors),
	    cmocka_unit_test(bad_data_are_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
