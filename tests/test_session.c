/* test_session.c: sessions over one immutable metric, priced at once from
 * two threads with different parameter values, against the same prices
 * made one after the other and against values worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "price/load.h"
#include "price/price.h"
#include "price/session.h"
#include "sens/sensitivity.h"

#define EX TEST_SRCDIR "/examples/fp32-cube-matmul/"
#define ROUNDS 200

#define assert_close(x, want) \
	assert_true(fabs((x) - (double)(want)) <= \
	            1e-12 * fmax(1, fabs((double)(want))))

/* The worked example as a prediction: 20 cases, every runtime times f,
 * m512_k4096 newly passing, scores 1 -> 1/f.  With pass_reward p and
 * perf_weight q:  gain = (p + q/f) / 20 * 100 = (p + q/f) * 5,
 *                 cost = 20 q (1 - 1/f) / 20 * 100 = 100 q (1 - 1/f). */
static void load_example(struct job *job)
{
	static const char *const inputs[1] = {EX "before.csv"};
	const struct load_request rq = {
	    .inputs = inputs, .ninputs = 1, .scenario = EX "fp32-cube.yaml"};
	struct diag d;

	if (load_job(&rq, job, &d) != FP_OK)
		fail_msg("%s", d.msg);
}

/* What one thread prices: its parameter values, and what it got. */
struct work {
	const struct job *job;
	double p, q, f;         /* pass_reward, perf_weight, runtime_factor */
	double gain, cost, net; /* the last of ROUNDS prices */
	double share_sum;       /* of the gain shares */
	double breakeven;       /* of pass_reward, from the sensitivity */
	int rc;                 /* FP_OK, or where it failed */
	char msg[DIAG_MSG_MAX];
};

static int set_all(struct session *s, const struct work *w, struct diag *d)
{
	const struct metric *m = s->metric;

	for (size_t i = 0; i < m->nparams; i++)
		if (session_set_param(
		        s, i,
		        strcmp(m->params[i].name, "pass_reward") == 0 ? w->p
		                                                      : w->q,
		        d) != FP_OK)
			return FP_ERR;
	return session_set_scenario_param(s, 0, w->f, d);
}

/* Prices ROUNDS times in a session of its own, then searches the break-even
 * of pass_reward on it. */
static void *price_many(void *arg)
{
	struct work *w = arg;
	struct session *s = NULL;
	struct price *p = NULL;
	struct sens sens = {0};
	struct knob k;
	double *cross = NULL;
	size_t ncross = 0;
	struct diag d;

	w->rc = FP_ERR;
	if (session_open(w->job->metric, &w->job->runs, w->job->scenario, &s,
	                 &d) != FP_OK ||
	    set_all(s, w, &d) != FP_OK)
		goto out;
	for (int r = 0; r < ROUNDS; r++) {
		price_free(p);
		if (price_compute(s, &p, &d) != FP_OK)
			goto out;
	}
	w->gain = p->gain;
	w->cost = p->cost;
	w->net = p->net;
	w->share_sum = 0;
	for (size_t i = 0; i < p->n; i++)
		w->share_sum += p->gain_share[i];
	if (sens_open(&sens, s, p, &d) != FP_OK ||
	    sens_knob(&sens, "pass_reward", &k, &d) != FP_OK ||
	    sens_breakeven(&sens, &k, 0, 100, &cross, NULL, &ncross, &d) !=
	        FP_OK)
		goto out;
	w->breakeven = ncross == 1 ? cross[0] : NAN;
	w->rc = FP_OK;
out:
	if (w->rc != FP_OK)
		snprintf(w->msg, sizeof w->msg, "%s", d.msg);
	free(cross);
	sens_close(&sens);
	price_free(p);
	session_close(s);
	return NULL;
}

static void check_by_hand(const struct work *w)
{
	double gain = (w->p + w->q / w->f) * 5;
	double cost = 100 * w->q * (1 - 1 / w->f);

	assert_int_equal(w->rc, FP_OK);
	assert_close(w->gain, gain);
	assert_close(w->cost, cost);
	assert_close(w->net, gain - cost);
	assert_close(w->share_sum, gain);
	/* net = 0 at p = cost/5 - q/f */
	assert_true(fabs(w->breakeven - (cost / 5 - w->q / w->f)) <= 1e-12);
}

static void test_two_threads(void **state)
{
	struct job job;
	struct work seq[2], par[2];
	pthread_t t[2];

	load_example(&job);
	seq[0] = (struct work){.job = &job, .p = 1, .q = 0.5, .f = 1.5};
	seq[1] = (struct work){.job = &job, .p = 0.3, .q = 0.7, .f = 3};
	par[0] = seq[0];
	par[1] = seq[1];
	/* One after the other first, then at once. */
	for (int i = 0; i < 2; i++)
		price_many(&seq[i]);
	for (int i = 0; i < 2; i++)
		assert_int_equal(
		    pthread_create(&t[i], NULL, price_many, &par[i]), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	for (int i = 0; i < 2; i++) {
		if (par[i].rc != FP_OK)
			fail_msg("thread %d: %s", i, par[i].msg);
		check_by_hand(&seq[i]);
		/* Bit for bit what the same session gives alone. */
		assert_true(par[i].gain == seq[i].gain);
		assert_true(par[i].cost == seq[i].cost);
		assert_true(par[i].net == seq[i].net);
		assert_true(par[i].breakeven == seq[i].breakeven);
	}
	/* The loaded metric and scenario are as the loader left them. */
	assert_true(job.metric->params[0].value == 0.3);
	assert_true(job.scenario->params[0].value == 2);
	job_free(&job);
}

/* A session starts at the loader's values, and what one session sets, or
 * the weight rules it adds, no other session sees. */
static void test_sessions_apart(void **state)
{
	struct job job;
	struct session *a = NULL, *b = NULL;
	struct price *pa = NULL, *pb = NULL;
	size_t rule;
	struct diag d;

	load_example(&job);
	assert_int_equal(
	    session_open(job.metric, &job.runs, job.scenario, &a, &d), FP_OK);
	assert_int_equal(
	    session_open(job.metric, &job.runs, job.scenario, &b, &d), FP_OK);
	assert_true(session_param(a, 0) == 0.3);
	assert_true(session_scenario_param(a, 0) == 2);
	/* m512_k4096 weighs 2 in a: W = 21, gain = (0.3 + 0.25) * 2 / 21 * 100 */
	assert_int_equal(session_add_weight_rule(a, "m512_k4096", 2, &rule, &d),
	                 FP_OK);
	{
		const char *name = "m512_k4096";
		double w[2];
		struct diag wd;

		assert_int_equal(session_weights(a, &name, 1, &w[0], &wd),
		                 FP_OK);
		assert_int_equal(session_weights(b, &name, 1, &w[1], &wd),
		                 FP_OK);
		assert_true(w[0] == 2 && w[1] == 1);
	}
	assert_int_equal(
	    session_set_weight(a, rule, -1, "weight:m512_k4096", &d), FP_ERR);
	assert_string_equal(d.msg, "weight:m512_k4096: a weight must be a "
	                           "finite number >= 0");
	assert_int_equal(session_set_param(b, 0, 1.0 / 0.0, &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "parameter 'pass_reward' must be a finite number");
	assert_int_equal(price_compute(a, &pa, &d), FP_OK);
	assert_int_equal(price_compute(b, &pb, &d), FP_OK);
	assert_close(pa->gain, 0.55 * 2 / 21 * 100);
	assert_close(pb->gain, 2.75);
	price_free(pa);
	price_free(pb);
	session_close(a);
	session_close(b);
	job_free(&job);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_two_threads),
	    cmocka_unit_test(test_sessions_apart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
