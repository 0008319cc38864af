/* hyperfine.c: fuzzes the hyperfine JSON reader (input_hyperfine);
 * see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(hyperfine)
{
	fuzz_run(data, size, "fuzz.json", fuzz_read_hyperfine);
	return 0;
}
