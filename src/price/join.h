/* join.h: two runs made to match case by case, before pricing. */
#ifndef FP_JOIN_H
#define FP_JOIN_H

#include <stdbool.h>
#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

/* Two runs made to match: after join, before->case_name[i] and
 * after->case_name[i] are the same case.  Pricing only reads them. */
struct joined {
	struct run *before, *after; /* owned */
	size_t ndropped;            /* cases dropped by --drop-missing */
};

/* Joins two runs by case name (after is reordered to before's order).  A
 * case in only one run is an error naming it and how many more, unless
 * drop_missing.  Takes ownership of both runs, also on failure. */
int price_join(struct run *before, struct run *after, bool drop_missing,
               struct joined *out, struct diag *d);

/* price_join with a first guess of where each case of before is in after:
 * (*guess)[i] for case i, nguess of them (run_check_unique's rows), or
 * *guess NULL for none; taken over (*guess is NULL after).  A guess is
 * taken only where the names agree, and none if nguess is not before's
 * number of cases, so an old one costs time, never a wrong match. */
int price_join_guessed(struct run *before, struct run *after, bool drop_missing,
                       size_t **guess, size_t nguess, struct joined *out,
                       struct diag *d);

/* Splits one run with runtime_before/runtime_after/passed_before/
 * passed_after columns into two.  Takes ownership of both. */
int price_split(struct run *both, struct joined *out, struct diag *d);

void joined_free(struct joined *j);

#endif
