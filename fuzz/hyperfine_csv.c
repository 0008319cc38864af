/* hyperfine_csv.c: fuzzes the reader of hyperfine's CSV (fmt_hyperfine_csv); see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(hyperfine_csv)
{
	fuzz_run(data, size, "fuzz.csv", "hyperfine-csv");
	return 0;
}
