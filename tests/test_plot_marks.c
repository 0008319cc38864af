/* test_plot_marks.c: what the charts mark and how they fit: the current
 * parameter values on sweeps, bands and maps, text cut to fit the
 * picture (checked on the SVG's text positions), and a map's data file
 * kept at the picture's resolution however fine the grid. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot/plot.h"
#include "test_plot_util.h"

/* Average width of a sans-serif character, in units of the font size:
 * generous (DejaVu Sans averages about 0.55 on this text). */
#define CHAR_EM 0.62

static size_t utf8_chars(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && s[i] != '&')
			c++;
	return c;
}

/* Every horizontal text of gnuplot's SVG lies within [0, w]: its anchor
 * point plus its estimated width (CHAR_EM per character), by its
 * text-anchor.  Returns how many texts it checked. */
static size_t assert_texts_inside(const char *path, double w)
{
	char *svg = slurp(path, NULL);
	size_t checked = 0;

	for (const char *p = strstr(svg, "<g transform=\"translate("); p;
	     p = strstr(p + 1, "<g transform=\"translate(")) {
		double x, y, size = 12;
		const char *end = strchr(p, '>'), *fs, *t, *te;
		char anchor[16] = "start";
		double width, lo, hi;

		if (!end ||
		    sscanf(p, "<g transform=\"translate(%lf,%lf)", &x, &y) != 2)
			continue;
		if (strstr(p, "rotate(") && strstr(p, "rotate(") < end)
			continue; /* the y label: checked by eye */
		fs = strstr(p, "font-size=\"");
		if (fs && fs < end)
			size = atof(fs + 11);
		t = strstr(p, "text-anchor=\"");
		if (t && t < end)
			sscanf(t + 13, "%15[a-z]", anchor);
		t = strstr(end, "<text>");
		te = t ? strstr(t, "</text>") : NULL;
		if (!t || !te || t > end + 8)
			continue;
		width = (double)utf8_chars(t + 6, (size_t)(te - t - 6));
		width *= CHAR_EM * size;
		lo = strcmp(anchor, "end") == 0      ? x - width
		     : strcmp(anchor, "middle") == 0 ? x - width / 2
		                                     : x;
		hi = lo + width;
		if (lo < 0 || hi > w)
			fail_msg("%s: text '%.*s' spans %.0f .. %.0f, outside "
			         "0 .. %.0f",
			         path, (int)(te - t - 6), t + 6, lo, hi, w);
		checked++;
	}
	free(svg);
	return checked;
}

static char *repeat(const char *word, size_t times)
{
	size_t n = strlen(word);
	char *s = malloc(n * times + 1);

	assert_non_null(s);
	for (size_t i = 0; i < times; i++)
		memcpy(s + i * n, word, n);
	s[n * times] = '\0';
	return s;
}

/* The current value: a line labelled "now: NAME = VALUE", the label on
 * the side with room (right of the line in the left half, left of it in
 * the right half). */
static void sweep_marks_the_current_value(void **state)
{
	char *dir = make_tmpdir(), *data, *text, *gp;
	struct plot_opts o = {.dir = dir, .has_base = true, .base_x = 1.75};
	struct plot_result r;
	struct diag d;

	o.gnuplot = "/nonexistent";
	assert_int_equal(plot_sweep(&o, "t", "pass_reward", 5, sweep_x,
	                            sweep_gain, sweep_cost, sweep_net, 1,
	                            sweep_cross, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	/* 1.75 lies past the middle of [0, 2]: label on the left (1). */
	assert_contains(data, "-5.5 10.5 1 1.75 NaN "
	                      "\"now: pass_reward = 1.75\" 1\n");
	free(data);
	plot_result_free(&r);
	o.base_x = 0.25;
	assert_int_equal(plot_sweep_band(&o, "t", "pass_reward", "band", 5,
	                                 sweep_x, sweep_net, sweep_net,
	                                 sweep_net, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	assert_contains(data, "\"band\" 1 0.25 NaN "
	                      "\"now: pass_reward = 0.25\" 0\n");
	free(data);
	plot_result_free(&r);

	/* A current value outside the swept range is not marked. */
	o.base_x = 5;
	assert_int_equal(plot_sweep(&o, "t", "pass_reward", 5, sweep_x,
	                            sweep_gain, sweep_cost, sweep_net, 1,
	                            sweep_cross, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	assert_contains(data, "-5.5 10.5 0 0 NaN \"\" 0\n");
	free(data);
	plot_result_free(&r);

	gp = need_gnuplot(dir);
	o.gnuplot = gp;
	o.base_x = 1.75;
	assert_int_equal(plot_sweep(&o, "t", "pass_reward", 5, sweep_x,
	                            sweep_gain, sweep_cost, sweep_net, 1,
	                            sweep_cross, &r, &d),
	                 FP_OK);
	text = svg_text(r.file);
	assert_contains(text, "now: pass_reward = 1.75");
	free(text);
	assert_true(assert_texts_inside(r.file, 900) > 10);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
	free(gp);
}

static void map_marks_the_current_point(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *data, *text;
	double x[9], y[5], net[45];
	struct plot_opts o = {
	    .dir = dir, .has_base = true, .base_x = 7, .base_y = 0.25};
	struct plot_result r;
	struct diag d;

	fill_grid(x, y, net);
	assert_int_equal(plot_map(&o, "grid", "runtime_factor", "pass_reward",
	                          9, 5, x, y, net, &r, &d),
	                 FP_OK);
	data = slurp(r.data, NULL);
	assert_contains(data, " 1 7 0.25 \"now: runtime_factor = 7, "
	                      "pass_reward = 0.25\" 1\n");
	free(data);
	text = svg_text(r.file);
	assert_contains(text, "now: runtime_factor = 7, pass_reward = 0.25");
	free(text);
	assert_texts_inside(r.file, 900);
	plot_result_free(&r);
	/* Nor a point outside the grid (y from 0 to 1). */
	o.base_y = 2;
	assert_int_equal(
	    plot_map(&o, "grid", "x", "y", 9, 5, x, y, net, &r, &d), FP_OK);
	data = slurp(r.data, NULL);
	assert_contains(data, " 0 0 NaN \"\" 0\n");
	free(data);
	plot_result_free(&r);
	/* Without has_base nothing is marked. */
	o.has_base = false;
	assert_int_equal(
	    plot_map(&o, "grid", "x", "y", 9, 5, x, y, net, &r, &d), FP_OK);
	text = svg_text(r.file);
	assert_null(strstr(text, "now:"));
	free(text);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* Titles of 400 characters and names of 200 are cut with "..." so that
 * every text stays inside the picture. */
static void long_text_is_cut_to_fit(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *text;
	char *title = repeat("title ", 70), *name = repeat("name_", 40);
	const char *names[3] = {name, "b", "c"};
	double x[9], y[5], net[45];
	struct plot_opts o = {
	    .dir = dir, .has_base = true, .base_x = 1, .base_y = 0.5};
	struct plot_result r;
	struct diag d;

	assert_int_equal(plot_shares_of_cases(&o, title, 3, names, three_gain,
	                                      three_cost, 1, &r, &d),
	                 FP_OK);
	text = svg_text(r.file);
	assert_contains(text, "title title");
	assert_contains(text, "name_name_name_...ame_name_name_");
	assert_null(strstr(text, name));
	free(text);
	assert_true(assert_texts_inside(r.file, 900) > 5);
	plot_result_free(&r);

	assert_int_equal(plot_sweep(&o, title, name, 5, sweep_x, sweep_gain,
	                            sweep_cost, sweep_net, 1, sweep_cross, &r,
	                            &d),
	                 FP_OK);
	assert_true(assert_texts_inside(r.file, 900) > 10);
	plot_result_free(&r);

	fill_grid(x, y, net);
	assert_int_equal(
	    plot_map(&o, title, name, name, 9, 5, x, y, net, &r, &d), FP_OK);
	assert_true(assert_texts_inside(r.file, 900) > 10);
	plot_result_free(&r);
	assert_int_equal(plot_tornado(&o, title, 3, tornado_params, tornado_low,
	                              tornado_high, tornado_vlow, tornado_vhigh,
	                              0.5, &r, &d),
	                 FP_OK);
	assert_true(assert_texts_inside(r.file, 900) > 5);
	plot_result_free(&r);
	free(title);
	free(name);
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* As text (80 columns) a title too wide goes on two lines, broken at its
 * first " -- ", and every line of the picture fits. */
static void text_titles_break_to_fit(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir();
	const char *title = "a-metric: each case's share of gain and cost -- "
	                    "verdict: inconclusive -- MEASURED";
	struct plot_opts o = {.dir = dir, .ascii = true};
	struct plot_result r;
	struct diag d;
	size_t col = 0;

	assert_int_equal(plot_shares_of_cases(&o, title, 3, three_cases,
	                                      three_gain, three_cost, 1, &r,
	                                      &d),
	                 FP_OK);
	assert_contains(r.ascii, "a-metric: each case's share of gain and "
	                         "cost\n");
	assert_contains(r.ascii, "verdict: inconclusive -- MEASURED\n");
	for (const char *p = r.ascii; *p; p++) {
		col = *p == '\n' ? 0 : col + 1;
		assert_true(col <= 80);
	}
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* A 1000 x 1000 grid is drawn from every 5th point: 200 x 200 rows, the
 * first and the 996th value of each axis, a data file of a few MB
 * instead of 136 MB. */
static void a_fine_map_is_drawn_at_the_pictures_resolution(void **state)
{
	const size_t n = 1000;
	char *dir = make_tmpdir(), *data;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	double *net = malloc(n * n * sizeof *net);
	struct plot_opts o = {.dir = dir, .gnuplot = "/nonexistent"};
	struct plot_result r;
	struct diag d;
	size_t len, rows = 0;

	assert_true(x && y && net);
	for (size_t i = 0; i < n; i++) {
		x[i] = (double)i;
		y[i] = (double)i / 4;
	}
	for (size_t j = 0; j < n; j++)
		for (size_t i = 0; i < n; i++)
			net[j * n + i] = x[i] - 500.5;
	assert_int_equal(
	    plot_map(&o, "fine", "x", "y", n, n, x, y, net, &r, &d), FP_OK);
	data = slurp(r.data, &len);
	assert_true(len < 10u * 1000 * 1000);
	for (const char *p = strstr(data, "\n\n\n") + 3; *p && *p != '\n';) {
		/* block 1: lines of 200 rows, each followed by a blank line */
		const char *e = strchr(p, '\n');
		rows++;
		p = e + 1;
		if (*p == '\n' && p[1] != '\n')
			p++;
	}
	assert_int_equal(rows, 200 * 200);
	/* Still evenly spaced (drawn as an image); x from 0 to 995. */
	assert_contains(data, "\"net\" 500.5 1 2 1 ");
	assert_contains(data, "\n995 0 494.5 ");
	assert_contains(data, "\n0 248.75 -500.5 ");
	assert_null(strstr(data, "\n996 "));
	free(data);
	plot_result_free(&r);
	free(x);
	free(y);
	free(net);
	remove_tree(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(sweep_marks_the_current_value),
	    cmocka_unit_test(map_marks_the_current_point),
	    cmocka_unit_test(long_text_is_cut_to_fit),
	    cmocka_unit_test(text_titles_break_to_fit),
	    cmocka_unit_test(a_fine_map_is_drawn_at_the_pictures_resolution),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
