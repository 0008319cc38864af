/* sens_common.c: numbers, names and JSON for the sensitivity tables. */
#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "report/internal.h"
#include "report/json_write.h"
#include "util/escape.h"

const char *report_form_name(enum report_format f)
{
	return report_form_of(f)->title;
}

enum report_precision report_precision_of(enum report_format f)
{
	return report_form_of(f)->precision;
}

char *report_num(char *buf, double x, enum report_precision p)
{
	return p == PRECISION_EXACT ? numfmt_exact(buf, x)
	                            : numfmt_human(buf, x, REPORT_DIGITS);
}

void report_put_num(FILE *out, double x, enum report_precision p)
{
	char buf[NUMFMT_MAX];

	fputs(report_num(buf, x, p), out);
}

bool report_jump_at(const struct param_breakeven *b, size_t i)
{
	return b->jump && b->jump[i];
}

bool report_any_jump(const struct param_breakeven *b)
{
	for (size_t i = 0; i < b->ncross; i++)
		if (report_jump_at(b, i))
			return true;
	return false;
}

json_t *report_jumps_json(const struct param_breakeven *b)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < b->ncross; i++)
		if (report_jump_at(b, i) &&
		    json_array_append_new(a, json_real(b->cross[i])) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

char *report_name(const char *s, enum report_format f)
{
	return f == FORMAT_MD    ? escape_md_text(s)
	       : f == FORMAT_CSV ? escape_spreadsheet(s)
	                         : escape_terminal(s);
}

int report_put_name(FILE *out, const char *s, enum report_format f,
                    struct diag *d)
{
	char *e = report_name(s, f);

	if (!e)
		return diag_oom(d);
	if (f == FORMAT_CSV)
		csv_fwrite(out, e, strlen(e));
	else
		fputs(e, out);
	free(e);
	return FP_OK;
}

int report_put_json(FILE *out, json_t *root, struct diag *d)
{
	struct jw w;
	bool ok;

	/* NULL: building failed, out of memory or a name that is not UTF-8. */
	if (!root)
		return diag_set(d, NULL, 0, 0, "cannot write the JSON output");
	/* Reals in their shortest exact form, like the record's. */
	jw_open(&w, out);
	jw_tree(&w, root, 0);
	jw_lit(&w, "\n");
	ok = jw_flush(&w, true);
	jw_close(&w);
	json_decref(root);
	if (!ok) {
		if (report_finish(out, "JSON", d) == FP_OK)
			diag_set(d, NULL, 0, 0, "cannot write the JSON report");
		return FP_ERR;
	}
	return report_finish(out, "JSON", d);
}
