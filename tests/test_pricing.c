/* test_pricing.c: the pricing frame (cmd/pricing.c) prices the command's
 * session once and compiles nothing after loading.  The program is linked
 * with --wrap for fx_compile, price_compute and session_close
 * (Makefile.am), so every call from another object file of the library is
 * seen here before it goes to the real function.  The first session priced
 * is the frame's; the bootstrap's workers and a control run price sessions
 * of their own, once each. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "cmd/command.h"
#include "formula/formula.h"
#include "price/price.h"

#define EX TEST_SRCDIR "/examples/noisy-fix/"

static size_t n_compile, n_compile_after_price, n_price_first, n_sessions;
static const struct session *first, *open_sessions[64];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int __real_fx_compile(struct fx_env *env, const struct fx_src *src,
                      struct fx_prog **out, struct diag *d);
int __wrap_fx_compile(struct fx_env *env, const struct fx_src *src,
                      struct fx_prog **out, struct diag *d);
int __real_price_compute(struct session *s, struct price **out, struct diag *d);
int __wrap_price_compute(struct session *s, struct price **out, struct diag *d);
void __real_session_close(struct session *s);
void __wrap_session_close(struct session *s);

int __wrap_fx_compile(struct fx_env *env, const struct fx_src *src,
                      struct fx_prog **out, struct diag *d)
{
	pthread_mutex_lock(&lock);
	n_compile++;
	if (first)
		n_compile_after_price++;
	pthread_mutex_unlock(&lock);
	return __real_fx_compile(env, src, out, d);
}

/* Counts the calls on the first session priced, and how many distinct
 * sessions were priced twice while open (none may be). */
int __wrap_price_compute(struct session *s, struct price **out, struct diag *d)
{
	pthread_mutex_lock(&lock);
	if (!first)
		first = s;
	if (s == first)
		n_price_first++;
	for (size_t i = 0; i < n_sessions; i++)
		if (open_sessions[i] == s)
			fail_msg("a session was priced twice");
	if (n_sessions < 64)
		open_sessions[n_sessions++] = s;
	pthread_mutex_unlock(&lock);
	return __real_price_compute(s, out, d);
}

void __wrap_session_close(struct session *s)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < n_sessions; i++)
		if (open_sessions[i] == s)
			open_sessions[i] = open_sessions[--n_sessions];
	pthread_mutex_unlock(&lock);
	__real_session_close(s);
}

/* Runs `fixprice price ARGS...` in this process, standard output to
 * /dev/null; returns the exit status. */
static int run_price(const char *const *args, size_t n)
{
	char *argv[32];
	int status, saved = dup(STDOUT_FILENO);

	argv[0] = (char *)"price";
	for (size_t i = 0; i < n; i++)
		argv[i + 1] = (char *)args[i];
	argv[n + 1] = NULL;
	n_compile = n_compile_after_price = n_price_first = n_sessions = 0;
	first = NULL;
	fflush(stdout);
	assert_non_null(freopen("/dev/null", "w", stdout));
	status = command_main(&cmd_price, (int)n + 1, argv);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	return status;
}

static void record_prices_once(void **state)
{
	char dir[] = "/tmp/fixprice-test-pricing-XXXXXX", rec[64];
	const char *args[] = {
	    EX "before.csv", EX "after.csv", "--record",  rec,
	    "--bootstrap",   "200",          "--threads", "2"};

	assert_non_null(mkdtemp(dir));
	snprintf(rec, sizeof rec, "%s/rec", dir);
	assert_int_equal(run_price(args, 8), EXIT_OK);
	/* One price for the record, its break-evens and the verdict. */
	assert_int_equal(n_price_first, 1);
	assert_true(n_compile > 0);
	assert_int_equal(n_compile_after_price, 0);
	assert_int_equal(system("rm -rf /tmp/fixprice-test-pricing-*"), 0);
}

/* With a control run: the fix and the control are priced once each (the
 * control in a session of its own), and nothing is compiled while pricing
 * and resampling either. */
static void control_priced_once(void **state)
{
	const char *args[] = {EX "before.csv",  EX "after.csv", "--control",
	                      EX "control.csv", "--bootstrap",  "100"};

	assert_int_equal(run_price(args, 6), EXIT_OK);
	assert_int_equal(n_price_first, 1);
	assert_int_equal(n_compile_after_price, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(record_prices_once),
	    cmocka_unit_test(control_priced_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
