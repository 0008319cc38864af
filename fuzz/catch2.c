/* catch2.c: fuzzes the reader of Catch2's XML report (fmt_catch2); see
 * runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(catch2)
{
	fuzz_run(data, size, "fuzz.xml", "catch2");
	return 0;
}
