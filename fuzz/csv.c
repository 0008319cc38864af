/* csv.c: fuzzes the CSV run reader (input_csv); see runs.c. */
#include "fuzz.h"
#include "input/input.h"
#include "runs.h"

FUZZ_TARGET(csv)
{
	fuzz_run(data, size, "fuzz.csv", fuzz_read_csv);
	return 0;
}
