/* hyperfine.c: fuzzes the hyperfine JSON reader (run/formats/hyperfine.c);
 * see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(hyperfine)
{
	fuzz_run(data, size, "fuzz.json", "hyperfine");
	return 0;
}
