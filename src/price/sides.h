/* sides.h: the runs of one side as the loader gets them (price/load.c):
 * a file's run, or the runs of a file's run or round column (run/parts.h),
 * taken off their chain; the rounds of both sides checked to pair; and no
 * run given twice or as a copy. */
#ifndef FP_PRICE_SIDES_H
#define FP_PRICE_SIDES_H

#include <stddef.h>

#include "price/load_request.h"
#include "run/merge.h"
#include "run/run.h"
#include "util/diag.h"

/* A side's runs, each with the file it was read from (borrowed). */
struct side_runs {
	struct run *r[RUN_MAX_MERGED];
	const char *path[RUN_MAX_MERGED];
	size_t n;
};

/* Takes the runs in[0..k) read from path[0..k) for side s (0 before, 1
 * after) into *out, a file's chain (run.h: part_next) as runs of their
 * own.  A file with a run or round column holds all its side's runs:
 * among several files it is an error at its column (which run of which
 * file is which would be a guess, and rounds would not pair).  Takes
 * ownership of in[] either way; on failure *out holds nothing. */
int sides_unchain(struct run **in, const char *const *path, size_t k, int s,
                  struct side_runs *out, struct diag *d);

/* Each run of side s (rq->runs[s]) is another measurement: one file
 * given twice (by any name) or two files with the same bytes (a copy)
 * would count one measurement's noise as a rerun's.  With r NULL, before
 * the runs are read: "ORIGIN: --FLAG: 'PATH' is run I and run J: ...";
 * with the runs read, r[0..nruns): "ORIGIN: --FLAG: 'PATH' (run J) has
 * the same bytes as 'PATH' (run I): ...", FLAG rq->runs_flag[s] or
 * "before" or "after". */
int sides_distinct(const struct load_request *rq, int s, struct run *const *r,
                   struct diag *d);

/* Frees the runs still in sr. */
void sides_free(struct side_runs *sr);

/* The labels of a side's rounds (run.h: part_by "round"), before the
 * runs are merged, and where the file names them. */
struct side_rounds {
	const char *by, *path; /* part_by (NULL: no label column), file */
	double label[RUN_MAX_MERGED];
	size_t n;
	uint32_t line, col;
};

/* sr's labels into *out. */
void sides_labels(const struct side_runs *sr, struct side_rounds *out);

/* Rounds pair the sides: if either side's runs are rounds, both must be,
 * with the same labels, else an error at the after file's column (or
 * the before file's, when after has none). */
int sides_check_rounds(const struct side_rounds r[2], struct diag *d);

#endif
