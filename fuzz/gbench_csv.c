/* gbench_csv.c: fuzzes the reader of Google Benchmark's CSV (input_gbench_csv); see runs.c. */
#include "fuzz.h"
#include "input/input.h"
#include "runs.h"

FUZZ_TARGET(gbench_csv)
{
	fuzz_run(data, size, "fuzz.csv", input_gbench_csv);
	return 0;
}
