/* yaml.c: fuzzes the YAML run reader (input_yaml); see runs.c. */
#include "fuzz.h"
#include "input/input.h"
#include "runs.h"

FUZZ_TARGET(yaml)
{
	fuzz_run(data, size, "fuzz.yaml", fuzz_read_yaml);
	return 0;
}
