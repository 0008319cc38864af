/* go.c: fuzzes the reader of Go's benchmark text (fmt_go); see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(go)
{
	fuzz_run(data, size, "fuzz.txt", "go");
	return 0;
}
