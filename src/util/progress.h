/* progress.h: one line on standard error saying how far long work has
 * gone ("fixprice: map 1,234/2,500 (49 %)"), rewritten in place with '\r'
 * and cleared when done; nothing at all unless the stream is a terminal,
 * so that logs and tests stay clean.  Nothing shows for the first second
 * (short work stays silent), then at most every PROGRESS_EVERY_MS.  A tick
 * costs a counter: the clock (CLOCK_MONOTONIC) is read once every
 * `every` ticks. */
#ifndef FP_PROGRESS_H
#define FP_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define PROGRESS_DELAY_MS 1000
#define PROGRESS_EVERY_MS 100

struct progress {
	FILE *out;        /* NULL: silent */
	const char *what; /* "map", borrowed */
	size_t total;     /* 0: unknown (no percentage) */
	size_t done;
	size_t every; /* ticks between looks at the clock */
	size_t until_look;
	double start_ms, shown_ms;
	bool shown; /* a line is on the screen */
};

/* Starts counting `total` steps of `what` (borrowed; keep it alive until
 * progress_done).  Shows on out only if it is a terminal, or when forced
 * (tests); out NULL: stderr. */
void progress_start(struct progress *p, const char *what, size_t total,
                    size_t every);
void progress_start_on(struct progress *p, FILE *out, bool force,
                       const char *what, size_t total, size_t every);

/* n more steps done. */
void progress_tick(struct progress *p, size_t n);

/* Shows the line now, whatever the time: before one step whose length is
 * not known (gnuplot drawing a large file).  With total 0 the line is
 * "fixprice: WHAT" alone. */
void progress_show(struct progress *p);

/* Clears the line if one was shown. */
void progress_done(struct progress *p);

#endif
