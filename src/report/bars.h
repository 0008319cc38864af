/* bars.h: where net comes from, as the bars of a waterfall, computed once
 * for every chart of it (the Mermaid chart in the Markdown record, the
 * gnuplot shares chart, the HTML page).
 *
 * From 0, the gain side: the cases with the largest shares of gain by
 * name, the rest as one bar "N other cases", up to the gain; then the cost
 * side down from there the same way, to net.  The named bars are the
 * REPORT_BARS_NAMED largest shares of either side (a case may have one on
 * each); a side whose every case is named has no "other" bar.  Each bar
 * runs from `from` to `to`; the bars of each side add up to its total
 * (gain, -cost) and all of them to net. */
#ifndef FP_REPORT_BARS_H
#define FP_REPORT_BARS_H

#include <stdbool.h>
#include <stddef.h>

#include "price/price.h"
#include "util/shorten.h"

#define REPORT_BARS_NAMED 10
#define REPORT_BARS_MAX (REPORT_BARS_NAMED + 4)

enum report_bar_kind {
	BAR_GAIN_CASE, /* a case's share of gain */
	BAR_GAIN_REST, /* the other cases' shares of gain */
	BAR_GAIN,      /* the gain: from 0 */
	BAR_COST_CASE, /* minus a case's share of cost */
	BAR_COST_REST, /* minus the other cases' shares of cost */
	BAR_NET,       /* net: from 0 */
};

struct report_bar {
	enum report_bar_kind kind;
	size_t i;     /* the case (_CASE bars) */
	size_t nrest; /* how many cases (_REST bars) */
	double value; /* what it adds to net (totals: the total) */
	double from, to;
};

struct report_bars {
	size_t n;
	struct report_bar bar[REPORT_BARS_MAX];
	/* The named cases' names shortened together (util/shorten.h), and
	 * each bar's label among them ("" for a bar that is not a case). */
	struct shorten names;
	const char *label[REPORT_BARS_MAX];
};

/* The bars of p, their case names shortened to name_max characters, each
 * name first put through form (NULL: as it is; a new string, NULL when
 * out of memory) for a chart that shows fewer characters.  False without
 * bars (shares undefined, a share or total not finite: *b empty) or when
 * out of memory (*oom set). */
bool report_bars_of(const struct price *p, size_t name_max,
                    char *(*form)(const char *), struct report_bars *b,
                    bool *oom);
void report_bars_free(struct report_bars *b);

/* The words of a bar that is not a case, into buf: "gain", "net",
 * "1,234 other cases (gain)". */
const char *report_bar_words(const struct report_bar *bar, char *buf,
                             size_t size);

/* "names shown without their common start P and end S" (either part
 * alone when the other is empty), or "" when the names lost nothing: the
 * raw text, for the caller to escape.  A new string; NULL when out of
 * memory. */
char *report_names_note(const struct shorten *s);

#endif
