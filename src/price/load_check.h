/* load_check.h: a pricing request's checks that need no run read
 * (load_check_sides) or every run read (load_check_used), for
 * price/load.c. */
#ifndef FP_PRICE_LOAD_CHECK_H
#define FP_PRICE_LOAD_CHECK_H

#include <stdbool.h>

#include "price/load_request.h"
#include "run/merge.h"
#include "run/run.h"
#include "util/diag.h"

/* --before and --after: both or neither, with no positional run, at most
 * RUN_MAX_MERGED each. */
int load_check_sides(const struct load_request *rq, struct diag *d);

/* Every --column FROM some run had (renamed[]), every --cases and
 * --exclude glob some case matched (matched[], the cases' first) and
 * every --weight glob some case of b matches: else an error naming it. */
int load_check_used(const struct load_request *rq, const bool *renamed,
                    const bool *matched, const struct run *b, struct diag *d);

#endif
