/* compare.c: `fixprice compare` as text, Markdown and GitHub's job summary
 * (compare.h): the outcome, then one table, a row per candidate, then the
 * winner map when asked.  Names are escaped as the form needs: the
 * terminal form in text, a code span in Markdown (so that no name can
 * open a tag, a link or a workflow command). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/compare.h"
#include "report/internal.h"
#include "util/escape.h"

#define MAX_PARAMS 16     /* break-even columns */
#define MAX_SHOWN_CROSS 3 /* break-evens of one parameter shown */
#define MAP_COLUMNS 60

/* A table of cells built first, then laid out. */
struct table {
	size_t rows, cols;
	char **cell; /* rows * cols, owned */
	bool oom;
};

static void put(struct table *t, size_t r, size_t c, char *s)
{
	if (!s)
		t->oom = true;
	t->cell[r * t->cols + c] = s;
}

static char *dup(const char *s)
{
	return strdup(s);
}

static char *fixed(double x)
{
	char b[NUMFMT_MAX];

	return dup(isfinite(x) ? numfmt_fixed(b, x, REPORT_DECIMALS) : "-");
}

static char *name_cell(const char *s, bool md)
{
	return md ? escape_md_code(s, true) : escape_terminal(s);
}

static char *interval_cell(const struct compare_cand *c)
{
	const struct verdict *v = c->verdict;
	char a[NUMFMT_MAX], b[NUMFMT_MAX], s[2 * NUMFMT_MAX + 8];

	if (!v || !v->judged || !v->boot)
		return dup("-");
	snprintf(s, sizeof s, "[%s, %s]",
	         numfmt_fixed(a, v->boot->net_ci.lo, REPORT_DECIMALS),
	         numfmt_fixed(b, v->boot->net_ci.hi, REPORT_DECIMALS));
	return dup(s);
}

static char *verdict_cell(const struct compare_cand *c)
{
	const struct verdict *v = c->verdict;
	char s[64];

	if (!v)
		return dup(c->price->accept ? "accept" : "reject");
	if (v->kind != VERDICT_NOT_JUDGED)
		return dup(verdict_name(v->kind));
	snprintf(s, sizeof s, "%s, not judged", verdict_name(v->point_kind));
	return dup(s);
}

/* Where net is 0 as one parameter varies: the values (exact, as solved),
 * "none in [lo, hi]", "net 0 throughout", or "-" when the candidate has
 * no such parameter. */
static char *breakeven_cell(const struct compare_cand *c, const char *param)
{
	char s[MAX_SHOWN_CROSS * (NUMFMT_MAX + 2 + 24) + 2 * NUMFMT_MAX + 32];
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	for (size_t i = 0; i < c->nbreakeven; i++) {
		const struct param_breakeven *e = &c->breakeven[i];
		size_t at = 0;

		if (strcmp(e->param, param) != 0)
			continue;
		if (e->zero_everywhere)
			return dup("net 0 throughout");
		if (e->ncross == 0) {
			snprintf(s, sizeof s, "none in [%s, %s]",
			         numfmt_human(a, e->lo, REPORT_DIGITS),
			         numfmt_human(b, e->hi, REPORT_DIGITS));
			return dup(s);
		}
		for (size_t j = 0; j < e->ncross && j < MAX_SHOWN_CROSS; j++)
			at += (size_t)snprintf(
			    s + at, sizeof s - at, "%s%s%s", j ? ", " : "",
			    numfmt_exact(a, e->cross[j]),
			    report_jump_at(e, j) ? " (a jump, net not 0)" : "");
		if (e->ncross > MAX_SHOWN_CROSS)
			snprintf(s + at, sizeof s - at, ", ...");
		return dup(s);
	}
	return dup("-");
}

static void fill(struct table *t, const struct compare_view *v,
                 const char **params, size_t np, bool md)
{
	char h[96];

	put(t, 0, 0, dup("candidate"));
	put(t, 0, 1, dup("gain"));
	put(t, 0, 2, dup("cost"));
	put(t, 0, 3, dup("net"));
	snprintf(h, sizeof h, "%g %% interval", v->confidence * 100);
	put(t, 0, 4, dup(h));
	put(t, 0, 5, dup("verdict"));
	put(t, 0, 6, dup("P(best)"));
	for (size_t p = 0; p < np; p++) {
		char *e = name_cell(params[p], md);
		snprintf(h, sizeof h, "break-even %s", e ? e : "?");
		free(e);
		put(t, 0, 7 + p, dup(h));
	}
	for (size_t r = 0; r < v->k; r++) {
		const struct compare_cand *c = &v->c[v->rank->order[r]];
		const struct noise_ranking *k = v->rank;

		put(t, r + 1, 0, name_cell(c->name, md));
		put(t, r + 1, 1, fixed(c->price->gain));
		put(t, r + 1, 2, fixed(c->price->cost));
		put(t, r + 1, 3, fixed(c->price->net));
		put(t, r + 1, 4, interval_cell(c));
		put(t, r + 1, 5, verdict_cell(c));
		put(t, r + 1, 6,
		    k->p_best ? fixed(k->p_best[k->order[r]]) : dup("-"));
		for (size_t p = 0; p < np; p++)
			put(t, r + 1, 7 + p, breakeven_cell(c, params[p]));
	}
}

static void lay_out(const struct table *t, bool md, FILE *out)
{
	size_t w[7 + MAX_PARAMS] = {0};

	for (size_t r = 0; r < t->rows; r++)
		for (size_t c = 0; c < t->cols; c++) {
			size_t n = report_width(t->cell[r * t->cols + c]);
			w[c] = n > w[c] ? n : w[c];
		}
	for (size_t r = 0; r < t->rows; r++) {
		for (size_t c = 0; c < t->cols; c++) {
			const char *s = t->cell[r * t->cols + c];
			size_t pad = w[c] - report_width(s);

			fputs(md ? "| " : c ? "  " : "", out);
			/* Numbers right-aligned, names and words left. */
			if (c >= 1 && c <= 3)
				fprintf(out, "%*s", (int)pad, "");
			fputs(s, out);
			if (!(c >= 1 && c <= 3) && (md || c + 1 < t->cols))
				fprintf(out, "%*s", (int)pad, "");
			fputs(md ? " " : "", out);
		}
		fputs(md ? "|\n" : "\n", out);
		if (md && r == 0) {
			for (size_t c = 0; c < t->cols; c++)
				fputs(c >= 1 && c <= 3 ? "|---:" : "|---", out);
			fputs("|\n", out);
		}
	}
}

static int table(const struct compare_view *v, bool md, FILE *out,
                 struct diag *d)
{
	const char *params[MAX_PARAMS];
	size_t np = report_compare_params(v, params, MAX_PARAMS);
	struct table t = {.rows = v->k + 1, .cols = 7 + np};
	int rc = FP_OK;

	if (!(t.cell = calloc(t.rows * t.cols, sizeof *t.cell)))
		return diag_oom(d);
	fill(&t, v, params, np, md);
	if (t.oom)
		rc = diag_oom(d);
	else
		lay_out(&t, md, out);
	for (size_t i = 0; i < t.rows * t.cols; i++)
		free(t.cell[i]);
	free(t.cell);
	return rc;
}

size_t report_compare_params(const struct compare_view *v, const char **names,
                             size_t max)
{
	size_t n = 0;

	for (size_t c = 0; c < v->k; c++)
		for (size_t i = 0; i < v->c[c].nbreakeven; i++) {
			const char *p = v->c[c].breakeven[i].param;
			size_t j = 0;

			while (j < n && strcmp(names[j], p) != 0)
				j++;
			if (j == n && n < max)
				names[n++] = p;
		}
	return n;
}

/* The first line: the best candidate and P(best). */
static int headline(const struct compare_view *v, bool md, FILE *out,
                    struct diag *d)
{
	const struct noise_ranking *k = v->rank;
	char *name = name_cell(v->c[k->best].name, md);
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	if (!name)
		return diag_oom(d);
	fprintf(out, md ? "**best: %s**, " : "best: %s, ", name);
	free(name);
	if (k->p_best)
		fprintf(
		    out,
		    "P(best) %s over %zu joint resamples; net %s of %zu "
		    "candidate%s\n",
		    numfmt_fixed(a, k->p_best[k->best], REPORT_DECIMALS), k->B,
		    numfmt_fixed(b, v->c[k->best].price->net, REPORT_DECIMALS),
		    v->k, v->k == 1 ? "" : "s");
	else
		fprintf(
		    out,
		    "P(best) not measured (no case has two samples that "
		    "differ, or fewer than %zu resamples); the largest net %s "
		    "of %zu candidate%s\n",
		    noise_least_resamples(v->confidence),
		    numfmt_fixed(b, v->c[k->best].price->net, REPORT_DECIMALS),
		    v->k, v->k == 1 ? "" : "s");
	return FP_OK;
}

static int about(const struct compare_view *v, bool md, FILE *out,
                 struct diag *d)
{
	fputs(md ? "\n- **before**: " : "before: ", out);
	if (report_put_name(out, v->before, md ? FORMAT_MD : FORMAT_TEXT, d) !=
	    FP_OK)
		return FP_ERR;
	fputs(md ? "\n- **metric**: " : "; metric ", out);
	if (report_put_name(out, v->metric, md ? FORMAT_MD : FORMAT_TEXT, d) !=
	    FP_OK)
		return FP_ERR;
	fputs(md ? "\n\n" : "\n", out);
	return FP_OK;
}

static void notes(const struct compare_view *v, bool md, FILE *out)
{
	const char *b = md ? "- " : "";

	fputs(md ? "\n" : "", out);
	if (v->rank->p_best)
		fprintf(out,
		        "%sP(best): the share of the resamples in which a "
		        "candidate's net is the largest; each resample draws "
		        "the before run once for every candidate, so they "
		        "share its noise.\n",
		        b);
	fprintf(out,
	        "%sinterval and verdict: as `price` gives them for that "
	        "candidate alone (a scenario's prediction is not judged).\n",
	        b);
	fprintf(out,
	        "%sbreak-even: where net is 0 as that parameter varies, the "
	        "others held (- : not a parameter of that candidate).\n",
	        b);
}

int report_compare(const struct compare_view *v, enum report_format f,
                   FILE *out, struct diag *d)
{
	bool md = f == FORMAT_MD || f == FORMAT_GITHUB;

	if (f == FORMAT_JSON)
		return report_compare_json(v, out, d);
	if (headline(v, md, out, d) != FP_OK || about(v, md, out, d) != FP_OK ||
	    table(v, md, out, d) != FP_OK)
		return FP_ERR;
	notes(v, md, out);
	if (v->map && report_compare_map(v, md, out, d) != FP_OK)
		return FP_ERR;
	return report_finish(out, report_form_name(f), d);
}

static int compare_txt(const void *v, FILE *out, struct diag *d)
{
	return report_compare(v, FORMAT_TEXT, out, d);
}

static int compare_md(const void *v, FILE *out, struct diag *d)
{
	return report_compare(v, FORMAT_MD, out, d);
}

static int compare_json(const void *v, FILE *out, struct diag *d)
{
	return report_compare_json(v, out, d);
}

static const struct report_dir_file compare_files[] = {
    {"compare.txt", compare_txt},
    {"compare.md", compare_md},
    {"compare.json", compare_json},
};
#define NFILES (sizeof compare_files / sizeof compare_files[0])

int report_compare_dir(const struct compare_view *v, const char *dir,
                       bool force, struct diag *d)
{
	return report_dir_write(dir, compare_files, NFILES, v, force, d);
}

int report_compare_dir_check(const char *dir, bool force, struct diag *d)
{
	return report_dir_check(dir, compare_files, NFILES, force, d);
}
