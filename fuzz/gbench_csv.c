/* gbench_csv.c: fuzzes the reader of Google Benchmark's CSV (fmt_gbench_csv); see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(gbench_csv)
{
	fuzz_run(data, size, "fuzz.csv", "gbench-csv");
	return 0;
}
