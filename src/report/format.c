/* format.c: choosing a record form by name or by a file's extension, and
 * writing it. */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"

static const struct {
	const char *name;
	const char *ext; /* the extension that asks for it, or NULL */
	enum report_format f;
} forms[] = {
    {.name = "text", .ext = ".txt", .f = FORMAT_TEXT},
    {.name = "md", .ext = ".md", .f = FORMAT_MD},
    {.name = "json", .ext = ".json", .f = FORMAT_JSON},
    {.name = "csv", .ext = ".csv", .f = FORMAT_CSV},
    {.name = "openmetrics", .ext = ".prom", .f = FORMAT_OPENMETRICS},
    {.name = "github", .ext = NULL, .f = FORMAT_GITHUB},
};
#define NFORMS (sizeof forms / sizeof forms[0])

int report_format_parse(const char *s, enum report_format *out, struct diag *d)
{
	char *shown;

	for (size_t i = 0; i < NFORMS; i++) {
		if (strcmp(s, forms[i].name) == 0) {
			*out = forms[i].f;
			return FP_OK;
		}
	}
	shown = escape_terminal(s);
	diag_set(d, NULL, 0, 0,
	         "unknown format '%s'; use text, md, json, csv, openmetrics or "
	         "github",
	         shown ? shown : "?");
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

int report_write(const struct record *r, enum report_format f, FILE *out,
                 int verbose, struct diag *d)
{
	switch (f) {
	case FORMAT_TEXT:
		return report_text(r, out, verbose, d);
	case FORMAT_MD:
		return report_markdown(r, out, d);
	case FORMAT_JSON:
		return report_json(r, out, d);
	case FORMAT_CSV:
		return report_csv(r, out, d);
	case FORMAT_OPENMETRICS:
		return report_openmetrics(r, out, d);
	case FORMAT_GITHUB:
		return report_github(r, out, d);
	}
	return diag_set(d, NULL, 0, 0, "unknown format %d", (int)f);
}
