/* cmd_price.c: `fixprice price`: the tool's main job.  Prices a fix from
 * two measured runs, or from a before run and a scenario, and writes the
 * decision record. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "commands.h"
#include "job.h"
#include "report/report.h"
#include "util/atomic_file.h"

const char cmd_price_usage[] =
	"usage: fixprice price [OPTIONS] BEFORE [AFTER]\n"
	"\n"
	"Prices a fix in the metric's own units: gain (what newly passing cases\n"
	"add), cost (what the slowdown takes from every case), net = gain - cost,\n"
	"and the decision, with the metric's own totals as a control.\n"
	"\n"
	JOB_USAGE
	"Output:\n"
	"  --format FMT            text (default), md, json or csv on stdout\n"
	"  -o, --output FILE       write that form to FILE instead of stdout\n"
	"  --record DIR            write decision.md, decision.json, cases.csv\n"
	"  --force                 replace an existing record or output file\n"
	"  -v, --verbose           add the per-case table to text output\n"
	"  --check                 exit 1 when the decision is not accept\n"
	"  -h, --help              show this help\n"
	"\n"
	"Exit status: 0 a record was produced, 1 --check and the decision is\n"
	"reject, 2 bad input or usage.\n";

struct price_opts {
	struct job_opts job;
	enum report_format format;
	const char *output, *record;
	bool force, check;
	int verbose;
};

/* True if path names the same file as one of the job's inputs. */
static bool is_input(const struct job *job, const char *path)
{
	struct stat out, in;

	if (stat(path, &out) != 0)
		return false;
	for (size_t i = 0; i < job->ninputs; i++)
		if (stat(job->inputs[i].path, &in) == 0 && in.st_dev == out.st_dev &&
		    in.st_ino == out.st_ino)
			return true;
	return false;
}

/* Writes the record in one form to -o FILE (atomically) or stdout. */
static int write_output(const struct price_opts *o, const struct job *job,
                        const struct record *r, struct diag *d)
{
	struct atomic_file af;
	struct stat st;

	if (!o->output) {
		if (report_write(r, o->format, stdout, o->verbose, d) != FP_OK)
			return FP_ERR;
		if (fflush(stdout) != 0 || ferror(stdout))
			return diag_set(d, NULL, 0, 0, "cannot write to standard output");
		return FP_OK;
	}
	if (is_input(job, o->output))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "-o %s would overwrite an input", o->output);
	if (!o->force && stat(o->output, &st) == 0)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s exists; use --force to replace it", o->output);
	if (atomic_file_open(&af, o->output, d) != FP_OK)
		return FP_ERR;
	if (report_write(r, o->format, af.fp, o->verbose, d) != FP_OK) {
		atomic_file_abort(&af);
		return FP_ERR;
	}
	return atomic_file_commit(&af, d);
}

static int run_price(const struct price_opts *o, char *const *inputs,
                     size_t ninputs, int *status, struct diag *d)
{
	struct job job;
	struct price *p = NULL;
	struct record r;
	int rc = FP_ERR;

	if (job_load(&o->job, inputs, ninputs, &job, d) != FP_OK ||
	    price_compute(job.metric, &job.runs, &p, d) != FP_OK)
		goto out;
	job_record(&job, p, &r);
	if (o->record && report_record_dir(&r, o->record, o->force, d) != FP_OK)
		goto out;
	if (write_output(o, &job, &r, d) != FP_OK)
		goto out;
	*status = o->check && !p->accept ? EXIT_GATE : EXIT_OK;
	rc = FP_OK;
out:
	price_free(p);
	job_free(&job);
	return rc;
}

int cmd_price(int argc, char **argv)
{
	enum { OPT_FORMAT = 2000, OPT_RECORD, OPT_FORCE, OPT_CHECK };
	static const struct option longopts[] = {
		JOB_LONGOPTS,
		{"format", required_argument, NULL, OPT_FORMAT},
		{"output", required_argument, NULL, 'o'},
		{"record", required_argument, NULL, OPT_RECORD},
		{"force", no_argument, NULL, OPT_FORCE},
		{"check", no_argument, NULL, OPT_CHECK},
		{"verbose", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	struct price_opts o = {.format = FORMAT_TEXT};
	struct diag d;
	int opt, status = EXIT_USAGE;

	while ((opt = getopt_long(argc, argv, "m:o:vh", longopts, NULL)) != -1) {
		int taken = job_option(&o.job, opt, optarg, &d);
		if (taken == FP_ERR)
			goto fail;
		if (taken == FP_OK)
			continue;
		switch (opt) {
		case OPT_FORMAT:
			if (report_format_parse(optarg, &o.format, &d) != FP_OK)
				goto fail;
			break;
		case 'o':
			o.output = optarg;
			break;
		case OPT_RECORD:
			o.record = optarg;
			break;
		case OPT_FORCE:
			o.force = true;
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
			fputs(cmd_price_usage, stderr);
			goto done;
		}
	}
	if (argc - optind < 1 || argc - optind > 2) {
		fprintf(stderr, "fixprice price: give BEFORE AFTER, BOTH, or BEFORE "
		        "with a scenario\n");
		fputs(cmd_price_usage, stderr);
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
