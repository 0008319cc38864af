/* sens_noise.c: the noise of a sensitivity command beside its table:
 * after it in text and Markdown (CSV stays one table), and as the key
 * "noise" of the JSON object. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>

#include "report/internal.h"
#include "report/sens.h"

static json_t *pair(struct interval ci)
{
	return json_pack("[f, f]", ci.lo, ci.hi);
}

static json_t *noise_json(const struct sens_noise_view *v)
{
	const struct sens_noise *sn = v->sn;
	json_t *o = json_object(), *a;
	char seed[24];

	snprintf(seed, sizeof seed, "%llu", (unsigned long long)sn->seed);
	json_object_set_new(o, "B", json_integer((json_int_t)sn->B));
	json_object_set_new(o, "confidence", json_real(sn->confidence));
	json_object_set_new(o, "seed", json_string(seed));
	if (v->within) {
		json_object_set_new(o, "net_interval", pair(sn->net));
		a = json_array();
		for (size_t k = 0; k < v->nwithin; k++)
			json_array_append_new(a, json_string(v->within[k]));
		json_object_set_new(o, "swing_within_noise", a);
	}
	if (sn->band) {
		a = json_array();
		for (size_t i = 0; i < sn->npts; i++)
			json_array_append_new(
			    a, json_pack("{s:f, s:f, s:f}", "x", v->x[i], "lo",
			                 sn->band[i].lo, "hi", sn->band[i].hi));
		json_object_set_new(o, "band", a);
	}
	if (sn->cross) {
		a = json_array();
		for (size_t j = 0; j < sn->ncross; j++)
			json_array_append_new(
			    a, json_pack(
			           "{s:o, s:b, s:b}", "interval",
			           !isnan(sn->cross[j].lo) ? pair(sn->cross[j])
			                                   : json_null(),
			           "to_range_start", (sn->open[j] & 1) != 0,
			           "to_range_end", (sn->open[j] & 2) != 0));
		json_object_set_new(o, "crossings", a);
	}
	return o;
}

/* The base JSON text with "noise" added at the end. */
static int put_json(const char *text, const struct sens_noise_view *v,
                    FILE *out, struct diag *d)
{
	json_error_t err;
	json_t *root = json_loads(text, JSON_DECODE_ANY, &err);

	if (root && json_object_set_new(root, "noise", noise_json(v)) != 0) {
		json_decref(root);
		root = NULL;
	}
	return report_put_json(out, root, d);
}

static void put_lines(const struct sens_noise_view *v, enum report_format f,
                      FILE *out)
{
	const struct sens_noise *sn = v->sn;
	const char *lead = f == FORMAT_MD ? "- " : "  ";
	char a[NUMFMT_MAX], b[NUMFMT_MAX], c[NUMFMT_MAX];

	fprintf(out,
	        "%snoise: %zu resample%s of the runs' samples, seed %llu, "
	        "%s %% intervals\n",
	        f == FORMAT_MD ? "\n" : "", sn->B, sn->B == 1 ? "" : "s",
	        (unsigned long long)sn->seed,
	        report_num(a, sn->confidence * 100, PRECISION_HUMAN));
	if (v->within) {
		fprintf(out, "%snet now in [%s, %s]; ", lead,
		        report_num(a, sn->net.lo, PRECISION_HUMAN),
		        report_num(b, sn->net.hi, PRECISION_HUMAN));
		fputs(v->nwithin
		          ? "swings smaller than its width (within noise): "
		          : "no swing is smaller than its width",
		      out);
		for (size_t k = 0; k < v->nwithin; k++) {
			char *e = report_name(v->within[k], f);

			fprintf(out, "%s%s", k ? ", " : "", e ? e : "?");
			free(e);
		}
		fputc('\n', out);
	}
	for (size_t i = 0; sn->band && i < sn->npts; i++)
		fprintf(out, "%snet at %s in [%s, %s]\n", lead,
		        report_num(a, v->x[i], PRECISION_HUMAN),
		        report_num(b, sn->band[i].lo, PRECISION_HUMAN),
		        report_num(c, sn->band[i].hi, PRECISION_HUMAN));
	for (size_t j = 0; sn->cross && j < sn->ncross; j++) {
		fprintf(out, "%sbreak-even %s: ", lead,
		        report_num(a, v->cross[j], PRECISION_HUMAN));
		if (isnan(sn->cross[j].lo)) {
			fprintf(out,
			        "price's %s %% interval of net holds 0 nowhere "
			        "in the range\n",
			        report_num(a, 100 * sn->confidence,
			                   PRECISION_HUMAN));
			continue;
		}
		fprintf(out, "in [%s, %s]%s%s%s, where price's ",
		        report_num(b, sn->cross[j].lo, PRECISION_HUMAN),
		        report_num(c, sn->cross[j].hi, PRECISION_HUMAN),
		        sn->open[j] ? " (" : "",
		        sn->open[j] == 3   ? "both ends the range's"
		        : sn->open[j] == 1 ? "from the range's start"
		        : sn->open[j] == 2 ? "to the range's end"
		                           : "",
		        sn->open[j] ? ")" : "");
		fprintf(out, "%s %% interval of net holds 0\n",
		        report_num(a, 100 * sn->confidence, PRECISION_HUMAN));
	}
}

int report_sens_noise(report_base_fn base, void *ctx,
                      const struct sens_noise_view *v, enum report_format f,
                      FILE *out, struct diag *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	int rc;

	if (!v || !v->sn)
		return base(ctx, f, out, d);
	if (f == FORMAT_CSV)
		return base(ctx, f, out, d);
	if (f != FORMAT_JSON) {
		if (base(ctx, f, out, d) != FP_OK)
			return FP_ERR;
		put_lines(v, f, out);
		return report_finish(out, report_form_name(f), d);
	}
	if (!(mem = open_memstream(&text, &len)))
		return diag_oom(d);
	rc = base(ctx, f, mem, d);
	fclose(mem);
	if (rc == FP_OK)
		rc = put_json(text, v, out, d);
	free(text);
	return rc;
}
