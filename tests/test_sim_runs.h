/* test_sim_runs.h: what the simulations of several runs per side share
 * (test_runs_sim.c, test_rounds_sim.c): runs built in memory as the loader
 * makes them, the true net, one bootstrap's interval, Wilson's bounds and
 * the trial counts.  Include after cmocka.h. */
#ifndef TEST_SIM_RUNS_H
#define TEST_SIM_RUNS_H

#include <stdbool.h>
#include <stddef.h>

#include "noise/bootstrap.h"
#include "price/join.h"
#include "price/metric.h"
#include "run/run.h"

/* Cases, samples per case and run, the most runs per side. */
enum { SIM_N = 20, SIM_K = 5, SIM_RMAX = 8 };

#define SIM_PYPTO TEST_SRCDIR "/metrics/pypto-gym.yaml"

/* A run of SIM_N cases, k samples each from x (k 1: x is the runtime, no
 * samples), passing as pass[i]. */
struct run *sim_run(size_t k, const double *x, const unsigned char *pass);
/* The R runs of x (run j's case i's samples at x[(j * SIM_N + i) *
 * SIM_K]) merged as --before B1 B2 B3 does, with the offsets the join
 * makes; rounds: they are rounds paired with the other side's (run.h). */
struct run *sim_merged(size_t R, const double *x, const unsigned char *pass,
                       bool rounds);
/* The same samples pooled: one run of R * SIM_K samples per case. */
struct run *sim_pooled(size_t R, const double *x, const unsigned char *pass);
/* The net of the runs in j on metric m. */
double sim_net(const struct metric *m, const struct joined *j);
/* The 95 % interval of net over 1000 resamples (seed 1 + t) of the runs
 * in j, which it frees. */
struct interval sim_interval(const struct metric *m, struct joined *j,
                             size_t t);
/* Wilson's interval of x successes in n at normal quantile z. */
void sim_wilson(size_t x, size_t n, double z, double *lo, double *hi);
/* FIXPRICE_SIM_FULL=1. */
bool sim_full(void);
/* Trials: FIXPRICE_SIM_TRIALS, else 400 in full, else 20 (6 under
 * AddressSanitizer). */
size_t sim_trial_count(void);
/* Whether `covered` of `trials` is good enough: at least 93 % in full
 * (the band's floor; the paired rounds and the folded control may lie a
 * little above its top, doc/noise.md, and test_runs_sim.c holds the top
 * itself), else 95 % within the Wilson 99.9 % bounds of the rate. */
bool sim_nominal(size_t covered, size_t trials);

#endif
