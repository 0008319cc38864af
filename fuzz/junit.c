/* junit.c: fuzzes the JUnit XML reader (junit_load) and the merge of what
 * it read into a fixed run (junit_merge), whose case names match a test
 * in each of the three ways junit.h lists.  junit_load reads only from a
 * path, so each input is first written to a scratch file (fuzz_scratch).
 * Failing tests that match no case are added for inputs of even size. */
#include "fuzz.h"

#include <stdbool.h>
#include <stdlib.h>

#include "run/load.h"
#include "run/junit_merge.h"

static const char run_csv[] = "case,runtime,passed\n"
                              "tests.global.spin,2.5,true\n"
                              "dir/test_x.py::TestC::test_m[p],0.125,false\n"
                              "spin,1e-3,pass\n";

FUZZ_TARGET(junit)
{
	const char *path = fuzz_scratch("report.xml");
	struct junit_report *rep = NULL;
	struct junit_merged merged;
	struct run *run = NULL;
	struct diag d;

	fuzz_write(path, data, size);
	if (junit_load(path, &rep, &d) != FP_OK) {
		fuzz_print(&d);
		return 0;
	}
	if (run_parse("run.csv", run_csv, sizeof run_csv - 1, NULL, &run, &d) !=
	    FP_OK)
		abort();
	if (junit_merge(run, rep, size % 2 == 0, &merged, &d) != FP_OK)
		fuzz_print(&d);
	run_free(run);
	junit_free(rep);
	return 0;
}
