/* eval_joined.c: eval over two runs, loaded, joined and priced as price
 * does them (job_load, session_open, price_compute), so that a formula
 * sees what the metric's gain and cost see. */
#include <string.h>

#include "cmd/eval.h"
#include "price/price.h"

/* A formula that is NAME_before or NAME_after alone, NAME a column of that
 * run: its values as the run holds them (a failing case without a runtime
 * has none, which --per-case shows empty). */
static const double *bare_side(const struct joined *runs, const char *formula)
{
	static const char *const suffix[2] = {"_before", "_after"};
	size_t len;

	while (*formula == ' ')
		formula++;
	len = strlen(formula);
	while (len > 0 && formula[len - 1] == ' ')
		len--;
	for (int s = 0; s < 2; s++) {
		size_t n = strlen(suffix[s]);
		const struct run *r = s ? runs->after : runs->before;
		if (len <= n || memcmp(formula + len - n, suffix[s], n) != 0)
			continue;
		for (size_t i = 0; i < r->ncols; i++)
			if (r->cols[i].v &&
			    strlen(r->cols[i].name) == len - n &&
			    memcmp(r->cols[i].name, formula, len - n) == 0)
				return r->cols[i].v;
	}
	return NULL;
}

int eval_joined(const struct cmd_call *call, char *const *inputs,
                size_t ninputs, const char *formula, const struct eval_own *o,
                struct diag *d)
{
	struct job job;
	struct session *s = NULL;
	struct price *p = NULL;
	int rc = FP_ERR;

	if (job_load(&call->job, inputs, ninputs, &job, d) == FP_OK &&
	    session_open(job.metric, &job.runs, job.scenario, &s, d) == FP_OK &&
	    price_compute(s, &p, d) == FP_OK) {
		struct eval_over over = {.env = s->cross,
		                         .cases = job.runs.before,
		                         .bare = bare_side(&job.runs, formula)};
		rc = eval_env(&over, formula, o, d);
	}
	price_free(p);
	session_close(s);
	job_free(&job);
	return rc;
}
