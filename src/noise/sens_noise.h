/* sens_noise.h: the noise of the sensitivity commands.  Each resample of
 * the runs (bootstrap.h) is analysed as the measured runs are: a sweep's
 * gain, cost and net at every point, of which its band is price's
 * interval of net there (noise_visit_fit, noise_fit_interval); a
 * break-even's interval, the values about it at which that interval holds
 * 0 (so that price --set at its ends shows an interval of net touching
 * 0); for a tornado, the interval of the base net says which swings are
 * smaller than the noise. */
#ifndef FP_NOISE_SENS_NOISE_H
#define FP_NOISE_SENS_NOISE_H

#include <stddef.h>
#include <stdint.h>

#include "noise/bootstrap.h"
#include "util/diag.h"

struct sens_noise {
	size_t B;
	double confidence;
	uint64_t seed;
	struct interval net; /* of the base net */
	/* A sweep: the band of net at each of npts points. */
	size_t npts;
	struct interval *band;
	/* Break-evens: for each of the measured runs' ncross crossings, its
	 * interval (NaN when price's interval of net holds 0 nowhere in the
	 * range), and which ends of it the range bounds (1 below, 2 above). */
	size_t ncross;
	struct interval *cross;
	unsigned char *open;
};

/* The band of a sweep of param over x[0..npts) into sn (B, confidence,
 * seed, npts, band): at each point the interval price gives of net with
 * param set there. */
int sens_noise_sweep(const struct metric *m, const struct joined *runs,
                     const struct noise_side side[2], const struct boot_opts *o,
                     const char *param, const double *x, size_t npts,
                     struct sens_noise *sn, struct diag *d);

/* The intervals of the break-evens cross[0..ncross) of param in [lo, hi]
 * into sn (B, confidence, seed, ncross, cross, open): bands on a grid
 * of the range, their edges found to a millionth of its width. */
int sens_noise_breakeven(const struct metric *m, const struct joined *runs,
                         const struct noise_side side[2],
                         const struct boot_opts *o, const char *param,
                         double lo, double hi, const double *cross,
                         size_t ncross, struct sens_noise *sn, struct diag *d);

void sens_noise_free(struct sens_noise *sn);

#endif
