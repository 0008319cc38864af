/* bars.c: the waterfall of gain, cost and net (bars.h). */
#include "report/bars.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/md.h"
#include "util/ksum.h"

/* A share: case i's on the gain side (cost 0) or on the cost side. */
struct entry {
	size_t i;
	int cost;
	double v; /* signed contribution to net */
};

static bool above(const struct entry *x, const struct entry *y)
{
	/* Larger first; ties in case order, gain before cost. */
	if (fabs(x->v) != fabs(y->v))
		return fabs(x->v) > fabs(y->v);
	return x->i != y->i ? x->i < y->i : x->cost < y->cost;
}

/* The k largest nonzero shares of either side, by insertion (k is a
 * handful); how many. */
static size_t top(const struct price *p, struct entry *e, size_t k)
{
	size_t have = 0;

	for (size_t i = 0; i < p->n; i++)
		for (int c = 0; c < 2; c++) {
			struct entry x = {
			    i, c, c ? -p->cost_share[i] : p->gain_share[i]};
			size_t at = have;

			if (x.v == 0)
				continue;
			while (at > 0 && above(&x, &e[at - 1]))
				at--;
			if (at >= k)
				continue;
			if (have < k)
				have++;
			memmove(e + at + 1, e + at,
			        (have - 1 - at) * sizeof *e);
			e[at] = x;
		}
	return have;
}

static bool finite_shares(const struct price *p)
{
	if (!p->gain_share || !p->cost_share || !isfinite(p->gain) ||
	    !isfinite(p->cost) || !isfinite(p->net))
		return false;
	for (size_t i = 0; i < p->n; i++)
		if (!isfinite(p->gain_share[i]) || !isfinite(p->cost_share[i]))
			return false;
	return true;
}

static void add(struct report_bars *b, enum report_bar_kind kind, size_t i,
                size_t nrest, double value, double *level)
{
	struct report_bar *bar = &b->bar[b->n++];
	bool total = kind == BAR_GAIN || kind == BAR_NET;

	*bar = (struct report_bar){kind,
	                           i,
	                           nrest,
	                           value,
	                           total ? 0 : *level,
	                           total ? value : *level + value};
	*level = bar->to;
}

/* One side's bars: its named shares, then the rest. */
static void side(struct report_bars *b, const struct price *p,
                 const struct entry *e, size_t ne, int cost, double *level)
{
	const double *share = cost ? p->cost_share : p->gain_share;
	struct ksum rest = {0, 0};
	size_t nrest = 0;

	for (size_t k = 0; k < ne; k++)
		if (e[k].cost == cost)
			add(b, cost ? BAR_COST_CASE : BAR_GAIN_CASE, e[k].i, 0,
			    e[k].v, level);
	for (size_t i = 0; i < p->n; i++) {
		bool is_named = false;

		for (size_t k = 0; k < ne && !is_named; k++)
			is_named = e[k].i == i && e[k].cost == cost;
		if (share[i] != 0 && !is_named) {
			ksum_add(&rest, share[i]);
			nrest++;
		}
	}
	if (nrest > 0)
		add(b, cost ? BAR_COST_REST : BAR_GAIN_REST, 0, nrest,
		    cost ? -ksum_value(&rest) : ksum_value(&rest), level);
}

/* The named cases' names, shortened together, each case once. */
static bool name_bars(struct report_bars *b, const struct price *p,
                      size_t name_max, char *(*form)(const char *))
{
	const char *name[REPORT_BARS_MAX] = {0};
	char *formed[REPORT_BARS_MAX] = {0};
	size_t of[REPORT_BARS_MAX], nn = 0, k;
	bool ok = true;

	for (k = 0; k < b->n; k++) {
		const struct report_bar *bar = &b->bar[k];
		size_t j = 0;

		if (bar->kind != BAR_GAIN_CASE && bar->kind != BAR_COST_CASE)
			continue;
		for (j = 0; j < k; j++)
			if ((b->bar[j].kind == BAR_GAIN_CASE ||
			     b->bar[j].kind == BAR_COST_CASE) &&
			    b->bar[j].i == bar->i)
				break;
		if (j < k) {
			of[k] = of[j];
			continue;
		}
		of[k] = nn;
		name[nn] = p->case_name[bar->i];
		if (form && !(name[nn] = formed[nn] = form(name[nn])))
			ok = false;
		nn++;
	}
	ok = ok && shorten_names(name, nn, name_max, NULL, 0, &b->names);
	for (k = 0; k < nn; k++)
		free(formed[k]);
	for (k = 0; ok && k < b->n; k++)
		b->label[k] = b->bar[k].kind == BAR_GAIN_CASE ||
		                      b->bar[k].kind == BAR_COST_CASE
		                  ? b->names.label[of[k]]
		                  : "";
	return ok;
}

bool report_bars_of(const struct price *p, size_t name_max,
                    char *(*form)(const char *), struct report_bars *b,
                    bool *oom)
{
	struct entry e[REPORT_BARS_NAMED];
	size_t ne;
	double level = 0;

	memset(b, 0, sizeof *b);
	if (!finite_shares(p))
		return false;
	ne = top(p, e, REPORT_BARS_NAMED);
	side(b, p, e, ne, 0, &level);
	add(b, BAR_GAIN, 0, 0, p->gain, &level);
	side(b, p, e, ne, 1, &level);
	add(b, BAR_NET, 0, 0, p->net, &level);
	if (!name_bars(b, p, name_max, form)) {
		*oom = true;
		report_bars_free(b);
		return false;
	}
	return true;
}

void report_bars_free(struct report_bars *b)
{
	shorten_free(&b->names);
	b->n = 0;
}

const char *report_bar_words(const struct report_bar *bar, char *buf,
                             size_t size)
{
	char c[32];

	switch (bar->kind) {
	case BAR_GAIN:
		snprintf(buf, size, "gain");
		break;
	case BAR_NET:
		snprintf(buf, size, "net");
		break;
	case BAR_GAIN_REST:
	case BAR_COST_REST:
		/* The rest of one side: its cases may include one named on
		 * the other side (a newly passing case's cost beside its
		 * gain), so not "other cases". */
		snprintf(buf, size, "other %s (%s case%s)",
		         bar->kind == BAR_GAIN_REST ? "gain" : "cost",
		         md_count(c, bar->nrest), bar->nrest == 1 ? "" : "s");
		break;
	default:
		snprintf(buf, size, "case");
	}
	return buf;
}

char *report_names_note(const struct shorten *s)
{
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		return NULL;
	if (s->prefix[0] || s->suffix[0])
		fputs("names shown without their common ", f);
	if (s->prefix[0])
		fprintf(f, "start %s%s", s->prefix,
		        s->suffix[0] ? " and " : "");
	if (s->suffix[0])
		fprintf(f, "end %s", s->suffix);
	if (fclose(f) != 0) {
		free(out);
		return NULL;
	}
	return out;
}
