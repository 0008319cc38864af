/* cmd_check.c: `fixprice check [METRIC]`: load a metric, check everything
 * in it, and show what it defines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "price/metric.h"
#include "price/metric_yaml.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* Prints user text on one line (a multi-line YAML scalar's breaks become
 * spaces), made safe for a terminal. */
static void print_text(const char *s)
{
	char *flat = myaml_one_line(s), *safe = flat ? escape_terminal(flat)
	                                             : NULL;

	fputs(safe ? safe : "", stdout);
	free(safe);
	free(flat);
}

static void print_field(const char *label, const char *text)
{
	printf("%-12s ", label);
	print_text(text ? text : "");
	putchar('\n');
}

static void print_formula(const char *label, const struct metric_formula *f,
                          const char *note)
{
	bool per_case = fx_prog_shape(f->prog) == FX_PERCASE;

	printf("  %-10s %-10s  ", label, per_case ? "per case" : "one number");
	print_text(f->src.text);
	if (note)
		printf("  (%s)", note);
	putchar('\n');
}

static void print_metric(const struct metric *m)
{
	char num[NUMFMT_MAX];

	print_field("metric", m->name);
	print_field("version", m->version);
	print_field("file", m->path);
	print_field("sha256", m->sha256);
	print_field("description", m->description);
	print_field("source", m->source);

	printf("params:%s\n", m->nparams ? "" : " none");
	for (size_t i = 0; i < m->nparams; i++) {
		fputs("  ", stdout);
		print_text(m->params[i].name);
		printf(" = %s\n", numfmt_exact(num, m->params[i].value));
	}

	printf("weights:\n  default = %s\n",
	       numfmt_exact(num, m->weight_default));
	for (size_t i = 0; i < m->nrules; i++) {
		fputs("  ", stdout);
		print_text(m->rules[i].glob);
		printf(" = %s  (", numfmt_exact(num, m->rules[i].weight));
		print_text(m->rules[i].origin);
		puts(")");
	}

	printf("columns:%s\n", m->ncolumns ? "" : " none");
	for (size_t i = 0; i < m->ncolumns; i++) {
		fputs("  ", stdout);
		print_text(m->columns[i]);
		if (m->column_default[i]) {
			fputs("  (when the runs lack it: ", stdout);
			print_text(m->column_default[i]);
			putchar(')');
		}
		putchar('\n');
	}

	puts("formulas:");
	print_formula("score", &m->score, NULL);
	print_formula("value", &m->value, NULL);
	print_formula("total", &m->total, NULL);
	for (size_t i = 0; i < m->ndefines; i++)
		print_formula(m->defines[i].key, &m->defines[i], "define");
	print_formula("gain", &m->gain, NULL);
	print_formula("cost", &m->cost, NULL);
	print_formula("decide", &m->decide,
	              m->decide.src.line == 0 ? "default" : NULL);
}

static int check_run(const struct cmd_call *call, struct diag *d)
{
	struct metric *m;

	if (metric_load(call->nargs ? call->args[0] : NULL, &m, d) != FP_OK)
		return FP_ERR;
	print_metric(m);
	metric_free(m);
	return EXIT_OK;
}

const struct command cmd_check = {
	.name = "check",
	.summary = "validate a metric file and show what it defines",
	.args = "[METRIC]",
	.description =
		"Loads METRIC (a shipped metric's name or a path to a metric file;\n"
		"default pypto-gym), checks every key, name and formula in it, and\n"
		"prints what it defines: name, version, source, SHA-256, "
		"parameters,\n"
		"weights, columns, and each formula with its shape.  Exits 2 with "
		"the\n"
		"error's file, line and column if anything is wrong.\n",
	.max_args = 1,
	.run = check_run,
};
