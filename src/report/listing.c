/* listing.c: a metric's definition, the list of metrics, a formula's
 * value. */
#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formula/formula.h"
#include "price/metric_yaml.h"
#include "report/internal.h"
#include "report/listing.h"
#include "util/escape.h"

/* User text on one line (a multi-line YAML scalar's breaks become spaces),
 * made safe for a terminal and cut like all text people read; a new
 * string, NULL when out of memory. */
static char *one_line(const char *s)
{
	char *flat = myaml_one_line(s ? s : "");
	char *safe = flat ? escape_terminal_cut(flat, ESCAPE_MAX_SHOWN) : NULL;

	free(flat);
	return safe;
}

struct lout {
	FILE *out;
	bool oom;
};

/* Writes user text with one_line; remembers running out of memory. */
static void put_text(struct lout *l, const char *s)
{
	char *safe = one_line(s);

	if (!safe)
		l->oom = true;
	else
		fputs(safe, l->out);
	free(safe);
}

static void put_field(struct lout *l, const char *label, const char *text)
{
	fprintf(l->out, "%-12s ", label);
	put_text(l, text);
	fputc('\n', l->out);
}

static void put_formula(struct lout *l, const char *label,
                        const struct metric_formula *f, const char *note)
{
	bool per_case = fx_prog_shape(f->prog) == FX_PERCASE;

	fprintf(l->out, "  %-10s %-10s  ", label,
	        per_case ? "per case" : "one number");
	put_text(l, f->src.text);
	if (note)
		fprintf(l->out, "  (%s)", note);
	fputc('\n', l->out);
}

static void put_params_weights(struct lout *l, const struct metric *m)
{
	char num[NUMFMT_MAX];

	fprintf(l->out, "params:%s\n", m->nparams ? "" : " none");
	for (size_t i = 0; i < m->nparams; i++) {
		fputs("  ", l->out);
		put_text(l, m->params[i].name);
		fprintf(l->out, " = %s\n",
		        numfmt_exact(num, m->params[i].value));
	}
	fprintf(l->out, "weights:\n  default = %s\n",
	        numfmt_exact(num, m->weight_default));
	for (size_t i = 0; i < m->nrules; i++) {
		fputs("  ", l->out);
		put_text(l, m->rules[i].glob);
		fprintf(l->out, " = %s  (",
		        numfmt_exact(num, m->rules[i].weight));
		put_text(l, m->rules[i].origin);
		fputs(")\n", l->out);
	}
}

static void put_columns(struct lout *l, const struct metric *m)
{
	fprintf(l->out, "columns:%s\n", m->ncolumns ? "" : " none");
	for (size_t i = 0; i < m->ncolumns; i++) {
		fputs("  ", l->out);
		put_text(l, m->columns[i]);
		if (m->column_default[i]) {
			fputs("  (when the runs lack it: ", l->out);
			put_text(l, m->column_default[i]);
			fputc(')', l->out);
		}
		fputc('\n', l->out);
	}
}

int report_metric(const struct metric *m, FILE *out, struct diag *d)
{
	struct lout lout = {.out = out}, *l = &lout;

	put_field(l, "metric", m->name);
	put_field(l, "version", m->version);
	put_field(l, "file", m->path);
	put_field(l, "sha256", m->sha256);
	put_field(l, "description", m->description);
	put_field(l, "source", m->source);
	put_params_weights(l, m);
	put_columns(l, m);
	fputs("formulas:\n", out);
	put_formula(l, "score", &m->score, NULL);
	put_formula(l, "value", &m->value, NULL);
	put_formula(l, "total", &m->total, NULL);
	for (size_t i = 0; i < m->ndefines; i++)
		put_formula(l, m->defines[i].key, &m->defines[i], "define");
	put_formula(l, "gain", &m->gain, NULL);
	put_formula(l, "cost", &m->cost, NULL);
	put_formula(l, "decide", &m->decide,
	            m->decide.src.line == 0 ? "default" : NULL);
	if (l->oom)
		return diag_oom(d);
	return report_finish(out, "text", d);
}

int report_metric_list(const struct metric_row *rows, size_t n, FILE *out,
                       struct diag *d)
{
	char **name = calloc(n + 1, sizeof *name);
	int width = 0, rc = FP_OK;

	if (!name)
		return diag_oom(d);
	for (size_t i = 0; i < n && rc == FP_OK; i++) {
		if (!(name[i] = escape_terminal(rows[i].name)))
			rc = diag_oom(d);
		else if ((int)strlen(name[i]) > width)
			width = (int)strlen(name[i]);
	}
	for (size_t i = 0; i < n && rc == FP_OK; i++) {
		char *description = one_line(rows[i].description);
		char *from =
		    rows[i].from ? escape_terminal(rows[i].from) : NULL;

		if (!description || (rows[i].from && !from))
			rc = diag_oom(d);
		else
			fprintf(out, "%-*s  %s\n%-*s  from: %s\n", width,
			        name[i], description, width, "",
			        from ? from : "built in");
		free(description);
		free(from);
	}
	for (size_t i = 0; i < n; i++)
		free(name[i]);
	free(name);
	return rc == FP_OK ? report_finish(out, "text", d) : FP_ERR;
}

int report_value(double v, FILE *out, struct diag *d)
{
	char num[NUMFMT_MAX];

	fprintf(out, "%s\n", numfmt_exact(num, v));
	return report_finish(out, "text", d);
}

int report_per_case(const struct run *run, const double *v, FILE *out,
                    struct diag *d)
{
	char num[NUMFMT_MAX];

	fputs("case,value\n", out);
	/* Stop early on a full disk instead of formatting every case.  The
	 * names as in cases.csv: shown visibly (this goes to a terminal or a
	 * log as often as to a file) and guarded for spreadsheets. */
	for (size_t i = 0; i < run->n && !ferror(out); i++) {
		char *name = escape_spreadsheet(run->case_name[i]);
		if (!name)
			return diag_oom(d);
		csv_fwrite(out, name, strlen(name));
		free(name);
		/* No value (a failing case without a runtime): empty. */
		fprintf(out, ",%s\n",
		        isnan(v[i]) ? "" : numfmt_exact(num, v[i]));
	}
	return report_finish(out, "CSV", d);
}
