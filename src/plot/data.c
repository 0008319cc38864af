/* data.c: writing the data files of the charts (draw.h): exact numbers,
 * quoted strings cut to fit, bars, the current-value mark. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot/draw.h"
#include "plot/escape_gp.h"
#include "util/escape.h"
#include "util/numfmt.h"

void gpd_num(FILE *f, double x)
{
	char buf[NUMFMT_MAX];

	fputs(isfinite(x) ? numfmt_exact(buf, x) : "NaN", f);
}

void gpd_str(FILE *f, const char *s)
{
	gp_string_write(f, s);
}

void gpd_str_cut(FILE *f, const char *s, size_t max)
{
	char *t = cut_middle(s ? s : "", max);

	/* Out of memory: the memory stream fails too, plot_draw_mem says so. */
	gpd_str(f, t ? t : "...");
	free(t);
}

void gpd_row(FILE *f, const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(' ', f);
		gpd_num(f, v[i]);
	}
	fputc('\n', f);
}

int plot_rank_desc(const void *a, const void *b)
{
	const struct plot_rank *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

void gpd_bar(FILE *f, size_t y, const char *label, double a, double b)
{
	fprintf(f, "%zu ", y);
	gpd_str_cut(f, label, PLOT_NAME_MAX);
	fputc(' ', f);
	gpd_num(f, a);
	fputc(' ', f);
	gpd_num(f, b);
	fputc('\n', f);
}

void gpd_unit(FILE *f, const char *what, const char *unit)
{
	if (!unit || !*unit) {
		gpd_str(f, what);
		return;
	}
	size_t len = strlen(what) + strlen(unit) + 4;
	char *s = malloc(len);
	if (!s) {
		/* The memory stream fails too then: plot_draw_mem says so. */
		gpd_str(f, what);
		return;
	}
	snprintf(s, len, "%s (%s)", what, unit);
	gpd_str(f, s);
	free(s);
}

void gpd_base(FILE *f, const struct plot_opts *o, const char *xname,
              const char *yname, const double r[4])
{
	char vx[32], vy[32], *label;
	size_t len;
	double lo = r[0], hi = r[1];

	if (!o || !o->has_base || !(o->base_x >= lo && o->base_x <= hi) ||
	    (yname && !(o->base_y >= r[2] && o->base_y <= r[3]))) {
		fputs(" 0 0 NaN \"\" 0", f);
		return;
	}
	fputs(" 1 ", f);
	gpd_num(f, o->base_x);
	fputc(' ', f);
	gpd_num(f, yname ? o->base_y : NAN);
	fputc(' ', f);
	len = strlen(xname ? xname : "") + strlen(yname ? yname : "") + 96;
	label = malloc(len);
	if (label) {
		if (yname)
			snprintf(label, len, "now: %s = %s, %s = %s",
			         xname ? xname : "", gpd_human(vx, o->base_x),
			         yname, gpd_human(vy, o->base_y));
		else
			snprintf(label, len, "now: %s = %s", xname ? xname : "",
			         gpd_human(vx, o->base_x));
	}
	/* The memory stream fails too without label; plot_draw_mem says so. */
	gpd_str_cut(f, label ? label : "now", PLOT_NAME_MAX + 24);
	free(label);
	fprintf(f, " %d",
	        (o->base_x > lo + (hi - lo) / 2) +
	            2 * (yname && o->base_y > r[2] + (r[3] - r[2]) / 2));
}

char *gpd_human(char buf[32], double x)
{
	return numfmt_human(buf, x, 4);
}

int gpd_open(FILE **f, char **buf, size_t *len, struct diag *d)
{
	*buf = NULL;
	*len = 0;
	*f = open_memstream(buf, len);
	if (!*f)
		return diag_oom(d);
	return FP_OK;
}
