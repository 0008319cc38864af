/* pytest.c: fuzzes the pytest-benchmark JSON reader (run/formats/pytest.c);
 * see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(pytest)
{
	fuzz_run(data, size, "fuzz.json", "pytest-benchmark");
	return 0;
}
