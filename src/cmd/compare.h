/* compare.h: what `fixprice compare` (compare.c) keeps between its steps,
 * and the steps that load, judge and rank the candidates (compare_run.c). */
#ifndef FP_CMD_COMPARE_H
#define FP_CMD_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "cmd/command.h"
#include "cmd/invocation.h"
#include "noise/compare.h"
#include "report/compare.h"

#define COMPARE_MAX_RESOLUTION 1000
#define COMPARE_DEFAULT_RESOLUTION 50

/* One candidate fix. */
struct cand {
	char *name;       /* --name, or its file's name without the extension */
	const char *path; /* an after run or a scenario */
	bool scenario;    /* as the loader found it (price/candidate.h) */
	/* Candidate 0 is the frame's (priced.job, .session, .price); the
	 * others are loaded here into own_job. */
	const struct job *job;
	struct session *session;
	struct price *price;
	struct job own_job;
	struct cmd_judged judged;
	size_t nbreakeven;
	struct param_breakeven *breakeven;
	struct netmap map; /* --map: its net over the grid */
};

struct cmp_axis {
	char *name;
	double lo, hi;
};

struct compare_own {
	const char **names; /* --name, in order */
	size_t nnames;
	struct cmp_axis axis[2]; /* --map X=LO:HI Y=LO:HI */
	size_t naxes;
	size_t resolution; /* 0: not given */
	char **args;       /* BEFORE CANDIDATE... as given */
	size_t nargs;
	char *first[2]; /* what the frame loads: BEFORE and candidate 0 */
	size_t k;
	struct cand *c;
	struct noise_ranking rank;
	size_t *winner;
	struct compare_map map;
	struct compare_cand *views;
	struct compare_view view;
	bool have_plot, have_map_plot;
	struct plot_result plot, map_plot;
	const char *record;     /* --record DIR */
	const char *record_dir; /* where it is written now (its staging) */
	struct record_invocation inv;
	struct compare_input *inputs;
	size_t ninputs;
	/* The metric and --control's runs as inputs, as price's record
	 * names them ("metric" object, inputs[] "control"). */
	struct record_input metric, control[RUN_MAX_MERGED];
};

/* The candidates' names: --name in order, then each file's name; two
 * alike are an error. */
int cmp_name_candidates(struct compare_own *o, struct diag *d);

/* Loads and prices candidates 1.., judges every candidate as price would,
 * finds every parameter's break-even, ranks them jointly, and with --map
 * the winner over the grid. */
int cmp_analyse(struct compare_own *o, struct priced *pr,
                const struct cmd_call *call, struct diag *d);

/* Where the comparison came from, for its JSON and record: every input
 * with its hash (each once, the candidates' own named) and the command
 * line, BEFORE and every candidate as given. */
int cmp_provenance(struct compare_own *o, const struct cmd_call *call,
                   struct diag *d);

/* The chart of the nets and, with --map, of the winner (--plot-dir, or
 * else the record folder). */
int cmp_plot(struct compare_own *o, const struct cmd_call *call,
             struct diag *d);

void cmp_free(struct compare_own *o);

#endif
