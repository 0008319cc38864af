/* cmd_price.c: `fixprice price`: the tool's main job.  Prices a fix from
 * two measured runs, or from a before run and a scenario, and writes the
 * decision record. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cli.h"
#include "cmd/commands.h"
#include "cmd/job.h"
#include "cmd/record_extras.h"
#include "report/report.h"

const char cmd_price_usage[] =
	"usage: fixprice price [OPTIONS] BEFORE [AFTER]\n"
	"\n"
	"Prices a fix in the metric's own units: gain (what newly passing cases\n"
	"add), cost (what the slowdown takes from every case), net = gain - cost,\n"
	"and the decision, with the metric's own totals as a control.\n"
	"\n"
	JOB_USAGE
	OUTPUT_USAGE
	"  --record DIR            write decision.md, decision.json, cases.csv,\n"
	"                          the break-even of every parameter and plots\n"
	"  -v, --verbose           add the per-case table to text output\n"
	"  --check                 exit 1 when the decision is not accept\n"
	"  -h, --help              show this help\n"
	"\n"
	"Exit status: 0 a record was produced, 1 --check and the decision is\n"
	"reject, 2 bad input or usage.\n";

struct price_opts {
	struct job_opts job;
	struct output_opts out;
	const char *record;
	bool check;
	int verbose;
};

static int run_price(const struct price_opts *o, char *const *inputs,
                     size_t ninputs, int *status, struct diag *d)
{
	struct job job = {0};
	struct session *ses = NULL;
	struct price *p = NULL;
	struct record_extras extras = {0};
	struct record r;
	struct output out = {0};
	int rc = FP_ERR;

	if ((o->record &&
	     report_record_dir_check(o->record, o->out.force, d) != FP_OK) ||
	    job_load(&o->job, inputs, ninputs, &job, d) != FP_OK ||
	    session_open(job.metric, &job.runs, job.scenario, &ses, d) != FP_OK ||
	    price_compute(ses, &p, d) != FP_OK)
		goto out;
	job_record(&job, p, &r);
	/* A record folder carries break-evens and plots; so does -o/stdout
	 * when plots were asked for. */
	if ((o->record || o->out.plot_dir) &&
	    record_extras_fill(&extras, ses, o->record, &o->out, &r, d) != FP_OK)
		goto out;
	if (o->record && report_record_dir(&r, o->record, o->out.force, d) != FP_OK)
		goto out;
	if (output_open(&out, &o->out, (const char *const *)inputs, ninputs,
	                d) != FP_OK ||
	    report_write(&r, o->out.format, out.fp, o->verbose, d) != FP_OK ||
	    output_close(&out, d) != FP_OK)
		goto out;
	record_extras_notes(&extras, stderr);
	*status = o->check && !p->accept ? EXIT_GATE : EXIT_OK;
	rc = FP_OK;
out:
	output_abort(&out);
	record_extras_free(&extras);
	price_free(p);
	session_close(ses);
	job_free(&job);
	return rc;
}

int cmd_price(int argc, char **argv)
{
	enum { OPT_RECORD = 2000, OPT_CHECK };
	static const struct option longopts[] = {
		JOB_LONGOPTS,
		OUTPUT_LONGOPTS,
		{"record", required_argument, NULL, OPT_RECORD},
		{"check", no_argument, NULL, OPT_CHECK},
		{"verbose", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	struct price_opts o = {0};
	struct diag d;
	int opt, status = EXIT_USAGE;

	while ((opt = getopt_long(argc, argv, "m:o:vh", longopts, NULL)) != -1) {
		int taken = job_option(&o.job, opt, optarg, &d);
		if (taken == 1)
			taken = output_option(&o.out, opt, optarg, &d);
		if (taken == FP_ERR)
			goto fail;
		if (taken == FP_OK)
			continue;
		switch (opt) {
		case OPT_RECORD:
			o.record = optarg;
			break;
		case OPT_CHECK:
			o.check = true;
			break;
		case 'v':
			o.verbose++;
			break;
		case 'h':
			fputs(cmd_price_usage, stdout);
			status = EXIT_OK;
			goto done;
		default:
			cli_short_usage("price", cmd_price_usage);
			goto done;
		}
	}
	if (argc - optind < 1 || argc - optind > 2) {
		fprintf(stderr, "fixprice price: give BEFORE AFTER, BOTH, or BEFORE "
		        "with a scenario\n");
		goto done;
	}
	if (run_price(&o, argv + optind, (size_t)(argc - optind), &status,
	              &d) == FP_OK)
		goto done;
fail:
	diag_print(&d, stderr);
	status = EXIT_USAGE;
done:
	job_opts_free(&o.job);
	return status;
}
