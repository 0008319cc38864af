/* json.c: fuzzes the plain JSON run reader (input_json); see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(json)
{
	fuzz_run(data, size, "fuzz.json", fuzz_read_json);
	return 0;
}
