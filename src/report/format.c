/* format.c: the table of output forms, and choosing one by name or by a
 * file's extension (report.h). */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"
#include "util/names.h"

static const struct report_form report_forms[] = {
    /* name, -o extension, title, form, precision, sens, verify, compare */
    {"text", ".txt", "text", FORMAT_TEXT, PRECISION_HUMAN, true, true, true},
    {"md", ".md", "Markdown", FORMAT_MD, PRECISION_HUMAN, true, true, true},
    {"json", ".json", "JSON", FORMAT_JSON, PRECISION_EXACT, true, true, true},
    {"csv", ".csv", "CSV", FORMAT_CSV, PRECISION_EXACT, true, false, false},
    {"openmetrics", ".prom", "OpenMetrics", FORMAT_OPENMETRICS, PRECISION_HUMAN,
     false, false, false},
    {"github", NULL, "GitHub", FORMAT_GITHUB, PRECISION_HUMAN, false, false,
     true},
};
#define NFORMS (sizeof report_forms / sizeof report_forms[0])
#define forms report_forms

const struct report_form *report_form_of(enum report_format f)
{
	for (size_t i = 0; i < NFORMS; i++)
		if (forms[i].f == f)
			return &forms[i];
	return &forms[0];
}

/* The forms' names (ext false) or extensions (ext true), of every form
 * (sens_only false) or of those the sensitivity tables have. */
static const char *form_list(char *buf, size_t size, bool ext, bool sens_only)
{
	buf[0] = '\0';
	for (size_t i = 0; i < NFORMS; i++) {
		const char *word = ext ? forms[i].ext : forms[i].name;

		if (word && (!sens_only || forms[i].sens))
			names_append(buf, size, word);
	}
	return buf;
}

const char *report_format_list(char *buf, size_t size)
{
	return form_list(buf, size, false, false);
}

const char *report_verify_format_list(char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < NFORMS; i++)
		if (forms[i].verify)
			names_append(buf, size, forms[i].name);
	return buf;
}

const char *report_compare_format_list(char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < NFORMS; i++)
		if (forms[i].compare)
			names_append(buf, size, forms[i].name);
	return buf;
}

const char *report_compare_ext_list(char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < NFORMS; i++)
		if (forms[i].compare && forms[i].ext)
			names_append(buf, size, forms[i].ext);
	return buf;
}

const char *report_ext_list(char *buf, size_t size)
{
	return form_list(buf, size, true, false);
}

const char *report_sens_format_list(char *buf, size_t size)
{
	return form_list(buf, size, false, true);
}

const char *report_sens_ext_list(char *buf, size_t size)
{
	return form_list(buf, size, true, true);
}

int report_format_parse(const char *s, enum report_format *out, struct diag *d)
{
	char *shown, known[160];

	for (size_t i = 0; i < NFORMS; i++) {
		if (strcmp(s, forms[i].name) == 0) {
			*out = forms[i].f;
			return FP_OK;
		}
	}
	shown = escape_terminal(s);
	diag_set(d, NULL, 0, 0, "unknown format '%s'; use one of %s",
	         shown ? shown : "?", report_format_list(known, sizeof known));
	free(shown);
	return FP_ERR;
}

bool report_format_of_path(const char *path, enum report_format *out)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(slash ? slash + 1 : path, '.');

	if (!dot)
		return false;
	for (size_t i = 0; i < NFORMS; i++) {
		if (forms[i].ext && strcmp(dot, forms[i].ext) == 0) {
			*out = forms[i].f;
			return true;
		}
	}
	return false;
}
