/* criterion.c: fuzzes the reader of criterion.rs's folders (fmt_criterion)
 * with the input as one benchmark's new/sample.json, the other benchmark's
 * files real ones; then the runtime made from the samples. */
#include <stdlib.h>

#include "fuzz.h"
#include "run/estimate.h"
#include "run/formats/formats.h"

FUZZ_TARGET(criterion)
{
	static char id[] = "{\"full_id\":\"scale/1000\"}", dir[] = "scale/1000",
	            id_path[] = "fuzz/scale/1000/new/benchmark.json",
	            path[] = "fuzz/scale/1000/new/sample.json", spin[] = "spin",
	            spin_path[] = "fuzz/spin/new/sample.json",
	            spin_text[] = "{\"iters\":[2.0,4.0],\"times\":[10.0,30.0]}";
	static const struct run_opts opts = {0};
	size_t len;
	char *text = fuzz_text(data, size, &len);
	struct fmt_bench b[2] = {
	    {.dir = dir,
	     .id_path = id_path,
	     .sample_path = path,
	     .id_text = id,
	     .id_len = sizeof id - 1,
	     .sample_text = text,
	     .sample_len = len},
	    {.dir = spin,
	     .sample_path = spin_path,
	     .sample_text = spin_text,
	     .sample_len = sizeof spin_text - 1},
	};
	struct fmt_src s = {
	    .path = "fuzz", .text = "", .opts = &opts, .benches = b};
	struct run *run = NULL;
	struct diag d;

	if (!text)
		return 0;
	s.nbenches = 2;
	if (fmt_criterion(&s, &run, &d) != FP_OK ||
	    run_estimate(run, (enum run_estimator)(size % 3), &d) != FP_OK)
		fuzz_print(&d);
	run_free(run);
	free(text);
	return 0;
}
