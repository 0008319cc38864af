/* sens_breakeven.c: where net is zero as one parameter varies. */
#include <jansson.h>

#include "report/internal.h"
#include "report/sens.h"
#include "sens/sensitivity.h"

#define NARROW \
	"a crossing narrower than the step between two points may be missed"
#define EVERY \
	"and where any branch of the metric flips, which finds every crossing"

/* Break-evens and the range are exact: they were solved to the bit. */
#define EXACT PRECISION_EXACT

/* "NAME: net = 0 at X and Y (now ...)" or "never flips", in text or md. */
static int write_text(const struct param_breakeven *b, double net,
                      enum report_format f, FILE *out, struct diag *d)
{
	const char *strong = f == FORMAT_MD ? "**" : "";
	char lo[NUMFMT_MAX], hi[NUMFMT_MAX], now[NUMFMT_MAX], n[NUMFMT_MAX];

	report_num(lo, b->lo, EXACT);
	report_num(hi, b->hi, EXACT);
	report_num(now, b->value, EXACT);
	report_num(n, net, PRECISION_HUMAN);
	fputs(strong, out);
	if (report_put_name(out, b->param, f, d) != FP_OK)
		return FP_ERR;
	fputs(strong, out);
	/* Sampled only, a stretch of another sign narrower than the step
	 * between two points (a step in a comparison) may lie between
	 * them; with every flip of the metric's branches looked at, none
	 * can (sens_flips). */
	if (b->zero_everywhere && b->every_crossing) {
		fprintf(out,
		        ": net is 0 everywhere between %s and %s (searched "
		        "at %d points and where any branch of the metric "
		        "flips), so no value of it decides anything; are the "
		        "runs the same?\n",
		        lo, hi, SENS_SAMPLES);
		return report_finish(out, report_form_name(f), d);
	}
	if (b->zero_everywhere) {
		fprintf(out,
		        ": net is 0 at all %d points sampled between %s and "
		        "%s (are the runs the same?); %s\n",
		        SENS_SAMPLES, lo, hi, NARROW);
		return report_finish(out, report_form_name(f), d);
	}
	if (b->ncross == 0) {
		if (b->every_crossing)
			fprintf(
			    out,
			    ": the sign of net never flips between %s and "
			    "%s (net is %s at %s; searched at %d points %s)\n",
			    lo, hi, n, now, SENS_SAMPLES, EVERY);
		else
			fprintf(
			    out,
			    ": the sign of net never flips at the %d points "
			    "sampled between %s and %s (net is %s at %s); "
			    "%s\n",
			    SENS_SAMPLES, lo, hi, n, now, NARROW);
		return report_finish(out, report_form_name(f), d);
	}
	/* A jump changes the sign without a 0: said so, where it is. */
	fputs(report_any_jump(b) ? ": net changes sign at " : ": net = 0 at ",
	      out);
	for (size_t i = 0; i < b->ncross; i++) {
		fputs(i == 0 ? "" : i + 1 == b->ncross ? " and " : ", ", out);
		report_put_num(out, b->cross[i], EXACT);
		if (report_jump_at(b, i))
			fputs(REPORT_JUMP, out);
	}
	fprintf(out, " (now %s, net %s; searched %s to %s at %d points%s%s)\n",
	        now, n, lo, hi, SENS_SAMPLES, b->every_crossing ? " " : "; ",
	        b->every_crossing ? EVERY : NARROW);
	return report_finish(out, report_form_name(f), d);
}

static int write_csv(const struct param_breakeven *b, FILE *out, struct diag *d)
{
	fputs("param,value,lo,hi,crossing,jump\n", out);
	for (size_t i = 0; i < (b->ncross ? b->ncross : 1); i++) {
		if (report_put_name(out, b->param, FORMAT_CSV, d) != FP_OK)
			return FP_ERR;
		fputc(',', out);
		report_put_num(out, b->value, EXACT);
		fputc(',', out);
		report_put_num(out, b->lo, EXACT);
		fputc(',', out);
		report_put_num(out, b->hi, EXACT);
		fputc(',', out);
		if (b->ncross)
			report_put_num(out, b->cross[i], EXACT);
		fputs(!b->ncross             ? ",\n"
		      : report_jump_at(b, i) ? ",1\n"
		                             : ",0\n",
		      out);
	}
	return report_finish(out, "CSV", d);
}

static int write_json(const struct param_breakeven *b, double net, FILE *out,
                      struct diag *d)
{
	json_t *list = json_array(), *root;

	for (size_t i = 0; list && i < b->ncross; i++)
		json_array_append_new(list, json_real(b->cross[i]));
	root = json_pack("{s:s, s:f, s:f, s:f, s:f, s:o}", "param", b->param,
	                 "value", b->value, "net", net, "lo", b->lo, "hi",
	                 b->hi, "crossings", list);
	if (root && report_any_jump(b))
		json_object_set_new(root, "jumps", report_jumps_json(b));
	/* Only when it holds, so that other records keep their bytes. */
	if (root && b->zero_everywhere)
		json_object_set_new(root, "zero_everywhere", json_true());
	if (root)
		json_object_set_new(root, "points_sampled",
		                    json_integer(SENS_SAMPLES));
	if (root)
		json_object_set_new(root, "every_crossing",
		                    json_boolean(b->every_crossing));
	return report_put_json(out, root, d);
}

int report_breakeven(const struct param_breakeven *b, double net,
                     enum report_format f, FILE *out, struct diag *d)
{
	switch (f) {
	case FORMAT_CSV:
		return write_csv(b, out, d);
	case FORMAT_JSON:
		return write_json(b, net, out, d);
	default:
		return write_text(b, net, f, out, d);
	}
}
