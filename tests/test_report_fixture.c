#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_report_fixture.h"

/* The metric and record structs hold `char *`; the fixture's strings are
 * literals that nothing writes to. */
#define S(lit) ((char *)(lit))

static void fill_metric(struct fixture *f)
{
	struct metric *m = &f->metric;

	memset(m, 0, sizeof *m);
	m->path = S("metrics/pypto-gym.yaml");
	m->name = S("pypto-gym");
	m->version = S("1");
	m->description = S("pass reward plus performance score per case");
	m->source = S("pricing playbook, step 3");
	strcpy(m->sha256,
	       "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
	f->params[0] = (struct param){.name = S("pass_reward"),
	                                     .value = 0.3, .file_value = 0.3};
	f->params[1] = (struct param){.name = S("perf_weight"),
	                                     .value = 0.5, .file_value = 0.5};
	m->nparams = 2;
	m->params = f->params;
	m->weight_default = 1;
	f->columns[0] = S("ref_runtime");
	m->ncolumns = 1;
	m->columns = f->columns;
	m->score.src.text = "min(1, ref_runtime / runtime)";
	m->value.src.text = "passed * (pass_reward + perf_weight * score)";
	m->total.src.text = "sum(weight * value) / W * 100";
	m->gain.src.text = "sum(weight * newly_passing * (pass_reward + "
	                   "perf_weight * score_after)) / W * 100";
	m->cost.src.text = "sum(weight * perf_weight * (score_before - "
	                   "score_after)) / W * 100";
	m->decide.src.text = "gain - cost > 0";
}

/* The arrays the price points to, case by case. */
static void fill_case(struct fixture *f, size_t i, const char *name,
                      double pb, double pa, double rb, double ra, double sb,
                      double sa, double vb, double va, double g, double c)
{
	f->names[i] = name;
	f->weight[i] = 1;
	f->passed[0][i] = pb;
	f->passed[1][i] = pa;
	f->runtime[0][i] = rb;
	f->runtime[1][i] = ra;
	f->score[0][i] = sb;
	f->score[1][i] = sa;
	f->value[0][i] = vb;
	f->value[1][i] = va;
	f->gain_share[i] = g;
	f->cost_share[i] = c;
}

static void link_price(struct fixture *f)
{
	struct price *p = &f->price;

	p->n = FX_CASES;
	p->case_name = f->names;
	p->N = 3;
	p->W = 3;
	p->weight = f->weight;
	for (int s = 0; s < 2; s++) {
		p->passed[s] = f->passed[s];
		p->runtime[s] = f->runtime[s];
		p->score[s] = f->score[s];
		p->value[s] = f->value[s];
	}
	p->gain_share = f->gain_share;
	p->cost_share = f->cost_share;
	p->control_cases = f->control_cases;
}

void fixture_measured(struct fixture *f)
{
	struct price *p = &f->price;
	struct record *r = &f->record;

	memset(f, 0, sizeof *f);
	fill_metric(f);
	/* ref_runtime = 1, 1, 4; every runtime doubles.
	 * score = min(1, ref/runtime):      A 1 -> 0.5, B 0.5 -> 0.25,
	 *                                   C 1 -> 0.5.
	 * value = passed * (0.3 + 0.5 score): A 0.8 -> 0.55,
	 *                                   B 0.55 -> 0.425, C 0 -> 0.55.
	 * gain shares: only C newly passes: (0.3 + 0.5 * 0.5) / 3 * 100
	 *              = 55/3 = 18.3333.
	 * cost shares: 0.5 * (score_before - score_after) / 3 * 100:
	 *              A 0.5 * 0.5 -> 25/3, B 0.5 * 0.25 -> 12.5/3,
	 *              C 0.5 * 0.5 -> 25/3. */
	fill_case(f, 0, "A", 1, 1, 1, 2, 1, 0.5, 0.8, 0.55, 0, 25.0 / 3);
	fill_case(f, 1, "B", 1, 1, 2, 4, 0.5, 0.25, 0.55, 0.425, 0,
	          12.5 / 3);
	fill_case(f, 2, "C", 0, 1, 4, 8, 1, 0.5, 0, 0.55, 55.0 / 3,
	          25.0 / 3);
	link_price(f);
	/* gain = 55/3 = 18.3333; cost = (25 + 12.5 + 25)/3 = 62.5/3 = 20.8333;
	 * net = -7.5/3 = -2.5.
	 * total_before = (0.8 + 0.55 + 0) / 3 * 100 = 45;
	 * total_after = (0.55 + 0.425 + 0.55) / 3 * 100 = 152.5/3 = 50.8333;
	 * delta_total = 17.5/3 = 5.8333.  The gap net - delta_total =
	 * -2.5 - 5.8333 = -25/3 comes all from C, which was failing, so its
	 * slowdown cost nothing in the total but counts in `cost`. */
	p->gain = 55.0 / 3;
	p->cost = 62.5 / 3;
	p->net = p->gain - p->cost;
	p->accept = false;
	p->total[0] = 45;
	p->total[1] = 152.5 / 3;
	p->delta_total = 17.5 / 3;
	p->control_ok = false;
	p->control_gap = -25.0 / 3;
	f->control_cases[0] = 2;
	p->ncontrol_cases = 1;

	/* net(pass_reward) = (pr + 0.25)/3*100 - 62.5/3 = 0 at pr = 0.375. */
	f->cross[0] = 0.375;
	f->breakeven[0] = (struct param_breakeven){
		.param = "pass_reward", .value = 0.3, .lo = 0, .hi = 2,
		.ncross = 1, .cross = f->cross, .every_crossing = true};
	f->plots[0] = (struct record_plot){.title = "Shares of gain and cost",
	                                   .file = "shares.svg"};

	r->tool_version = "0.1.0";
	r->metric = &f->metric;
	r->price = p;
	r->ninputs = 2;
	r->inputs[0] = (struct record_input){.role = "before",
	                                     .path = "runs/before.csv"};
	r->inputs[1] = (struct record_input){.role = "after",
	                                     .path = "runs/after.csv"};
	memset(r->inputs[0].sha256, '1', 64);
	memset(r->inputs[1].sha256, '2', 64);
	r->ndropped = 1;
	r->nbreakeven = 1;
	r->breakeven = f->breakeven;
	r->nplots = 1;
	r->plots = f->plots;
}

void fixture_prediction(struct fixture *f)
{
	struct price *p = &f->price;
	struct record *r = &f->record;
	struct scenario *s = &f->scenario;

	memset(f, 0, sizeof *f);
	fill_metric(f);
	/* Runtimes unchanged, so scores are too (1, 0.5, 1); only C changes:
	 * value 0 -> 0.3 + 0.5 * 1 = 0.8, gain share 0.8 / 3 * 100 = 80/3. */
	fill_case(f, 0, "A", 1, 1, 1, 1, 1, 1, 0.8, 0.8, 0, 0);
	fill_case(f, 1, "B", 1, 1, 2, 2, 0.5, 0.5, 0.55, 0.55, 0, 0);
	fill_case(f, 2, "C", 0, 1, 4, 4, 1, 1, 0, 0.8, 80.0 / 3, 0);
	link_price(f);
	/* gain = 80/3 = 26.6667, cost = 0, net = 26.6667;
	 * total_before = 45, total_after = (0.8 + 0.55 + 0.8) / 3 * 100
	 * = 215/3 = 71.6667, delta_total = 80/3: the control agrees. */
	p->gain = 80.0 / 3;
	p->cost = 0;
	p->net = 80.0 / 3;
	p->accept = true;
	p->total[0] = 45;
	p->total[1] = 215.0 / 3;
	p->delta_total = 80.0 / 3;
	p->control_ok = true;
	p->control_gap = 0;

	s->path = S("scenarios/fix-c.yaml");
	memset(s->sha256, '3', 64);
	s->name = S("fix C");
	f->pass[0] = S("C");
	s->npass = 1;
	s->pass = f->pass;
	f->sparams[0] = (struct param){.name = S("runtime_factor"),
	                                        .value = 1};
	s->nparams = 1;
	s->params = f->sparams;

	r->tool_version = "0.1.0";
	r->prediction = true;
	r->metric = &f->metric;
	r->scenario = s;
	r->price = p;
	r->ninputs = 2;
	r->inputs[0] = (struct record_input){.role = "before",
	                                     .path = "runs/before.csv"};
	r->inputs[1] = (struct record_input){.role = "scenario",
	                                     .path = "scenarios/fix-c.yaml"};
	memset(r->inputs[0].sha256, '1', 64);
	memset(r->inputs[1].sha256, '3', 64);
}

char *fixture_render(const struct record *r, enum report_format f,
                     int verbose)
{
	struct diag d = {0};
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	if (report_write(r, f, out, verbose, &d) != FP_OK)
		fail_msg("writer failed: %s", d.msg);
	assert_int_equal(fclose(out), 0);
	return buf;
}

void assert_same_double(double got, double want)
{
	assert_memory_equal(&got, &want, sizeof got);
}
