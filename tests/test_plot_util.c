/* test_plot_util.c: what the plot tests share: temporary folders, files,
 * gnuplot and xmllint, and sample charts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plot/proc.h"
#include "test_plot_util.h"

char *make_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char path[PATH_MAX];

	snprintf(path, sizeof path, "%s/fixprice-plot-XXXXXX",
	         base && *base ? base : "/tmp");
	assert_non_null(mkdtemp(path));
	return strdup(path);
}

/* Removes dir and everything in it (our folders are shallow). */
void remove_tree(const char *dir)
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

char *join(const char *dir, const char *name)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *p = malloc(len);
	assert_non_null(p);
	snprintf(p, len, "%s/%s", dir, name);
	return p;
}

bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

char *slurp(const char *path, size_t *lenp)
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

void write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(path, mode), 0);
}

/* The gnuplot the tests draw with; skips the test when there is none,
 * removing and freeing the test's folder first (dir may be NULL). */
char *need_gnuplot(char *dir)
{
	char *gp = plot_find_gnuplot(NULL);
	if (!gp) {
		if (dir) {
			remove_tree(dir);
			free(dir);
		}
		print_message("gnuplot not found: skipped\n");
		skip();
	}
	return gp;
}

char *find_xmllint(void)
{
	return proc_find_program(getenv("XMLLINT") && *getenv("XMLLINT")
	                             ? getenv("XMLLINT")
	                             : "xmllint");
}

/* The text content of an SVG file, with XML escapes decoded.  When xmllint
 * exists, the file must also parse as XML and xmllint supplies the text;
 * without it, entities are decoded here. */
char *svg_text(const char *path)
{
	char *xl = find_xmllint();
	struct proc_output po;
	struct diag d;
	char *raw, *t, *out;

	if (xl) {
		const char *check[] = {xl, "--noout", path, NULL};
		const char *text[] = {xl, "--xpath", "string(/*)", path, NULL};
		assert_int_equal(proc_capture(check, 0, &po, &d), FP_OK);
		if (po.status != 0)
			print_message("xmllint: %s\n", po.err);
		assert_int_equal(po.status, 0);
		proc_output_free(&po);
		assert_int_equal(proc_capture(text, 0, &po, &d), FP_OK);
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
		    {"&amp;", "&"},   {"&lt;", "<"},   {"&gt;", ">"},
		    {"&quot;", "\""}, {"&apos;", "'"},
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

void assert_contains(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("expected to find \"%s\"", needle);
}

void assert_png(const char *path)
{
	size_t len;
	char *buf = slurp(path, &len);

	assert_true(len > 8);
	assert_memory_equal(buf, "\x89PNG\r\n\x1a\n", 8);
	free(buf);
}

/* -- sample charts -------------------------------------------------------- */

const char *const three_cases[] = {"b_slow", "a_win", "c_small"};
/* a_win: gain 4, cost 1.25; b_slow: cost 1.25; c_small: cost 0.5.
 * net = 4 - (1.25 + 1.25 + 0.5) = 1. */
const double three_gain[] = {0, 4, 0};
const double three_cost[] = {1.25, 1.25, 0.5};

int plot_shares_of_cases(const struct plot_opts *o, const char *title, size_t n,
                         const char *const *name, const double *gain,
                         const double *cost, double net, struct plot_result *r,
                         struct diag *d)
{
	struct plot_bar *bar = calloc(n + 1, sizeof *bar);
	double level = 0;
	int rc;

	if (!bar)
		return diag_oom(d);
	for (size_t i = 0; i < n; i++) {
		bar[i] = (struct plot_bar){name[i], level,
		                           level + gain[i] - cost[i], false};
		level = bar[i].to;
	}
	bar[n] = (struct plot_bar){"net", 0, net, true};
	rc = plot_shares(o, title, NULL, n + 1, bar, r, d);
	free(bar);
	return rc;
}

int draw_shares(const struct plot_opts *o, struct plot_result *r,
                struct diag *d)
{
	return plot_shares_of_cases(o, "three cases", 3, three_cases,
	                            three_gain, three_cost, 1, r, d);
}

const double sweep_x[] = {0, 0.5, 1, 1.5, 2};
/* gain = 4x + 2.5, cost = 8: net = 4x - 5.5, zero at x = 1.375. */
const double sweep_gain[] = {2.5, 4.5, 6.5, 8.5, 10.5};
const double sweep_cost[] = {8, 8, 8, 8, 8};
const double sweep_net[] = {-5.5, -3.5, -1.5, 0.5, 2.5};
const double sweep_cross[] = {1.375};

const char *const tornado_params[] = {"perf_weight", "pass_reward",
                                      "weight m512_*"};
/* Swings: |-3.5 - -1.5| = 2, |-1 - -4| = 3, |-2.2 - -2.8| = 0.6. */
const double tornado_low[] = {-1.5, -4, -2.8};
const double tornado_high[] = {-3.5, -1, -2.2};
const double tornado_vlow[] = {0.375, 0.225, 0.75};
const double tornado_vhigh[] = {0.625, 0.375, 1.25};

/* A 9 x 5 grid, net = x - 3.5: reject for x <= 3, accept for x >= 4. */
void fill_grid(double *x, double *y, double *net)
{
	for (int i = 0; i < 9; i++)
		x[i] = i;
	for (int j = 0; j < 5; j++)
		y[j] = j * 0.25;
	for (int j = 0; j < 5; j++)
		for (int i = 0; i < 9; i++)
			net[j * 9 + i] = i - 3.5;
}
