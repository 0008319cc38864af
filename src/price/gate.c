/* gate.c: pass states from the accuracy gate, and the cases near it
 * (gate.h). */
#include "price/gate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "price/price.h"
#include "price/price_env.h"
#include "price/price_read.h"
#include "price/scenario.h"

/* The run's own pass state of case i disagrees with the gate's g: an
 * error at its cell.  Cells the file did not give (a report merged, a
 * case added by --missing fail, a scenario's prediction) are not
 * checked. */
static int check_cell(const struct run *r, size_t i, double g,
                      const char *gate_file, struct diag *d)
{
	const struct column *c = run_find(r, "passed");
	const struct column *from = run_find(r, RUN_PASS_FROM);
	char name[RUN_SHOW_SIZE];

	if (!c || !c->v || c->v[i] == g ||
	    r->pass_source != RUN_PASS_RECORDED ||
	    strcmp(r->format, "scenario") == 0 ||
	    (from && from->v && from->v[i] != RUN_FROM_FILE))
		return FP_OK;
	return diag_set(
	    d, r->path, (int)run_cell_line(r, c, i), (int)run_cell_col(c, i),
	    "case '%s' is %s here, but the gate of %s %s it "
	    "(the gate decides passed from the error columns)",
	    run_case_shown(r, i, name), c->v[i] != 0 ? "passed" : "failed",
	    gate_file, g != 0 ? "passes" : "fails");
}

static int derive_side(struct price *p, struct session *ses, int s, bool check,
                       struct diag *d)
{
	const struct metric *m = ses->metric;
	const struct run *r = s ? ses->runs->after : ses->runs->before;
	double *g = p->gate_pass[s];
	struct fx_fault fault;
	char name[RUN_SHOW_SIZE];

	price_bind_side(ses, p, s);
	if (fx_eval(m->gate.prog, ses->side, g, &fault) != FP_OK)
		return price_fault(&m->gate, &fault, ses->runs,
		                   price_side_suffix[s], d);
	for (size_t i = 0; i < p->n; i++) {
		g[i] = g[i] != 0;
		if (check && check_cell(r, i, g[i], m->path, d) != FP_OK)
			return FP_ERR;
		if (g[i] != 0 && p->has_runtime[s][i] == 0)
			return diag_set(d, r->path, (int)r->case_line[i], 0,
			                "case '%s' passes the gate of %s but "
			                "has no runtime: a passing case "
			                "needs one",
			                run_case_shown(r, i, name), m->path);
	}
	p->passed[s] = g;
	return FP_OK;
}

int price_gate_derive(struct price *p, struct session *ses, bool check,
                      struct diag *d)
{
	for (int s = 0; s < 2; s++)
		if (derive_side(p, ses, s, check, d) != FP_OK)
			return FP_ERR;
	price_env_common(p, ses);
	if (price_env_transitions(p, ses) != FP_OK)
		return diag_oom(d);
	return FP_OK;
}

/* gate_margin and gate_near of side s into margin[] and near[]. */
static int eval_margins(const struct price *p, struct session *ses, int s,
                        double *margin, double *near, struct diag *d)
{
	const struct metric *m = ses->metric;
	struct fx_fault fault;

	price_bind_side(ses, p, s);
	if (fx_eval(m->gate_margin.prog, ses->side, margin, &fault) != FP_OK)
		return price_fault(&m->gate_margin, &fault, ses->runs,
		                   price_side_suffix[s], d);
	if (fx_eval(m->gate_near.prog, ses->side, near, &fault) != FP_OK)
		return price_fault(&m->gate_near, &fault, ses->runs,
		                   price_side_suffix[s], d);
	if (fx_prog_shape(m->gate_near.prog) == FX_SCALAR)
		for (size_t i = 1; i < p->n; i++)
			near[i] = near[0];
	return FP_OK;
}

static int add_near(struct gate_nears *g, const struct price *p, size_t i,
                    int s, double margin, double near)
{
	struct gate_near *grown;

	if (!(fabs(margin) <= near))
		return FP_OK;
	if (!(grown = realloc(g->c, (g->n + 1) * sizeof *grown)))
		return FP_ERR;
	g->c = grown;
	g->c[g->n++] = (struct gate_near){.i = i,
	                                  .side = s,
	                                  .margin = margin,
	                                  .near = near,
	                                  .passed = p->passed[s][i] != 0};
	return FP_OK;
}

int price_gate_nears(const struct price *p, struct session *ses,
                     struct gate_nears *out, struct diag *d)
{
	size_t n = p->n ? p->n : 1;
	double *margin = malloc(n * sizeof *margin);
	double *near = malloc(n * sizeof *near);
	int rc = FP_OK;

	*out = (struct gate_nears){.on = ses->metric->gate_margin.prog != NULL};
	if (!margin || !near)
		rc = diag_oom(d);
	for (int s = 0; rc == FP_OK && out->on && s < 2; s++) {
		rc = eval_margins(p, ses, s, margin, near, d);
		for (size_t i = 0; rc == FP_OK && i < p->n; i++)
			if (add_near(out, p, i, s, margin[i], near[i]) != FP_OK)
				rc = diag_oom(d);
	}
	price_bind_side(ses, p, 1);
	free(margin);
	free(near);
	return rc;
}

void gate_nears_free(struct gate_nears *g)
{
	free(g->c);
	*g = (struct gate_nears){0};
}

int gate_check_scenario(const struct metric *m, const struct scenario *s,
                        const char *origin, size_t npass, size_t nfail,
                        struct diag *d)
{
	static const char fix[] = "the gate of %s decides every pass state; "
	                          "scale its error columns with errors: "
	                          "instead (errors: {\"*\": 0.5})";
	char msg[DIAG_MSG_MAX];

	if (!m->gate.prog)
		return FP_OK;
	snprintf(msg, sizeof msg, fix, m->path);
	if (s->pass_at[0] || s->fail_at[0]) {
		const int *at = s->pass_at[0] ? s->pass_at : s->fail_at;
		return diag_set(d, s->path, at[0], at[1], "%s: %s",
		                s->pass_at[0] ? "pass" : "fail", msg);
	}
	if (npass || nfail)
		return diag_set(d, origin, 0, 0, "--%s: %s",
		                npass ? "pass" : "fail", msg);
	return FP_OK;
}
