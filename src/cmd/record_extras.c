/* record_extras.c: break-evens and plots for price records. */
#include "cmd/record_extras.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "cmd/plot_title.h"

static int fill_breakevens(struct record_extras *x, struct session *ses,
                           const struct price *base, struct diag *d)
{
	struct sens sens = {0}, *s = &sens;
	struct knob *knobs = NULL;
	size_t n = 0;
	int rc = FP_ERR;

	if (sens_open(s, ses, base, d) != FP_OK ||
	    sens_all_knobs(s, &knobs, &n, d) != FP_OK)
		goto out;
	x->breakeven = calloc(n ? n : 1, sizeof *x->breakeven);
	if (!x->breakeven) {
		diag_oom(d);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		struct record_breakeven *b = &x->breakeven[x->nbreakeven++];
		/* Names live in the metric or scenario, which outlive the record. */
		b->param = knobs[i].kind == KNOB_METRIC
		               ? ses->metric->params[knobs[i].index].name
		               : ses->scenario->params[knobs[i].index].name;
		b->value = knobs[i].base;
		sens_default_range(&knobs[i], &b->lo, &b->hi);
		if (sens_breakeven(s, &knobs[i], b->lo, b->hi, &b->cross,
		                   &b->ncross, d) != FP_OK)
			goto out;
		b->zero_everywhere = knobs[i].zero_everywhere;
		b->every_crossing = knobs[i].every_crossing;
	}
	rc = FP_OK;
out:
	free(knobs);
	sens_close(s);
	return rc;
}

static int fill_plot(struct record_extras *x, const struct record *r,
                     const char *record_dir, const struct output_opts *o,
                     struct diag *d)
{
	struct plot_opts po = cmd_plot_opts(o);
	const struct price *p = r->price;
	char *title;
	int rc;

	if (!o->plot_dir)
		po.dir = record_dir;
	if (!p->gain_share || !p->cost_share)
		return FP_OK; /* the record already says why there are no shares */
	if (!(title =
	          plot_title_record("each case's share of gain and cost", r)))
		return diag_oom(d);
	rc = plot_shares(&po, title, p->n, p->case_name, p->gain_share,
	                 p->cost_share, p->net, &x->shares, d);
	free(title);
	if (rc != FP_OK)
		return FP_ERR;
	x->have_plot = true;
	x->plot.title = "Each case's share of gain and cost";
	/* Markdown links are relative to the record folder; a plot elsewhere
	 * is named by its final path, not where it is written for now. */
	if (!o->plot_dir && record_dir) {
		const char *slash = strrchr(x->shares.file, '/');
		x->plot.file = slash ? slash + 1 : x->shares.file;
	} else if (!(x->plot.file = x->link =
	                 output_final_text(o, x->shares.file))) {
		return diag_oom(d);
	}
	x->plot.ascii = x->shares.ascii;
	return FP_OK;
}

int record_extras_fill(struct record_extras *x, struct session *s,
                       const char *record_dir, const struct output_opts *o,
                       struct record *r, struct diag *d)
{
	if (record_dir && fill_breakevens(x, s, r->price, d) != FP_OK)
		return FP_ERR;
	if (fill_plot(x, r, record_dir, o, d) != FP_OK)
		return FP_ERR;
	r->breakeven = x->breakeven;
	r->nbreakeven = x->nbreakeven;
	r->plots = x->have_plot ? &x->plot : NULL;
	r->nplots = x->have_plot ? 1 : 0;
	return FP_OK;
}

void record_extras_notes(const struct record_extras *x,
                         const struct output_opts *o, FILE *out)
{
	if (x->have_plot && x->shares.note)
		cmd_note(o, x->shares.note, out);
}

void record_extras_free(struct record_extras *x)
{
	for (size_t i = 0; i < x->nbreakeven; i++)
		free(x->breakeven[i].cross);
	free(x->breakeven);
	if (x->have_plot)
		plot_result_free(&x->shares);
	free(x->link);
	memset(x, 0, sizeof *x);
}
