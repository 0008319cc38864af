/* json.c: fuzzes the plain JSON run reader (run/formats/json.c); see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(json)
{
	fuzz_run(data, size, "fuzz.json", "json");
	return 0;
}
