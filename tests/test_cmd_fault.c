/* test_cmd_fault.c: every out-of-memory exit of a whole command says so.
 *
 * Runs `fixprice eval` and `fixprice price` with the first allocation
 * failing, then the second, and so on: each run that met the failure must
 * exit with status 4 (or 2 where the failure is reported as the error it
 * caused) and print a message, never "fixprice: " alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cmd/command.h"
#include "test_alloc_fault.h"

/* The runs that meet a failure may leak what they had (the coverage tests
 * of the readers look at leaks); this test looks at messages. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return "detect_leaks=0";
}

/* Runs the command in argv with allocation k failing; the status, and
 * stderr's text in err (at most size bytes). */
static int run_failing(long k, char **argv, int argc, char *err, size_t size,
                       bool *failed)
{
	FILE *f = tmpfile();
	int saved = dup(2), status;
	size_t n;

	assert_non_null(f);
	fflush(stderr);
	dup2(fileno(f), 2);
	alloc_fail_at(k);
	status = command_main(command_find(argv[0]), argc, argv);
	*failed = alloc_failed();
	alloc_fail_at(-1);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	n = fread(err, 1, size - 1, f);
	err[n] = '\0';
	fclose(f);
	return status;
}

static void sweep(const char *const *args, int argc)
{
	char *argv[16], err[8192];
	long k;

	for (k = 0;; k++) {
		bool failed;
		int status;
		for (int i = 0; i < argc; i++)
			argv[i] = (char *)args[i];
		argv[argc] = NULL;
		status = run_failing(k, argv, argc, err, sizeof err, &failed);
		if (!failed) {
			if (status != 0)
				fprintf(stderr, "%s: status %d: %s\n", args[0],
				        status, err);
			assert_int_equal(status, 0);
			break;
		}
		if (status == 0)
			continue; /* done without that allocation */
		if (strstr(err, "fixprice: \n") || !err[0] ||
		    (status == 4 && !strstr(err, "out of memory"))) {
			fprintf(stderr, "allocation %ld: status %d, stderr '%s'\n",
			        k, status, err);
			fail();
		}
	}
	fprintf(stderr, "%s: %ld allocations tried\n", args[0], k);
}

static void test_eval(void **state)
{
	static const char *const args[] = {
	    "eval", TEST_SRCDIR "/tests/data/cli/small-before.csv", "mean(runtime)"};
	sweep(args, 3);
}

static void test_price(void **state)
{
	static const char *const args[] = {
	    "price", "-m", TEST_SRCDIR "/metrics/pypto-gym.yaml",
	    TEST_SRCDIR "/tests/data/cli/small-before.csv",
	    TEST_SRCDIR "/tests/data/cli/small-after.csv", "-o", "/dev/null",
	    "--force"};
	sweep(args, 8);
}

/* A sweep with noise: its band made by price's rule at every point
 * (noise_visit_fit), with a flaky case's runs priced on runtimes alone
 * too. */
static void test_sweep_noise(void **state)
{
	static const char *const args[] = {
	    "sweep",
	    TEST_SRCDIR "/tests/data/noise/flaky-before.csv",
	    TEST_SRCDIR "/tests/data/noise/flaky-after.csv",
	    "--param",
	    "pass_reward=0:1:1",
	    "--bootstrap",
	    "10",
	    "--threads",
	    "1",
	    "-o",
	    "/dev/null",
	    "--force"};
	sweep(args, 12);
}

/* A record folder and plots (no gnuplot: scripts and data only). */
static void test_record(void **state)
{
	char top[] = "/tmp/fp-cov-cmd-XXXXXX", rec[64], cmd[96];
	const char *args[] = {
	    "sweep", TEST_SRCDIR "/tests/data/cli/small-before.csv",
	    TEST_SRCDIR "/tests/data/cli/small-after.csv", "--param",
	    "pass_reward=0:1:0.5", "--plot-dir", rec, "--force", "-o",
	    "/dev/null"};
	assert_non_null(mkdtemp(top));
	snprintf(rec, sizeof rec, "%s/plots", top);
	setenv("GNUPLOT", "/nonexistent", 1);
	sweep(args, 10);
	snprintf(rec, sizeof rec, "%s/rec", top);
	args[0] = "price";
	args[3] = "--record";
	args[4] = rec;
	args[5] = "--force";
	sweep(args, 6);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_eval),
	    cmocka_unit_test(test_price),
	    cmocka_unit_test(test_sweep_noise),
	    cmocka_unit_test(test_record),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
