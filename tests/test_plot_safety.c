/* test_plot_safety.c: no user text can make gnuplot run anything: the
 * escaping of data-file strings, running programs without a shell, the
 * fixed scripts, and hostile names and folders drawn for real. */
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

#include "cmd/plot_title.h"
#include "plot/plot.h"
#include "plot/escape_gp.h"
#include "plot/proc.h"
#include "util/escape.h"
#include "test_plot_util.h"

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
	 * "\0" and four digits.  The backslash is doubled first, as on a
	 * terminal, so it shows as \\. */
	char *s = gp_string("`\"'@<>|$\\!;#&");
	assert_string_equal(s, "\"\\0140\\0042\\0047\\0100\\0074\\0076"
	                       "\\0174\\0044\\0134\\0134\\0041\\0073"
	                       "\\0043\\0046\"");
	free(s);
	/* A digit after an escape stays a digit: gnuplot reads four octal
	 * digits after "\0" (and would read "\0441" as 0441, '!'). */
	s = gp_string("$1`1");
	assert_string_equal(s, "\"\\00441\\01401\"");
	free(s);
}

/* Each class of character the visible form of util/escape.h shows as an
 * escape, and as it reaches the data file (its backslash as \0134). */
static const struct {
	const char *raw, *shown;
} classes[] = {
    {"a\nb\tc\rd", "a\\nb\\tc\\rd"},           /* line breaks, tab */
    {"\x07\x1b[2J\x7f", "\\x07\\x1b[2J\\x7f"}, /* C0, ESC, DEL */
    {"\xc2\x9b"
     "1",
     "\\u009b1"}, /* C1 CSI */
    {"\xe2\x80\xae"
     "x",
     "\\u202ex"}, /* bidi override */
    {"\xe2\x81\xa6"
     "x",
     "\\u2066x"},                                   /* bidi isolate */
    {"\xe2\x80\xa8", "\\u2028"},                    /* line separator */
    {"\xe2\x80\x8b\xe2\x81\xa0", "\\u200b\\u2060"}, /* zero width */
    {"\xef\xbb\xbf", "\\ufeff"},                    /* BOM */
    {"\xef\xbf\xbe", "\\ufffe"},                    /* not a character */
    {"a\xff"
     "b\xc3",
     "a\\xffb\\xc3"}, /* not UTF-8 */
};

static void gp_string_shows_every_class_visibly(void **state)
{
	for (size_t i = 0; i < sizeof classes / sizeof *classes; i++) {
		char want[64], *w = want, *s = gp_string(classes[i].raw);
		*w++ = '"';
		for (const char *p = classes[i].shown; *p; p++)
			w += *p == '\\' ? sprintf(w, "\\0134")
			                : sprintf(w, "%c", *p);
		strcpy(w, "\"");
		assert_string_equal(s, want);
		free(s);
	}
}

static void gp_string_keeps_utf8_and_cuts_long_text(void **state)
{
	char *long_text = malloc(ESCAPE_MAX_SHOWN + 2), *s;

	s = gp_string("caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80");
	assert_string_equal(s, "\"caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80\"");
	free(s);
	/* ESCAPE_MAX_SHOWN characters are kept, one more is cut. */
	assert_non_null(long_text);
	memset(long_text, 'x', ESCAPE_MAX_SHOWN);
	long_text[ESCAPE_MAX_SHOWN] = '\0';
	s = gp_string(long_text);
	assert_int_equal(strlen(s), ESCAPE_MAX_SHOWN + 2);
	free(s);
	strcpy(long_text + ESCAPE_MAX_SHOWN, "y");
	s = gp_string(long_text);
	assert_int_equal(strlen(s), ESCAPE_MAX_SHOWN + 5);
	assert_string_equal(s + ESCAPE_MAX_SHOWN, "x...\"");
	free(s);
	free(long_text);
}

/* gnuplot decodes the escapes: reading the field back gives the visible
 * form of the text, every meta character literally. */
static void gp_string_reads_back_literally_in_gnuplot(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir();
	char *file = join(dir, "echo.dat");
	const char *text = "a`b\"c'd@e<f>g|h$i\\j!k;l#m&n %s {x} $1 `2 \\0";
	const char *argv[] = {
	    gp, "-d", "-c", TEST_SRCDIR "/tests/data/plot/echo.gp", file, NULL};
	const char *first = "a`b\"c'd@e<f>g|h$i\\\\j!k;l#m&n %s {x} $1 `2 "
	                    "\\\\0\n";
	struct proc_output po;
	struct diag d;
	char want[1024] = "";
	FILE *f = fopen(file, "w");

	assert_non_null(f);
	assert_int_equal(gp_string_write(f, text), 0);
	fputc('\n', f);
	for (size_t i = 0; i < sizeof classes / sizeof *classes; i++) {
		assert_int_equal(gp_string_write(f, classes[i].raw), 0);
		fputc('\n', f);
		strcat(want, classes[i].shown);
		strcat(want, "\n");
	}
	strcat(want, "\n");
	fclose(f);
	assert_int_equal(proc_capture(argv, 0, &po, &d), FP_OK);
	assert_int_equal(po.status, 0);
	assert_memory_equal(po.out, first, strlen(first));
	assert_string_equal(po.out + strlen(first), want);
	proc_output_free(&po);
	remove_tree(dir);
	free(file);
	free(dir);
	free(gp);
}

/* -- proc ----------------------------------------------------------------- */

static void proc_capture_reads_both_streams_and_status(void **state)
{
	const char *argv[] = {"/bin/sh", "-c",
	                      "printf 'to out'; printf 'to err' >&2; exit 3",
	                      NULL};
	struct proc_output po;
	struct diag d;

	assert_int_equal(proc_capture(argv, 0, &po, &d), FP_OK);
	assert_string_equal(po.out, "to out");
	assert_int_equal(po.outlen, 6);
	assert_string_equal(po.err, "to err");
	assert_int_equal(po.status, 3);
	proc_output_free(&po);
}

static void proc_capture_reports_a_missing_program(void **state)
{
	const char *argv[] = {"/nonexistent/prog", NULL};
	struct proc_output po;
	struct diag d;

	assert_int_equal(proc_capture(argv, 0, &po, &d), FP_ERR);
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

/* -- the script is fixed text --------------------------------------------- */

static void script_is_the_same_for_every_chart(void **state)
{
	char *dir = make_tmpdir(), *a, *b;
	const char *other[] = {"`id`", "x", "y"};
	struct plot_opts o = {
	    .dir = dir, .gnuplot = "/nonexistent", .name = "first"};
	struct plot_result r1, r2;
	struct diag d;

	assert_int_equal(draw_shares(&o, &r1, &d), FP_OK);
	o.name = "second";
	o.unit = "points";
	assert_int_equal(plot_shares_of_cases(&o, "@title", 3, other,
	                                      three_gain, three_cost, 2, &r2,
	                                      &d),
	                 FP_OK);
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
	struct plot_opts o = {.dir = dir, .gnuplot = "/nonexistent"};
	struct plot_result r[3];
	struct diag d;

	fill_grid(x, y, net);
	assert_int_equal(plot_sweep(&o, "t", "p", 5, sweep_x, sweep_gain,
	                            sweep_cost, sweep_net, 1, sweep_cross,
	                            &r[0], &d),
	                 FP_OK);
	assert_int_equal(plot_tornado(&o, "t", 3, tornado_params, tornado_low,
	                              tornado_high, tornado_vlow, tornado_vhigh,
	                              -2.5, &r[1], &d),
	                 FP_OK);
	assert_int_equal(
	    plot_map(&o, "t", "x", "y", 9, 5, x, y, net, &r[2], &d), FP_OK);
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
	/* In the one visible form a newline shows as \n, a backslash as
	 * \\ (util/escape.h). */
	snprintf(h[2].shown, 256, "line\\n`touch %s/pwned-newline`", dir);
	snprintf(h[3].shown, 256, "@pwn \"quoted\" 'single' $1 \\\\n");
}

/* A name of at most PLOT_NAME_MAX characters shows whole; a longer one
 * as its start (no escape in the first 14 characters) and "...". */
static void assert_shown_cut(const char *text, const char *name,
                             const char *shown)
{
	char start[15];

	if (strlen(name) <= PLOT_NAME_MAX) {
		assert_contains(text, shown);
		return;
	}
	snprintf(start, sizeof start, "%s", shown);
	assert_contains(text, start);
	assert_contains(text, "...");
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
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *text, *data;
	char *out = join(dir, "out");
	struct hostile h[8];
	const char *name[8];
	double gain[8], cost[8], low[8], high[8], vl[8], vh[8];
	double x[9], y[5], net[45];
	struct plot_opts o = {.dir = out, .ascii = true, .unit = "`pts`"};
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
	assert_int_equal(plot_shares_of_cases(&o, h[0].name, 8, name, gain,
	                                      cost, 24, &r[0], &d),
	                 FP_OK);
	assert_int_equal(plot_sweep(&o, h[1].name, h[5].name, 5, sweep_x,
	                            sweep_gain, sweep_cost, sweep_net, 1,
	                            sweep_cross, &r[1], &d),
	                 FP_OK);
	assert_int_equal(plot_tornado(&o, h[2].name, 8, name, low, high, vl, vh,
	                              0, &r[2], &d),
	                 FP_OK);
	assert_int_equal(plot_map(&o, h[3].name, h[4].name, h[6].name, 9, 5, x,
	                          y, net, &r[3], &d),
	                 FP_OK);
	o.format = "png";
	o.name = "shares-png";
	assert_int_equal(plot_shares_of_cases(&o, h[7].name, 8, name, gain,
	                                      cost, 24, &r[4], &d),
	                 FP_OK);
	assert_nothing_ran(dir);
	assert_nothing_ran(out);
	assert_png(r[4].file);

	/* Every name shows literally (a newline as its picture); case and
	 * parameter names longer than PLOT_NAME_MAX cut with "...". */
	text = svg_text(r[0].file);
	assert_contains(text, h[0].shown);
	for (int k = 0; k < 8; k++)
		assert_shown_cut(text, h[k].name, h[k].shown);
	free(text);
	text = svg_text(r[1].file);
	assert_contains(text, h[1].shown);
	assert_contains(text, h[5].shown);
	free(text);
	text = svg_text(r[2].file);
	assert_contains(text, h[2].shown);
	for (int k = 0; k < 8; k++)
		assert_shown_cut(text, h[k].name, h[k].shown);
	free(text);
	text = svg_text(r[3].file);
	assert_contains(text, h[3].shown);
	assert_contains(text, h[4].shown);
	assert_contains(text, h[6].shown);
	assert_contains(text, "net (`pts`)");
	free(text);
	assert_shown_cut(r[0].ascii, h[5].name, h[5].shown);

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

/* The metric's name reaches the title, and so gnuplot, only through the
 * data file: shown (cut to PLOT_NAME_MAX), never run; the verdict and the
 * PREDICTION label are never cut away by a long name. */
static void hostile_metric_name_in_the_title(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), *text, *title;
	char name[256];
	struct metric m;
	struct plot_opts o = {.dir = dir};
	struct plot_result r;
	struct diag d;

	memset(&m, 0, sizeof m);
	snprintf(name, sizeof name, "`touch %s/pwned-m` $(touch %s/pwned-n)",
	         dir, dir);
	m.name = name;
	title = plot_title("each case's share", &m, "verdict: accept", true);
	assert_non_null(title);
	assert_int_equal(plot_shares_of_cases(&o, title, 3, three_cases,
	                                      three_gain, three_cost, 1, &r,
	                                      &d),
	                 FP_OK);
	assert_nothing_ran(dir);
	text = svg_text(r.file);
	assert_contains(text, "`touch ");
	assert_contains(text, "...: each case's share -- verdict: accept -- "
	                      "PREDICTION");
	free(text);
	plot_result_free(&r);
	free(title);
	remove_tree(dir);
	free(dir);
	free(gp);
}

/* A folder whose name starts with '<' or '|' is still a folder to gnuplot,
 * never a command whose output it reads or into which it writes. */
static void hostile_folder_names_are_paths(void **state)
{
	char *gp = need_gnuplot(NULL), *dir = make_tmpdir(), cwd[PATH_MAX];
	const char *dirs[] = {"|touch pwned-pipe;", "<touch pwned-lt;",
	                      "$(touch pwned-dollar)"};
	struct plot_result r;
	struct diag d;

	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(dir), 0);
	for (size_t k = 0; k < 3; k++) {
		struct plot_opts o = {.dir = dirs[k], .ascii = true};
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
	    cmocka_unit_test(gp_string_shows_every_class_visibly),
	    cmocka_unit_test(gp_string_keeps_utf8_and_cuts_long_text),
	    cmocka_unit_test(gp_string_reads_back_literally_in_gnuplot),
	    cmocka_unit_test(proc_capture_reads_both_streams_and_status),
	    cmocka_unit_test(proc_capture_reports_a_missing_program),
	    cmocka_unit_test(proc_find_program_searches_path),
	    cmocka_unit_test(find_gnuplot_honours_option_and_environment),
	    cmocka_unit_test(script_is_the_same_for_every_chart),
	    cmocka_unit_test(no_script_has_dollar_digit_or_macro),
	    cmocka_unit_test(hostile_names_are_shown_not_run),
	    cmocka_unit_test(hostile_folder_names_are_paths),
	    cmocka_unit_test(hostile_metric_name_in_the_title),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
