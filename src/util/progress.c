#include "util/progress.h"

#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void progress_start_on(struct progress *p, FILE *out, bool force,
                       const char *what, size_t total, size_t every)
{
	if (!out)
		out = stderr;
	p->out = force || isatty(fileno(out)) ? out : NULL;
	p->what = what;
	p->total = total;
	p->done = 0;
	p->every = every > 0 ? every : 1;
	p->until_look = p->every;
	p->shown = false;
	p->start_ms = p->out ? now_ms() : 0;
	p->shown_ms = p->start_ms;
}

void progress_start(struct progress *p, const char *what, size_t total,
                    size_t every)
{
	progress_start_on(p, stderr, false, what, total, every);
}

static void show(struct progress *p)
{
	if (p->total > 0)
		fprintf(p->out, "\rfixprice: %s %zu/%zu (%d %%)\033[K", p->what,
		        p->done, p->total,
		        (int)(p->done >= p->total ? 100
		                                  : 100.0 * (double)p->done /
		                                        (double)p->total));
	else
		fprintf(p->out, "\rfixprice: %s\033[K", p->what);
	fflush(p->out);
	p->shown = true;
}

void progress_tick(struct progress *p, size_t n)
{
	double t;

	p->done += n;
	if (!p->out)
		return;
	if (p->until_look > n) {
		p->until_look -= n;
		return;
	}
	p->until_look = p->every;
	t = now_ms();
	if (t - p->start_ms < PROGRESS_DELAY_MS ||
	    (p->shown && t - p->shown_ms < PROGRESS_EVERY_MS))
		return;
	p->shown_ms = t;
	show(p);
}

void progress_show(struct progress *p)
{
	if (p->out)
		show(p);
}

void progress_done(struct progress *p)
{
	if (p->out && p->shown) {
		fputs("\r\033[K", p->out);
		fflush(p->out);
	}
	p->shown = false;
	p->out = NULL;
}
