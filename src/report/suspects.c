/* suspects.c: the suspicious gains (price/suspect.h) in the record's
 * forms: a sentence in text and Markdown when a case is flagged, an
 * object in JSON always (the threshold, and the cases, maybe none). */
#include <math.h>
#include <stdlib.h>

#include "report/internal.h"
#include "report/jtree.h"
#include "report/md.h"
#include "util/escape.h"

/* Cases named in text and Markdown; JSON lists them all. */
#define SUSPECTS_NAMED 10

static void put_case(FILE *out, const struct record *r, size_t i,
                     enum report_format f, bool *oom)
{
	const struct price *p = r->price;
	double b = p->runtime[SIDE_BEFORE][i], a = p->runtime[SIDE_AFTER][i];
	char x[NUMFMT_MAX], y[NUMFMT_MAX], z[NUMFMT_MAX];
	char *e = f == FORMAT_MD ? escape_md_code(p->case_name[i], false)
	                         : escape_terminal(p->case_name[i]);

	if (!e) {
		*oom = true;
		return;
	}
	fprintf(out, "%s (%s -> %s, %s of before)", e,
	        numfmt_human(x, b, REPORT_DIGITS),
	        numfmt_human(y, a, REPORT_DIGITS), numfmt_human(z, a / b, 3));
	free(e);
}

void report_suspects_words(FILE *out, const struct record *r,
                           enum report_format f, bool *oom)
{
	const struct suspects *s = r->suspects;
	char ratio[NUMFMT_MAX];
	size_t shown;

	if (!s || s->n == 0)
		return;
	fprintf(out, f == FORMAT_MD ? "\n**Suspicious gains:** "
	                            : "suspicious gains: ");
	fprintf(
	    out,
	    "%zu case%s pass%s after the fix with an after runtime below %s "
	    "times the before runtime (fast because wrong?): ",
	    s->n, s->n == 1 ? "" : "s", s->n == 1 ? "es" : "",
	    numfmt_shortest(ratio, s->ratio));
	shown = s->n < SUSPECTS_NAMED ? s->n : SUSPECTS_NAMED;
	for (size_t k = 0; k < shown; k++) {
		fputs(k ? ", " : "", out);
		put_case(out, r, s->idx[k], f, oom);
	}
	if (shown < s->n)
		fprintf(out, " and %zu more", s->n - shown);
	fputs(f == FORMAT_MD ? ".\n" : "\n", out);
}

/* A case name as a JSON string (jtree.c: not UTF-8, its escaped form);
 * a failure shows as NULL, which json_pack refuses. */
static json_t *name_json(const char *s)
{
	struct jtree b = {false};

	return jt_str(&b, s);
}

static json_t *case_json(const struct price *p, size_t i)
{
	double b = p->runtime[SIDE_BEFORE][i], a = p->runtime[SIDE_AFTER][i];

	return json_pack("{s:o,s:f,s:f,s:f}", "case",
	                 name_json(p->case_name[i]), "runtime_before", b,
	                 "runtime_after", a, "ratio", a / b);
}

json_t *report_suspects_json(const struct record *r)
{
	const struct suspects *s = r->suspects;
	json_t *cases = json_array();
	bool failed = !cases;

	for (size_t k = 0; !failed && k < s->n; k++)
		failed = json_array_append_new(
		             cases, case_json(r->price, s->idx[k])) != 0;
	if (failed) {
		json_decref(cases);
		return NULL;
	}
	return json_pack("{s:f,s:o}", "ratio", s->ratio, "cases", cases);
}
