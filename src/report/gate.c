/* gate.c: the record's two warnings about thresholds: the cases near
 * their accuracy gate (price/gate.h) and the cases near a cliff of their
 * score (noise/cliff.h), a sentence each in text and Markdown when there
 * is one, an object each in JSON. */
#include <stdlib.h>

#include "report/internal.h"
#include "report/jtree.h"
#include "report/md.h"
#include "util/escape.h"

/* Cases named in text and Markdown; JSON lists them all. */
#define GATE_NAMED 10

static const char *const side_word[2] = {"before", "after"};

static void put_name(FILE *out, const char *name, enum report_format f,
                     bool *oom)
{
	char *e = f == FORMAT_MD ? escape_md_code(name, false)
	                         : escape_terminal(name);

	if (!e) {
		*oom = true;
		return;
	}
	fputs(e, out);
	free(e);
}

/* The near cases that pass (inside) or fail (outside). */
static void put_nears(FILE *out, const struct record *r, bool inside,
                      enum report_format f, bool *first, bool *oom)
{
	const struct gate_nears *g = r->gate_nears;
	char num[NUMFMT_MAX];
	size_t n = 0, shown = 0;

	for (size_t k = 0; k < g->n; k++)
		n += g->c[k].passed == inside;
	if (!n)
		return;
	fprintf(out, "%s%zu just %s (%s): ", *first ? "" : "; ", n,
	        inside ? "inside" : "outside",
	        inside ? "likely flaky" : "a fix can flip them");
	for (size_t k = 0; k < g->n && shown < GATE_NAMED; k++) {
		const struct gate_near *c = &g->c[k];
		if (c->passed != inside)
			continue;
		fputs(shown++ ? ", " : "", out);
		put_name(out, r->price->case_name[c->i], f, oom);
		fprintf(out, " (%s, margin %s)", side_word[c->side],
		        numfmt_human(num, c->margin, REPORT_DIGITS));
	}
	if (shown < n)
		fprintf(out, " and %zu more", n - shown);
	*first = false;
}

void report_gate_words(FILE *out, const struct record *r, enum report_format f,
                       bool *oom)
{
	const struct gate_nears *g = r->gate_nears;
	bool first = true;

	if (!g || !g->on || g->n == 0)
		return;
	fputs(f == FORMAT_MD ? "\n**Near the accuracy gate:** "
	                     : "near the accuracy gate: ",
	      out);
	fprintf(out, "%zu case-side%s within gate_near of %s gate: ", g->n,
	        g->n == 1 ? "" : "s", g->n == 1 ? "its" : "their");
	put_nears(out, r, false, f, &first, oom);
	put_nears(out, r, true, f, &first, oom);
	fputs(".\n", out);
}

/* A case name as a JSON string (jtree.c: not UTF-8, its escaped form);
 * a failure shows as NULL, which json_pack refuses. */
static json_t *name_json(const char *s)
{
	struct jtree b = {false};

	return jt_str(&b, s);
}

json_t *report_gate_json(const struct record *r)
{
	const struct gate_nears *g = r->gate_nears;
	json_t *cases = json_array();
	bool failed = !cases;

	for (size_t k = 0; !failed && k < g->n; k++) {
		const struct gate_near *c = &g->c[k];
		failed =
		    json_array_append_new(
		        cases, json_pack("{s:o,s:s,s:f,s:f,s:b}", "case",
		                         name_json(r->price->case_name[c->i]),
		                         "side", side_word[c->side], "margin",
		                         c->margin, "near", c->near, "passed",
		                         (int)c->passed)) != 0;
	}
	if (failed) {
		json_decref(cases);
		return NULL;
	}
	return json_pack("{s:o}", "near", cases);
}

void report_cliff_words(FILE *out, const struct record *r, enum report_format f,
                        bool *oom)
{
	const struct cliffs *c = r->cliffs;
	char num[NUMFMT_MAX];
	size_t shown;

	if (!c || c->n == 0)
		return;
	fputs(f == FORMAT_MD ? "\n**Near a cliff:** " : "near a cliff: ", out);
	fprintf(out,
	        "%zu case-side%s within noise of a point where %s score "
	        "changes slope or steps (the share of %zu resample%s that "
	        "cross it): ",
	        c->n, c->n == 1 ? " is" : "s are", c->n == 1 ? "its" : "their",
	        c->B, c->B == 1 ? "" : "s");
	shown = c->n < GATE_NAMED ? c->n : GATE_NAMED;
	for (size_t k = 0; k < shown; k++) {
		fputs(k ? ", " : "", out);
		put_name(out, r->price->case_name[c->c[k].i], f, oom);
		fprintf(out, " (%s, %s%%)", side_word[c->c[k].side],
		        numfmt_human(num, 100 * c->c[k].share, 3));
	}
	if (shown < c->n)
		fprintf(out, " and %zu more", c->n - shown);
	fputs(".\n", out);
}

json_t *report_cliff_json(const struct record *r)
{
	const struct cliffs *c = r->cliffs;
	json_t *cases = json_array();
	bool failed = !cases;

	for (size_t k = 0; !failed && k < c->n; k++)
		failed =
		    json_array_append_new(
		        cases,
		        json_pack("{s:o,s:s,s:f}", "case",
		                  name_json(r->price->case_name[c->c[k].i]),
		                  "side", side_word[c->c[k].side], "share",
		                  c->c[k].share)) != 0;
	if (failed) {
		json_decref(cases);
		return NULL;
	}
	return json_pack("{s:I,s:f,s:o}", "resamples", (json_int_t)c->B,
	                 "min_share", CLIFF_MIN_SHARE, "cases", cases);
}
