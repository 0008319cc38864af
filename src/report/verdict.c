/* verdict.c: the verdict (src/noise/verdict.h) in the record's forms: its
 * lines in text and Markdown, the control's explanation in plain words,
 * and its JSON object (doc/record-schema.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/report.h"
#include "report/verdict.h"
#include "run/detect.h"
#include "util/rows.h"

/* Most cases named in a list before "and N more". */
#define NAMES_SHOWN 10

struct vout {
	FILE *out;
	enum report_format f;
	const struct price *p;
	bool oom;
};

static void name(struct vout *o, size_t i)
{
	char *e = report_name(o->p->case_name[i], o->f);

	if (!e) {
		o->oom = true;
		return;
	}
	fputs(e, o->out);
	free(e);
}

static const char *num(char buf[NUMFMT_MAX], double x)
{
	return numfmt_fixed(buf, x, REPORT_DECIMALS);
}

/* "a, b, c and N more" of cases idx[0..n). */
static void names(struct vout *o, const size_t *idx, size_t n)
{
	size_t shown = n < NAMES_SHOWN ? n : NAMES_SHOWN;

	for (size_t k = 0; k < shown; k++) {
		fputs(k ? ", " : "", o->out);
		name(o, idx[k]);
	}
	if (shown < n)
		fprintf(o->out, " and %zu more", n - shown);
}

static void why_words(struct vout *o, const struct why *w)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX];
	static const char *const after[] = {
	    [WHY_CHARGED_UNSCORED] = ", which fails before and after and "
	                             "scores nothing in the total",
	    [WHY_CHARGED_FAILED_BEFORE] = ", which failed before and scored "
	                                  "nothing in the total",
	    [WHY_CHARGED_FAILS_AFTER] = ", which fails after the fix, so "
	                                "the total does not count it",
	};
	FP_ROWS(after, WHY_CHARGED_FAILS_AFTER + 1);

	if (w->kind == WHY_NEWLY_FAILING) {
		name(o, w->i);
		/* What net does: its gain share minus cost share, or
		 * nothing at the digits shown. */
		num(b, w->net_share);
		fprintf(o->out,
		        " fails after the fix: the total changes by %s "
		        "for it, net ",
		        num(a, w->total_share));
		if (strspn(b, "-0.") == strlen(b))
			fputs("not at all", o->out);
		else
			fprintf(o->out,
			        "by %s (its gain share minus cost share)", b);
		return;
	}
	if (w->kind == WHY_CREDIT_DIFFERS) {
		name(o, w->i);
		fprintf(o->out,
		        " adds %s to net (its gain share minus cost "
		        "share) but %s to the total",
		        num(a, w->net_share), num(b, w->total_share));
		return;
	}
	fputs(o->p->cost_share[w->i] < 0
	          ? "the cost formula credits the "
	            "speedup of "
	          : "the cost formula charges the slowdown of ",
	      o->out);
	name(o, w->i);
	fputs(after[w->kind], o->out);
}

/* The control's verdict: the line after "control: ..." in text, the
 * sentence after the totals in Markdown. */
void report_control_words(FILE *out, const struct record *r,
                          enum report_format f, bool *oom)
{
	const struct verdict *v = r->verdict;
	const struct price *p = r->price;
	struct vout o = {out, f, p, false};
	char a[NUMFMT_MAX];
	/* In text each reason is a bullet, so that its wrapped lines (2
	 * further in) are not read as the next reason. */
	const char *item = f == FORMAT_MD ? "\n- " : "\n    - ";

	if (p->control_ok)
		return;
	if (v->sign_differs)
		fprintf(
		    out,
		    f == FORMAT_MD
		        ? "**`net` and `delta_total` differ in sign** "
		          "(`net - delta_total` = %s)"
		        : "  DIFFERS IN SIGN from net (net - delta_total = %s)",
		    num(a, p->control_gap));
	else
		fprintf(
		    out,
		    f == FORMAT_MD
		        ? "Note: `net` has the sign of `delta_total` but differs "
		          "from it by %s"
		        : "  note: same sign as net, another size (net - "
		          "delta_total = %s)",
		    num(a, p->control_gap));
	if (v->nwhy > 0)
		fputs(f == FORMAT_MD ? ", because:" : ", because", out);
	for (size_t k = 0; k < v->nwhy; k++) {
		fputs(item, out);
		why_words(&o, &v->why[k]);
	}
	if (v->nwhy_more > 0)
		fprintf(out, "%sand %zu more case%s", item, v->nwhy_more,
		        v->nwhy_more == 1 ? "" : "s");
	fputc('\n', out);
	*oom |= o.oom;
}

/* Whether noise's bias on the measured net is worth a reader's line: a
 * twentieth of the interval's width or more, and not 0 as printed. */
static bool bias_material(const struct boot *b)
{
	return fabs(b->bias.net) >= 0.05 * (b->net_ci.hi - b->net_ci.lo) &&
	       fabs(b->bias.net) >= 0.5 * pow(10, -REPORT_DECIMALS);
}

static void interval_line(struct vout *o, const struct verdict *v)
{
	const char *lead = o->f == FORMAT_MD ? "- " : "  ";
	const struct boot *b = v->boot;
	char x[8][NUMFMT_MAX];

	fprintf(o->out,
	        "%s%s %% interval over %zu resample%s%s: gain [%s, %s], "
	        "cost [%s, %s], net [%s, %s]; P(decide) %s\n",
	        lead, numfmt_human(x[0], b->confidence * 100, REPORT_DIGITS),
	        b->B, b->B == 1 ? "" : "s",
	        v->against_control ? " of the fix's less the control run's"
	                           : "",
	        num(x[1], b->gain_ci.lo), num(x[2], b->gain_ci.hi),
	        num(x[3], b->cost_ci.lo), num(x[4], b->cost_ci.hi),
	        num(x[5], b->net_ci.lo), num(x[6], b->net_ci.hi),
	        num(x[7], b->p_decide));
	if (bias_material(b))
		fprintf(o->out,
		        "%snoise biases net%s by %s where a score clips (every "
		        "fluctuation past the clip is charged, none on its "
		        "other side credited): the interval is about net "
		        "less that bias, widened by its uncertainty\n",
		        lead,
		        v->against_control ? " less the control run's" : "",
		        num(x[0], b->bias.net));
}

/* Where the interval of net would lie at the estimated count. */
static void need_target(struct vout *o, const struct verdict *v)
{
	char m[NUMFMT_MAX], m2[NUMFMT_MAX];
	double g = v->guards.margin;

	if (g == 0) {
		fputs("exclude 0", o->out);
		return;
	}
	num(m, g);
	num(m2, -g);
	if (v->need_target == NEED_ABOVE)
		fprintf(o->out, "lie above the margin +%s", m);
	else if (v->need_target == NEED_BELOW)
		fprintf(o->out, "lie below the margin %s", m2);
	else
		fprintf(o->out, "lie within the margin %s to +%s", m2, m);
}

/* Several runs per side: more runs, or more samples per run
 * (need_runs.h), and how the spread splits between the two levels. */
static void runs_line(struct vout *o, const struct verdict *v, const char *lead)
{
	const struct need_runs *q = &v->runs_need;
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	if (q->runs_needed)
		fprintf(o->out, "%sabout %zu runs per side (now %zu)", lead,
		        q->runs_needed, q->runs);
	else
		fprintf(o->out, "%smore than %d runs per side (now %zu)", lead,
		        RUN_MAX_MERGED, q->runs);
	if (q->samples_needed > 0)
		fprintf(o->out, ", or about %s samples per run (now %s),",
		        numfmt_human(a, q->samples_needed, REPORT_DIGITS),
		        numfmt_human(b, q->samples, 3));
	fprintf(o->out, " would decide it: the interval of net would ");
	need_target(o, v);
	fprintf(o->out,
	        "\n%s%sthe samples within runs give %s %% of the resampled "
	        "variance of net%s, the spread between runs the rest\n",
	        lead,
	        q->samples_needed > 0 ? ""
	                              : "no count of samples per run would: ",
	        numfmt_human(a, 100 * q->within_share, 3),
	        v->against_control ? " less the control run's" : "");
}

/* The count of samples that would decide an inconclusive verdict, or why
 * there is none: every inconclusive verdict with a bootstrap says one. */
static void need_line(struct vout *o, const struct verdict *v)
{
	const char *lead = o->f == FORMAT_MD ? "- " : "  ";
	const char *none = "no count of samples estimated: ";
	char a[NUMFMT_MAX], b[NUMFMT_MAX];

	if (v->need_known && v->any_count) {
		fprintf(o->out,
		        "%snet is within noise at any count of samples%s\n",
		        lead,
		        v->have_control ? " (no larger than the control run's)"
		                        : "");
	} else if (v->runs_need.known) {
		runs_line(o, v, lead);
	} else if (v->need_known) {
		fprintf(o->out,
		        "%sabout %s samples per case (now %s) would "
		        "decide it: the interval of net would ",
		        lead, numfmt_human(a, v->samples_needed, REPORT_DIGITS),
		        numfmt_human(b, v->boot->samples, 3));
		need_target(o, v);
		fputc('\n', o->out);
	} else if (v->need_why == NEED_GUARD) {
		fprintf(o->out,
		        "%s%sthe control guard, not the noise, made the "
		        "verdict inconclusive\n",
		        lead, none);
	} else if (v->need_why == NEED_GUARD_AND_NOISE) {
		fprintf(o->out,
		        "%s%sthe control guard holds the verdict inconclusive "
		        "at any count (the noise does too)\n",
		        lead, none);
	} else if (v->need_why == NEED_NOT_NET) {
		fprintf(o->out,
		        "%s%sdecide is not net > 0 alone, and P(decide) does "
		        "not narrow as net's interval does\n",
		        lead, none);
	}
	if (v->nwide > 0) {
		fprintf(o->out, "%scases that widen the interval most: ", lead);
		names(o, v->wide, v->nwide);
		fputc('\n', o->out);
	}
}

static void facts(struct vout *o, const struct verdict *v)
{
	const char *lead = o->f == FORMAT_MD ? "- " : "  ";
	const struct boot *b = v->boot;
	char a[NUMFMT_MAX], c[NUMFMT_MAX], c2[NUMFMT_MAX], c3[NUMFMT_MAX];

	if (b && v->from_control)
		fprintf(o->out,
		        "%sresampled: seed %llu, one pseudo-sample per "
		        "case from the control run's differences\n",
		        lead, (unsigned long long)b->seed);
	else if (b)
		fprintf(o->out,
		        "%sresampled: seed %llu, estimator %s, %s samples "
		        "per case\n",
		        lead, (unsigned long long)b->seed,
		        v->estimator ? v->estimator : "median",
		        numfmt_human(a, b->samples, 3));
	/* The split between the levels, where runs_line has not said it. */
	if (b && v->levels_known && !v->runs_need.known)
		fprintf(o->out,
		        "%sbetween runs: %s %% of the resampled variance of "
		        "net%s, the samples within runs the rest\n",
		        lead, numfmt_human(a, 100 * (1 - v->within_share), 3),
		        v->against_control ? " less the control run's" : "");
	if (v->nnewly_failing > 0) {
		fprintf(o->out, "%snewly failing: ", lead);
		names(o, v->newly_failing, v->nnewly_failing);
		fputc('\n', o->out);
	}
	if (v->nflaky > 0) {
		fprintf(o->out,
		        "%sflaky (samples disagree on passing; pass "
		        "policy %s): ",
		        lead, run_policy_name(v->policy));
		names(o, v->flaky, v->nflaky);
		fputc('\n', o->out);
	}
	if (v->have_arm) {
		fprintf(
		    o->out,
		    "%snoise arm (the before run resampled against itself): "
		    "net %s on average, interval [%s, %s]; the fix's net "
		    "%s\n",
		    lead, num(a, v->arm_mean), num(c, v->arm_ci.lo),
		    num(c2, v->arm_ci.hi), num(c3, o->p->net));
	}
	if (v->have_control) {
		fprintf(o->out,
		        "%scontrol run: net %s against the before run "
		        "(0 if there were no noise)",
		        lead, num(a, v->control_net));
		if (v->control_ci_known)
			fprintf(o->out, ", interval [%s, %s]",
			        num(a, v->control_ci.lo),
			        num(c, v->control_ci.hi));
		fprintf(o->out, "; the fix's net %s", num(a, o->p->net));
		if (v->against_control)
			fprintf(o->out,
			        ", its own interval [%s, %s], P(decide) %s: "
			        "the verdict is on the fix's net less the "
			        "control run's, resampled together",
			        num(a, v->fix_ci.lo), num(c, v->fix_ci.hi),
			        num(c2, v->fix_p));
		fputc('\n', o->out);
	}
}

static const char *pct(char buf[NUMFMT_MAX], double conf)
{
	return numfmt_human(buf, conf * 100, REPORT_DIGITS);
}

/* The interval of net against the margin, in words. */
static void margin_words(FILE *out, const struct verdict_reason *r)
{
	char c[NUMFMT_MAX], lo[NUMFMT_MAX], hi[NUMFMT_MAX], m[NUMFMT_MAX];
	static const char *const where[] = {
	    [REASON_ABOVE_MARGIN] = "lies above",
	    [REASON_BELOW_MARGIN] = "lies below",
	    [REASON_WITHIN_MARGIN] = "lies within",
	    [REASON_STRADDLES] = "is not clear of",
	};
	FP_ROWS(where, REASON_STRADDLES + 1);

	fprintf(out,
	        "the %s %% interval of net%s [%s, %s] over %zu resample%s %s ",
	        pct(c, r->x[3]), r->n[1] ? " less the control run's" : "",
	        num(lo, r->x[0]), num(hi, r->x[1]), r->n[0],
	        r->n[0] == 1 ? "" : "s", where[r->code]);
	num(m, r->x[2]);
	if (r->x[2] == 0)
		fputs("0", out);
	else if (r->code == REASON_ABOVE_MARGIN)
		fprintf(out, "the margin +%s", m);
	else if (r->code == REASON_BELOW_MARGIN)
		fprintf(out, "the margin -%s", m);
	else
		fprintf(out, "the margin -%s to +%s", m, m);
}

/* How to get several samples per case, in the words of the harness of
 * the after run (the before run's, for a prediction): the samples the
 * harness gives, or for a file of aggregates only, that it keeps none. */
static void samples_remedy(FILE *out, const struct record *rec, bool alike)
{
	const struct run_facts *f = rec ? rec->facts : NULL;
	int s = f && !rec->prediction && f->format[1] ? 1 : 0;
	const struct run_advice *a = run_format_advice(f ? f->format[s] : NULL);

	if (f && a->aggregates && (f->aggregate[0] || f->aggregate[1]))
		fprintf(out, "%s", a->aggregates);
	else if (alike)
		fputs("time with a finer clock or more iterations per sample",
		      out);
	else if (a->samples)
		fprintf(out, "rerun with several samples per case (%s)",
		        a->samples);
	else
		fputs("rerun with several samples per case", out);
	fputs(", or give --control RUN", out);
}

void report_reason_words(FILE *out, const struct record *rec,
                         const struct verdict_reason *r)
{
	char p[NUMFMT_MAX], c[NUMFMT_MAX], b[NUMFMT_MAX];
	const struct guard_def *g = &guard_table[r->n[1] % GUARD_COUNT];

	switch (r->code) {
	case REASON_ABOVE_MARGIN:
	case REASON_BELOW_MARGIN:
	case REASON_WITHIN_MARGIN:
	case REASON_STRADDLES:
		margin_words(out, r);
		return;
	case REASON_DECIDE_HOLDS:
	case REASON_DECIDE_FAILS:
	case REASON_DECIDE_WAVERS:
		fprintf(out,
		        "decide %s in %s of %zu resample%s, %s %s, one side of "
		        "a %s %% interval",
		        r->code == REASON_DECIDE_FAILS ? "fails" : "holds",
		        numfmt_fixed(p,
		                     r->code == REASON_DECIDE_FAILS
		                         ? 1 - r->x[0]
		                         : r->x[0],
		                     4),
		        r->n[0], r->n[0] == 1 ? "" : "s",
		        r->code == REASON_DECIDE_WAVERS ? "below" : "at least",
		        numfmt_fixed(c, (1 + r->x[1]) / 2, 4), pct(b, r->x[1]));
		return;
	case REASON_ONE_SAMPLE:
		fputs("every case has one sample, so the noise is not judged; ",
		      out);
		samples_remedy(out, rec, false);
		return;
	case REASON_PREDICTION:
		fputs("a prediction measures nothing, so the noise is not "
		      "judged; price the measured runs to judge it",
		      out);
		return;
	case REASON_ALIKE:
		fprintf(out,
		        "the samples of each of the %zu case%s with several "
		        "are all alike, so the noise is not measured and not "
		        "judged; ",
		        r->n[0], r->n[0] == 1 ? "" : "s");
		samples_remedy(out, rec, true);
		return;
	case REASON_NO_BOOTSTRAP:
		fputs("--bootstrap 0, so the noise is not judged", out);
		return;
	case REASON_FEW_RESAMPLES:
		fprintf(
		    out,
		    "%zu resample%s cannot place a %s %% interval, so the "
		    "noise is not judged; rerun with --bootstrap %zu or more",
		    r->n[0], r->n[0] == 1 ? "" : "s", pct(c, r->x[0]), r->n[1]);
		return;
	case REASON_GUARD:
		if (g->id == GUARD_NEWLY_FAILING)
			fprintf(out,
			        "guard %s, %zu case%s pass%s before and "
			        "fail%s after the fix",
			        g->name, r->n[0], r->n[0] == 1 ? "" : "s",
			        r->n[0] == 1 ? "es" : "",
			        r->n[0] == 1 ? "s" : "");
		else
			fprintf(out,
			        "guard %s, net and the metric's own "
			        "delta_total differ in sign",
			        g->name);
		return;
	}
}

const char *report_headline_word(enum verdict_kind k)
{
	static const char *const words[] = {
	    [VERDICT_ACCEPT] = "ACCEPT",
	    [VERDICT_REJECT] = "REJECT",
	    [VERDICT_INCONCLUSIVE] = "INCONCLUSIVE",
	    [VERDICT_NO_EFFECT] = "NO MATERIAL EFFECT",
	    [VERDICT_NOT_JUDGED] = "NOT JUDGED",
	};
	return words[k];
}

/* Not judged: a guard overruled the point estimate's decision. */
static const char *guarded_point(const struct verdict *v, const struct price *p)
{
	if (v->point_kind == (p->accept ? VERDICT_ACCEPT : VERDICT_REJECT))
		return "";
	return v->point_kind == VERDICT_REJECT
	           ? "; the point estimate accepts, a guard rejects it"
	           : "; the point estimate accepts, a guard makes it "
	             "inconclusive";
}

/* The first word is the decision: a verdict not judged against noise
 * leads with what the point estimate decides as the guards leave it (what
 * --check follows), qualified, never with "not judged". */
void report_headline(FILE *out, const struct record *r)
{
	const struct price *p = r->price;
	const struct verdict *v = r->verdict;
	bool unjudged = v && v->kind == VERDICT_NOT_JUDGED;
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[NUMFMT_MAX];

	fprintf(out, "%s%s: net %s = gain %s - cost %s",
	        !v ? p->accept ? "ACCEPT" : "REJECT"
	           : report_headline_word(verdict_decision(v)),
	        unjudged ? ", not judged against noise" : "", num(a, p->net),
	        num(b, p->gain), num(c, p->cost));
	if (v && v->against_control)
		fprintf(out, ", net less the control run's %s",
		        num(a, v->boot->point.net));
	if (v && v->boot)
		fprintf(out, ", %s %% interval [%s, %s]",
		        pct(a, v->boot->confidence), num(b, v->boot->net_ci.lo),
		        num(c, v->boot->net_ci.hi));
	if (unjudged)
		fputs(guarded_point(v, p), out);
	else if (v)
		fprintf(out, "; the point estimate %s",
		        p->accept ? "accepts" : "rejects");
}

void report_verdict_words(FILE *out, const struct record *r,
                          enum report_format f, bool *oom)
{
	const struct verdict *v = r->verdict;
	struct vout o = {out, f, r->price, false};

	fprintf(out,
	        f == FORMAT_MD ? "\n### Verdict: **%s**\n\n" : "verdict: %s",
	        verdict_name(v->kind));
	for (size_t k = 0; k < v->nreasons; k++) {
		fputs(f == FORMAT_MD ? "- " : k ? "; " : " (", out);
		report_reason_words(out, r, &v->reasons[k]);
		if (f == FORMAT_MD)
			fputc('\n', out);
	}
	if (f != FORMAT_MD)
		fputs(v->nreasons ? ")\n" : "\n", out);
	if (v->boot)
		interval_line(&o, v);
	need_line(&o, v);
	facts(&o, v);
	*oom |= o.oom;
}
