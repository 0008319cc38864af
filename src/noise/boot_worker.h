/* boot_worker.h: what one bootstrap thread does (boot_worker.c), for
 * bootstrap.c alone: its resamples drawn and priced, the noise arm's
 * beside them. */
#ifndef FP_NOISE_BOOT_WORKER_H
#define FP_NOISE_BOOT_WORKER_H

#include <stdbool.h>

#include "noise/boot.h"
#include "noise/resample.h"
#include "noise/tally.h"
#include "price/join.h"
#include "price/metric.h"
#include "util/progress.h"

/* What one thread does: resamples [r0, r1) on sessions of its own. */
struct worker {
	const struct metric *m;
	const struct joined *runs;
	const struct noise_side *side;
	const struct boot_opts *o;
	struct boot *out;
	size_t r0, r1;
	size_t thread; /* which of the threads, from 0 */
	unsigned what; /* PRICE_DETAIL for noise_wide_cases */
	/* called after each resample priced with PRICE_DETAIL */
	void (*each)(void *ctx, const struct price *p);
	void *ctx;
	noise_visit_fn visit; /* else called after each resample */
	unsigned visit_reads; /* what visit reads of the price (PRICE_*) */
	/* visit also resample r priced on runtimes alone, as row B + r
	 * (visit_rt), and the measured price, the one at the expected
	 * estimates and the corners as rows 2 B to 2 B + 3 (visit_ref):
	 * noise_visit_fit */
	bool visit_rt, visit_ref;
	/* The noise arm, priced beside each resample (noise_bootstrap_arm),
	 * or NULL: its sides, the before run's sorted as the fix's side 0,
	 * its runs, and where its prices go. */
	const struct noise_side *arm_side;
	const struct joined *arm_runs;
	struct boot *arm_out;
	/* The fix's resampled estimates summed (tally.h), or NULL. */
	struct noise_tally *tally;
	/* The first thread's resamples show the progress of all: each
	 * counts for `nw` (NULL in the others). */
	struct progress *pg;
	size_t nw;
	int rc;
	struct diag d;
};

/* The seed side 0 (before) or 1 (after) of a resample draws with. */
uint64_t noise_side_seed(const struct boot_opts *o, unsigned side);

/* The thread's body: w->rc FP_OK, or FP_ERR with w->d.  Returns NULL. */
void *boot_run_worker(void *arg);

#endif
