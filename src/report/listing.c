/* listing.c: a metric's definition, the list of metrics, a formula's
 * value. */
#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "formula/formula.h"
#include "price/metric_yaml.h"
#include "report/internal.h"
#include "report/listing.h"
#include "util/escape.h"

/* User text on one line (a multi-line YAML scalar's breaks become spaces),
 * made safe for a terminal; a new string, NULL when out of memory. */
static char *one_line(const char *s)
{
	char *flat = myaml_one_line(s ? s : "");
	char *safe = flat ? escape_terminal(flat) : NULL;

	free(flat);
	return safe;
}

static void put_text(FILE *out, const char *s)
{
	char *safe = one_line(s);

	fputs(safe ? safe : "", out);
	free(safe);
}

static void put_field(FILE *out, const char *label, const char *text)
{
	fprintf(out, "%-12s ", label);
	put_text(out, text);
	fputc('\n', out);
}

static void put_formula(FILE *out, const char *label,
                        const struct metric_formula *f, const char *note)
{
	bool per_case = fx_prog_shape(f->prog) == FX_PERCASE;

	fprintf(out, "  %-10s %-10s  ", label,
	        per_case ? "per case" : "one number");
	put_text(out, f->src.text);
	if (note)
		fprintf(out, "  (%s)", note);
	fputc('\n', out);
}

static void put_params_weights(FILE *out, const struct metric *m)
{
	char num[NUMFMT_MAX];

	fprintf(out, "params:%s\n", m->nparams ? "" : " none");
	for (size_t i = 0; i < m->nparams; i++) {
		fputs("  ", out);
		put_text(out, m->params[i].name);
		fprintf(out, " = %s\n", numfmt_exact(num, m->params[i].value));
	}
	fprintf(out, "weights:\n  default = %s\n",
	        numfmt_exact(num, m->weight_default));
	for (size_t i = 0; i < m->nrules; i++) {
		fputs("  ", out);
		put_text(out, m->rules[i].glob);
		fprintf(out, " = %s  (", numfmt_exact(num, m->rules[i].weight));
		put_text(out, m->rules[i].origin);
		fputs(")\n", out);
	}
}

static void put_columns(FILE *out, const struct metric *m)
{
	fprintf(out, "columns:%s\n", m->ncolumns ? "" : " none");
	for (size_t i = 0; i < m->ncolumns; i++) {
		fputs("  ", out);
		put_text(out, m->columns[i]);
		if (m->column_default[i]) {
			fputs("  (when the runs lack it: ", out);
			put_text(out, m->column_default[i]);
			fputc(')', out);
		}
		fputc('\n', out);
	}
}

int report_metric(const struct metric *m, FILE *out, struct diag *d)
{
	put_field(out, "metric", m->name);
	put_field(out, "version", m->version);
	put_field(out, "file", m->path);
	put_field(out, "sha256", m->sha256);
	put_field(out, "description", m->description);
	put_field(out, "source", m->source);
	put_params_weights(out, m);
	put_columns(out, m);
	fputs("formulas:\n", out);
	put_formula(out, "score", &m->score, NULL);
	put_formula(out, "value", &m->value, NULL);
	put_formula(out, "total", &m->total, NULL);
	for (size_t i = 0; i < m->ndefines; i++)
		put_formula(out, m->defines[i].key, &m->defines[i], "define");
	put_formula(out, "gain", &m->gain, NULL);
	put_formula(out, "cost", &m->cost, NULL);
	put_formula(out, "decide", &m->decide,
	            m->decide.src.line == 0 ? "default" : NULL);
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

		if (!description) {
			rc = diag_oom(d);
			break;
		}
		fprintf(out, "%-*s  %s\n", width, name[i], description);
		free(description);
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
	/* Stop early on a full disk instead of formatting every case. */
	for (size_t i = 0; i < run->n && !ferror(out); i++) {
		csv_fwrite(out, run->case_name[i], strlen(run->case_name[i]));
		fprintf(out, ",%s\n", numfmt_exact(num, v[i]));
	}
	return report_finish(out, "CSV", d);
}
