/* bench_json.c BEFORE AFTER OUT: the JSON record of a large pricing
 * (`make bench`: the 10^6-case runs of bench/make_runs.sh).
 *
 * Loads and prices the two runs as `fixprice price` does (load_job, a
 * session, price_compute, the default metric), then writes the JSON
 * record to OUT with report_json, timed alone.  Prints the CPU time of the
 * writing (user + system: the machine may be shared) and its wall time,
 * and the bytes per case, against the targets of at most 2 s and at most
 * 200 bytes per case.  Exit status 1 if either is missed (make bench
 * goes on, as with its other targets: the machine may be busy), 2 if the
 * record could not be made. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "price/load.h"
#include "price/price.h"
#include "price/session.h"
#include "report/report.h"

static double clock_of(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The record `fixprice price --format json` writes, without the verdict
 * (src/noise/, which the bench of the noise work times). */
static int write_record(const struct job *job, const struct price *p,
                        FILE *out, struct diag *d)
{
	struct record r = {
		.tool_version = PACKAGE_VERSION,
		.metric = job->metric,
		.price = p,
		.ninputs = job->ninputs,
		.facts = &job->facts,
	};

	for (size_t k = 0; k < job->ninputs; k++)
		r.inputs[k] = job->inputs[k];
	return report_json(&r, out, d);
}

/* Prints the numbers; true if both targets are met. */
static bool report(size_t n, double cpu, double wall, long bytes)
{
	double per_case = n ? (double)bytes / (double)n : 0;

	printf("json record: %zu cases, %ld bytes\n", n, bytes);
	printf("  written in %.3f s CPU (%.3f s wall)   target <= 2 s: %s\n",
	       cpu, wall, cpu <= 2 ? "ok" : "MISSED");
	printf("  %.1f bytes per case                 target <= 200: %s\n",
	       per_case, per_case <= 200 ? "ok" : "MISSED");
	return cpu <= 2 && per_case <= 200;
}

int main(int argc, char **argv)
{
	const char *inputs[2];
	struct load_request rq = {.inputs = inputs, .ninputs = 2};
	struct job job = {0};
	struct session *s = NULL;
	struct price *p = NULL;
	struct diag d;
	double cpu, wall;
	bool met = false;
	FILE *out;
	int rc;

	if (argc != 4) {
		fprintf(stderr, "usage: bench_json BEFORE AFTER OUT\n");
		return 2;
	}
	inputs[0] = argv[1];
	inputs[1] = argv[2];
	rc = load_job(&rq, &job, &d);
	if (rc == FP_OK)
		rc = session_open(job.metric, &job.runs, NULL, &s, &d);
	if (rc == FP_OK)
		rc = price_compute(s, &p, &d);
	out = rc == FP_OK ? fopen(argv[3], "w") : NULL;
	if (rc == FP_OK && !out)
		rc = diag_set(&d, argv[3], 0, 0, "cannot open for writing");
	if (rc == FP_OK) {
		cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID);
		wall = clock_of(CLOCK_MONOTONIC);
		rc = write_record(&job, p, out, &d);
		cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID) - cpu;
		wall = clock_of(CLOCK_MONOTONIC) - wall;
		if (rc == FP_OK)
			met = report(p->n, cpu, wall, ftell(out));
	}
	if (out)
		fclose(out);
	if (rc != FP_OK)
		diag_print(&d, stderr);
	price_free(p);
	session_close(s);
	job_free(&job);
	if (rc != FP_OK)
		return 2;
	return met ? 0 : 1;
}
