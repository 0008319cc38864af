/* test_mem_run.c: the frame of a run made in memory (test_mem_run.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_mem_run.h"

struct run *mem_run(size_t n)
{
	struct run *r = calloc(1, sizeof *r);

	r->path = strdup("memory");
	r->format = strdup("csv");
	r->n = n;
	r->case_name = calloc(n, sizeof *r->case_name);
	r->case_line = calloc(n, sizeof *r->case_line);
	for (size_t i = 0; i < n; i++) {
		char buf[32];

		snprintf(buf, sizeof buf, "c%zu", i);
		r->case_name[i] = strdup(buf);
	}
	return r;
}

void mem_run_finish(struct run *r, double *passed, enum run_estimator e)
{
	struct diag d;

	assert_int_equal(run_add_column(r, "passed", COL_PASS, passed, &d),
	                 FP_OK);
	assert_int_equal(run_estimate(r, e, &d), FP_OK);
}

void mem_run_drop_samples(struct run *r)
{
	free(r->samples);
	free(r->sample_off);
	free(r->sample_pass);
	r->samples = NULL;
	r->sample_off = NULL;
	r->sample_pass = NULL;
}
