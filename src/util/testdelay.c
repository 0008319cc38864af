/* testdelay.c: test hooks' sleeps (testdelay.h). */
#include "util/testdelay.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

void testdelay_sleep(const char *var)
{
	const char *s = getenv(var);
	double secs = s ? strtod(s, NULL) : 0;
	struct timespec ts;

	if (!(secs > 0 && secs < 60))
		return;
	ts.tv_sec = (time_t)secs;
	ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}
