/* record_extras.c: break-evens and plots for price records. */
#include "cmd/record_extras.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "cmd/plot_title.h"
#include "report/bars.h"

/* The waterfall of report/bars.h, drawn by plot_shares. */
static int draw_bars(const struct plot_opts *po, const char *title,
                     const struct price *p, struct plot_result *out,
                     struct diag *d)
{
	struct report_bars b;
	struct plot_bar bar[REPORT_BARS_MAX];
	char words[REPORT_BARS_MAX][64], *note;
	bool oom = false;
	int rc;

	if (!report_bars_of(p, PLOT_NAME_MAX, NULL, &b, &oom))
		return oom ? diag_oom(d)
		           : diag_set(d, NULL, 0, 0,
		                      "shares chart: a share is not a finite "
		                      "number");
	for (size_t k = 0; k < b.n; k++)
		bar[k] = (struct plot_bar){
		    b.label[k][0] ? b.label[k]
		                  : report_bar_words(&b.bar[k], words[k],
		                                     sizeof words[k]),
		    b.bar[k].from, b.bar[k].to, b.bar[k].kind == BAR_NET};
	if (!(note = report_names_note(&b.names))) {
		report_bars_free(&b);
		return diag_oom(d);
	}
	rc = plot_shares(po, title, note, b.n, bar, out, d);
	free(note);
	report_bars_free(&b);
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
	if (!(title = plot_title_record("where net comes from", r)))
		return diag_oom(d);
	rc = draw_bars(&po, title, p, &x->shares, d);
	free(title);
	if (rc != FP_OK)
		return FP_ERR;
	x->have_plot = true;
	x->plot.title = "Where net comes from";
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
	x->plot.path =
	    x->shares.drawn && (!po.format || strcmp(po.format, "svg") == 0)
	        ? x->shares.file
	        : NULL;
	return FP_OK;
}

int record_extras_fill(struct record_extras *x, struct session *s,
                       const char *record_dir, const struct output_opts *o,
                       struct record *r, struct diag *d)
{
	if (record_dir && sens_all_breakevens(s, r->price, &x->breakeven,
	                                      &x->nbreakeven, d) != FP_OK)
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
	sens_breakevens_free(x->breakeven, x->nbreakeven);
	if (x->have_plot)
		plot_result_free(&x->shares);
	free(x->link);
	memset(x, 0, sizeof *x);
}
