/* runs.c: what the run reader targets share: the bytes made into text the
 * way run_load does it, one reader, the runtime from the samples, then
 * every column asked for. */
#include "runs.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "run/detect.h"
#include "run/load.h"
#include "run/run.h"

/* What the caller of a run does with it: every column as numbers, the
 * runtimes checked. */
static void use_run(const struct run *run)
{
	const struct column *c;
	struct diag d;

	for (size_t i = 0; i < run->ncols; i++)
		if (!run_numeric(run, run->cols[i].name, &d))
			fuzz_print(&d);
	if (!run_numeric(run, "no such column", &d))
		fuzz_print(&d);
	if ((c = run_numeric(run, "runtime", &d)) &&
	    run_check_runtimes(run, c, &d) != FP_OK)
		fuzz_print(&d);
}

void fuzz_run(const uint8_t *data, size_t size, const char *path,
              const char *format)
{
	struct run_opts o = {.format = format,
	                     .cpu_time = size & 1,
	                     .estimator = (enum run_estimator)(size / 2 % 3)};
	struct run *run = NULL;
	struct diag d;
	size_t len;
	char *text = fuzz_text(data, size, &len);

	if (!text)
		return;
	for (size_t k = 0; k < run_nformats; k++)
		if (run_formats[k].detect)
			run_formats[k].detect(text, len);
	run_format_choose(path, text, len);
	if (run_parse(path, text, len, &o, &run, &d) != FP_OK)
		fuzz_print(&d);
	else
		use_run(run);
	run_free(run);
	free(text);
}
