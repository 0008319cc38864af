/* test_plot.c: the gnuplot layer: escaping, running programs, the four
 * charts, drawing without gnuplot, gnuplot failing, and hostile names. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plot.h"
#include "plot/draw.h"
#include "plot/escape_gp.h"
#include "plot/proc.h"

/* -- helpers -------------------------------------------------------------- */

static char *make_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char path[PATH_MAX];

	snprintf(path, sizeof path, "%s/fixprice-plot-XXXXXX",
	         base && *base ? base : "/tmp");
	assert_non_null(mkdtemp(path));
	return strdup(path);
}

/* Removes dir and everything in it (our folders are shallow). */
static void remove_tree(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;

	if (!dp)
		return;
	while ((e = readdir(dp))) {
		char path[PATH_MAX];
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(path);
		else
			unlink(path);
	}
	closedir(dp);
	rmdir(dir);
}

static char *join(const char *dir, const char *name)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *p = malloc(len);
	assert_non_null(p);
	snprintf(p, len, "%s/%s", dir, name);
	return p;
}

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static char *slurp(const char *path, size_t *lenp)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	assert_non_null(f);
	do {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap + 1);
			assert_non_null(buf);
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

static void write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(path, mode), 0);
}

/* The gnuplot the tests draw with; skips the test when there is none. */
static char *need_gnuplot(void)
{
	char *gp = plot_find_gnuplot(NULL);
	if (!gp) {
		print_message("gnuplot not found: skipped\n");
		skip();
	}
	return gp;
}

static char *find_xmllint(void)
{
	return proc_find_program(getenv("XMLLINT") && *getenv("XMLLINT") ?
	                         getenv("XMLLINT") : "xmllint");
}

/* The text content of an SVG file, with XML escapes decoded.  When xmllint
 * exists, the file must also parse as XML and xmllint supplies the text;
 * without it, entities are decoded here. */
static char *svg_text(const char *path)
{
	char *xl = find_xmllint();
	struct proc_output po;
	struct diag d;
	char *raw, *t, *out;

	if (xl) {
		const char *check[] = { xl, "--noout", path, NULL };
		const char *text[] = { xl, "--xpath", "string(/*)", path, NULL };
		assert_int_equal(proc_capture(check, &po, &d), FP_OK);
		if (po.status != 0)
			print_message("xmllint: %s\n", po.err);
		assert_int_equal(po.status, 0);
		proc_output_free(&po);
		assert_int_equal(proc_capture(text, &po, &d), FP_OK);
		assert_int_equal(po.status, 0);
		out = po.out;
		free(po.err);
		free(xl);
		return out;
	}
	raw = slurp(path, NULL);
	out = t = malloc(strlen(raw) + 1);
	assert_non_null(out);
	for (const char *p = raw; *p;) {
		static const char *const ent[][2] = {
			{ "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" },
			{ "&quot;", "\"" }, { "&apos;", "'" },
		};
		size_t k;
		for (k = 0; k < 5; k++)
			if (strncmp(p, ent[k][0], strlen(ent[k][0])) == 0)
				break;
		if (k < 5) {
			*t++ = ent[k][1][0];
			p += strlen(ent[k][0]);
		} else {
			*t++ = *p++;
		}
	}
	*t = '\0';
	free(raw);
	return out;
}

static void assert_contains(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("expected to find \"%s\"", needle);
}

static void assert_png(const char *path)
{
	size_t len;
	char *buf = slurp(path, &len);

	assert_true(len > 8);
	assert_memory_equal(buf, "\x89PNG\r\n\x1a\n", 8);
	free(buf);
}

/* -- gp_string ------------------------------------------------------------ */

static void gp_string_plain_text_is_quoted(void **state)
{
	char *s = gp_string("m512_k4096 {x}^2 ~y");
	assert_string_equal(s, "\"m512_k4096 {x}^2 ~y\"");
	free(s);
	s = gp_string(NULL);
	assert_string_equal(s, "\"\"");
	free(s);
}

static void gp_string_escapes_meta_characters_in_octal(void **state)
{
	/* ` = 0140, " = 042, ' = 047, @ = 0100, < = 074, > = 076, | = 0174,
	 * $ = 044, \ = 0134, ! = 041, ; = 073, # = 043, & = 046; each as
	 * "\0" and four digits. */
	char *s = gp_string("`\"'@<>|$\\!;#&");
	assert_string_equal(s, "\"\\0140\\0042\\0047\\0100\\0074\\0076"
	                       "\\0174\\0044\\0134\\0041\\0073\\0043"
	                       "\\0046\"");
	free(s);
	/* A digit after an escape stays a digit: gnuplot reads four octal
	 * digits after "\0" (and would read "\0441" as 0441, '!'). */
	s = gp_string("$1`1");
	assert_string_equal(s, "\"\\00441\\01401\"");
	free(s);
}

static void gp_string_keeps_controls_out(void **state)
{
	/* \n and \r -> U+21B5 (e2 86 b5); \t -> blank; 0x01 and DEL ->
	 * U+FFFD (ef bf bd). */
	char *s = gp_string("a\nb\tc\rd\x01" "e\x7f");
	assert_string_equal(s, "\"a\xe2\x86\xb5" "b c\xe2\x86\xb5"
	                       "d\xef\xbf\xbd" "e\xef\xbf\xbd\"");
	free(s);
}

static void gp_string_keeps_utf8_and_replaces_bad_bytes(void **state)
{
	char *s = gp_string("caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80");
	assert_string_equal(s, "\"caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80\"");
	free(s);
	/* Each byte that is not part of a valid character becomes U+FFFD
	 * (ef bf bd): a stray 0xff; a lead byte cut short by the end; an
	 * overlong '/' (c0 af, 2 bytes); a surrogate (ed a0 80, 3 bytes); the
	 * non-character U+FFFE (ef bf be, 3 bytes). */
#define R "\xef\xbf\xbd"
	s = gp_string("a\xff" "b");
	assert_string_equal(s, "\"a" R "b\"");
	free(s);
	s = gp_string("a\xc3");
	assert_string_equal(s, "\"a" R "\"");
	free(s);
	s = gp_string("\xc0\xaf");
	assert_string_equal(s, "\"" R R "\"");
	free(s);
	s = gp_string("\xed\xa0\x80");
	assert_string_equal(s, "\"" R R R "\"");
	free(s);
	s = gp_string("\xef\xbf\xbe");
	assert_string_equal(s, "\"" R R R "\"");
	free(s);
#undef R
}

/* gnuplot decodes the escapes: reading the field back gives the text. */
static void gp_string_reads_back_literally_in_gnuplot(void **state)
{
	char *gp = need_gnuplot(), *dir = make_tmpdir();
	char *file = join(dir, "echo.dat");
	const char *text = "a`b\"c'd@e<f>g|h$i\\j!k;l#m&n %s {x} $1 `2 \\0";
	const char *argv[] = { gp, "-d", "-c",
	                       TEST_SRCDIR "/tests/data/plot/echo.gp", file,
	                       NULL };
	struct proc_output po;
	struct diag d;
	FILE *f = fopen(file, "w");

	assert_non_null(f);
	assert_int_equal(gp_string_write(f, text), 0);
	fputc('\n', f);
	fclose(f);
	assert_int_equal(proc_capture(argv, &po, &d), FP_OK);
	assert_int_equal(po.status, 0);
	assert_string_equal(po.out,
	                    "a`b\"c'd@e<f>g|h$i\\j!k;l#m&n %s {x} $1 `2 \\0\n");
	proc_output_free(&po);
	remove_tree(dir);
	free(file);
	free(dir);
	free(gp);
}

/* -- proc ----------------------------------------------------------------- */

static void proc_capture_reads_both_streams_and_status(void **state)
{
	const char *argv[] = { "/bin/sh", "-c",
	                       "printf 'to out'; printf 'to err' >&2; exit 3",
	                       NULL };
	struct proc_output po;
	struct diag d;

	assert_int_equal(proc_capture(argv, &po, &d), FP_OK);
	assert_string_equal(po.out, "to out");
	assert_int_equal(po.outlen, 6);
	assert_string_equal(po.err, "to err");
	assert_int_equal(po.status, 3);
	proc_output_free(&po);
}

static void proc_capture_reports_a_missing_program(void **state)
{
	const char *argv[] = { "/nonexistent/prog", NULL };
	struct proc_output po;
	struct diag d;

	assert_int_equal(proc_capture(argv, &po, &d), FP_ERR);
	assert_string_equal(d.file, "/nonexistent/prog");
	assert_string_equal(d.msg, "cannot run: No such file or directory");
}

static void proc_find_program_searches_path(void **state)
{
	char *sh = proc_find_program("sh");

	assert_non_null(sh);
	assert_true(strlen(sh) > 3);
	assert_string_equal(sh + strlen(sh) - 3, "/sh");
	free(sh);
	assert_null(proc_find_program("/nonexistent/gnuplot"));
	assert_null(proc_find_program("no-such-program-fixprice"));
	assert_null(proc_find_program(""));
	/* A folder is no program. */
	assert_null(proc_find_program("/tmp"));
}

static void find_gnuplot_honours_option_and_environment(void **state)
{
	char *saved = getenv("GNUPLOT") ? strdup(getenv("GNUPLOT")) : NULL;
	char *p;

	assert_null(plot_find_gnuplot("/nonexistent"));
	setenv("GNUPLOT", "/nonexistent/gnuplot", 1);
	assert_null(plot_find_gnuplot(NULL));
	assert_null(plot_find_gnuplot(""));
	/* The option wins over the environment. */
	p = plot_find_gnuplot("/bin/sh");
	assert_string_equal(p, "/bin/sh");
	free(p);
	if (saved) {
		setenv("GNUPLOT", saved, 1);
		free(saved);
	} else {
		unsetenv("GNUPLOT");
	}
}

/* -- sample charts -------------------------------------------------------- */

static const char *const three_cases[] = { "b_slow", "a_win", "c_small" };
/* a_win: gain 4, cost 1.25; b_slow: cost 1.25; c_small: cost 0.5.
 * net = 4 - (1.25 + 1.25 + 0.5) = 1. */
static const double three_gain[] = { 0, 4, 0 };
static const double three_cost[] = { 1.25, 1.25, 0.5 };

static int draw_shares(const struct plot_opts *o, struct plot_result *r,
                       struct diag *d)
{
	return plot_shares(o, "three cases", 3, three_cases, three_gain,
	                   three_cost, 1, r, d);
}

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
	char *gp = need_gnuplot(), *dir = make_tmpdir(), *text;
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
	char *gp = need_gnuplot(), *dir = make_tmpdir();
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

static const double sweep_x[] = { 0, 0.5, 1, 1.5, 2 };
/* gain = 4x + 2.5, cost = 8: net = 4x - 5.5, zero at x = 1.375. */
static const double sweep_gain[] = { 2.5, 4.5, 6.5, 8.5, 10.5 };
static const double sweep_cost[] = { 8, 8, 8, 8, 8 };
static const double sweep_net[] = { -5.5, -3.5, -1.5, 0.5, 2.5 };
static const double sweep_cross[] = { 1.375 };

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
		"1 -5.5 10.5\n"
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

	gp = need_gnuplot();
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

static const char *const tornado_params[] = { "perf_weight", "pass_reward",
                                              "weight m512_*" };
/* Swings: |-3.5 - -1.5| = 2, |-1 - -4| = 3, |-2.2 - -2.8| = 0.6. */
static const double tornado_low[] = { -1.5, -4, -2.8 };
static const double tornado_high[] = { -3.5, -1, -2.2 };
static const double tornado_vlow[] = { 0.375, 0.225, 0.75 };
static const double tornado_vhigh[] = { 0.625, 0.375, 1.25 };

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

	gp = need_gnuplot();
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

/* A 9 x 5 grid, net = x - 3.5: reject for x <= 3, accept for x >= 4. */
static void fill_grid(double *x, double *y, double *net)
{
	for (int i = 0; i < 9; i++)
		x[i] = i;
	for (int j = 0; j < 5; j++)
		y[j] = j * 0.25;
	for (int j = 0; j < 5; j++)
		for (int i = 0; i < 9; i++)
			net[j * 9 + i] = i - 3.5;
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
	                      "\"net (points)\" 4.5 1 2 1\n\n\n");
	/* First point: x 0, y 0, net -3.5, cell x -0.5 .. 0.5, y -0.125 ..
	 * 0.125; each line of constant y ends with a blank line. */
	assert_contains(data, "\n\n\n0 0 -3.5 -0.5 0.5 -0.125 0.125\n");
	assert_contains(data, "8 0 4.5 7.5 8.5 -0.125 0.125\n\n0 0.25 ");
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
	assert_contains(data, "\"net (points)\" 45 0 1 1\n");
	assert_null(strstr(data, "reject"));
	free(data);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
}

static void map_svg_and_png_hold_contour_and_regions(void **state)
{
	char *gp = need_gnuplot(), *dir = make_tmpdir(), *text, *data;
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
	assert_contains(data, " 1 2 0\n\n\n");
	free(data);
	assert_png(r.file);
	plot_result_free(&r);
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* -- the script is fixed text --------------------------------------------- */

static void script_is_the_same_for_every_chart(void **state)
{
	char *dir = make_tmpdir(), *a, *b;
	const char *other[] = { "`id`", "x", "y" };
	struct plot_opts o = { .dir = dir, .gnuplot = "/nonexistent",
	                       .name = "first" };
	struct plot_result r1, r2;
	struct diag d;

	assert_int_equal(draw_shares(&o, &r1, &d), FP_OK);
	o.name = "second";
	o.unit = "points";
	assert_int_equal(plot_shares(&o, "@title", 3, other, three_gain,
	                             three_cost, 2, &r2, &d), FP_OK);
	a = slurp(r1.script, NULL);
	b = slurp(r2.script, NULL);
	assert_string_equal(a, b);
	assert_null(strstr(a, "three cases"));
	assert_null(strstr(a, "a_win"));
	/* The old call syntax substituted $1..$9 in called scripts (and did
	 * again by mistake in gnuplot 5.4.0): no script holds '$' + digit, and
	 * none expands a macro. */
	for (const char *p = a; (p = strchr(p, '$')); p++)
		assert_false(p[1] >= '0' && p[1] <= '9');
	assert_null(strchr(a, '@'));
	assert_null(strchr(a, '`'));
	free(a);
	free(b);
	plot_result_free(&r1);
	plot_result_free(&r2);
	remove_tree(dir);
	free(dir);
}

static void no_script_has_dollar_digit_or_macro(void **state)
{
	char *dir = make_tmpdir();
	double x[9], y[5], net[45];
	struct plot_opts o = { .dir = dir, .gnuplot = "/nonexistent" };
	struct plot_result r[3];
	struct diag d;

	fill_grid(x, y, net);
	assert_int_equal(plot_sweep(&o, "t", "p", 5, sweep_x, sweep_gain,
	                            sweep_cost, sweep_net, 1, sweep_cross,
	                            &r[0], &d), FP_OK);
	assert_int_equal(plot_tornado(&o, "t", 3, tornado_params, tornado_low,
	                              tornado_high, tornado_vlow,
	                              tornado_vhigh, -2.5, &r[1], &d), FP_OK);
	assert_int_equal(plot_map(&o, "t", "x", "y", 9, 5, x, y, net, &r[2],
	                          &d), FP_OK);
	for (int k = 0; k < 3; k++) {
		char *s = slurp(r[k].script, NULL);
		for (const char *p = s; (p = strchr(p, '$')); p++)
			assert_false(p[1] >= '0' && p[1] <= '9');
		assert_null(strchr(s, '@'));
		assert_null(strchr(s, '`'));
		free(s);
		plot_result_free(&r[k]);
	}
	remove_tree(dir);
	free(dir);
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
			assert_int_equal(proc_capture(argv, &po, &d), FP_OK);
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

/* -- hostile names -------------------------------------------------------- */

/* Names that would run commands if gnuplot ever read them as commands,
 * macros, or file names; and what each must look like on the chart. */
struct hostile {
	char name[256];
	char shown[256];
};

static void make_hostile(const char *dir, struct hostile h[8])
{
	snprintf(h[0].name, 256, "`touch %s/pwned-backquote`", dir);
	snprintf(h[1].name, 256, "system(\"touch %s/pwned-system\")", dir);
	snprintf(h[2].name, 256, "line\n`touch %s/pwned-newline`", dir);
	snprintf(h[3].name, 256, "@pwn \"quoted\" 'single' $1 \\n");
	snprintf(h[4].name, 256, "<touch %s/pwned-lt", dir);
	snprintf(h[5].name, 256, "|touch %s/pwned-pipe", dir);
	snprintf(h[6].name, 256, "$(touch %s/pwned-dollar) & <b>x</b>;", dir);
	snprintf(h[7].name, 256, "{/Symbol a}^2_x %%s %%n # !ls");
	for (int k = 0; k < 8; k++)
		snprintf(h[k].shown, 256, "%s", h[k].name);
	/* The one transformed form: a newline shows as U+21B5. */
	snprintf(h[2].shown, 256, "line\xe2\x86\xb5`touch %s/pwned-newline`",
	         dir);
}

static void assert_nothing_ran(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;

	assert_non_null(dp);
	while ((e = readdir(dp)))
		if (strncmp(e->d_name, "pwned", 5) == 0)
			fail_msg("a command ran: %s/%s exists", dir, e->d_name);
	closedir(dp);
}

static void hostile_names_are_shown_not_run(void **state)
{
	char *gp = need_gnuplot(), *dir = make_tmpdir(), *text, *data;
	char *out = join(dir, "out");
	struct hostile h[8];
	const char *name[8];
	double gain[8], cost[8], low[8], high[8], vl[8], vh[8];
	double x[9], y[5], net[45];
	struct plot_opts o = { .dir = out, .ascii = true, .unit = "`pts`" };
	struct plot_result r[5];
	struct diag d;

	make_hostile(dir, h);
	for (int k = 0; k < 8; k++) {
		name[k] = h[k].name;
		gain[k] = k;
		cost[k] = 0.5;
		low[k] = -1 - k;
		high[k] = k;
		vl[k] = 0.1;
		vh[k] = 0.2;
	}
	fill_grid(x, y, net);
	assert_int_equal(plot_shares(&o, h[0].name, 8, name, gain, cost, 24,
	                             &r[0], &d), FP_OK);
	assert_int_equal(plot_sweep(&o, h[1].name, h[5].name, 5, sweep_x,
	                            sweep_gain, sweep_cost, sweep_net, 1,
	                            sweep_cross, &r[1], &d), FP_OK);
	assert_int_equal(plot_tornado(&o, h[2].name, 8, name, low, high, vl,
	                              vh, 0, &r[2], &d), FP_OK);
	assert_int_equal(plot_map(&o, h[3].name, h[4].name, h[6].name, 9, 5,
	                          x, y, net, &r[3], &d), FP_OK);
	o.format = "png";
	o.name = "shares-png";
	assert_int_equal(plot_shares(&o, h[7].name, 8, name, gain, cost, 24,
	                             &r[4], &d), FP_OK);
	assert_nothing_ran(dir);
	assert_nothing_ran(out);
	assert_png(r[4].file);

	/* Every name shows literally (a newline as its picture). */
	text = svg_text(r[0].file);
	assert_contains(text, h[0].shown);
	for (int k = 0; k < 8; k++)
		assert_contains(text, h[k].shown);
	free(text);
	text = svg_text(r[1].file);
	assert_contains(text, h[1].shown);
	assert_contains(text, h[5].shown);
	free(text);
	text = svg_text(r[2].file);
	assert_contains(text, h[2].shown);
	for (int k = 0; k < 8; k++)
		assert_contains(text, h[k].shown);
	free(text);
	text = svg_text(r[3].file);
	assert_contains(text, h[3].shown);
	assert_contains(text, h[4].shown);
	assert_contains(text, h[6].shown);
	assert_contains(text, "net (`pts`)");
	free(text);
	assert_contains(r[0].ascii, h[5].shown);

	/* The data files carry none of the characters that matter (a
	 * backslash only starts an octal escape). */
	for (int k = 0; k < 5; k++) {
		data = slurp(r[k].data, NULL);
		assert_null(strpbrk(data, "`@<|$';#&!>"));
		free(data);
		plot_result_free(&r[k]);
	}
	free(out);
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* A folder whose name starts with '<' or '|' is still a folder to gnuplot,
 * never a command whose output it reads or into which it writes. */
static void hostile_folder_names_are_paths(void **state)
{
	char *gp = need_gnuplot(), *dir = make_tmpdir(), cwd[PATH_MAX];
	const char *dirs[] = { "|touch pwned-pipe;", "<touch pwned-lt;",
	                       "$(touch pwned-dollar)" };
	struct plot_result r;
	struct diag d;

	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(dir), 0);
	for (size_t k = 0; k < 3; k++) {
		struct plot_opts o = { .dir = dirs[k], .ascii = true };
		char svg[PATH_MAX];
		assert_int_equal(draw_shares(&o, &r, &d), FP_OK);
		assert_true(r.drawn);
		snprintf(svg, sizeof svg, "%s/shares.svg", dirs[k]);
		assert_string_equal(r.file, svg);
		assert_true(exists(svg));
		plot_result_free(&r);
	}
	assert_int_equal(chdir(cwd), 0);
	assert_nothing_ran(dir);
	remove_tree(dir);
	free(dir);
	free(gp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(gp_string_plain_text_is_quoted),
		cmocka_unit_test(gp_string_escapes_meta_characters_in_octal),
		cmocka_unit_test(gp_string_keeps_controls_out),
		cmocka_unit_test(gp_string_keeps_utf8_and_replaces_bad_bytes),
		cmocka_unit_test(gp_string_reads_back_literally_in_gnuplot),
		cmocka_unit_test(proc_capture_reads_both_streams_and_status),
		cmocka_unit_test(proc_capture_reports_a_missing_program),
		cmocka_unit_test(proc_find_program_searches_path),
		cmocka_unit_test(find_gnuplot_honours_option_and_environment),
		cmocka_unit_test(shares_data_is_sorted_with_net),
		cmocka_unit_test(shares_sums_the_cases_beyond_the_limit),
		cmocka_unit_test(shares_svg_holds_the_labels),
		cmocka_unit_test(shares_png_has_the_signature),
		cmocka_unit_test(sweep_data_and_svg),
		cmocka_unit_test(tornado_data_and_svg),
		cmocka_unit_test(map_labels_sit_inside_their_regions),
		cmocka_unit_test(map_svg_and_png_hold_contour_and_regions),
		cmocka_unit_test(script_is_the_same_for_every_chart),
		cmocka_unit_test(no_script_has_dollar_digit_or_macro),
		cmocka_unit_test(without_gnuplot_files_are_written_with_a_note),
		cmocka_unit_test(gnuplot_failing_is_an_error_with_its_message),
		cmocka_unit_test(bad_options_are_errors),
		cmocka_unit_test(bad_data_are_errors),
		cmocka_unit_test(hostile_names_are_shown_not_run),
		cmocka_unit_test(hostile_folder_names_are_paths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
