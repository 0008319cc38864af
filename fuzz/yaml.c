/* yaml.c: fuzzes the YAML run reader (run/formats/yaml.c); see runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(yaml)
{
	fuzz_run(data, size, "fuzz.yaml", "yaml");
	return 0;
}
