/* guards.h: the verdict's guards, one table.  Each guard has a name (as
 * the verdict and the workflow commands say it), the metric key under
 * `guards:` that turns it off (price/metric_guards.c), the command-line
 * option that turns it off (src/cmd/groups.c), a check on the price, and
 * what the verdict becomes when it fires (src/noise/verdict.c).  Errors
 * and help name the guards from here. */
#ifndef FP_PRICE_GUARDS_H
#define FP_PRICE_GUARDS_H

#include <stdbool.h>
#include <stddef.h>

#include "price/metric.h"
#include "price/price.h"

enum guard_id { GUARD_NEWLY_FAILING, GUARD_CONTROL, GUARD_COUNT };

/* The option that turns each guard off and what it does, for the table
 * and for the option table's help (src/cmd/groups.c), which must be
 * constant. */
#define GUARD_NEWLY_FAILING_OPTION "allow-newly-failing"
#define GUARD_NEWLY_FAILING_OFF "accept a fix that makes cases fail (guard off)"
#define GUARD_CONTROL_OPTION "no-control-guard"
#define GUARD_CONTROL_OFF "decide even when net and delta_total differ in sign"

/* What a guard does to a verdict that it fires on. */
enum guard_action {
	GUARD_REJECTS,      /* an accept becomes a reject */
	GUARD_INCONCLUSIVE, /* a decided verdict becomes inconclusive */
};

struct guard_def {
	enum guard_id id;
	const char *name;   /* "newly-failing" */
	const char *key;    /* under guards: in the metric */
	const char *option; /* turns it off, without the dashes */
	const char *off;    /* what turning it off does, for help */
	/* Whether it fires on the price: 0, or the cases it names (at
	 * least 1). */
	size_t (*check)(const struct price *p);
	enum guard_action action;
	/* Where the metric keeps it on or off. */
	size_t metric_offset;
};

extern const struct guard_def guard_table[GUARD_COUNT];

/* Whether the metric leaves guard g on. */
bool guard_metric_on(const struct metric *m, enum guard_id g);

#endif
