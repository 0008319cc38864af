/* sens_cmd.c: the shared frame of the sensitivity commands. */
#include "cmd/sens_cmd.h"

#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "cmd/commands.h"
#include "plot/plot.h"
#include "util/escape.h"
#include "util/numfmt.h"

/* JOB_LONGOPTS + OUTPUT_LONGOPTS + the command's own + help, in one table
 * (caller frees). */
static struct option *merge_options(const struct option *own)
{
	static const struct option shared[] = {
		JOB_LONGOPTS,
		OUTPUT_LONGOPTS,
		{"help", no_argument, NULL, 'h'},
	};
	size_t nshared = sizeof shared / sizeof shared[0], nown = 0;
	struct option *all;

	while (own[nown].name)
		nown++;
	all = calloc(nshared + nown + 1, sizeof *all);
	if (!all)
		return NULL;
	memcpy(all, shared, sizeof shared);
	memcpy(all + nshared, own, nown * sizeof *own);
	return all;
}

static int run_job(const struct sens_cmd *c, void *own,
                   const struct job_opts *jo, const struct output_opts *o,
                   char *const *inputs, size_t ninputs, struct diag *d)
{
	struct job job;
	struct session *ses = NULL;
	struct sens sens = {0};
	struct output out = {0};
	int rc = FP_ERR;

	if (job_load(jo, inputs, ninputs, &job, d) != FP_OK ||
	    session_open(job.metric, &job.runs, job.scenario, &ses, d) != FP_OK ||
	    sens_open(&sens, ses, d) != FP_OK ||
	    output_open(&out, o, (const char *const *)inputs, ninputs, d) != FP_OK)
		goto out;
	if (c->run(own, &sens, o, out.fp, d) != FP_OK ||
	    output_close(&out, d) != FP_OK)
		goto out;
	if (o->plot_dir && c->plot(own, &sens, o, d) != FP_OK)
		goto out;
	rc = FP_OK;
out:
	output_abort(&out);
	sens_close(&sens);
	session_close(ses);
	job_free(&job);
	return rc;
}

int sens_cmd_main(const struct sens_cmd *c, void *own, int argc, char **argv)
{
	struct job_opts jo = {0};
	struct output_opts o = {0};
	struct option *longopts = merge_options(c->options);
	char shortopts[32];
	struct diag d;
	int opt, status = EXIT_USAGE;

	if (!longopts) {
		fputs("fixprice: out of memory\n", stderr);
		return EXIT_USAGE;
	}
	snprintf(shortopts, sizeof shortopts, "m:o:h%s", c->shortopts);
	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		int taken = job_option(&jo, opt, optarg, &d);
		if (taken == 1)
			taken = output_option(&o, opt, optarg, &d);
		if (taken == 1 && opt != 'h' && opt != '?')
			taken = c->option(own, opt, optarg, &d);
		if (taken == FP_ERR)
			goto fail;
		if (taken == FP_OK)
			continue;
		if (opt == 'h') {
			fputs(c->usage, stdout);
			status = EXIT_OK;
		} else {
			cli_short_usage(c->name, c->usage);
		}
		goto done;
	}
	if (argc - optind < 1 || argc - optind > 2) {
		fprintf(stderr, "fixprice %s: give BEFORE AFTER, BOTH, or BEFORE "
		        "with a scenario\n", c->name);
		goto done;
	}
	if ((o.plot_dir || o.ascii) && !c->plot) {
		fprintf(stderr, "fixprice %s: draws no plot (sweep does)\n", c->name);
		goto done;
	}
	if (run_job(c, own, &jo, &o, argv + optind, (size_t)(argc - optind),
	            &d) == FP_OK) {
		status = EXIT_OK;
		goto done;
	}
fail:
	diag_print(&d, stderr);
	status = EXIT_USAGE;
done:
	free(longopts);
	job_opts_free(&jo);
	return status;
}

void sens_cmd_plot_done(struct plot_result *r, const struct output_opts *o)
{
	if (r->note)
		fprintf(stderr, "fixprice: %s\n", r->note);
	else
		fprintf(stderr, "fixprice: drew %s\n", r->file);
	if (o->ascii && r->ascii)
		fputs(r->ascii, stdout);
	plot_result_free(r);
}

char *sens_name(const char *s, enum report_format f)
{
	return f == FORMAT_MD    ? escape_md_text(s)
	       : f == FORMAT_CSV ? escape_spreadsheet(s)
	                         : escape_terminal(s);
}

void sens_put_name(FILE *out, const char *s, enum report_format f)
{
	char *e = sens_name(s, f);

	if (!e)
		return;
	if (f == FORMAT_CSV)
		csv_fwrite(out, e, strlen(e));
	else
		fputs(e, out);
	free(e);
}

char *sens_num(char *buf, double x, enum report_format f)
{
	return f == FORMAT_CSV || f == FORMAT_JSON ? numfmt_exact(buf, x)
	                                           : numfmt_human(buf, x, 6);
}

void sens_put_num(FILE *out, double x, enum report_format f)
{
	char buf[NUMFMT_MAX];

	fputs(sens_num(buf, x, f), out);
}

int sens_put_json(FILE *out, json_t *root, struct diag *d)
{
	int rc = root ? json_dumpf(root, out, JSON_INDENT(2) |
	                                          JSON_REAL_PRECISION(17))
	              : -1;

	json_decref(root);
	if (rc != 0 || fputc('\n', out) == EOF)
		return diag_set(d, NULL, 0, 0, "cannot write the JSON output");
	return FP_OK;
}
