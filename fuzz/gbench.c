/* gbench.c: fuzzes the Google Benchmark JSON reader (input_gbench);
 * see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(gbench)
{
	fuzz_run(data, size, "fuzz.json", fuzz_read_gbench);
	return 0;
}
