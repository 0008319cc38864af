/* compare_map.c: which candidate wins over two parameters, as a
 * character picture (compare.h). */
#include <stdlib.h>
#include <string.h>

#include "report/compare.h"
#include "report/internal.h"
#include "util/escape.h"

#define MAP_COLUMNS 60

/* Candidate c's letter: A to Z, then '*'; '?' where none wins. */
static char letter(size_t c, size_t k)
{
	if (c >= k)
		return '?';
	return c < 26 ? (char)('A' + c) : '*';
}

static void picture_row(const struct compare_map *g, size_t k, size_t r,
                        size_t rows, size_t cols, FILE *out)
{
	size_t j = r * (g->ny - 1) / (rows > 1 ? rows - 1 : 1);
	char y[NUMFMT_MAX];

	fprintf(out, "%12s |",
	        r == rows - 1 || r == 0
	            ? numfmt_human(y, g->y[j], REPORT_DIGITS)
	            : "");
	for (size_t c = 0; c < cols; c++) {
		size_t i = c * (g->nx - 1) / (cols > 1 ? cols - 1 : 1);
		fputc(letter(g->winner[j * g->nx + i], k), out);
	}
	fputc('\n', out);
}

/* User text outside the picture's code block: a code span in Markdown,
 * which no name can break out of. */
static int put(FILE *out, const char *s, bool md, struct diag *d)
{
	char *e;

	if (!md)
		return report_put_name(out, s, FORMAT_TEXT, d);
	if (!(e = escape_md_code(s, false)))
		return diag_oom(d);
	fputs(e, out);
	free(e);
	return FP_OK;
}

static int legend(const struct compare_view *v, bool md, FILE *out,
                  struct diag *d)
{
	const struct compare_map *g = v->map;

	for (size_t c = 0; c < v->k; c++) {
		size_t wins = 0;

		for (size_t i = 0; i < g->nx * g->ny; i++)
			wins += g->winner[i] == c;
		fprintf(out, md ? "- `%c`: " : "%c  ", letter(c, v->k));
		if (put(out, v->c[c].name, md, d) != FP_OK)
			return FP_ERR;
		fprintf(out, ": largest net at %zu of %zu grid points\n", wins,
		        g->nx * g->ny);
	}
	return FP_OK;
}

int report_compare_map(const struct compare_view *v, bool md, FILE *out,
                       struct diag *d)
{
	const struct compare_map *g = v->map;
	size_t cols = g->nx < MAP_COLUMNS ? g->nx : MAP_COLUMNS;
	size_t rows = g->ny < MAP_COLUMNS / 2 ? g->ny : MAP_COLUMNS / 2;
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	fputs(md ? "\n```\n" : "\n", out);
	fputs("the candidate with the largest net over two parameters:\n", out);
	for (size_t r = rows; r-- > 0;)
		picture_row(g, v->k, r, rows, cols, out);
	fprintf(out, "%12s +%.*s\n", "", (int)cols,
	        "------------------------------------------------------------");
	numfmt_human(a, g->x[0], REPORT_DIGITS);
	numfmt_human(b, g->x[g->nx - 1], REPORT_DIGITS);
	if (strlen(a) + strlen(b) + 1 < cols)
		fprintf(out, "%14s%-*s%s\n", "", (int)(cols - strlen(b)), a, b);
	fputs(md ? "```\n\ny: " : "y: ", out);
	if (put(out, g->yname, md, d) != FP_OK)
		return FP_ERR;
	fputs(", x: ", out);
	if (put(out, g->xname, md, d) != FP_OK)
		return FP_ERR;
	fprintf(out, " from %s to %s\n%s", a, b, md ? "\n" : "");
	return legend(v, md, out, d);
}
