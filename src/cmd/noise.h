/* noise.h: the noise group of options (--bootstrap, --confidence, --seed,
 * --threads, --pass-policy, --control and the guards' switches) and the
 * step that turns them into a verdict (noise/verdict.h) for a priced job. */
#ifndef FP_CMD_NOISE_H
#define FP_CMD_NOISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cmd/options.h"
#include "noise/bootstrap.h"
#include "noise/verdict.h"
#include "cmd/cli.h"
#include "plot/plot.h"
#include "price/load.h"
#include "report/report.h"
#include "util/diag.h"

/* What the options said; zero means the default. */
struct noise_opts {
	bool b_given, seed_given;
	size_t B;
	double confidence;
	uint64_t seed;
	size_t threads;
	enum pass_policy policy;
	const char *control; /* path of the A/A control run, or NULL */
	bool allow_newly_failing, no_control_guard;
};

extern const struct opt_group noise_group, noise_sens_group;

/* The groups of a command that gives a verdict: the pricing groups and
 * the noise group. */
extern const struct opt_group *const verdict_groups[];
/* ... and of a sensitivity command (breakeven, sweep, tornado). */
extern const struct opt_group *const sens_noise_groups[];

int noise_option(struct noise_opts *o, enum opt_id id, const char *arg,
                 struct diag *d);

/* The resampling options with defaults filled in. */
struct boot_opts noise_boot_opts(const struct noise_opts *o);

/* Applies --pass-policy majority|any to every case with per-sample pass
 * states in the job's runs (the readers' pass state is already "all").
 * Returns FP_OK. */
int noise_apply_policy(const struct noise_opts *o, struct job *job);

/* Everything behind a verdict, owned here (judged_free). */
struct judged {
	struct verdict v;
	struct boot boot, control_boot;
	bool have_boot;
	double *pseudo; /* a control run's pseudo-samples */
	size_t *pseudo_off;
	/* The distribution of net over the resamples, drawn by noise_plot. */
	bool have_dist;
	struct plot_result dist;
	struct record_plot plots[2];
	char *dist_link; /* plots[].file when not in the record folder */
	char dist_label[64];
};

struct job_opts;
struct price;

/* Judges the noise of a priced job: the flaky cases, the control run (its
 * net against the before run, and for single-sample runs the pseudo-
 * samples its differences give), the bootstrap and the verdict.  before
 * is the path of the before run (for loading the control against it). */
int noise_judge(const struct noise_opts *o, const struct job_opts *jo,
                const char *before, const struct job *job,
                const struct price *p, struct judged *j, struct diag *d);
void judged_free(struct judged *j);

/* When the noise was judged: draws the distribution of net into
 * o->plot_dir, else record_dir, and adds it to r's plots (after any
 * there).  Nothing to do without a bootstrap. */
int noise_plot(struct judged *j, const char *record_dir,
               const struct output_opts *o, struct record *r, struct diag *d);

/* For a sensitivity command: the sides to resample and the options
 * (default B 200: every resample is a whole analysis); *on is false when
 * there is nothing to resample (one sample per case, a prediction, or
 * --bootstrap 0). */
int noise_sens_prepare(const struct noise_opts *o, const struct job *job,
                       struct noise_side side[2], struct boot_opts *bo,
                       bool *on, struct diag *d);

/* What the reader should know about that plot (gnuplot missing). */
void noise_notes(const struct judged *j, const struct output_opts *o,
                 FILE *out);

#endif
