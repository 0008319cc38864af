/* samples.h: the samples and context a run builder collects, in the order
 * a reader gives them, and how they become a run's (grouped by case).
 * The builder (builder.h) holds one and adds to it; this module knows
 * nothing of the builder. */
#ifndef FP_RUN_SAMPLES_H
#define FP_RUN_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

struct rb_samples {
	bool sampled; /* the run holds samples (a case may have none) */
	size_t n, cap;
	size_t *of_case;   /* the case each sample belongs to */
	double *v;         /* its value */
	signed char *pass; /* its pass state (-1: none given) */
	struct run ctx;    /* the context, kept in a run holding nothing else */
};

/* Adds a sample of case i; pass is 1, 0 or -1.  FP_ERR: out of memory. */
int rbs_add(struct rb_samples *s, size_t i, double x, int pass);
/* Room for `more` samples past the n held, whose pages are made at once
 * (they are about to be written).  FP_ERR: out of memory. */
int rbs_reserve(struct rb_samples *s, size_t more);
/* Moves the context and the samples (grouped by case, each case's in the
 * given order) into r, whose r->n cases they belong to. */
int rbs_finish(struct rb_samples *s, struct run *r, struct diag *d);
/* Frees what s holds and empties it. */
void rbs_free(struct rb_samples *s);

#endif
