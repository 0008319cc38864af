/* markdown.c: the parts of the Markdown record around its cases: the
 * summary (the verdict line, the verdict, the counts, the arithmetic with
 * the numbers, the control) and the tail (break-even values, plots,
 * provenance).  md_budget.c puts them together with the cases within the
 * record's limit.  User text is never written raw: names go
 * through escape_md_text (paragraphs, table cells) or escape_md_code (code
 * spans), and never start a line, so no name can break the table, inject
 * HTML, mention anyone or run a slash command. */
#include <stdlib.h>
#include <string.h>

#include "formula/formula.h"
#include "report/internal.h"
#include "report/md.h"
#include "report/report.h"
#include "report/verdict.h"
#include "util/escape.h"
#include "util/numfmt.h"

static void text(struct mout *m, const char *s)
{
	md_text(m, s);
}

static void code(struct mout *m, const char *s, bool cell)
{
	md_code(m, s, cell);
}

static const char *fixed(char buf[NUMFMT_MAX], double x)
{
	return numfmt_fixed(buf, x, REPORT_DECIMALS);
}

static const char *human(char buf[NUMFMT_MAX], double x)
{
	return numfmt_human(buf, x, REPORT_DIGITS);
}

static const char *exact(char buf[NUMFMT_MAX], double x)
{
	return numfmt_exact(buf, x);
}

static void sink_name(void *ctx, const char *s)
{
	text(ctx, s);
}

static void put_verdict(struct mout *m, const struct record *r)
{
	const struct facts_sink sink = {m->out, "- ", sink_name, m};

	/* The verdict first, then what kind of run it judged. */
	fputs("**", m->out);
	report_headline(m->out, r);
	report_dropped_changing(r, &sink);
	if (r->prediction) {
		fputs(". PREDICTION", m->out);
		if (r->scenario) {
			fputs(" from scenario '", m->out);
			text(m, r->scenario->name);
			fputs("'", m->out);
		}
		fputs(" (not measured)", m->out);
	}
	fputs("**\n", m->out);
}

static void put_params(struct mout *m, const struct metric *mt)
{
	char a[NUMFMT_MAX];

	for (size_t k = 0; k < mt->nparams; k++) {
		fputs(k ? ", " : "", m->out);
		code(m, mt->params[k].name, false);
		fprintf(m->out, " = %s", exact(a, mt->params[k].value));
	}
}

static void put_formula(struct mout *m, const struct metric_formula *f)
{
	code(m, f->src.text ? f->src.text : "", false);
}

/* The value a name in a formula stands for when it is one number known
 * before any case is read: a parameter, N or W. */
static bool name_value(const struct record *r, const char *name, size_t len,
                       double *v)
{
	const struct metric *mt = r->metric;

	for (size_t k = 0; k < mt->nparams; k++) {
		if (strlen(mt->params[k].name) == len &&
		    memcmp(mt->params[k].name, name, len) == 0) {
			*v = mt->params[k].value;
			return true;
		}
	}
	if (len == 1 && (*name == 'N' || *name == 'W')) {
		*v = *name == 'N' ? r->price->N : r->price->W;
		return true;
	}
	return false;
}

/* The formula with the numbers plugged in: each parameter, N and W
 * replaced by its value (negative ones in parentheses), tokens split by the
 * formula lexer.  NULL when nothing was replaced, or (m->oom) out of
 * memory.  Caller frees. */
static char *plugged(struct mout *m, const struct record *r, const char *text)
{
	char *buf = NULL, num[NUMFMT_MAX];
	size_t len = 0, i = 0;
	bool changed = false;
	struct fx_scan scan;
	struct fx_lexeme t;
	double v;
	FILE *f;

	if (!text || !(f = open_memstream(&buf, &len))) {
		m->oom = text != NULL;
		return NULL;
	}
	fx_scan_init(&scan, text);
	while (fx_scan_next(&scan, &t)) {
		/* What lies between tokens (spaces) is kept as it is. */
		fwrite(text + i, 1, t.pos - i, f);
		i = t.pos + t.len;
		if (t.kind == FX_LEX_NAME &&
		    name_value(r, text + t.pos, t.len, &v)) {
			numfmt_exact(num, v);
			fprintf(f, v < 0 ? "(%s)" : "%s", num);
			changed = true;
		} else {
			fwrite(text + t.pos, 1, t.len, f);
		}
	}
	fputs(text + i, f);
	if (fclose(f) != 0 || !buf) {
		free(buf);
		m->oom = true;
		return NULL;
	}
	if (!changed) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* "NAME = `formula` = `formula with numbers` = **value**" */
static void put_step(struct mout *m, const struct record *r, const char *name,
                     const struct metric_formula *f, double value)
{
	char a[NUMFMT_MAX];
	char *with_numbers = plugged(m, r, f->src.text);

	fprintf(m->out, "- %s = ", name);
	put_formula(m, f);
	if (with_numbers) {
		fputs(" = ", m->out);
		code(m, with_numbers, false);
		free(with_numbers);
	}
	fprintf(m->out, " = **%s**\n", fixed(a, value));
}

static void put_arithmetic(struct mout *m, const struct record *r)
{
	const struct price *p = r->price;
	const struct metric *mt = r->metric;
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	fputs("\n### Arithmetic\n\nMetric ", m->out);
	text(m, mt->name);
	if (mt->version) {
		fputs(" version ", m->out);
		text(m, mt->version);
	}
	fprintf(m->out, ", N = %s case%s, W = %s.\n\n", exact(a, p->N),
	        p->N == 1 ? "" : "s", exact(b, p->W));
	put_step(m, r, "gain", &mt->gain, p->gain);
	put_step(m, r, "cost", &mt->cost, p->cost);
	fprintf(m->out, "- net = gain - cost = %s - ", fixed(a, p->gain));
	fprintf(m->out, "%s = ", fixed(a, p->cost));
	fprintf(m->out, "**%s**\n", fixed(a, p->net));
	fputs("- decision: ", m->out);
	put_formula(m, &mt->decide);
	fprintf(m->out, " gives **%s**\n", p->accept ? "accept" : "reject");
	if (mt->nparams > 0) {
		fputs("- with ", m->out);
		put_params(m, mt);
		fputc('\n', m->out);
	}
}

static void put_control(struct mout *m, const struct record *r)
{
	const struct price *p = r->price;
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[NUMFMT_MAX];

	fprintf(
	    m->out,
	    "\n### Control\n\nThe metric's own total: "
	    "`total_before` = %s, `total_after` = %s, `delta_total` = %s.\n",
	    fixed(a, p->total[SIDE_BEFORE]), fixed(b, p->total[SIDE_AFTER]),
	    fixed(c, p->delta_total));
	if (p->control_ok) {
		fprintf(m->out,
		        "`net` agrees with `delta_total` "
		        "(`net - delta_total` = %s).\n",
		        fixed(a, p->control_gap));
		return;
	}
	if (r->verdict) {
		report_control_words(m->out, r, FORMAT_MD, &m->oom);
		return;
	}
	fprintf(m->out,
	        "**`net` disagrees with `delta_total` by %s** "
	        "(`net - delta_total`).",
	        fixed(a, p->control_gap));
	if (p->ncontrol_cases > 0) {
		fputs(" Cases that account for it: ", m->out);
		for (size_t k = 0; k < p->ncontrol_cases; k++) {
			fputs(k ? ", " : "", m->out);
			text(m, p->case_name[p->control_cases[k]]);
		}
		fputc('.', m->out);
	}
	fputc('\n', m->out);
}

static void put_breakeven(struct mout *m, const struct record *r)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	if (r->nbreakeven == 0)
		return;
	fputs("\n### Break-even\n\n"
	      "| parameter | now | searched | net = 0 at |\n"
	      "|---|--:|---|---|\n",
	      m->out);
	for (size_t k = 0; k < r->nbreakeven; k++) {
		const struct param_breakeven *be = &r->breakeven[k];

		fputs("| ", m->out);
		code(m, be->param, true);
		fprintf(m->out, " | %s", exact(a, be->value));
		fprintf(m->out, " | %s to %s | ", human(a, be->lo),
		        human(b, be->hi));
		if (be->zero_everywhere)
			fputs(be->every_crossing
			          ? "net is 0 everywhere"
			          : "net is 0 at every point sampled",
			      m->out);
		else if (be->ncross == 0)
			fputs("no sign change", m->out);
		for (size_t i = 0; i < be->ncross; i++)
			fprintf(m->out, "%s%s%s", i ? ", " : "",
			        human(a, be->cross[i]),
			        report_jump_at(be, i) ? REPORT_JUMP : "");
		if (!be->every_crossing)
			fputs(" (sampled: a crossing narrower than the step "
			      "may be missed)",
			      m->out);
		fputs(" |\n", m->out);
	}
}

/* A text rendering of a plot as a fenced code block.  Case names inside it
 * cannot end the block: the fence is longer than any run of backticks in
 * the text (CommonMark), and nothing in a code block is HTML or a mention. */
static void put_text_plot(struct mout *m, const char *ascii)
{
	size_t longest = 0, run = 0;

	for (const char *c = ascii; *c; c++) {
		run = *c == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	fputc('\n', m->out);
	for (size_t i = 0; i < (longest < 3 ? 3 : longest + 1); i++)
		fputc('`', m->out);
	fprintf(m->out, "text\n%s", ascii);
	if (*ascii && ascii[strlen(ascii) - 1] != '\n')
		fputc('\n', m->out);
	for (size_t i = 0; i < (longest < 3 ? 3 : longest + 1); i++)
		fputc('`', m->out);
	fputc('\n', m->out);
}

static void put_plots(struct mout *m, const struct record *r)
{
	if (r->nplots == 0)
		return;
	fputs("\n### Plots\n", m->out);
	for (size_t k = 0; k < r->nplots; k++) {
		/* Posted Markdown names the file: a relative link would break
		 * in a comment. */
		if (!m->links) {
			fputs("\n- ", m->out);
			text(m, r->plots[k].title);
			fputs(": ", m->out);
			code(m, r->plots[k].file, false);
			fputs(" (beside the record, not in this comment)\n",
			      m->out);
		} else {
			fputs("\n![", m->out);
			text(m, r->plots[k].title);
			fputs("](", m->out);
			md_url(m, r->plots[k].file);
			fputs(")\n", m->out);
		}
		if (r->plots[k].ascii)
			put_text_plot(m, r->plots[k].ascii);
	}
}

/* ", sha256 `HEX`", or nothing when the hash is unknown. */
static void put_sha(struct mout *m, const char *sha256)
{
	if (!sha256[0])
		return;
	fputs(", sha256 ", m->out);
	code(m, sha256, false);
}

static void put_weights(struct mout *m, const struct metric *mt)
{
	char a[NUMFMT_MAX];

	fprintf(m->out, "- weights: default %s", exact(a, mt->weight_default));
	for (size_t k = 0; k < mt->nrules; k++) {
		fputs("; ", m->out);
		code(m, mt->rules[k].glob, false);
		fprintf(m->out, " = %s", exact(a, mt->rules[k].weight));
		if (mt->rules[k].origin) {
			fputs(" (", m->out);
			text(m, mt->rules[k].origin);
			fputc(')', m->out);
		}
	}
	fputc('\n', m->out);
}

static void put_globs(struct mout *m, const char *what, size_t n,
                      char *const *globs)
{
	fprintf(m->out, "; %s ", what);
	if (n == 0)
		fputs("none", m->out);
	for (size_t k = 0; k < n; k++) {
		fputs(k ? ", " : "", m->out);
		code(m, globs[k], false);
	}
}

static void put_scenario(struct mout *m, const struct scenario *s)
{
	char a[NUMFMT_MAX];

	fputs("- scenario: ", m->out);
	text(m, s->name);
	if (s->path) {
		fputs(" from ", m->out);
		code(m, s->path, false);
		put_sha(m, s->sha256);
	}
	fputs("; runtime ", m->out);
	if (s->runtime.text)
		code(m, s->runtime.text, false);
	else
		fputs("unchanged", m->out);
	put_globs(m, "pass", s->npass, s->pass);
	put_globs(m, "fail", s->nfail, s->fail);
	for (size_t k = 0; k < s->nparams; k++) {
		fputs(k ? ", " : "; with ", m->out);
		code(m, s->params[k].name, false);
		fprintf(m->out, " = %s", exact(a, s->params[k].value));
	}
	fputc('\n', m->out);
}

static void put_provenance(struct mout *m, const struct record *r)
{
	const struct metric *mt = r->metric;
	const struct facts_sink sink = {m->out, "- ", sink_name, m};
	char a[NUMFMT_MAX];

	fputs("\n### Provenance\n\n- tool: fixprice ", m->out);
	text(m, r->tool_version);
	fputs("\n- metric: ", m->out);
	text(m, mt->name);
	if (mt->version) {
		fputs(" version ", m->out);
		text(m, mt->version);
	}
	fputs(" from ", m->out);
	code(m, mt->path, false);
	put_sha(m, mt->sha256);
	fputc('\n', m->out);
	if (mt->description) {
		fputs("- description: ", m->out);
		text(m, mt->description);
		fputc('\n', m->out);
	}
	if (mt->source) {
		fputs("- source: ", m->out);
		text(m, mt->source);
		fputc('\n', m->out);
	}
	if (mt->nparams > 0) {
		fputs("- parameters: ", m->out);
		for (size_t k = 0; k < mt->nparams; k++) {
			const struct param *pa = &mt->params[k];

			fputs(k ? ", " : "", m->out);
			code(m, pa->name, false);
			fprintf(m->out, " = %s", exact(a, pa->value));
			/* A --set value is part of what was decided from. */
			if (pa->value != pa->file_value)
				fprintf(m->out, " (file: %s)",
				        exact(a, pa->file_value));
		}
		fputc('\n', m->out);
	}
	put_weights(m, mt);
	if (r->scenario)
		put_scenario(m, r->scenario);
	if (r->ndropped > 0)
		fprintf(m->out, "- dropped: %zu case%s found in only one run\n",
		        r->ndropped, r->ndropped == 1 ? "" : "s");
	report_facts(r, &sink);
	if (r->ninputs == 0)
		return;
	fputs("\n| input | path | sha256 |\n|---|---|---|\n", m->out);
	for (size_t k = 0; k < r->ninputs; k++) {
		fputs("| ", m->out);
		text(m, r->inputs[k].role);
		fputs(" | ", m->out);
		code(m, r->inputs[k].path, true);
		fputs(" | ", m->out);
		if (r->inputs[k].sha256[0])
			code(m, r->inputs[k].sha256, true);
		else
			fputs("-", m->out);
		fputs(" |\n", m->out);
	}
}

void md_summary(struct mout *m, const struct record *r)
{
	put_verdict(m, r);
	if (r->verdict)
		report_verdict_words(m->out, r, FORMAT_MD, &m->oom);
	md_counts(m, r);
	put_arithmetic(m, r);
	put_control(m, r);
	report_suspects_words(m->out, r, FORMAT_MD, &m->oom);
	report_gate_words(m->out, r, FORMAT_MD, &m->oom);
	report_cliff_words(m->out, r, FORMAT_MD, &m->oom);
}

void md_tail(struct mout *m, const struct record *r)
{
	put_breakeven(m, r);
	put_plots(m, r);
	put_provenance(m, r);
}
