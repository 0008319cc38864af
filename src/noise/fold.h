/* fold.h: a fix's net judged against an A/A control run's (judge.c).
 *
 * The control run is resampled as the fix is, against the same before
 * run: resample r of both draws the before run's samples with the same
 * keys, and each after side with keys of its own (boot_opts'
 * control_after), so that the two share the before run's noise as their
 * measured prices share the before run.  The folded bootstrap holds,
 * resample by resample, the fix's gain, cost and net (noise_fit_centred:
 * about the measured price less its bias at a clip, the spread scaled)
 * less the control's: what the fix did less what a rerun of the unchanged
 * code did, each against the same draw of the before run.  Its bias is
 * the fix's less the control's, and the difference is widened by that
 * bias's doubt (noise_fit_widen); its interval is their percentile
 * interval within the range the two allow, and P(decide) the share of
 * them above 0.  doc/noise.md, "A control run". */
#ifndef FP_NOISE_FOLD_H
#define FP_NOISE_FOLD_H

#include <stdbool.h>

#include "noise/bootstrap.h"

/* The fix's bootstrap less the control's, both of fix->B resamples with
 * one seed, into *out (caller frees with boot_free, also after a
 * failure).  FP_ERR only when out of memory. */
int noise_fold(const struct boot *fix, const struct boot *ctl,
               struct boot *out);

#endif
