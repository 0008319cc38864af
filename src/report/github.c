/* github.c: the github form: GitHub's job summary (the Markdown record
 * within a step summary's 1 MiB, counted in bytes) and the workflow
 * commands that put the verdict and its guards on the run's page.
 *
 * Workflow commands read "::error title=T::MESSAGE".  User text in them
 * (the metric's name, case names) is first made visible (escape_terminal),
 * then escaped as GitHub's runner reads it: in the message % CR LF as %25
 * %0D %0A; in a property also : and , as %3A and %2C.  So no name can end
 * the property, the command or its line. */
#include <stdlib.h>
#include <string.h>

#include "noise/verdict.h"
#include "report/internal.h"
#include "report/md.h"
#include "report/verdict.h"
#include "util/escape.h"
#include "util/rows.h"

int report_github(const struct record *r, FILE *out, struct diag *d)
{
	return md_write(r, out, r->md_limit ? r->md_limit : REPORT_GITHUB_LIMIT,
	                MD_BYTES, "the CSV record, `--format csv`", false, d);
}

/* s escaped for a workflow command (above); property: also : and ,. */
static bool put_wf(FILE *out, const char *s, bool property)
{
	char *v = escape_terminal(s);

	if (!v)
		return false;
	for (const char *c = v; *c; c++) {
		if (*c == '%')
			fputs("%25", out);
		else if (*c == '\r')
			fputs("%0D", out);
		else if (*c == '\n')
			fputs("%0A", out);
		else if (property && *c == ':')
			fputs("%3A", out);
		else if (property && *c == ',')
			fputs("%2C", out);
		else
			fputc(*c, out);
	}
	free(v);
	return true;
}

/* "::LEVEL title=fixprice METRIC[ TITLE]::" */
static bool start(FILE *out, const char *level, const struct record *r,
                  const char *title)
{
	fprintf(out, "::%s title=", level);
	if (!put_wf(out, "fixprice ", true) ||
	    !put_wf(out, r->metric->name, true))
		return false;
	if (title)
		fprintf(out, " %s", title);
	fputs("::", out);
	return true;
}

static bool verdict_command(FILE *out, const struct record *r)
{
	const struct price *p = r->price;
	const struct verdict *v = r->verdict;
	enum verdict_kind k = v           ? v->kind
	                      : p->accept ? VERDICT_ACCEPT
	                                  : VERDICT_REJECT;
	static const char *const level[] = {
	    [VERDICT_ACCEPT] = "notice",        [VERDICT_REJECT] = "error",
	    [VERDICT_INCONCLUSIVE] = "warning", [VERDICT_NO_EFFECT] = "notice",
	    [VERDICT_NOT_JUDGED] = "warning",
	};
	FP_ROWS(level, VERDICT_KIND_COUNT);
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	/* Not judged: as --check exits, by the point estimate as the
	 * guards leave it. */
	bool ok = mem && start(out,
	                       k == VERDICT_NOT_JUDGED ? level[v->point_kind]
	                                               : level[k],
	                       r, NULL);

	if (!mem)
		return false;
	/* The headline as every form starts (a prediction says so in its
	 * reason). */
	report_headline(mem, r);
	for (size_t i = 0; v && i < v->nreasons; i++) {
		fputs(i ? "; " : ". ", mem);
		report_reason_words(mem, r, &v->reasons[i]);
	}
	ok = fclose(mem) == 0 && ok && put_wf(out, text, false);
	free(text);
	fputc('\n', out);
	return ok;
}

/* The guards that fired, one warning each. */
static bool guard_commands(FILE *out, const struct record *r)
{
	const struct verdict *v = r->verdict;
	const struct price *p = r->price;
	char a[NUMFMT_MAX];
	bool ok = true;
	size_t shown;

	if (!v)
		return true;
	if (v->guards.guard_on[GUARD_NEWLY_FAILING] && v->nnewly_failing > 0) {
		ok = start(out, "warning", r, "guard");
		fprintf(out, "%zu case%s newly fail%s: ", v->nnewly_failing,
		        v->nnewly_failing == 1 ? "" : "s",
		        v->nnewly_failing == 1 ? "s" : "");
		shown = v->nnewly_failing < 10 ? v->nnewly_failing : 10;
		for (size_t k = 0; k < shown && ok; k++) {
			fputs(k ? ", " : "", out);
			ok = put_wf(out, p->case_name[v->newly_failing[k]],
			            false);
		}
		if (shown < v->nnewly_failing)
			fprintf(out, " and %zu more",
			        v->nnewly_failing - shown);
		fputc('\n', out);
	}
	if (ok && v->guards.guard_on[GUARD_CONTROL] && v->sign_differs) {
		ok = start(out, "warning", r, "guard");
		fprintf(out,
		        "net and delta_total differ in sign (net - "
		        "delta_total = %s)\n",
		        numfmt_fixed(a, p->control_gap, REPORT_DECIMALS));
	}
	return ok;
}

int report_github_commands(const struct record *r, FILE *out, struct diag *d)
{
	if (!verdict_command(out, r) || !guard_commands(out, r))
		return diag_oom(d);
	return report_finish(out, "workflow commands", d);
}
