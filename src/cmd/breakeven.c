/* cmd_breakeven.c: `fixprice breakeven`: the value of one parameter at
 * which net is zero, every crossing in a range, solved to full precision. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/sens_cmd.h"

const char cmd_breakeven_usage[] =
	"usage: fixprice breakeven [OPTIONS] BEFORE [AFTER] --param NAME\n"
	"\n"
	"Finds where net = gain - cost is zero as one parameter varies and the\n"
	"others are held: every crossing in the range, each solved to full\n"
	"double precision, or a clear statement that the sign never flips.\n"
	"\n"
	"  --param NAME            a metric or scenario parameter, or weight:GLOB\n"
	"                          (the weight of the cases GLOB matches)\n"
	"  --range LO:HI           where to look (default: value/100 to\n"
	"                          value*100; -1 to 1 for a value of 0)\n"
	"\n"
	JOB_USAGE
	"Output:\n"
	"  --format FMT            text (default), md, json or csv\n"
	"  -o, --output FILE       write to FILE instead of stdout\n"
	"  --force                 replace an existing output file\n"
	"  -h, --help              show this help\n";

struct breakeven_opts {
	const char *param;
	bool have_range;
	double lo, hi;
};

enum { OPT_PARAM = 4000, OPT_RANGE };

static int breakeven_option(void *own, int opt, const char *arg,
                            struct diag *d)
{
	struct breakeven_opts *b = own;
	double step;

	switch (opt) {
	case OPT_PARAM:
		b->param = arg;
		return FP_OK;
	case OPT_RANGE:
		b->have_range = true;
		if (cli_range(arg, "--range", &b->lo, &b->hi, &step, d) != FP_OK)
			return FP_ERR;
		if (step != 0)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--range takes LO:HI, without a step");
		return FP_OK;
	default:
		return 1;
	}
}

/* "NAME: net = 0 at X and Y (now ...)" or "never flips" */
static void write_text(FILE *out, const struct knob *k, double net, double lo,
                       double hi, const double *cross, size_t n,
                       enum report_format f)
{
	const char *strong = f == FORMAT_MD ? "**" : "";

	fputs(strong, out);
	sens_put_name(out, k->name, f);
	fputs(strong, out);
	if (n == 0) {
		fputs(": the sign of net never flips between ", out);
		sens_put_num(out, lo, FORMAT_JSON);
		fputs(" and ", out);
		sens_put_num(out, hi, FORMAT_JSON);
		fputs(" (net is ", out);
		sens_put_num(out, net, f);
		fputs(" at ", out);
		sens_put_num(out, k->base, FORMAT_JSON);
		fputs(")\n", out);
		return;
	}
	fputs(": net = 0 at ", out);
	for (size_t i = 0; i < n; i++) {
		fputs(i == 0 ? "" : i + 1 == n ? " and " : ", ", out);
		/* Break-evens are printed exactly: they were solved to the bit. */
		sens_put_num(out, cross[i], FORMAT_JSON);
	}
	fputs(" (now ", out);
	sens_put_num(out, k->base, FORMAT_JSON);
	fputs(", net ", out);
	sens_put_num(out, net, f);
	fputs("; searched ", out);
	sens_put_num(out, lo, FORMAT_JSON);
	fputs(" to ", out);
	sens_put_num(out, hi, FORMAT_JSON);
	fputs(")\n", out);
}

static void write_csv(FILE *out, const struct knob *k, double lo, double hi,
                      const double *cross, size_t n)
{
	fputs("param,value,lo,hi,crossing\n", out);
	for (size_t i = 0; i < (n ? n : 1); i++) {
		sens_put_name(out, k->name, FORMAT_CSV);
		fputc(',', out);
		sens_put_num(out, k->base, FORMAT_CSV);
		fputc(',', out);
		sens_put_num(out, lo, FORMAT_CSV);
		fputc(',', out);
		sens_put_num(out, hi, FORMAT_CSV);
		fputc(',', out);
		if (n)
			sens_put_num(out, cross[i], FORMAT_CSV);
		fputc('\n', out);
	}
}

static int write_json(FILE *out, const struct knob *k, double net, double lo,
                      double hi, const double *cross, size_t n,
                      struct diag *d)
{
	json_t *list = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(list, json_real(cross[i]));
	return sens_put_json(out,
	                     json_pack("{s:s, s:f, s:f, s:f, s:f, s:o}", "param",
	                               k->name, "value", k->base, "net", net,
	                               "lo", lo, "hi", hi, "crossings", list),
	                     d);
}

static int breakeven_run(void *own, struct sens *s,
                         const struct output_opts *o, FILE *out,
                         struct diag *d)
{
	struct breakeven_opts *b = own;
	struct knob k;
	double *cross = NULL;
	size_t n = 0;
	int rc = FP_OK;

	if (!b->param)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "breakeven needs --param NAME");
	if (sens_knob(s, b->param, &k, d) != FP_OK)
		return FP_ERR;
	if (!b->have_range)
		sens_default_range(&k, &b->lo, &b->hi);
	if (sens_breakeven(s, &k, b->lo, b->hi, &cross, &n, d) != FP_OK) {
		free(cross);
		return FP_ERR;
	}
	switch (o->format) {
	case FORMAT_TEXT:
	case FORMAT_MD:
		write_text(out, &k, s->base_net, b->lo, b->hi, cross, n, o->format);
		break;
	case FORMAT_CSV:
		write_csv(out, &k, b->lo, b->hi, cross, n);
		break;
	case FORMAT_JSON:
		rc = write_json(out, &k, s->base_net, b->lo, b->hi, cross, n, d);
		break;
	}
	free(cross);
	return rc;
}

int cmd_breakeven(int argc, char **argv)
{
	static const struct option options[] = {
		{"param", required_argument, NULL, OPT_PARAM},
		{"range", required_argument, NULL, OPT_RANGE},
		{0},
	};
	static const struct sens_cmd cmd = {
		"breakeven", cmd_breakeven_usage, options, "",
		breakeven_option, breakeven_run, NULL,
	};
	struct breakeven_opts b = {0};

	return sens_cmd_main(&cmd, &b, argc, argv);
}
