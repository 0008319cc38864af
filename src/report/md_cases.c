/* md_cases.c: the cases in the Markdown record: the line of counts, the
 * order in which cases matter, and the rows of the per-case table. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/md.h"
#include "util/numfmt.h"

const char *md_count(char buf[32], size_t n)
{
	char digits[24];
	int len = snprintf(digits, sizeof digits, "%zu", n);
	size_t o = 0;

	for (int k = 0; k < len; k++) {
		if (k > 0 && (len - k) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[k];
	}
	buf[o] = '\0';
	return buf;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Whether case i has a runtime on both sides (a case without one has NaN:
 * price.h). */
static bool both(const struct price *p, size_t i)
{
	return isfinite(p->runtime[0][i]) && isfinite(p->runtime[1][i]);
}

/* The ratios after/before of the cases with both runtimes above 0, sorted;
 * *n of them.  NULL with *n 0 when there are none or memory ran out
 * (*oom then). */
static double *ratios(const struct price *p, size_t *n, bool *oom)
{
	double *q = malloc((p->n ? p->n : 1) * sizeof *q);

	*n = 0;
	if (!q) {
		*oom = true;
		return NULL;
	}
	for (size_t i = 0; i < p->n; i++) {
		double b = p->runtime[0][i], a = p->runtime[1][i];

		if (both(p, i) && b > 0 && a > 0 && isfinite(a / b))
			q[(*n)++] = a / b;
	}
	qsort(q, *n, sizeof *q, cmp_double);
	return q;
}

static void put_ratios(struct mout *m, const struct price *p)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[32];
	size_t n;
	double *q = ratios(p, &n, &m->oom), med, logs = 0;

	if (n == 0) {
		fputs("; no case has a runtime before and after.\n", m->out);
		free(q);
		return;
	}
	med = n % 2 ? q[n / 2] : (q[n / 2 - 1] + q[n / 2]) / 2;
	for (size_t k = 0; k < n; k++)
		logs += log(q[k]);
	fprintf(m->out,
	        "; runtime after/before over the %s case%s with both: "
	        "median %s, geometric mean %s.\n",
	        md_count(c, n), n == 1 ? "" : "s",
	        numfmt_human(a, med, REPORT_DIGITS),
	        numfmt_human(b, exp(logs / (double)n), REPORT_DIGITS));
	free(q);
}

void md_counts(struct mout *m, const struct record *r)
{
	const struct price *p = r->price;
	size_t k[5] = {0}; /* newly passing, newly failing, still failing,
	                    * slower, faster */
	char c[5][32];

	for (size_t i = 0; i < p->n; i++) {
		bool b = p->passed[0][i] != 0, a = p->passed[1][i] != 0;

		k[0] += !b && a;
		k[1] += b && !a;
		k[2] += !b && !a;
		if (both(p, i)) {
			k[3] += p->runtime[1][i] > p->runtime[0][i];
			k[4] += p->runtime[1][i] < p->runtime[0][i];
		}
	}
	fprintf(m->out,
	        "\n**Cases:** %s newly passing, %s newly failing, %s "
	        "still failing; %s slower, %s faster",
	        md_count(c[0], k[0]), md_count(c[1], k[1]),
	        md_count(c[2], k[2]), md_count(c[3], k[3]),
	        md_count(c[4], k[4]));
	put_ratios(m, p);
}

struct ranked {
	double key; /* |gain share| + |cost share| */
	size_t i;
};

static int cmp_rank(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	/* NaN shares sort last; ties in case order. */
	if (x->key > y->key || (!isnan(x->key) && isnan(y->key)))
		return -1;
	if (x->key < y->key || (isnan(x->key) && !isnan(y->key)))
		return 1;
	return (x->i > y->i) - (x->i < y->i);
}

size_t *md_rank(const struct price *p)
{
	size_t *idx = malloc((p->n ? p->n : 1) * sizeof *idx);
	struct ranked *r;

	if (!idx)
		return NULL;
	for (size_t i = 0; i < p->n; i++)
		idx[i] = i;
	if (!p->gain_share || !p->cost_share || p->n == 0)
		return idx;
	r = malloc(p->n * sizeof *r);
	if (!r) {
		free(idx);
		return NULL;
	}
	for (size_t i = 0; i < p->n; i++)
		r[i] = (struct ranked){
		    fabs(p->gain_share[i]) + fabs(p->cost_share[i]), i};
	qsort(r, p->n, sizeof *r, cmp_rank);
	for (size_t k = 0; k < p->n; k++)
		idx[k] = r[k].i;
	free(r);
	return idx;
}

void md_case_header(struct mout *m)
{
	/* Numbers first, the case last: a long name never pushes the
	 * numbers out of a comment's width. */
	fputs("| weight | pass before | pass after | runtime before "
	      "| runtime after | score before | score after | gain share "
	      "| cost share | case |\n",
	      m->out);
	fputs("|--:|---|---|--:|--:|--:|--:|--:|--:|---|\n", m->out);
}

void md_case_row(struct mout *m, const struct record *r, size_t i,
                 const char *label)
{
	const struct price *p = r->price;
	char a[REPORT_CELL_MAX], b[NUMFMT_MAX];

	fprintf(m->out, "| %s", numfmt_human(a, p->weight[i], REPORT_DIGITS));
	fprintf(m->out, " | %s | %s",
	        p->passed[SIDE_BEFORE][i] != 0 ? "pass" : "fail",
	        p->passed[SIDE_AFTER][i] != 0 ? "pass" : "fail");
	for (int s = 0; s < 2; s++)
		fprintf(m->out, " | %s",
		        report_runtime_cell(a, r, s, i, PRECISION_HUMAN));
	fprintf(m->out, " | %s",
	        numfmt_fixed(a, p->score[SIDE_BEFORE][i], REPORT_DECIMALS));
	fprintf(m->out, " | %s",
	        numfmt_fixed(b, p->score[SIDE_AFTER][i], REPORT_DECIMALS));
	if (p->gain_share && p->cost_share) {
		fprintf(m->out, " | %s",
		        numfmt_fixed(a, p->gain_share[i], REPORT_DECIMALS));
		fprintf(m->out, " | %s",
		        numfmt_fixed(b, p->cost_share[i], REPORT_DECIMALS));
	} else {
		fputs(" | - | -", m->out);
	}
	fputs(" | ", m->out);
	md_text(m, label ? label : p->case_name[i]);
	fputs(" |\n", m->out);
}
