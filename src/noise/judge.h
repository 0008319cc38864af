/* judge.h: the verdict engine.  Takes a priced job (and, when one was
 * given, an A/A control job already loaded against the same before run)
 * and judges its noise: the flaky cases, the control run (its net against
 * the before run, and for single-sample runs the pseudo-samples its
 * differences give, doc/noise.md), the bootstrap, the guards and the
 * verdict (verdict.h), and for an inconclusive verdict the cases that
 * widen the interval most.  Commands only load and print. */
#ifndef FP_NOISE_JUDGE_H
#define FP_NOISE_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "noise/bootstrap.h"
#include "noise/cliff.h"
#include "noise/resample.h"
#include "noise/verdict.h"
#include "price/load.h"
#include "price/price.h"
#include "util/diag.h"

/* How to judge: the resampling, and the guards the command line turned
 * off (a guard is on when the metric and the command line both leave it
 * on). */
struct judge_opts {
	struct boot_opts boot;
	bool guard_off[GUARD_COUNT]; /* by price/guards.h's table */
	bool margin_given;           /* --margin, else the metric's */
	double margin;
};

/* Everything behind a verdict (judged_free). */
struct judged {
	struct verdict v;
	struct boot boot, control_boot, arm_boot;
	struct boot fold; /* boot less control_boot, when folded (fold.h) */
	bool have_boot, have_arm;
	struct cliffs cliffs; /* with the bootstrap: cases near a cliff */
	struct noise_side control_side[2]; /* with control_boot */
	double *pseudo;                    /* a control run's pseudo-samples */
	size_t *pseudo_off;
};

/* Judges job, priced as p.  control: the A/A rerun priced against the
 * before run (loaded by the caller with the same options), or NULL.
 * Fills j (caller frees with judged_free, also after a failure). */
int judge_price(const struct judge_opts *o, const struct job *job,
                const struct price *p, const struct job *control,
                struct judged *j, struct diag *d);
void judged_free(struct judged *j);

/* For a sensitivity command: the sides to resample; *on is false when
 * there is nothing to resample (one sample per case, a prediction, or
 * o->boot.B 0). */
int judge_sens_sides(const struct judge_opts *o, const struct job *job,
                     struct noise_side side[2], bool *on, struct diag *d);

#endif
