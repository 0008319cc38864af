/* hyperfine_csv.c: fuzzes the reader of hyperfine's CSV (input_hyperfine_csv); see runs.c. */
#include "fuzz.h"
#include "input/input.h"
#include "runs.h"

FUZZ_TARGET(hyperfine_csv)
{
	fuzz_run(data, size, "fuzz.csv", input_hyperfine_csv);
	return 0;
}
