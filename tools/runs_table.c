/* runs_table.c: writes src/noise/runs_table.inc, the widening for few runs
 * (noise/runs_scale.h) at the table's extent, each factor from
 * RUNS_TABLE_TRIALS trials of the model: `make runs-table`, minutes of
 * CPU.  With estimator names, only their entries, for running a few at
 * once by hand. */
#include <ctype.h>
#include <stdio.h>

#include "noise/runs_scale.h"
#include "run/estimate.h"

static void entries(enum run_estimator e)
{
	char name[16] = "RUN_";

	for (size_t q = 0; run_estimator_name(e)[q] && q + 5 < sizeof name; q++)
		name[4 + q] =
		    (char)toupper((unsigned char)run_estimator_name(e)[q]);
	for (int paired = 0; paired < 2; paired++)
		for (size_t R = 2; R <= RUNS_TABLE_MAX; R++) {
			size_t runs[2] = {R, R};
			enum run_estimator est[2] = {e, e};
			double f = noise_runs_calibrate(runs, est, paired,
			                                RUNS_TABLE_CONF,
			                                RUNS_TABLE_TRIALS);

			printf("{%zu, %s, %s, %.4f},\n", R, name,
			       paired ? "true" : "false", f);
			fflush(stdout);
		}
}

int main(int argc, char **argv)
{
	if (argc > 1) {
		for (int a = 1; a < argc; a++) {
			enum run_estimator e;

			if (!run_estimator_parse(argv[a], &e)) {
				fprintf(stderr, "runs_table: no estimator %s\n",
				        argv[a]);
				return 2;
			}
			entries(e);
		}
		return 0;
	}
	printf("/* runs_table.inc: the widening for few runs at confidence "
	       "0.95, the\n * entries of runs_scale.c's table as "
	       "tools/runs_table wrote them\n * (`make runs-table`): {runs "
	       "per side, estimator over runs,\n * paired rounds, factor}.  "
	       "Generated: do not edit. */\n");
	for (size_t e = 0; e < run_nestimators; e++)
		entries((enum run_estimator)e);
	return 0;
}
