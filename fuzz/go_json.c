/* go_json.c: fuzzes the reader of go test -json events (fmt_go_json); see
 * runs.c. */
#include "fuzz.h"
#include "runs.h"

FUZZ_TARGET(go_json)
{
	fuzz_run(data, size, "fuzz.json", "go-json");
	return 0;
}
