/* scenario.c: fuzzes the scenario loader and what follows it: the file is
 * read, its runtime formula bound to a fixed before run, and the after run
 * predicted.  scenario_load reads only from a path, so each input is first
 * written to a scratch file (fuzz_scratch). */
#include "fuzz.h"

#include <stdlib.h>

#include "run/load.h"
#include "price/scenario.h"

static const char before_csv[] = "case,runtime,passed,ref_runtime\n"
                                 "m512_k4096,2.5,true,3\n"
                                 "m64_k64,0.125,false,1\n"
                                 "conv/3x3,1e-3,pass,2e-3\n";

static struct run *before;

static void cleanup(void)
{
	run_free(before);
}

FUZZ_TARGET(scenario)
{
	const char *path = fuzz_scratch("scenario.yaml");
	struct scenario *s = NULL;
	struct run *after = NULL;
	struct diag d;

	if (!before) {
		if (run_parse("before.csv", before_csv, sizeof before_csv - 1,
		              NULL, &before, &d) != FP_OK)
			abort();
		atexit(cleanup);
	}
	fuzz_write(path, data, size);
	if (scenario_load(path, &s, &d) != FP_OK ||
	    scenario_bind(s, before, &d) != FP_OK ||
	    scenario_apply(s, before, NULL, 0, &after, &d) != FP_OK)
		fuzz_print(&d);
	run_free(after);
	scenario_free(s);
	return 0;
}
