/* sim_trace.h: a simulation's trials one row each, for studying why an
 * interval misses (test_noise_sim.c; doc/noise.md, "How well the interval
 * covers").  FIXPRICE_SIM_TRACE=FILE appends a row per trial to FILE:
 *
 *   config  trial  truth  point  bias  kink  correction  ref  mean
 *   lo95 hi95  lo80 hi80  q025 q975 q10 q90  range_lo range_hi  nested  se
 *   kd  ku  guard  ceiling
 *
 * (tab-separated, numbers to the last bit; net's measured price and the
 * bias removed from it, noise_kink and the spread's scale, net at the
 * cases' mean estimates over the resamples (boot.h: drawn) and the
 * resamples' mean on runtimes alone, the two
 * intervals as printed, the quantiles of net's resamples before the
 * interval is widened for the bias (noise_fit_centred), the range net can take
 * (noise_fit_range), sim_trace_nested's ratio or 0, the Monte Carlo
 * error of the resamples' mean on runtimes alone, the bias's doubt
 * on the measured price's side and on the other, per unit of bias, the
 * Monte Carlo errors the excess is taken less, and the most the other
 * side's doubt widens the resamples, inf for no ceiling).  tests/
 * sim_rules.py reads the rows and prints the coverage of other rules
 * made of them.  Include after cmocka.h. */
#ifndef TEST_SIM_TRACE_H
#define TEST_SIM_TRACE_H

#include <stdio.h>

#include "noise/bootstrap.h"
#include "price/metric.h"
#include "run/run.h"

/* The file FIXPRICE_SIM_TRACE names, opened to append, or NULL. */
FILE *sim_trace_open(void);

/* One trial's row: b and the 80 % interval of its net. */
void sim_trace_row(FILE *f, const char *config, size_t trial, double truth,
                   const struct boot *b, const struct interval *at80,
                   double nested);

/* A trial's runs: n cases, k samples each side (case i's at x[i * k]),
 * and each sample's pass state. */
struct sim_trace_runs {
	size_t n, k;
	const double *xb, *xa;
	const unsigned char *pb, *pa;
	enum run_estimator est;
};

/* How much more the measured net less its bias varies than the measured
 * net: their spreads' ratio over `copies` copies of the runs, each drawn
 * with replacement from them (every case's k samples, with their pass
 * states, from its own) and
 * bootstrapped 400 times on its own (a nested bootstrap, seeded by
 * trial).  FIXPRICE_SIM_NESTED=COPIES asks for it; 0 when not asked. */
double sim_trace_nested(const struct metric *m, const struct sim_trace_runs *r,
                        size_t trial);

#endif
