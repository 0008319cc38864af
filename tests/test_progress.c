/* test_progress.c: the progress line: silent off a terminal, silent for
 * the first second, then one line rewritten in place at most every
 * PROGRESS_EVERY_MS, the clock read once every `every` ticks, and cleared
 * when done. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/progress.h"

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
}

/* What was written to f since the start, NUL-terminated. */
static char *written(FILE *f)
{
	long n;
	char *s;

	fflush(f);
	n = ftell(f);
	s = calloc((size_t)n + 1, 1);
	assert_non_null(s);
	rewind(f);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	return s;
}

static void nothing_off_a_terminal(void **state)
{
	FILE *f = tmpfile();
	struct progress p;
	char *s;

	assert_non_null(f);
	progress_start_on(&p, f, false, "map", 100, 1);
	sleep_ms(PROGRESS_DELAY_MS + 50);
	progress_tick(&p, 50);
	progress_show(&p);
	progress_done(&p);
	s = written(f);
	assert_string_equal(s, "");
	assert_int_equal(p.done, 50);
	free(s);
	fclose(f);
}

static void quiet_for_a_second_then_one_line_cleared(void **state)
{
	FILE *f = tmpfile();
	struct progress p;
	char *s;

	assert_non_null(f);
	progress_start_on(&p, f, true, "map", 200, 1);
	progress_tick(&p, 10);
	s = written(f);
	assert_string_equal(s, "");  /* short work says nothing */
	free(s);
	sleep_ms(PROGRESS_DELAY_MS + 50);
	progress_tick(&p, 40);       /* 50 of 200 */
	progress_tick(&p, 10);       /* within PROGRESS_EVERY_MS: not shown */
	s = written(f);
	assert_string_equal(s, "\rfixprice: map 50/200 (25 %)\033[K");
	free(s);
	sleep_ms(PROGRESS_EVERY_MS + 20);
	progress_tick(&p, 140);      /* 200 of 200 */
	progress_done(&p);
	s = written(f);
	assert_string_equal(s, "\rfixprice: map 50/200 (25 %)\033[K"
	                       "\rfixprice: map 200/200 (100 %)\033[K"
	                       "\r\033[K");
	free(s);
	fclose(f);
}

/* With every = 1000, the clock is read at the 1000th tick only: 999
 * ticks after the first second show nothing. */
static void the_clock_is_read_every_n_ticks(void **state)
{
	FILE *f = tmpfile();
	struct progress p;
	char *s;

	assert_non_null(f);
	progress_start_on(&p, f, true, "sweep", 0, 1000);
	sleep_ms(PROGRESS_DELAY_MS + 50);
	for (int i = 0; i < 999; i++)
		progress_tick(&p, 1);
	s = written(f);
	assert_string_equal(s, "");
	free(s);
	progress_tick(&p, 1);
	progress_done(&p);
	s = written(f);
	assert_string_equal(s, "\rfixprice: sweep\033[K\r\033[K");
	free(s);
	fclose(f);
}

/* progress_show shows at once (before gnuplot's long run), done clears. */
static void show_is_immediate(void **state)
{
	FILE *f = tmpfile();
	struct progress p;
	char *s;

	assert_non_null(f);
	progress_start_on(&p, f, true, "gnuplot", 0, 1);
	progress_show(&p);
	progress_done(&p);
	progress_done(&p); /* twice: nothing more */
	s = written(f);
	assert_string_equal(s, "\rfixprice: gnuplot\033[K\r\033[K");
	free(s);
	fclose(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nothing_off_a_terminal),
		cmocka_unit_test(quiet_for_a_second_then_one_line_cleared),
		cmocka_unit_test(the_clock_is_read_every_n_ticks),
		cmocka_unit_test(show_is_immediate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
