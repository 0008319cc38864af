/* write.c: a record written in the form asked for (report.h). */
#include "report/report.h"

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
