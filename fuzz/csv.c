/* csv.c: fuzzes the CSV run reader (run/formats/csv.c); see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(csv)
{
	fuzz_run(data, size, "fuzz.csv", "csv");
	return 0;
}
