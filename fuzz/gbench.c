/* gbench.c: fuzzes the Google Benchmark JSON reader (run/formats/gbench.c);
 * see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(gbench)
{
	fuzz_run(data, size, "fuzz.json", "gbench");
	return 0;
}
