/* format.c: choosing a record form by name, and writing it. */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"

int report_format_parse(const char *s, enum report_format *out,
                        struct diag *d)
{
	static const struct {
		const char *name;
		enum report_format f;
	} forms[] = {
		{.name = "text", .f = FORMAT_TEXT},
		{.name = "md", .f = FORMAT_MD},
		{.name = "json", .f = FORMAT_JSON},
		{.name = "csv", .f = FORMAT_CSV},
	};
	char *shown;

	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		if (strcmp(s, forms[i].name) == 0) {
			*out = forms[i].f;
			return FP_OK;
		}
	}
	shown = escape_terminal(s);
	diag_set(d, NULL, 0, 0, "unknown format '%s'; use text, md, json or csv",
	         shown ? shown : "?");
	free(shown);
	return FP_ERR;
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
	}
	return diag_set(d, NULL, 0, 0, "unknown format %d", (int)f);
}
