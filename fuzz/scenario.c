/* scenario.c: fuzzes the scenario loader and what follows it: the file is
 * read, its runtime formula bound to a fixed before run, and the after run
 * predicted.  scenario_load reads only from a path, so each input is first
 * written to a scratch file of this process (removed at exit). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/input.h"
#include "price/scenario.h"

static const char before_csv[] =
	"case,runtime,passed,ref_runtime\n"
	"m512_k4096,2.5,true,3\n"
	"m64_k64,0.125,false,1\n"
	"conv/3x3,1e-3,pass,2e-3\n";

static char dir[64], path[96];
static struct run *before;

static void cleanup(void)
{
	unlink(path);
	rmdir(dir);
	run_free(before);
}

/* The scratch file and the before run, made once.  The file is in
 * $TMPDIR, else in memory (/dev/shm) if there is one: four times the
 * executions a second of a disk. */
static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	struct diag d;

	if (!tmp || strlen(tmp) >= 32)
		tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(dir, sizeof dir, "%s/fixprice-fuzz-XXXXXX", tmp);
	if (!mkdtemp(dir) ||
	    input_csv("before.csv", before_csv, sizeof before_csv - 1, &before,
	              &d) != FP_OK)
		abort();
	snprintf(path, sizeof path, "%s/scenario.yaml", dir);
	atexit(cleanup);
}

static int write_file(const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(data, 1, size, f) == size;

	return (f && fclose(f) == 0 && ok) ? FP_OK : FP_ERR;
}

FUZZ_TARGET(scenario)
{
	struct scenario *s = NULL;
	struct run *after = NULL;
	struct diag d;

	if (!before)
		setup();
	if (write_file(data, size) != FP_OK)
		abort();
	if (scenario_load(path, &s, &d) != FP_OK ||
	    scenario_bind(s, before, &d) != FP_OK ||
	    scenario_apply(s, before, &after, &d) != FP_OK)
		fuzz_print(&d);
	run_free(after);
	scenario_free(s);
	return 0;
}
