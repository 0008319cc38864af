/* go.c: fuzzes the reader of Go's benchmark text (input_go); see runs.c. */
#include "fuzz.h"
#include "input/input.h"
#include "runs.h"

FUZZ_TARGET(go)
{
	fuzz_run(data, size, "fuzz.txt", input_go);
	return 0;
}
