/* pytest.c: fuzzes the pytest-benchmark JSON reader (input_pytest);
 * see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(pytest)
{
	fuzz_run(data, size, "fuzz.json", fuzz_read_pytest);
	return 0;
}
