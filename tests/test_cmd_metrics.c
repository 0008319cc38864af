/* Tests for the commands `fixprice check` and `fixprice metrics`: their
 * whole output, exit status, and errors. */
#include <fcntl.h>
#include <getopt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cmd/command.h"
#include "price/metric.h"
#include "util/sha256.h"

#define DATA TEST_SRCDIR "/tests/data/metrics/"

struct captured {
	int status;
	char out[8192], err[8192];
};

static void slurp(FILE *f, char *buf, size_t size)
{
	size_t got;

	rewind(f);
	got = fread(buf, 1, size - 1, f);
	buf[got] = '\0';
	fclose(f);
}

/* Runs a command as main would (optind = 0 first) on args (NULL-ended),
 * capturing stdout and stderr. */
static void run(const struct command *cmd, const char *const *args,
                struct captured *c)
{
	FILE *out = tmpfile(), *err = tmpfile();
	int saved_out = dup(1), saved_err = dup(2);
	char *argv[8];
	int argc = 0;

	for (; args[argc]; argc++)
		argv[argc] = strdup(args[argc]);
	argv[argc] = NULL;
	assert_non_null(out);
	assert_non_null(err);
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(out), 1);
	dup2(fileno(err), 2);
	optind = 0;
	c->status = command_main(cmd, argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
	slurp(out, c->out, sizeof c->out);
	slurp(err, c->err, sizeof c->err);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
}

static void test_check_shows_the_metric(void **state)
{
	static const char *const argv[] = { "check", DATA "check.yaml", NULL };
	char hex[65], want[4096];
	struct captured c;
	struct diag d;

	assert_int_equal(sha256_file(DATA "check.yaml", hex, &d), FP_OK);
	snprintf(want, sizeof want,
	         "metric       check-me\n"
	         "version      3\n"
	         "file         %scheck.yaml\n"
	         "sha256       %s\n"
	         "description  a metric to show on two lines\n"
	         "source       test_cmd_metrics.c\n"
	         "params:\n"
	         "  reward = 0.25\n"
	         "  scale = 64\n"
	         "weights:\n"
	         "  default = 1\n"
	         "  big_* = 3  (%scheck.yaml:14:5)\n"
	         "columns:\n"
	         "  ref  (when the runs lack it: runtime_before)\n"
	         "  extra\n"
	         "formulas:\n"
	         "  score      per case    min(1, ref / runtime)\n"
	         "  value      per case    passed * (reward + score)\n"
	         "  total      one number  sum(weight * value) / W * scale\n"
	         "  lift       per case    value_after - value_before  (define)\n"
	         "  gain       one number  sum(weight * max(0, lift)) / W * scale\n"
	         "  cost       one number  sum(weight * max(0, -lift)) / W * scale\n"
	         "  decide     one number  gain - cost > 0  (default)\n",
	         DATA, hex, DATA);
	run(&cmd_check, argv, &c);
	assert_int_equal(c.status, EXIT_OK);
	assert_string_equal(c.out, want);
	assert_string_equal(c.err, "");
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void test_check_default(void **state)
{
	static const char *const argv[] = { "check", NULL };
	struct captured c;

	run(&cmd_check, argv, &c);
	assert_int_equal(c.status, EXIT_OK);
	/* The built-in copy, or an installed one. */
	assert_true(starts(c.out, "metric       pypto-gym\nversion      1\n"
	                          "file         <builtin>/pypto-gym.yaml\n") ||
	            starts(c.out, "metric       pypto-gym\nversion      1\n"
	                          "file         " FP_DATADIR
	                          "/metrics/pypto-gym.yaml\n"));
	assert_non_null(strstr(c.out, "  decide     one number  gain - cost > 0\n"));
}

static void test_check_errors(void **state)
{
	static const char *const bad[] = { "check", DATA "bad-formula.yaml", NULL };
	static const char *const two[] = { "check", "a", "b", NULL };
	static const char *const opt[] = { "check", "--bogus", NULL };
	static const char *const help[] = { "check", "--help", NULL };
	struct captured c;

	run(&cmd_check, bad, &c);
	assert_int_equal(c.status, EXIT_USAGE);
	assert_string_equal(c.out, "");
	assert_string_equal(c.err,
	                    DATA "bad-formula.yaml:5:24: unknown name "
	                    "'pass_rewrd'; did you mean 'pass_reward'?\n"
	                    "  value: passed * (0.3 + pass_rewrd * score)\n"
	                    "                         ^\n");
	run(&cmd_check, two, &c);
	assert_int_equal(c.status, EXIT_USAGE);
	assert_string_equal(c.err, "usage: fixprice check [METRIC]\n"
	                           "Run 'fixprice help check' for the options.\n");
	run(&cmd_check, opt, &c);
	assert_int_equal(c.status, EXIT_USAGE);
	assert_non_null(strstr(c.err, "usage: fixprice check [METRIC]\n"
	                              "Run 'fixprice help check' for the "
	                              "options.\n"));
	run(&cmd_check, help, &c);
	assert_int_equal(c.status, EXIT_OK);
	{
		char *want = NULL;
		size_t size = 0;
		FILE *f = open_memstream(&want, &size);

		help_command(&cmd_check, f);
		fclose(f);
		assert_string_equal(c.out, want);
		free(want);
	}
}

static void test_metrics_lists(void **state)
{
	static const char *const argv[] = { "metrics", NULL };
	static const char *const extra[] = { "metrics", "x", NULL };
	static const char *const show[] = { "metrics", "--show", "pypto-gym",
	                                    NULL };
	static const char *const none[] = { "metrics", "--show", "nosuch",
	                                    NULL };
	const char *want =
		"broken               (cannot read: ";
	const char *want2 =
		"kernelbench          KernelBench fast_p: per cent of cases that "
		"are correct and faster than the reference by more than a factor "
		"p (speedup = ref_runtime / runtime).\n"
		"                     from: " TEST_SRCDIR "/metrics/kernelbench.yaml\n"
		"pypto-gym            an override of pypto-gym for tests\n"
		"                     from: " DATA "dir1/pypto-gym.yaml\n"
		"pypto-gym-sublinear  pypto-gym with sublinear";
	struct captured c;
	char *line3;

	setenv("FIXPRICE_METRICS_PATH", DATA "dir1:" TEST_SRCDIR "/metrics", 1);
	run(&cmd_metrics, argv, &c);
	assert_int_equal(c.status, EXIT_OK);
	/* Names padded to the longest (pypto-gym-sublinear, 19), sorted;
	 * under each, where it is. */
	assert_true(strncmp(c.out, want, strlen(want)) == 0);
	line3 = strchr(strchr(c.out, '\n') + 1, '\n') + 1;
	assert_true(strncmp(line3, want2, strlen(want2)) == 0);
	assert_string_equal(c.err, "");

	/* --show: the file the name finds, byte for byte. */
	run(&cmd_metrics, show, &c);
	assert_int_equal(c.status, EXIT_OK);
	assert_true(strncmp(c.out, "# Found before the shipped pypto-gym when "
	                           "this folder comes first in\n",
	                    strlen("# Found before the shipped pypto-gym when "
	                           "this folder comes first in\n")) == 0);
	assert_non_null(strstr(c.out, "\ndescription: an override of "
	                              "pypto-gym for tests\n"));
	unsetenv("FIXPRICE_METRICS_PATH");
	run(&cmd_metrics, none, &c);
	assert_int_equal(c.status, EXIT_USAGE);
	assert_string_equal(c.out, "");
	assert_true(strncmp(c.err, "fixprice: no metric named 'nosuch' "
	                           "(shipped: kernelbench, ",
	                    strlen("fixprice: no metric named 'nosuch' "
	                           "(shipped: kernelbench, ")) == 0);

	run(&cmd_metrics, extra, &c);
	assert_int_equal(c.status, EXIT_USAGE);
	assert_string_equal(c.err, "usage: fixprice metrics [--show NAME]\n"
	                           "Run 'fixprice help metrics' for the "
	                           "options.\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_shows_the_metric),
		cmocka_unit_test(test_check_default),
		cmocka_unit_test(test_check_errors),
		cmocka_unit_test(test_metrics_lists),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
