/* harness.h: what real harness runs need before they are joined (load.c
 * calls it), and the facts a record states about how they were read.
 *
 * Harnesses drop or stop at failing cases (hyperfine without -i stops,
 * pytest-benchmark leaves out a benchmark that raised), so a case one run
 * lacks may be a failure: --missing says whether that is an error (the
 * default), a failure in the run that lacks it (fail), or a case to leave
 * out (drop).  A dropped case that passes in the one run that has it would
 * have changed state, so the record names it in the decision line. */
#ifndef FP_HARNESS_H
#define FP_HARNESS_H

#include <stddef.h>

#include "run/run.h"
#include "util/diag.h"

enum load_missing {
	MISSING_ERROR, /* a case only one run has is an error */
	MISSING_FAIL,  /* ... fails, with no runtime, in the run lacking it */
	MISSING_DROP,  /* ... is left out */
};

/* Parses "error", "fail" or "drop"; false for anything else. */
bool missing_parse(const char *s, enum load_missing *out);

/* Strings, each its own malloc'd block. */
struct name_list {
	char **v;
	size_t n;
};

/* What a record says about the runs beyond their cells; side 0 is the
 * before run, 1 the after run.  Owned by the job (run_facts_free). */
struct run_facts {
	/* The estimator ("median", "mean", "min") that made a side's runtimes
	 * from its samples, or NULL: the file gave one runtime per case. */
	const char *estimator[2];
	/* FROM of --column runtime=FROM where it replaced the runtime the
	 * reader made, else NULL. */
	char *runtime_from[2];
	/* Samples per case, in the joined runs (borrowed from them), or NULL
	 * for a run without samples. */
	const double *runtime_n[2];
	struct name_list ctx_diff;      /* context keys that differ */
	struct name_list unreliable[2]; /* keys making a side's timings
	                                 * unreliable (run_context_unreliable) */
	/* --missing drop: the dropped cases that pass in the one run that has
	 * them, and for each that run's side. */
	struct name_list changing;
	unsigned char *changing_side;
	/* --missing fail: the cases a side lacked, counted failing there. */
	struct name_list failing[2];
};

void run_facts_free(struct run_facts *f);

/* The context facts of two runs (ctx_diff, unreliable); after may be
 * NULL (a prediction: only before's). */
int facts_context(struct run_facts *f, const struct run *before,
                  const struct run *after, struct diag *d);

/* Applies mode to the cases only one run has, before the join: fail
 * appends each to the run lacking it as a failing case without a runtime
 * (passed, has_runtime and runtime_n 0, every other number NaN, no
 * samples) and lists it in f->failing; drop lists the ones that pass in
 * f->changing (the join drops them all); error does nothing (the join
 * says which case is missing). */
int missing_apply(enum load_missing mode, struct run *before, struct run *after,
                  struct run_facts *f, struct diag *d);

#endif
