/* candidate.h: compare's candidate, an after run or a scenario, told
 * apart as it is read, once (util/source.h): the bytes that decide are
 * the bytes that are parsed and hashed. */
#ifndef FP_PRICE_CANDIDATE_H
#define FP_PRICE_CANDIDATE_H

#include "price/scenario.h"
#include "run/run.h"
#include "util/diag.h"

/* Reads path once if it is a .yaml or .yml file: a document that is a
 * mapping without `cases` is a scenario (*s), anything else a run (*r,
 * read as opts say, with its hash).  For any other name neither is set:
 * the caller reads the run as any other (a folder, a CSV...).  Caller
 * frees what is set. */
int candidate_read(const char *path, const struct run_opts *opts,
                   struct scenario **s, struct run **r, struct diag *d);

#endif
