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
/* Its word: "error", "fail" or "drop". */
const char *missing_name(enum load_missing m);

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
	/* Where each case's pass state came from (run.h: RUN_PASS_FROM), in
	 * the joined runs (borrowed), or NULL: every case's from its file. */
	const double *pass_from[2];
	struct name_list ctx_diff;      /* context keys that differ */
	struct name_list unreliable[2]; /* keys making a side's timings
	                                 * unreliable (run_context_unreliable) */
	/* --missing drop: the dropped cases that pass in the one run that has
	 * them, and for each that run's side. */
	struct name_list changing;
	unsigned char *changing_side;
	/* --missing fail: the cases a side lacked, counted failing there. */
	struct name_list failing[2];

	/* What each side's file recorded and what was assumed (run.h): its
	 * path and format, where its pass states come from, the test report
	 * merged into it (--results, borrowed) and how many of its ncases
	 * that report gave; the aggregate its runtimes are (a literal, or
	 * NULL for samples), with the count of what it aggregates in the
	 * joined runs (borrowed, or NULL); what the file holds that is not
	 * priced, with why. */
	const char *path[2];
	char *format[2];
	enum run_pass_source pass_source[2];
	const char *results[2];
	size_t pass_merged[2], ncases[2];
	const char *aggregate[2], *aggregate_of[2];
	const double *aggregate_n[2];
	struct name_list unpriced[2];
	/* A side read from a folder (criterion): its files as sha256sum's
	 * lines, whose hash is the side's input hash (run.h: files). */
	struct name_list files[2];
	/* Several runs of a side (run/merge.h): how many (0 or 1: one), and
	 * the fewest and the most samples of a case in one run. */
	size_t nruns[2];
	double run_samples_lo[2], run_samples_hi[2];
	/* The runs are interleaved rounds, resampled as pairs (run.h:
	 * rounds). */
	bool rounds[2];
	/* --split-by: the key (borrowed) and each side's value of it. */
	const char *split_by;
	char *split_value[2];
};

void run_facts_free(struct run_facts *f);

/* Records what run r of side s (read from path, with the test report
 * results merged into it or NULL) observed and assumed; path and results
 * are borrowed.  Fails only when out of memory. */
int facts_run(struct run_facts *f, int s, const struct run *r, const char *path,
              const char *results, struct diag *d);
/* Side 1's run facts as side 0's (one run holding both sides). */
int facts_run_copy(struct run_facts *f, struct diag *d);

/* The context facts of two runs (ctx_diff, unreliable); after may be
 * NULL (a prediction: only before's). */
int facts_context(struct run_facts *f, const struct run *before,
                  const struct run *after, struct diag *d);

/* Takes key out of the context keys that differ (the key a run was split
 * by differs by design). */
void facts_drop_key(struct run_facts *f, const char *key);

/* Applies mode to the cases only one run has, before the join: fail
 * appends each to the run lacking it as a failing case without a runtime
 * (passed, has_runtime and runtime_n 0, every other number NaN, no
 * samples) and lists it in f->failing; drop lists the ones that pass in
 * f->changing (the join drops them all); error does nothing (the join
 * says which case is missing). */
int missing_apply(enum load_missing mode, struct run *before, struct run *after,
                  struct run_facts *f, struct diag *d);

#endif
