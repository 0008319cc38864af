/* noise.h: the noise group of options (--bootstrap, --confidence, --seed,
 * --threads, --pass-policy, --control and the guards' switches), and the
 * thin step (judge.c) that loads the control run and hands a priced job to
 * the verdict engine (noise/judge.h). */
#ifndef FP_CMD_NOISE_H
#define FP_CMD_NOISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cmd/cli.h"
#include "cmd/options.h"
#include "noise/judge.h"
#include "plot/plot.h"
#include "price/load.h"
#include "run/merge.h"
#include "report/report.h"
#include "util/diag.h"

/* What the options said; zero means the default. */
struct cmd_noise {
	bool b_given, seed_given;
	size_t B;
	double confidence;
	uint64_t seed;
	size_t threads;
	enum pass_policy policy;
	/* --control RUN...: the A/A control runs, as many as a side's. */
	const char *control[RUN_MAX_MERGED];
	size_t ncontrol;
	bool guard_off[GUARD_COUNT]; /* --allow-newly-failing, ... */
	bool margin_given;
	double margin; /* --margin POINTS */
};

extern const struct opt_group cmd_noise_group, cmd_verdict_group,
    cmd_noise_sens_group;

/* The groups of a command that gives a verdict (price): the inputs, the
 * output with the record's own options, plots, the noise and the verdict's
 * options. */
extern const struct opt_group *const cmd_verdict_groups[];
/* ... and of a sensitivity command with plots and noise (sweep, tornado):
 * the inputs, their output, plots and the resampling options. */
extern const struct opt_group *const cmd_sens_noise_groups[];

int cmd_noise_option(struct cmd_noise *o, enum opt_id id, const char *arg,
                     struct diag *d);

/* The verdict engine's options with defaults filled in, the same for
 * every command (a band beside price's verdict is made from as many
 * resamples). */
struct judge_opts cmd_judge_opts(const struct cmd_noise *o);

/* A verdict and the plots of its distribution, and of the control run's
 * when there is one with samples (cmd_judged_free). */
struct cmd_judged {
	struct judged j;
	bool have_dist, have_control_dist;
	struct plot_result dist, control_dist;
	struct record_plot plots[3];
	/* plots[].file when not in the record folder */
	char *dist_link, *control_link;
	char control_sha256[RUN_MAX_MERGED][65]; /* of each control run */
	char dist_label[64];
};

struct job_opts;
struct job;
struct price;

/* Loads the control runs named by --control (against before, the before
 * run's path, or the --before runs, with the job's options; several are
 * the runs of one side) and judges the priced job. */
int cmd_judge(const struct cmd_noise *o, const struct job_opts *jo,
              const char *before, const struct job *job, const struct price *p,
              struct cmd_judged *j, struct diag *d);
void cmd_judged_free(struct cmd_judged *j);

/* Adds the control runs (role "control", with their hashes) to r's
 * inputs, when --control gave them. */
void cmd_judge_input(const struct cmd_judged *j, const struct cmd_noise *o,
                     struct record *r);

/* When the noise was judged: draws the distribution of net into
 * o->plot_dir, else record_dir, and adds it to r's plots (after any
 * there); with a control run that has samples, the control's too, from
 * its own resamples.  Nothing to do without a bootstrap. */
int cmd_judge_plot(struct cmd_judged *j, const char *record_dir,
                   const struct output_opts *o, struct record *r,
                   struct diag *d);

/* What the reader should know about that plot (gnuplot missing). */
void cmd_judge_notes(const struct cmd_judged *j, const struct output_opts *o,
                     FILE *out);

#endif
